#pragma once
#include "model/document/DesignDocument.h"
#include "model/validation/Claim.h"

#include <string>
#include <vector>

namespace cs {

// A point a paper states on a preset's speedup chart: the variant, the value
// of the speedup parameter and the speedup it reports (a bound for
// "superlinear" and "below one" claims), from presets/claims/*.json.
struct PaperPoint {
    std::string claimId;
    std::string variant;
    double x = 0.0;        // the speedup parameter's value (P)
    double speedup = 0.0;  // the paper's value
    std::string compare;   // "value", "atLeast" or "atMost"
};

// The claims of `preset` that state a speedup of one variant at one value
// of `param` (form "value", output "speedup", at {param: x} only).
std::vector<PaperPoint> paperPoints(const std::vector<Claim>& claims, const std::string& preset,
                                    const std::string& param);

// The preset in `presetDirectory` whose "name" is doc.name, or "" when the
// document is no preset (a saved copy keeps the name, so its chart keeps the
// paper's points).
std::string presetNamed(const DesignDocument& doc, const std::string& presetDirectory);

} // namespace cs
