#pragma once
#include "model/validation/Validation.h"

#include <string>
#include <vector>

namespace cs {

// One parameter the claim fitter moves: a design parameter or block input
// of one preset.
struct ClaimFitParam {
    std::string preset;
    std::string path; // "t_fft1d", "fftw.bw_mem"
    std::string variant; // "" = the document's value; else that variant's override of it
    double before = 0.0, after = 0.0; // SI
    std::string basis;  // what it rested on before: "assumed" or "fitted"
    double effect = 0.0; // the sensitivity swing that made it matter
    std::string shownBefore, shownAfter;
    std::vector<std::string> tied; // other inputs set to the same value (same block type, symbol and value)
};

struct ClaimFitOptions {
    std::vector<std::string> fitTo;  // claim ids the parameters are fitted to
    // "preset:path" (or "preset:path@variant" for a variant's override) to
    // fit; empty = every input of the fitted claims' presets whose basis is
    // assumed or fitted and that matters (the sensitivity ranking of
    // AssumedInputs: a -/+10% swing of 2% or more), and each variant's
    // override of it, leaving out counts, choices and the topology's values.
    std::vector<std::string> params;
    // Weight pulling each ln(value / before) to 0: a factor of 2 costs as much
    // as a claim missed by 0.1 x 0.69 = 6.9%. Values stay within a decade.
    double prior = 0.1;
};

// The outcome: the fitted values, the claims fitted to (verdict Fitted, with
// the model after the fit) and the other claims of the catalogue as
// predictions with the fitted values in place.
struct ClaimFitResult {
    std::vector<ClaimFitParam> params;
    ValidationReport report; // every claim; the fitted ones are Fitted
    double rmsFit = 0.0;     // RMS of the fitted claims' residuals after the fit
    int evaluations = 0;
    // Leave one figure out only: the values fitted to the held-out claims that
    // were put back to their block defaults before the fit ("preset:path
    // value -> default value"), or kept (a design parameter).
    std::vector<std::string> forgotten;
};

// Fits jointly, with Eigen's Levenberg-Marquardt (as model/calibration's
// fitLevenbergMarquardt), the parameters to the claims `options.fitTo`. The
// unknowns are q_j = ln(value_j / before_j), within a decade (|q_j| <=
// ln 10) and the parameter's range; a claim's residual is its relative error model / paper - 1 (for a
// bound with its margin: how far it misses the bound, relative, 0 when met),
// and each unknown adds prior x q_j, so a parameter the claims do not
// determine stays where the preset has it. Throws ModelError for an unknown
// claim, a claim that is no check or not modelled, or no parameter to fit.
ClaimFitResult fitClaims(const std::vector<Claim>& claims, const std::string& presetDirectory,
                         const ClaimFitOptions& options);

// Leave one figure out: for every figure (seed, figure) with modelled claims
// that are checks, fit the presets' parameters that matter to the checks of
// those presets outside the figure and predict the figure's claims. A block
// input the presets fitted to one of the figure's own claims is first put back
// to its block default, so the prediction does not rest on a value set from
// the figure it predicts (a fitted design parameter is kept and named).
struct FigureHoldOut {
    std::string seed, figure;            // "000", "Fig. 8(a)"
    std::vector<std::string> presets;    // of the figure's claims
    std::size_t claims = 0, fittedOn = 0; // held-out claims, claims fitted to
    std::size_t within = 0;               // held-out claims met after the fit
    std::size_t withinBefore = 0;         // met with the presets as they are
    double meanAbsError = 0.0;            // over held-out value claims
    std::string params;                   // "t_fft1d 100 us -> 80 us, ..."
    std::string forgotten;                // values fitted to the figure, put back to defaults first
    std::string note;                     // why nothing was fitted, when so
};
// `options.prior` is used; fitTo and params are set per figure.
std::vector<FigureHoldOut> leaveOneFigureOut(const std::vector<Claim>& claims, const std::string& presetDirectory,
                                             const ClaimFitOptions& options = {});

} // namespace cs
