#pragma once
// Which points of a calibration fit are held out to check it (the held-out
// error of the quality limits, docs/calibration.md).
#include <cstddef>
#include <string>
#include <vector>

namespace cs::calib {

// Marks the points held out of a fit: ceil(fraction x distinct x values).
// Usually the largest x values, so that the fit must extrapolate to them. A
// segmented fit instead holds out every second value counted up from the
// second smallest: it uses the segment of the largest x (LogGP's G is the
// rate of long messages), and holding the largest out would leave that
// segment too few points or none (on a tbf-shaped link the bulk regime
// starts only a few sizes below the top; docs/calibration.md). Its held-out
// points check what the fitted line predicts below and between the sizes it
// saw.
// `x`: the points' x values; `fraction` in [0, 1); at least `minKeep` points
// stay fitted. `held[i]` is set for each point held out; `note` says why none
// is when too few points remain.
void holdOut(const std::vector<double>& x, double fraction, std::size_t minKeep, bool interleaved,
             std::vector<bool>& held, std::string& note);

} // namespace cs::calib
