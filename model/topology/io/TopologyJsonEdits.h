#pragma once
// Edits of the explicit topology JSON (TopologyJson.h), as the topology
// editor and the editing layer (model/document/DocumentEdits.h) make them.
#include "model/topology/graph/Topology.h"
#include "model/topology/graph/TopologyFields.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>

namespace cs {

// Each function mutates `topology` in place.
namespace topoedit {

// What the palette adds: the fields' defaults (TopologyFields.h, their one owner).
inline const double kDefaultLinkBandwidth = linkField("bandwidth").defaultValue; // B/s
inline const double kDefaultSegmentBandwidth = vertexField(VertexKind::Segment, "bandwidth").defaultValue; // B/s

// "h", "sw", "seg".
std::string idPrefix(VertexKind kind);
// prefix + the smallest number >= 0 that no vertex of `topology` uses.
std::string uniqueId(const nlohmann::json& topology, const std::string& prefix);
// Appends a vertex with the defaults above (a switch gets no "ports": it has
// as many as its links use), named `id` or, when that is "", the first free
// idPrefix(kind) + number. Returns its id.
std::string addVertex(nlohmann::json& topology, VertexKind kind, const std::string& id = {});
// Appends a link (bandwidth in B/s per channel).
void addLink(nlohmann::json& topology, const std::string& from, const std::string& to, double bandwidth,
             int channels);
// Removes the vertices (with every link that touches them) and the links by
// index (the topology's edge order == the "edges" array order).
void remove(nlohmann::json& topology, const std::set<std::string>& vertexIds, const std::set<std::size_t>& links);

// The vertices named `ids` and the links between two of them, as a piece of
// explicit topology JSON ({"vertices": [...], "edges": [...]}): what Copy
// puts on the clipboard. A link with an end outside `ids` is left out.
nlohmann::json extract(const nlohmann::json& topology, const std::set<std::string>& ids);
// Appends a piece made by extract() with fresh ids (the first free of each
// vertex's kind, as addVertex names them) and its links between the new
// vertices, every property kept. Returns the piece's ids mapped to the new ones.
// Throws ModelError when the piece is not such a piece.
std::map<std::string, std::string> paste(nlohmann::json& topology, const nlohmann::json& piece);

} // namespace topoedit

} // namespace cs
