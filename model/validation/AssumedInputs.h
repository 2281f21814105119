#pragma once
#include "model/document/DesignDocument.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace cs {

// What an input's value rests on (docs/validation.md, "Assumed inputs that
// matter"): the document's provenance basis when it states one ("paper",
// "fitted", "assumed"); "calibrated" for a probe fit; "set" for a value the
// document sets without a basis (a configuration of the experiment: P = 1
// for a serial run, a scheduler choice); otherwise the parameter's source
// text: "assumed" when it says so, else "paper".
std::string inputBasis(const DesignDocument& doc, const std::string& path);

// One assumed input and its effect on the preset's headline outputs.
struct AssumedInput {
    std::string path;     // "net.G", "topology.bw", "P"
    double value = 0.0;   // SI, in `variant` (whose overrides may set it) at the document's point
    std::string shown;    // value in its display unit
    double effect = 0.0;  // largest relative swing of a variant total for -/+step (0.2 = 20%)
    std::string variant;  // the variant whose total swings most
    std::string why;      // the provenance note, else the parameter's source text
    std::string calibrate; // the probe that can fit it ("" = none)
    std::string basis = "assumed";
    std::string unit;      // the parameter's SI unit symbol ("s", "B/s", "count")
};

struct AssumedInputsReport {
    std::string preset;
    double step = 0.1;
    std::map<std::string, std::size_t> inputsByBasis; // settable numeric inputs per basis
    std::vector<AssumedInput> assumed;                // sorted by decreasing effect
    std::vector<std::string> failedVariants;          // variants that do not evaluate at the point
};

// An input "matters" when a -/+10% change moves some variant total by at
// least this relative swing (2%: about +/-1%).
inline constexpr double kMattersSwing = 0.02;

// Ranks the inputs of `doc` whose basis is "assumed" by the largest relative
// swing they cause in any variant's total (the tornado data of
// model/sweep/Sensitivity at the document's values, one run per variant).
// `bases` widens the ranking (the claim fitter also refits "fitted" values);
// each row then says its basis.
AssumedInputsReport rankAssumedInputs(const DesignDocument& doc, const std::string& preset, double step = 0.1,
                                      const std::vector<std::string>& bases = {"assumed"});

} // namespace cs
