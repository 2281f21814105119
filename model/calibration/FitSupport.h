#pragma once
// Internals shared by the fit implementations (not part of the public API).
#include "model/calibration/Fit.h"

#include <cstddef>
#include <vector>

namespace cs::calib {

// The bonding form X(n) = min(n R, (1 - n A) / c): n links, R the payload
// rate one link delivers when the links limit, A the CPU share each busy
// link's interrupts take (o_irq f_irq), c the CPU seconds per payload byte
// (k_c / B_copy + o_pkt / (MTU - h)). See BondingThroughputBlock.h: with all
// links above their interrupt cap, U(X) = X c + n A = 1 gives X_host.
double bondingForm(double n, double R, double A, double c);

namespace detail {

// Throws naming `what` when v has a length other than n or a non-finite value.
void checkData(const char* what, const std::vector<double>& v, std::size_t n);
// Throws when weights (if any) have the wrong length or are not positive.
void checkWeights(const std::vector<double>& w, std::size_t n);
// Fills r2, smape, rmse and sigma from r.y, r.fitted and r.dof.
void finishGoodness(FitResult& r, const std::vector<double>& weights);
// Fills ciLow/ciHigh from values, covariance and dof.
void fillIntervals(FitResult& r);

} // namespace detail
} // namespace cs::calib
