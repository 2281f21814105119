#pragma once
#include "model/core/Provenance.h"
#include "model/validation/Claim.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace cs {

enum class Verdict {
    Within,      // a prediction within the claim's tolerance (or meeting its bound)
    Off,         // a prediction outside it, or a model that fails at the claim's point
    Fitted,      // reproduced by a parameter fitted to this very claim: no check
    NotModelled, // no preset models the quantity; the reason says why
    NoCheck,     // listed, not a check: an input taken from this sentence, or a
                 // bound or value the model's structure cannot move (the reason says which)
};

const char* verdictName(Verdict v); // "within", "off", "fitted", "not modelled", "no check"

// True when a provenance's basis is "fitted" and its fittedTo list (ids
// separated by commas) names `id`.
bool fittedToClaim(const Provenance& provenance, const std::string& id);
// As printed: "within 10%" (the claim's tolerance), "holds" for a bound that
// is met, else verdictName.
std::string verdictText(Verdict v, const Claim& claim);

struct ClaimResult {
    const Claim* claim = nullptr;
    double model = std::numeric_limits<double>::quiet_NaN();
    double relError = std::numeric_limits<double>::quiet_NaN(); // model / paper - 1
    std::string fittedBy; // "block.input" paths whose provenance says fitted to this claim
    Verdict verdict = Verdict::NotModelled;
    std::string reason;
};

struct ValidationReport {
    std::vector<ClaimResult> results;
    std::size_t within = 0, off = 0, fitted = 0, notModelled = 0, noCheck = 0;
    // Predictions: the claims that are checks and were not fitted (within + off).
    std::size_t predictions() const { return within + off; }
};

// Whether the model value `model` meets the claim (tolerance or bound with
// its margin). NaN never does.
bool claimMet(const Claim& c, double model);

// Evaluates `claims` against the presets in `presetDirectory`; `presets`
// limits the report to claims of those presets (and, for an empty model
// preset, to none of them) when not empty. Throws ModelError for an unknown
// preset name in `presets`; a claim whose evaluation fails is reported Off
// with the model's message.
ValidationReport validateClaims(const std::vector<Claim>& claims, const std::string& presetDirectory,
                                const std::vector<std::string>& presets = {});

// The paper value or model value as the claim prints it ("18%", "15 us").
std::string claimValueText(const Claim& c, double v);
// The paper's value as a comparison: "18%", ">= 1.1x" (a bound with its margin).
std::string claimPaperText(const Claim& c);

// Evaluates one claim's model against presets given by name (the fitter sets
// values on copies; tests evaluate single claims). Throws ModelError.
struct DesignDocument;
using ClaimDocuments = std::function<const DesignDocument&(const std::string&)>;
double evaluateClaimModel(const ClaimDocuments& documents, const ClaimModel& m);

// validateClaims on documents given by name (the fitter's documents carry
// the fitted values, with provenance naming the claims they were fitted to).
ValidationReport validateClaimsWith(const std::vector<Claim>& claims, const ClaimDocuments& documents,
                                    const std::vector<std::string>& presets = {});

} // namespace cs
