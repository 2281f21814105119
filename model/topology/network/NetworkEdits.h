#pragma once
// The edits of a drawing's items that the editor makes (through the editing
// layer, model/document/DocumentEdits.h): each changes the network in place
// and records its steps in a patch (NetworkPatch.h), which undoes it.
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/network/Network.h"
#include "model/topology/network/NetworkPatch.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cs::topoedit {

// What the palette adds: the fields' defaults (TopologyFields.h, their one owner).
inline const double kDefaultLinkBandwidth = linkField("bandwidth").defaultValue; // B/s
inline const double kDefaultSegmentBandwidth = vertexField(VertexKind::Segment, "bandwidth").defaultValue; // B/s

// "h", "sw", "seg": the kind's prefix in the one table (TopologyFields.h).
std::string idPrefix(VertexKind kind);
// prefix + the smallest number >= 0 that no vertex of `n` uses.
std::string uniqueId(const Network& n, const std::string& prefix);

// Appends a vertex with the defaults above (a switch gets no ports: it has
// as many as its links use), named `id` or, when that is "", the first free
// idPrefix(kind) + number. Returns its id. `n` must be a drawing.
std::string addVertex(Network& n, NetworkPatch& patch, VertexKind kind, const std::string& id = {});
// Appends a link between vertices `from` and `to` (indices), bandwidth in
// B/s per channel, with the next link id, which it returns.
LinkId addLink(Network& n, NetworkPatch& patch, std::size_t from, std::size_t to, double bandwidth, int channels);

// Removes the vertices named (with every link that touches them) and the
// links named; says what went, in drawing order: the vertices, and the
// links (those named and those of the vertices).
struct Removed {
    std::vector<std::string> vertices;
    std::vector<LinkId> links;
};
Removed remove(Network& n, NetworkPatch& patch, const std::set<std::string>& vertices, const std::set<LinkId>& links);

// The vertices named `ids` and the links between two of them, as a drawing
// of their own (each field as written): what Copy puts on the clipboard. A
// link with an end outside `ids` is left out.
Network extract(const Network& n, const std::set<std::string>& ids);
// Appends the items of `piece` (a drawing) with fresh ids (the first free of
// each vertex's kind, as addVertex names them) and links with the next link
// ids, every field kept. Says the piece's vertex ids mapped to the new ones,
// and the new links' ids.
struct Pasted {
    std::map<std::string, std::string> renamed;
    std::vector<LinkId> links;
};
Pasted paste(Network& n, NetworkPatch& patch, const Network& piece);
// The ids paste() gives the piece's vertices on `n`, without pasting (the
// editor places the copies before the edit), in the piece's order.
std::vector<std::pair<std::string, std::string>> pastedIds(const Network& n, const Network& piece);

} // namespace cs::topoedit
