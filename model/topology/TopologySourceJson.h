#pragma once
// The design's topology source as a document holds it: the typed network
// (io/TopologyJson.h reads it from the "topology" JSON, generator or explicit
// form, with the job's "job" object) made into a TopologySource and its input
// values, and the job and parameters such a block has, to write back.
#include "model/core/Provenance.h"
#include "model/topology/TopologySource.h"
#include "model/topology/network/Network.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace cs {

// The topology JSON's "job" object for the job inputs the user set (P, placement,
// schedule, ranks_per_node, rank_order, nodes; a wired one is left out); empty when all are at their defaults.
nlohmann::json topologyJobJson(const TopologySource& block, const std::vector<ParamValue>& values);

// Host names of a design's node list ("nodes": [{"name": ...}]), in order,
// (the hosts a listed placement takes, once resolved by listedOrdinals).
std::vector<std::string> nodeHostNames(const nlohmann::json& nodes);

// The design's topology source and its input values from a document's
// network (a generator and its parameters, or a drawing, each with its job).
// Throws ModelError naming the path (under `path`) of the first problem.
struct TopologySourceParts {
    std::shared_ptr<const TopologySource> block;
    std::vector<ParamValue> values; // one per block input
};
TopologySourceParts topologySourceFrom(const Network& n, const std::string& path = "topology");
// The same from the section's JSON, read by the one reader (readNetwork).
TopologySourceParts topologySourceFromJson(const nlohmann::json& j, const std::string& path = "topology");
// A block's section as the document writes it (writeNetwork): the generator
// form with its parameters (generatedParams), or the drawing's explicit form,
// each with the job the values give.
nlohmann::json topologySourceToJson(const TopologySource& block, const std::vector<ParamValue>& values);

// The drawn block of a drawing (built, checked for what is not a problem of
// a drawing in progress), with no values: a drawing's edit and its undo
// build it anew, its inputs as they were.
std::shared_ptr<const TopologySource> drawnSource(const Network& n, const std::string& path = "topology");

// A generated block's parameters as a document writes them: every one that
// differs from its default or was set, in the generator's order.
Network::Params generatedParams(const TopologySource& block, const std::vector<ParamValue>& values);

} // namespace cs
