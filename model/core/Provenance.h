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

    static Provenance user() { return Provenance{ProvenanceKind::User, {}, 0.0, 0.0, {}, {}}; }
    static Provenance wired(std::string from) { return Provenance{ProvenanceKind::Wired, std::move(from), 0.0, 0.0, {}, {}}; }
};

const char* provenanceName(ProvenanceKind k); // "default", "user", "wired", "calibrated"
ProvenanceKind provenanceFromName(const std::string& name); // throws ModelError on unknown

// A value together with its provenance.
struct ParamValue {
    double value = 0.0;
    Provenance provenance;
};

} // namespace cs
