#pragma once
#include <string>

namespace cs {

// Where a parameter's current value came from.
enum class ProvenanceKind { Default, User, Wired, Calibrated };

struct Provenance {
    ProvenanceKind kind = ProvenanceKind::Default;
    // Wired: the source endpoint ("loggp.L" or the design parameter "P").
    // Calibrated: the probe run id.
    std::string detail;
    // Calibrated only: the confidence interval, SI units, and when and on
    // which nodes the probe run was made.
    double ciLow = 0.0;
    double ciHigh = 0.0;
    std::string time;
    std::string nodes;
    // What the number rests on, whatever its kind (docs/validation.md):
    // "paper" (taken from a seed), "fitted" (chosen so that the model meets a
    // figure of a seed: `fittedTo` names the claim ids of
    // presets/claims/*.json, comma-separated), "assumed" (no seed gives it;
    // `note` says why this value), or "" (not stated). A claim that a
    // parameter was fitted to is not a check of the model.
    std::string basis;
    std::string fittedTo;
    std::string note;

    static Provenance user() { return Provenance{ProvenanceKind::User, {}, 0.0, 0.0, {}, {}, {}, {}, {}}; }
    static Provenance wired(std::string from)
    {
        return Provenance{ProvenanceKind::Wired, std::move(from), 0.0, 0.0, {}, {}, {}, {}, {}};
    }
};

const char* provenanceName(ProvenanceKind k); // "default", "user", "wired", "calibrated"
ProvenanceKind provenanceFromName(const std::string& name); // throws ModelError on unknown

// True for the bases a document may state: "", "paper", "fitted", "assumed".
bool isProvenanceBasis(const std::string& basis);

// A value together with its provenance.
struct ParamValue {
    double value = 0.0;
    Provenance provenance;
};

} // namespace cs
