#include "app/gui/topology/ViewGraph.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <unordered_map>

namespace cs::app {

using nlohmann::json;

ViewGraph::Vertex ViewGraph::vertexOf(const Topology& t, std::size_t v)
{
    const VertexProps& p = t.vertex(v);
    return {p.id, p.kind, p.forwards, p.ports, p.bandwidth};
}

ViewGraph::Edge ViewGraph::edgeOf(const Topology& t, std::size_t e)
{
    const auto [a, b] = t.endpoints(e);
    const LinkProps& l = t.link(e);
    return {static_cast<int>(a), static_cast<int>(b), l.bandwidth, l.channels, l.duplex};
}

ViewGraph ViewGraph::fromTopology(const Topology& t)
{
    ViewGraph g;
    g.vertices.reserve(t.vertexCount());
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        g.vertices.push_back(vertexOf(t, v));
    g.edges.reserve(t.edgeCount());
    for (std::size_t e = 0; e < t.edgeCount(); ++e)
        g.edges.push_back(edgeOf(t, e));
    g.generator = t.generator;
    g.generatorParams = t.generatorParams;
    return g;
}

namespace {

double quantityOr(const json& obj, const char* key, Unit unit, double def)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return def;
    if (it->is_number())
        return it->get<double>();
    if (it->is_string()) {
        try {
            return parseQuantity(it->get<std::string>(), unit);
        } catch (const ModelError&) {
        }
    }
    return def;
}

} // namespace

ViewGraph ViewGraph::fromJson(const json& j)
{
    ViewGraph g;
    if (!j.is_object())
        return g;
    std::unordered_map<std::string, int> index;
    if (auto vs = j.find("vertices"); vs != j.end() && vs->is_array()) {
        for (const json& v : *vs) {
            if (!v.is_object() || !v.contains("id") || !v["id"].is_string())
                continue;
            Vertex x;
            x.id = v["id"].get<std::string>();
            if (x.id.empty() || index.count(x.id))
                continue;
            // A drawing in progress may not load: a vertex of no known kind is drawn as a host.
            x.kind = vertexKindOf(v).value_or(VertexKind::Host);
            if (auto f = v.find("forwards"); f != v.end() && f->is_boolean())
                x.forwards = f->get<bool>();
            if (auto p = v.find("ports"); p != v.end() && p->is_number())
                x.ports = static_cast<int>(p->get<double>());
            x.bandwidth = quantityOr(v, "bandwidth", Unit::BytesPerSecond, 0.0);
            index.emplace(x.id, static_cast<int>(g.vertices.size()));
            g.vertices.push_back(std::move(x));
        }
    }
    if (auto es = j.find("edges"); es != j.end() && es->is_array()) {
        for (const json& e : *es) {
            if (!e.is_object())
                continue;
            auto a = index.find(e.value("from", std::string()));
            auto b = index.find(e.value("to", std::string()));
            if (a == index.end() || b == index.end())
                continue;
            Edge x;
            x.a = a->second;
            x.b = b->second;
            x.bandwidth = quantityOr(e, "bandwidth", Unit::BytesPerSecond, 0.0);
            if (auto c = e.find("channels"); c != e.end() && c->is_number())
                x.channels = std::max(1, static_cast<int>(c->get<double>()));
            if (auto d = e.find("duplex"); d != e.end() && d->is_boolean())
                x.duplex = d->get<bool>();
            g.edges.push_back(x);
        }
    }
    return g;
}

double ViewGraph::param(const std::string& name, double def) const
{
    for (const auto& [k, v] : generatorParams)
        if (k == name)
            return v;
    return def;
}

QString formatBandwidth(double bps)
{
    return plots::rateUnitFor({bps}).format(bps);
}

plots::RateUnit ViewGraph::rateUnit() const
{
    std::vector<double> rates;
    rates.reserve(edges.size());
    for (const Edge& e : edges)
        rates.push_back(e.bandwidth);
    for (const Vertex& v : vertices)
        if (v.kind == VertexKind::Segment)
            rates.push_back(v.bandwidth);
    return plots::rateUnitFor(rates);
}

plots::RateUnit ViewGraph::rateUnitOf(const Topology& t, plots::RateFamily family)
{
    std::vector<double> rates;
    rates.reserve(t.edgeCount());
    for (std::size_t e = 0; e < t.edgeCount(); ++e)
        rates.push_back(t.link(e).bandwidth);
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (t.attributes(v).kind == VertexKind::Segment)
            rates.push_back(t.attributes(v).bandwidth);
    return plots::rateUnitFor(rates, family);
}

QString formatLink(double bps, int channels, bool duplex, const plots::RateUnit* unit)
{
    QString s = unit ? unit->format(bps) : formatBandwidth(bps);
    if (channels > 1)
        s += QStringLiteral(" \u00d7%1").arg(channels);
    if (!duplex)
        s += QStringLiteral(" half");
    return s;
}

} // namespace cs::app
