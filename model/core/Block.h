#pragma once
#include "model/core/ParamSpec.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cs {

// How one probe result sets one block input (calibration). Plain
// data next to the block's spec; model/calibration interprets it. Several
// specs may name the same input: they are tried in order, the first whose
// probe has usable results wins (later ones stand in when it has none).
struct CalibrationSpec {
    std::string input;  // input symbol it sets, e.g. "G"
    std::string probe;  // probe id, e.g. "net.pingpong"
    // What to read from every "ok" result of the probe:
    //   "derived:NAME"  summary.derived.NAME: {value, ci_lo, ci_hi}
    //   "series:PFX@"   every summary.series "PFX@X": x = X, y = its median
    //   "series:NAME"   summary.series.NAME's median; x = params[xParam]
    std::string read;
    std::string xParam;  // probe parameter giving x for "series:NAME", e.g. "keys"
    double xOffset = 0.0; // added to every x before the fit (LogGP: -1, bytes after the first)
    // "direct" (a derived value as is), "ols", "wls" (weights from the
    // medians' CIs), "segmented" (piecewise line; the segment with the largest
    // x is used), "lm" (Levenberg-Marquardt).
    std::string method;
    // The fitted form (model/core/FitForm.h has the table of forms and their
    // coefficient names): "const" y = v, "line" y = a + b x, "prop" y = c x,
    // "nlogn" y = c x log2 x, and the nonlinear forms blocks register, e.g.
    // "bonding" y = min(n R, (1 - n A) / c) (BondingCalibration.h).
    std::string form;
    // The input's value as an expression of the coefficients and of the
    // block's other inputs (current values), e.g. "a - o_s - o_r",
    // "c * rows * log2(rows)". Operators + - * / ^ ( ); log2, ln, sqrt, ceil,
    // floor, abs, min, max, if (model/formula/Expression.h, the formula blocks' engine).
    std::string value;
    std::string xInput;  // block input the probe's x stands for ("k"); "" none
    std::string yOutput; // block output the probe's y measures ("T_oneway"); "" none
    std::vector<std::pair<std::string, double>> probeParams; // suggested probe settings (SI)
    std::vector<double> xValues; // with xParam: one probe run per value
    // An input whose current value is an x the probe may have measured (the
    // 2D FFT's "rows", a length of cpu.fft): when it was, the input is that
    // point's median, read directly with its 95% interval, and the fit stands
    // only for the x values the probe did not measure. "" always fits.
    std::string readAt;
    std::string source;  // seed and equation the relation comes from
};

// Static description of a block type.
struct BlockSpec {
    std::string id;          // registry key, e.g. "inic.fft2d"
    std::string name;        // human name, e.g. "INIC 2D-FFT"
    std::string category;    // palette group, e.g. "Applications", "Network", "Collectives"
    std::string description; // a few sentences
    std::string source;      // seed file and section
    std::vector<ParamSpec> inputs;
    std::vector<OutputSpec> outputs;
    // Optional: which inputs probe results can set, and how.
    std::vector<CalibrationSpec> calibration = {};

    int inputIndex(std::string_view symbol) const;  // -1 if none
    int outputIndex(std::string_view symbol) const; // -1 if none
};

// One analytic model. Blocks are stateless and thread-safe: evaluate() may be
// called concurrently from sweep threads on the same instance.
class Block {
public:
    virtual ~Block() = default;

    virtual const BlockSpec& spec() const = 0;

    // Inputs arrive in the order of spec().inputs, in SI units, each already
    // inside its declared range. Returns "" when they are consistent with one
    // another, otherwise a sentence naming the inputs and values at fault,
    // e.g. "P = 3 exceeds rows = 2". Must not allocate when returning "".
    virtual std::string check(const double* in) const;

    // Writes every output, in the order of spec().outputs. Called only after
    // check() returned "". Must not allocate.
    virtual void evaluate(const double* in, double* out) const = 0;
};

} // namespace cs
