#pragma once
// The topology as JSON, as it appears in a design document under "topology":
// the one reader of that JSON (readNetwork) and its one writer
// (writeNetwork), between the text and the typed Network
// (model/topology/network/Network.h) that the document holds.
//
// Explicit form:
//   {"vertices": [{"id": "h0", "kind": "host", "forwards": false, "forward_cost": 0},
//                 {"id": "sw0", "kind": "switch", "ports": 8, "latency": "1us"},
//                 {"id": "bus0", "kind": "segment", "bandwidth": "10Mbit/s"}],
//    "edges":    [{"id": 0, "from": "h0", "to": "sw0", "bandwidth": "1Gbit/s", "latency": 0,
//                  "channels": 1, "duplex": true}]}
// Generator form (expanded when built):
//   {"generator": "fat-tree", "params": {"k": 4, "bw": "1Gbit/s"}}
// Either may carry the job placed on it ("job", TopologySourceJson.h).
//
// Quantities are SI numbers or strings with a unit ("10Mbit/s", "15us").
// A switch without "ports" gets as many as its links use; "hub" and "bus"
// are accepted as kinds meaning "segment". A link's "id" is optional: links
// without one are numbered after the largest given (0, 1, 2, ... in a
// document that gives none, as documents written before links had ids).
// Unknown keys are errors (they are usually typos). Every error names its
// JSON path, e.g. "topology.edges[3].bandwidth: must be > 0, got -5".
#include "model/topology/generators/Generator.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/network/Network.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

// ---- The reader

// Reads either form (or, for a document without a topology, null: none).
// Checks everything the JSON alone says: types, keys, kinds, ids, the ends
// of links, a switch's ports and a link's channels against their ranges, and
// a generator's parameters; what the network as a whole says (a value out
// of range, a full switch, a host not linked) is buildTopology's
// (NetworkBuild.h). `path` names the object in messages. Throws ModelError.
Network readNetwork(const nlohmann::json& j, const std::string& path = "topology");

// One field of a drawing's vertex or link given as JSON (an edit of the
// inspector's form, which the editing layer applies): read as the reader
// reads it in a document, with its messages at `path` (the item's path,
// "topology.vertices[3]"). Throws ModelError for a key the item does not
// take, a value of the wrong type or out of the field's range where the
// reader checks it.
void readVertexField(NetworkVertex& v, const std::string& key, const nlohmann::json& value, const std::string& path);
void readLinkField(NetworkLink& l, const std::string& key, const nlohmann::json& value, const std::string& path);

// The kind of a vertex of the explicit form, from its "kind"
// (vertexKindFromName); nullopt when `vertex` is no object, has no "kind"
// string or names no kind.
std::optional<VertexKind> vertexKindOf(const nlohmann::json& vertex);

// The generator form without building it: the generator and its parameter
// array in spec order (defaults where the JSON gives none), each value
// range-checked and the combination checked. Throws ModelError with a path.
struct GeneratorForm {
    const Generator* generator = nullptr;
    std::vector<double> params;
    Network::Params given; // the parameters the JSON gives, as read
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
// counts, the estimate and the cap or the memory. readNetwork asks it
// before it reads any item.
std::string drawnTopologyProblem(std::size_t vertices, std::size_t links);

// ---- The writer

struct NetworkJsonOptions {
    bool job = true;     // the "job" member, when the network has one
    bool linkIds = true; // links' "id", when they are not 0, 1, 2, ... in order (then the reader gives them)
};
// The section as the document writes it: null for none, the generator form,
// or the drawing with every item as it was read (an edited field as set).
nlohmann::json writeNetwork(const Network& n, NetworkJsonOptions options = {});

// A link named in text (a message, a key of the views' selection): "link:N", N its id.
std::string linkKey(LinkId id);
// The id `key` names ("link:12" -> 12); nullopt for any other text (a vertex id).
std::optional<LinkId> linkFromKey(std::string_view key);

// ---- Built networks as JSON (through the reader and the writer above)

// How much of a topology topologyFromJson() checks (NetworkBuild.h).
enum class TopologyCheck {
    Full,      // the JSON and every Topology::problems() (a usable network)
    Structure, // all but TopologyProblem::unfinished: a drawing in progress (a host not yet linked) is read
};

// Reads either form and builds it (readNetwork, then buildTopology).
// Throws ModelError.
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
// A built topology written by writeNetwork (as networkOf, NetworkBuild.h, makes it a Network).
nlohmann::json topologyToJson(const Topology& t, TopologyJsonForm form = TopologyJsonForm::Auto);

} // namespace cs
