#pragma once
// Least-squares fits for calibration: ordinary and weighted linear least
// squares, segmented (piecewise-linear) fits with breakpoint detection, and
// Levenberg-Marquardt for nonlinear forms. Every fit reports 95% confidence
// intervals of its coefficients (Student t with n - p degrees of freedom,
// covariance from the residuals) and its goodness, R^2 and SMAPE.
//
// Bad input (too few points, NaN or infinite values, lengths that differ,
// non-positive weights) throws cs::ModelError naming the argument and value.
#include <functional>
#include <string>
#include <vector>

namespace cs::calib {

// One fit's outcome. Coefficient i is names[i] = values[i] with the 95% CI
// [ciLow[i], ciHigh[i]]. Units are those of the data.
struct FitResult {
    std::string method;              // "ols", "wls", "segmented", "lm", "direct"
    std::string form;                // a FitForm name (model/core/FitForm.h), or the caller's name
    std::vector<std::string> names;  // coefficient names
    std::vector<double> values;
    std::vector<double> ciLow, ciHigh;
    std::vector<double> covariance;  // p x p, row-major (empty for "direct")
    int n = 0;                       // points fitted
    int dof = 0;                     // n - p
    double r2 = 0.0;                 // 1 - SSE/SST (weighted for "wls"); 1 when SST = 0 and SSE = 0
    double smape = 0.0;              // mean |y - f| / ((|y| + |f|) / 2), a fraction (0.05 = 5%)
    double rmse = 0.0;               // sqrt(SSE / n)
    double sigma = 0.0;              // residual standard error sqrt(SSE / dof) (weighted for "wls")
    // Segmented fits: the x values where a new segment starts (between the
    // last x of one segment and the first of the next, at their midpoint),
    // and each segment's x range. Coefficient names are then a1, b1, a2, b2, ...
    std::vector<double> breakpoints;
    std::vector<std::pair<double, double>> segments;
    // The data fitted and the fitted values, for plotting.
    std::vector<double> x, y, fitted;

    int index(const std::string& name) const; // -1 if none
};

// Two-sided 95% Student t quantile t_{0.975, dof} (Boost.Math). dof >= 1.
double tQuantile95(int dof);
// The upper 1% point of F(d1, d2) (Boost.Math): F(3, 1) 5403, F(3, 4) 16.69, F(3, 12) 5.95. d1, d2 >= 1.
double fQuantile99(int d1, int d2);

// Goodness measures over paired data. Throws on mismatched or empty input.
double rSquared(const std::vector<double>& y, const std::vector<double>& fitted);
double smape(const std::vector<double>& y, const std::vector<double>& fitted);

// Linear least squares y ~ sum_j beta_j * basis_j(x) with the columns given:
// columns[j][i] is basis j at point i. Weights empty = OLS ("ols"), else WLS
// ("wls") with weight w_i = 1/var_i. Needs n > p points (a CI needs a
// residual degree of freedom).
FitResult fitLinearModel(const std::vector<std::vector<double>>& columns, const std::vector<double>& y,
                         const std::vector<std::string>& names, const std::vector<double>& weights = {});

// y = a + b x.
FitResult fitLine(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& weights = {});
// y = c x (through the origin).
FitResult fitProportional(const std::vector<double>& x, const std::vector<double>& y,
                          const std::vector<double>& weights = {});
// y = c x log2 x (x > 0).
FitResult fitNLogN(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& weights = {});

struct SegmentOptions {
    int minPoints = 3;      // fewest points in a segment (>= 3 so each has a CI)
    int maxSegments = 3;    // most segments
    // More segments are kept when they lower the BIC, n ln(SSE/n) + k ln n
    // (k = 2 per segment plus 1 per breakpoint), AND the F statistic
    // ((SSE_old - SSE_new)/(3 m)) / (SSE_new/(n - k_new)) exceeds fThreshold
    // (m more segments add 3 m parameters). An SSE below 1e-12 of the total variation
    // counts as a perfect fit: a split reaching it is kept, and none follows. On few points F must also
    // pass its own 1% point, F(3 m, n - k_new) (fQuantile99): six sizes split 3 + 3 leave one residual
    // degree of freedom, where F = 23 is chance (the 1% point is 5403).
    double fThreshold = 10.0;
    // true: for each segment count the least-SSE partition (dynamic programming), and the most segments
    // that beat the best fewer-segment fit; false: greedy, the best single split first while it pays for
    // itself. mpi.loggp's relative-error fit uses the first (three regimes whose best single split does not
    // pass alone); the TCP sweeps the second, and the first in relative errors beside it (relativeSplits).
    bool optimal = false;
    // true: the partition in relative errors (weights 1/y^2, the least-SSE one) is found too, and kept when it
    // has more segments than the one by the weights given; each segment's line is still fitted with the
    // weights given (none for a TCP sweep, so that G comes from the large sizes). A size sweep's noise grows
    // with the time: one noisy bulk size (a 2 MiB median 10 ms off on a 117 Mbit/s link) outweighed the
    // whole burst regime in absolute errors, while in relative errors the flat small sizes of a 1 Gbit/s
    // link hid the split that absolute errors find (docs/calibration.md, "Where the segments fall"). Needs
    // y > 0.
    bool relativeSplits = false;
};
// Piecewise-linear fit of the points sorted by x: greedy binary splitting, or
// (options.optimal) for each segment count up to maxSegments the partition
// with the least SSE, and of those the most segments that beat the best
// fewer-segment fit by the BIC and the F test over the parameters they add (so
// three regimes are found even when no single split pays for itself alone).
// Segments are fitted independently (no continuity constraint), with the
// weights when given. Needs at least minPoints points.
FitResult fitSegmented(const std::vector<double>& x, const std::vector<double>& y, const SegmentOptions& options = {},
                       const std::vector<double>& weights = {});

// A nonlinear model y = f(x; p) for Levenberg-Marquardt. `jacobian`, when
// set, writes df/dp_j at x into grad[j]; otherwise forward differences are used.
struct NonlinearModel {
    std::string form;
    std::vector<std::string> names;
    std::function<double(double x, const double* p)> f;
    std::function<void(double x, const double* p, double* grad)> jacobian;
};
// Levenberg-Marquardt (Eigen's unsupported LevenbergMarquardt) from `initial`.
// CIs from the Jacobian at the solution: cov = s^2 (J^T W J)^-1. Throws when
// it does not converge or when J^T J is singular (a coefficient the data do
// not determine), naming the coefficient.
FitResult fitLevenbergMarquardt(const NonlinearModel& model, const std::vector<double>& x, const std::vector<double>& y,
                                const std::vector<double>& initial, const std::vector<double>& weights = {});

// Evaluates a fit's form at x (any form above; segmented uses the segment
// whose range holds x, the nearest one outside). Throws for an unknown form.
double evaluateFit(const FitResult& fit, double x);

} // namespace cs::calib
