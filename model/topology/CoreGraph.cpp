#include "model/topology/CoreGraph.h"

namespace cs {

CoreGraph CoreGraph::build(const Topology& t)
{
    CoreGraph c;
    const std::size_t nv = t.vertexCount();
    const std::size_t ne = t.edgeCount();
    std::vector<std::uint32_t> degree(nv, 0);
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [a, b] = t.endpoints(e);
        ++degree[a];
        if (a != b)
            ++degree[b];
    }
    // The single link of each degree-1 vertex.
    std::vector<std::uint32_t> only(nv, kNone);
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [a, b] = t.endpoints(e);
        if (degree[a] == 1)
            only[a] = static_cast<std::uint32_t>(e);
        if (degree[b] == 1)
            only[b] = static_cast<std::uint32_t>(e);
    }
    auto other = [&](std::size_t v, std::uint32_t e) {
        const auto [a, b] = t.endpoints(e);
        return a == v ? b : a;
    };
    auto singleHomedHost = [&](std::size_t v) {
        return t.vertex(v).kind == VertexKind::Host && degree[v] == 1;
    };
    c.coreOf.assign(nv, kNone);
    c.leafParent.assign(nv, kNone);
    c.leafEdge.assign(nv, kNone);
    std::vector<char> leaf(nv, 0);
    for (std::size_t v = 0; v < nv; ++v) {
        // Two single-homed hosts linked to each other both stay in the core.
        if (singleHomedHost(v) && !singleHomedHost(other(v, only[v])))
            leaf[v] = 1;
    }
    for (std::size_t v = 0; v < nv; ++v) {
        if (leaf[v])
            continue;
        c.coreOf[v] = c.n++;
        c.topoOf.push_back(static_cast<std::uint32_t>(v));
        const VertexProps& p = t.vertex(v);
        c.transit.push_back(t.isTransit(v) ? 1 : 0);
        c.selfHost.push_back(p.kind == VertexKind::Host ? 1 : 0);
        c.segment.push_back(p.kind == VertexKind::Segment ? 1 : 0);
    }
    c.leafCount.assign(c.n, 0);
    c.offset.assign(c.n + 1, 0);
    for (std::size_t v = 0; v < nv; ++v) {
        if (!leaf[v])
            continue;
        const std::size_t parent = other(v, only[v]);
        c.leafParent[v] = c.coreOf[parent];
        c.leafEdge[v] = only[v];
        ++c.leafCount[c.coreOf[parent]];
    }
    c.hosts = t.hosts().size();
    // CSR over core-core edges (self-loops carry nothing and are skipped).
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [a, b] = t.endpoints(e);
        if (leaf[a] || leaf[b] || a == b)
            continue;
        ++c.offset[c.coreOf[a] + 1];
        ++c.offset[c.coreOf[b] + 1];
    }
    for (std::uint32_t i = 0; i < c.n; ++i)
        c.offset[i + 1] += c.offset[i];
    const std::size_t arcs = c.offset[c.n];
    c.adj.resize(arcs);
    c.arcEdge.resize(arcs);
    c.arcForward.resize(arcs);
    std::vector<std::uint32_t> fill(c.offset.begin(), c.offset.end() - 1);
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [a, b] = t.endpoints(e);
        if (leaf[a] || leaf[b] || a == b)
            continue;
        const std::uint32_t ca = c.coreOf[a], cb = c.coreOf[b];
        std::uint32_t i = fill[ca]++;
        c.adj[i] = cb;
        c.arcEdge[i] = static_cast<std::uint32_t>(e);
        c.arcForward[i] = 1;
        i = fill[cb]++;
        c.adj[i] = ca;
        c.arcEdge[i] = static_cast<std::uint32_t>(e);
        c.arcForward[i] = 0;
    }
    return c;
}

} // namespace cs
