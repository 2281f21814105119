#pragma once
// The join between a document's "topology" section and its design: the
// section is built into the design's topology source block (Design::setTopology),
// whose generator parameters are then design inputs like any other.
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

namespace cs {

// What a new network no longer has, and so was removed from the document:
// wires to or from its ports, and variant overrides and sweep axes that
// set inputs it does not take (a generator parameter, after drawing).
struct TopologyDetached {
    std::vector<Wire> wires;
    std::vector<std::string> references; // "variants[1].overrides.topology.bw", "sweep.axes[0] (topology.k)"
};

// Builds doc.topology into the design's topology block (none when the
// section is null or an empty drawing), removing what the new network lacks
// (returned). Throws ModelError naming the JSON path of the first problem.
TopologyDetached attachTopology(DesignDocument& doc);

// Places the design's job on the hosts named, in order (placement listed), as
// a run on those hosts was: verify and calibrate model a run on h0,h1 as h0,h1.
// Returns "" or why it cannot (no topology; a name that is no host of the
// drawing), leaving the document as it was.
std::string placeJobOn(DesignDocument& doc, const std::vector<std::string>& hostNames);

// The topology section as the design has it now: a generated topology's
// parameters come from the block's current values (an edit in the inspector
// or a variant's base values), a drawing is written out in full. Null when
// the design has no topology.
nlohmann::json currentTopologyJson(const DesignDocument& doc);

} // namespace cs
