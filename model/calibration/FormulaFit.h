#pragma once
// `clusterscope-cli fit` (issue 31, section 4): the inputs of a formula block
// marked "fit" fitted to the measured times of the user's program (run-app's
// app.run results, one median per P), by least squares weighted by each
// point's spread (by its time when the runs miss the model by far more than
// their spread: the misses are then the model's), with the rest of the
// design (its network part, the wired LogGP and topology figures) as it
// evaluates. Each fitted value gets a 95%
// interval (Levenberg-Marquardt's covariance, Fit.h), and the fit its R^2,
// SMAPE and leave-one-out error; points held out (--hold-out) are predicted,
// not fitted. The calibration's quality limits apply: a value from a poor
// fit, or whose interval crosses zero, is not applied unless asked.
#include "model/calibration/Calibration.h"
#include "model/scaling/ScalingSearch.h"
#include "model/scaling/TimedPoints.h"
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::calib {

struct FormulaFitOptions {
    std::string block;       // "" when the design has one formula block with fit inputs
    std::string output = "T";
    std::vector<double> holdOut; // P values left out of the fit
    QualityLimits limits;
    bool acceptPoorFits = false;
    FormatOptions format; // how the inputs' problems write sizes and rates
};

struct FittedInput {
    std::string name; // the input, "app.t_cell"
    std::string unit; // its SI symbol ("s"), for formatMeasured
    double before = 0, value = 0, ciLow = 0, ciHigh = 0;
    bool applied = false;
    std::string problem; // why it is not applied ("" when it is)
};

struct FittedPoint {
    double P = 0, measured = 0, predicted = 0, relError = 0;
    bool heldOut = false;
    double looPredicted = 0; // fitted without this point (fitted points only)
};

struct FormulaFitReport {
    std::string block, output, weighting; // "1/stderr^2 from the CIs", "relative, 1/T^2 (...)" or "unweighted"
    std::vector<FittedInput> inputs;
    std::vector<FittedPoint> points;
    int fitted = 0;
    double r2 = 0, smape = 0, looSmape = 0, heldOutError = 0; // heldOutError: mean |relative error|
    std::vector<std::string> notes;
};

// Fits; throws ModelError naming the block, input or point for what cannot be
// fitted (no formula block with fit inputs, an unknown block or output, fewer
// points than inputs + 1, a P the design cannot evaluate).
FormulaFitReport fitFormula(const DesignDocument& doc, const std::vector<TimedPoint>& points,
                            const FormulaFitOptions& options);

// The document with the applied values set through the editing layer
// (provenance calibrated: the interval, and "fit of app.T to N runs, R^2 ..."
// as its detail). Throws ModelError with the layer's reason if one is refused.
DesignDocument applyFormulaFit(const DesignDocument& doc, const FormulaFitReport& report);
// The applied values with that provenance: what applyFormulaFit sets, for the
// GUI's one undo step (edit::op::setValues).
std::vector<edit::ValueAssignment> fittedValues(const FormulaFitReport& report);

nlohmann::json formulaFitToJson(const FormulaFitReport& report);

// --search (ScalingSearch.h): the network part of the block's output at each
// P, the design evaluated with the inputs marked fit at 0 (the compute the
// user did not write is then what the runs leave). Throws as fitFormula.
std::vector<double> networkPart(const DesignDocument& doc, const FormulaFitOptions& options,
                                const std::vector<double>& Ps, std::string* block = nullptr);

// The design with the found compute term as the block's output T_found,
// "c_found1 * P^(a) * log2(P)^b + ...", each coefficient an input in seconds
// marked fit (a constant with a unit is an input), and the output fitted its
// old expression plus T_found; the inputs marked fit before are set to 0 and
// unmarked (their part is now T_found). One edit::setFormula; throws
// ModelError with the layer's reason when the block refuses it.
DesignDocument applyFoundTerm(const DesignDocument& doc, const FormulaFitOptions& options,
                              const ScalingHypothesis& found);
// The block's definition with the found term, and the block's name in
// `block`: what applyFoundTerm sets (edit::op::setFormula in the GUI).
FormulaDefinition foundTermDefinition(const DesignDocument& doc, const FormulaFitOptions& options,
                                      const ScalingHypothesis& found, std::string& block);

// `fit --search` and the Calibration dock's search: the hypotheses found in
// what the points not held out leave after the network part (best first),
// and every point predicted by the best (network part + its term).
struct SearchedPoint {
    double P = 0, measured = 0, network = 0, predicted = 0, relError = 0;
    bool heldOut = false;
};
struct FormulaSearchReport {
    std::string block, output;
    int searched = 0; // points the search saw
    std::vector<ScalingHypothesis> found;
    std::vector<SearchedPoint> points;
};
// Throws ModelError as fitFormula, as searchScaling (fewer than 5 points),
// and when no hypothesis with positive coefficients fits.
FormulaSearchReport searchFormula(const DesignDocument& doc, const std::vector<TimedPoint>& points,
                                  const FormulaFitOptions& options);
nlohmann::json formulaSearchToJson(const FormulaSearchReport& report);

} // namespace cs::calib
