#pragma once
// The design's topology source as a document holds it: the "topology" JSON
// (generator or explicit form, TopologyJson.h, plus the job's "job" object)
// read into a TopologySource and its input values, and written back.
#include "model/core/Provenance.h"
#include "model/topology/TopologySource.h"

#include <nlohmann/json_fwd.hpp>

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
// "topology" JSON (generator or explicit form, TopologyJson.h). Throws
// ModelError naming the JSON path of the first problem.
struct TopologySourceParts {
    std::shared_ptr<const TopologySource> block;
    std::vector<ParamValue> values; // one per block input
};
TopologySourceParts topologySourceFromJson(const nlohmann::json& j, const std::string& path = "topology");

// The "topology" JSON of a source block with the given input values: the
// generator form with every parameter that differs from its default, or the
// explicit form of the drawing.
nlohmann::json topologySourceToJson(const TopologySource& block, const std::vector<ParamValue>& values);

} // namespace cs
