#pragma once
// The message sizes a size-sweeping probe runs, from its parameters. The probe plugins and the runner's
// time estimate (app/runner/JobEstimate.h) both take them from here, so the estimate counts exactly the
// sizes the probe will run.
#include <cstdint>
#include <vector>

namespace cs::probe {

/// min, min*factor, min*factor^2, ... below max, then max itself (at most 64 sizes; factor <= 1 means 2).
std::vector<std::uint32_t> geometricSizes(double min, double max, double factor);

/// min, then every multiple of step above min up to max, then max if it is not a multiple (at most 256).
std::vector<std::uint32_t> steppedSizes(std::uint32_t min, std::uint32_t max, std::uint32_t step);

} // namespace cs::probe
