#include "model/topology/TopologyJsonEdits.h"

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

} // namespace topoedit

} // namespace cs
