#include "model/core/Provenance.h"
#include "model/core/ModelError.h"

namespace cs {

const char* provenanceName(ProvenanceKind k)
{
    switch (k) {
    case ProvenanceKind::Default: return "default";
    case ProvenanceKind::User: return "user";
    case ProvenanceKind::Wired: return "wired";
    case ProvenanceKind::Calibrated: return "calibrated";
    }
    return "default";
}

ProvenanceKind provenanceFromName(const std::string& name)
{
    if (name == "default") return ProvenanceKind::Default;
    if (name == "user") return ProvenanceKind::User;
    if (name == "wired") return ProvenanceKind::Wired;
    if (name == "calibrated") return ProvenanceKind::Calibrated;
    throw ModelError("unknown provenance '" + name + "' (expected default, user, wired or calibrated)");
}

bool isProvenanceBasis(const std::string& basis)
{
    return basis.empty() || basis == "paper" || basis == "fitted" || basis == "assumed";
}

} // namespace cs
