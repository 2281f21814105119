#pragma once
// The join between a document's "topology" section and its design: the
// section is built into the design's topology source block (Design::setTopology),
// whose generator parameters are then design inputs like any other.
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

namespace cs {

// Builds doc.topology into the design's topology block (none when the
// section is null or an empty drawing). Wires whose ports the new topology lacks are dropped and
// returned. Throws ModelError naming the JSON path of the first problem.
std::vector<Wire> attachTopology(DesignDocument& doc);

// The topology section as the design has it now: a generated topology's
// parameters come from the block's current values (an edit in the inspector
// or a variant's base values), a drawing is written out in full. Null when
// the design has no topology.
nlohmann::json currentTopologyJson(const DesignDocument& doc);

} // namespace cs
