#pragma once
// The join between a document's network (its "topology" section, a typed
// Network) and its design: the network is built into the design's topology
// source block (Design::setTopology), whose generator parameters are then
// design inputs like any other.
#include "model/document/DesignDocument.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace cs {

// What a new network no longer has, and so was removed from the document:
// wires to or from its ports, and variant overrides and sweep axes that
// set inputs it does not take (a generator parameter, after drawing).
struct TopologyDetached {
    std::vector<Wire> wires;
    std::vector<std::string> references; // "variants[1].overrides.topology.bw", "sweep.axes[0] (topology.k)"
};

// Builds doc.topology into the design's topology block (none when the
// document has no network or an empty drawing), its inputs from the
// network (a generator's parameters, the job), removing what the new
// network lacks (returned). Throws ModelError naming the path of the first problem.
TopologyDetached attachTopology(DesignDocument& doc);
// The design's drawn topology block built anew from doc.topology (a
// drawing), its inputs as they are: what an edit of a drawing's items and its
// undo do. Anything else (no block, another form) is attachTopology's.
void rebuildTopology(DesignDocument& doc);

// Places the design's job on the hosts named, in order (placement listed), as
// a run on those hosts was: verify and calibrate model a run on h0,h1 as h0,h1.
// Returns "" or why it cannot (no topology; a name that is no host of the
// drawing), leaving the document as it was.
std::string placeJobOn(DesignDocument& doc, const std::vector<std::string>& hostNames);

// The network's job as the design's topology block has it now (an edit in
// the inspector): null when every part of it is the default, or the design
// has no topology block.
nlohmann::json blockJob(const DesignDocument& doc);
// A generated network as the design's topology block has it now (its
// parameters' current values, the job); nullopt when the block is drawn or
// there is none.
std::optional<Network> blockNetwork(const DesignDocument& doc);

// The topology section as the document writes it (writeNetwork) with the
// design's job and a generated network's parameters as the block has them
// now; null when the design has no topology.
nlohmann::json currentTopologyJson(const DesignDocument& doc, NetworkJsonOptions options = {});
// The same network as a value, to build (buildTopology, NetworkBuild.h) without writing it out and reading it
// back: none when the design has no topology. A drawing is copied.
Network currentNetwork(const DesignDocument& doc);

} // namespace cs
