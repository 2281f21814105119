#pragma once
// Internals shared by the fit implementations (not part of the public API).
#include "model/calibration/Fit.h"

#include <cstddef>
#include <vector>

namespace cs::calib {

namespace detail {

// Throws naming `what` when v has a length other than n or a non-finite value.
void checkData(const char* what, const std::vector<double>& v, std::size_t n);
// Throws when weights (if any) have the wrong length or are not positive.
void checkWeights(const std::vector<double>& w, std::size_t n);
// Fills r2, smape, rmse and sigma from r.y, r.fitted and r.dof.
void finishGoodness(FitResult& r, const std::vector<double>& weights);
// Fills ciLow/ciHigh from values, covariance and dof.
void fillIntervals(FitResult& r);

// The weighted least-squares line y = my + b (x - mx) through points [lo, hi), from centred sums, so that
// a perfect line leaves residuals at rounding level. ok is false when the weights sum to 0 or x does not
// vary (then b = 0). a() is the intercept my - b mx.
struct CentredLine {
    double mx = 0, my = 0, b = 0;
    bool ok = false;
    double a() const { return my - b * mx; }
};
CentredLine centredLine(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& w,
                        std::size_t lo, std::size_t hi);

} // namespace detail
} // namespace cs::calib
