#include "model/topology/io/TopologyJsonEdits.h"

#include "model/core/ModelError.h"
#include "model/topology/io/TopologyJson.h"

#include <optional>
#include <unordered_set>

namespace cs {

using nlohmann::json;

namespace topoedit {

std::string idPrefix(VertexKind kind)
{
    switch (kind) {
    case VertexKind::Host: return "h";
    case VertexKind::Switch: return "sw";
    case VertexKind::Segment: return "seg";
    }
    return "v";
}

std::string uniqueId(const json& topology, const std::string& prefix)
{
    std::unordered_set<std::string> used;
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (const json& v : *vs)
            if (v.is_object() && v.contains("id") && v["id"].is_string())
                used.insert(v["id"].get<std::string>());
    for (std::size_t i = 0;; ++i) {
        std::string id = prefix + std::to_string(i);
        if (!used.count(id))
            return id;
    }
}

std::string addVertex(json& topology, VertexKind kind, const std::string& wanted)
{
    const std::string id = wanted.empty() ? uniqueId(topology, idPrefix(kind)) : wanted;
    json v{{"id", id}, {"kind", std::string(vertexKindName(kind))}};
    if (kind == VertexKind::Segment)
        v["bandwidth"] = kDefaultSegmentBandwidth;
    topology["vertices"].push_back(std::move(v));
    if (!topology.contains("edges"))
        topology["edges"] = json::array();
    return id;
}

void addLink(json& topology, const std::string& from, const std::string& to, double bandwidth, int channels)
{
    topology["edges"].push_back({{"from", from}, {"to", to}, {"bandwidth", bandwidth}, {"channels", channels}});
}

void remove(json& topology, const std::set<std::string>& vertexIds, const std::set<std::size_t>& links)
{
    json edges = json::array();
    if (auto es = topology.find("edges"); es != topology.end() && es->is_array()) {
        for (std::size_t i = 0; i < es->size(); ++i) {
            const json& e = (*es)[i];
            if (links.count(i) || vertexIds.count(e.value("from", std::string())) ||
                vertexIds.count(e.value("to", std::string())))
                continue;
            edges.push_back(e);
        }
    }
    json vertices = json::array();
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (const json& v : *vs)
            if (!(v.is_object() && vertexIds.count(v.value("id", std::string()))))
                vertices.push_back(v);
    topology["vertices"] = std::move(vertices);
    topology["edges"] = std::move(edges);
}

json extract(const json& topology, const std::set<std::string>& ids)
{
    json piece{{"vertices", json::array()}, {"edges", json::array()}};
    if (auto vs = topology.find("vertices"); vs != topology.end() && vs->is_array())
        for (const json& v : *vs)
            if (v.is_object() && ids.count(v.value("id", std::string())))
                piece["vertices"].push_back(v);
    if (auto es = topology.find("edges"); es != topology.end() && es->is_array())
        for (const json& e : *es)
            if (e.is_object() && ids.count(e.value("from", std::string())) && ids.count(e.value("to", std::string())))
                piece["edges"].push_back(e);
    return piece;
}

std::map<std::string, std::string> paste(json& topology, const json& piece)
{
    if (!piece.is_object() || !piece.contains("vertices") || !piece["vertices"].is_array())
        throw ModelError("pasted topology: expected an object with a \"vertices\" array");
    if (!topology.contains("vertices"))
        topology["vertices"] = json::array();
    if (!topology.contains("edges"))
        topology["edges"] = json::array();
    std::map<std::string, std::string> renamed;
    for (const json& v : piece["vertices"]) {
        const std::string id = v.is_object() ? v.value("id", std::string()) : std::string();
        const std::optional<VertexKind> kind = vertexKindOf(v);
        if (id.empty() || !kind)
            throw ModelError("pasted topology: a vertex needs an \"id\" and a \"kind\" (host, switch, segment)");
        json copy = v;
        copy["id"] = uniqueId(topology, idPrefix(*kind));
        renamed[id] = copy["id"].get<std::string>();
        topology["vertices"].push_back(std::move(copy));
    }
    if (auto es = piece.find("edges"); es != piece.end() && es->is_array())
        for (const json& e : *es) {
            const auto from = renamed.find(e.is_object() ? e.value("from", std::string()) : std::string());
            const auto to = renamed.find(e.is_object() ? e.value("to", std::string()) : std::string());
            if (from == renamed.end() || to == renamed.end())
                throw ModelError("pasted topology: a link joins a vertex the piece does not hold");
            json copy = e;
            copy["from"] = from->second;
            copy["to"] = to->second;
            topology["edges"].push_back(std::move(copy));
        }
    return renamed;
}

} // namespace topoedit

} // namespace cs
