#pragma once
// Fitting the points one CalibrationSpec reads, and turning the fit into the
// input's value and CI. Internal to model/calibration.
#include "model/calibration/Calibration.h"
#include "model/calibration/ResultsData.h"

#include <functional>
#include <string>
#include <vector>

namespace cs::calib {

// The fewest points a spec's method and form can fit (with a CI).
std::size_t minPointsFor(const CalibrationSpec& spec, const SegmentOptions& segments);

// Fits the points (x already shifted by xOffset) by the spec's method and
// form. Weights come from sigma when the method is "wls" or "lm" and every
// sigma is positive; otherwise the fit is unweighted and, for "wls", a note
// says so. "segmented" is always unweighted (SpecFit.cpp says why). Throws ModelError for an unknown method or form.
FitResult fitSpecPoints(const CalibrationSpec& spec, const std::vector<double>& x, const std::vector<double>& y,
                        const std::vector<double>& sigma, const SegmentOptions& segments,
                        std::vector<std::string>& notes);

// The coefficients an expression sees: for a segmented fit the segment with
// the largest x as "a" and "b", and the segments before it as a1, b1, k1
// and a2, b2, k2 (k_i: the breakpoint where segment i ends, in the probe's
// units (x - xOffset), rounded up; 0 when the fit found no such segment,
// and then a_i, b_i repeat a, b); otherwise the fit's own names.
struct Coefficients {
    std::vector<std::string> names;
    std::vector<double> values;
    std::vector<double> covariance; // row-major
    double t = 1.959963984540054;   // CI multiplier: t_{0.975, dof}, or the normal's for direct values
};
Coefficients coefficientsOf(const FitResult& fit, double xOffset = 0.0);

// Another input the expression reads, with its CI half-width (0 when it is
// not uncertain, e.g. a design value).
struct InputValue {
    double value = 0.0;
    double halfWidth = 0.0;
};

// value = expression(coefficients, inputs) with a 95% half-width by the delta
// method: the coefficients' covariance through the numerical gradient (times
// t), and the inputs' half-widths added in quadrature.
struct ExpressionValue {
    double value = 0.0;
    double halfWidth = 0.0;
};
ExpressionValue evaluateSpecValue(const std::string& expression, const Coefficients& c,
                                  const std::function<InputValue(const std::string&)>& input);

} // namespace cs::calib
