#include "app/gui/topology/ViewGraph.h"

namespace cs::app {

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
