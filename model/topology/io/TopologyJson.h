#pragma once
// The topology as JSON, as it appears in a design document under "topology".
//
// Explicit form:
//   {"vertices": [{"id": "h0", "kind": "host", "forwards": false, "forward_cost": 0},
//                 {"id": "sw0", "kind": "switch", "ports": 8, "latency": "1us"},
//                 {"id": "bus0", "kind": "segment", "bandwidth": "10Mbit/s"}],
//    "edges":    [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s", "latency": 0,
//                  "channels": 1, "duplex": true}]}
// Generator form (expanded on load):
//   {"generator": "fat-tree", "params": {"k": 4, "bw": "1Gbit/s"}}
//
// Quantities are SI numbers or strings with a unit ("10Mbit/s", "15us").
// A switch without "ports" gets as many as its links use; "hub" and "bus"
// are accepted as kinds meaning "segment". Unknown keys are errors (they are
// usually typos). Every error names its JSON path, e.g.
// "topology.edges[3].bandwidth: must be > 0, got -5".
#include "model/topology/generators/Generator.h"
#include "model/topology/graph/Topology.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace cs {

// The kind of a vertex of the explicit form, from its "kind"
// (vertexKindFromName); nullopt when `vertex` is no object, has no "kind"
// string or names no kind. Views of a drawing in progress take that as a
// host; the reader refuses it.
std::optional<VertexKind> vertexKindOf(const nlohmann::json& vertex);

// The generator form without building it: the generator and its parameter
// array in spec order (defaults where the JSON gives none), each value
// range-checked and the combination checked. Throws ModelError with a path.
struct GeneratorForm {
    const Generator* generator = nullptr;
    std::vector<double> params;
};
GeneratorForm readGeneratorForm(const nlohmann::json& j, const std::string& path = "topology");

// A drawn topology (the explicit form) is read into memory whole, on the
// way to the GUI's editor too: at most kMaxDrawnItems vertices and links in
// all, and no more than the memory available at about kDrawnItemBytes each
// (a drawn 2M-host star took 14 GB: about 3.5 kB per vertex or link for the
// document, the graph and its drawing). Generators have no such cap.
inline constexpr std::size_t kMaxDrawnItems = 1'000'000;
inline constexpr double kDrawnItemBytes = 3500.0;
// "" when a drawing of these counts may be read; else a sentence with the
// counts, the estimate and the cap or the memory. topologyFromJson asks it
// before it builds anything.
std::string drawnTopologyProblem(std::size_t vertices, std::size_t links);

// How much of a topology topologyFromJson() checks.
enum class TopologyCheck {
    Full,      // the JSON and every Topology::problems() (a usable network)
    Structure, // all but TopologyProblem::unfinished: a drawing in progress (a host not yet linked) is read
};

// Reads either form and validates the result. `path` names the object in
// messages. Throws ModelError.
Topology topologyFromJson(const nlohmann::json& j, const std::string& path = "topology",
                          TopologyCheck check = TopologyCheck::Full);

// A problem as one line with its JSON path: "topology.vertices[3]: host 'h3' is disconnected: ...".
std::string problemText(const TopologyProblem& problem, const std::string& path = "topology");

// A document whose top level is a topology object or has a "topology" member.
Topology topologyFromDocument(const nlohmann::json& doc);

enum class TopologyJsonForm {
    Auto,     // the generator form when the topology came from a generator
    Explicit, // always vertices and edges
};
nlohmann::json topologyToJson(const Topology& t, TopologyJsonForm form = TopologyJsonForm::Auto);

} // namespace cs
