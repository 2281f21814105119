#include "model/calibration/HoldOut.h"

#include <algorithm>
#include <cmath>

namespace cs::calib {

void holdOut(const std::vector<double>& x, double fraction, std::size_t minKeep, bool interleaved,
             std::vector<bool>& held, std::string& note)
{
    held.assign(x.size(), false);
    if (fraction <= 0.0)
        return;
    std::vector<double> distinct = x;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    const std::size_t n = distinct.size();
    const auto nHold = static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(n)));
    if (nHold == 0)
        return;
    std::vector<double> heldValues;
    if (interleaved) {
        for (std::size_t k = 0; k < nHold && 2 * k + 2 <= n; ++k)
            heldValues.push_back(distinct[1 + 2 * k]);
    } else {
        heldValues.assign(distinct.end() - static_cast<std::ptrdiff_t>(nHold), distinct.end());
    }
    auto isHeld = [&](double v) { return std::find(heldValues.begin(), heldValues.end(), v) != heldValues.end(); };
    std::size_t keep = 0;
    for (double v : x)
        keep += isHeld(v) ? 0 : 1;
    if (heldValues.size() < nHold || keep < minKeep || n - nHold < 2) {
        note = "too few points (" + std::to_string(x.size()) + ") to hold any out; all are fitted";
        return;
    }
    for (std::size_t i = 0; i < x.size(); ++i)
        held[i] = isHeld(x[i]);
}

} // namespace cs::calib
