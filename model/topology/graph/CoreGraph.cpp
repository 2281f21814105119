#include "model/topology/graph/CoreGraph.h"

#include <algorithm>
#include <tuple>

namespace cs {

namespace {

// Fills the per-core-vertex rows and the CSR arcs of `c` from `t`, given
// which topology vertices are leaves (not in the core). `plain` makes every
// vertex a forwarding host.
void fillCore(const Topology& t, const std::vector<char>& leaf, bool plain, CoreGraph& c)
{
    const std::size_t nv = t.vertexCount();
    const std::size_t ne = t.edgeCount();
    c.coreOf.assign(nv, CoreGraph::kNone);
    // Room for every core vertex at once: growing five arrays by doubling
    // copied and faulted in each of them about twice over on a million.
    const auto cores = static_cast<std::size_t>(std::count(leaf.begin(), leaf.end(), 0));
    c.topoOf.reserve(cores);
    c.transit.reserve(cores);
    c.selfHost.reserve(cores);
    c.segment.reserve(cores);
    c.cost.reserve(cores);
    for (std::size_t v = 0; v < nv; ++v) {
        if (leaf[v])
            continue;
        c.coreOf[v] = c.n++;
        c.topoOf.push_back(static_cast<std::uint32_t>(v));
        const VertexAttributes& p = t.attributes(v);
        c.transit.push_back(plain || t.isTransit(v) ? 1 : 0);
        c.selfHost.push_back(plain || p.kind == VertexKind::Host ? 1 : 0);
        c.segment.push_back(!plain && p.kind == VertexKind::Segment ? 1 : 0);
        c.cost.push_back(p.kind == VertexKind::Host ? p.forwardCost : p.latency);
    }
    c.allTransit = std::all_of(c.transit.begin(), c.transit.end(), [](std::uint8_t x) { return x != 0; });
    c.leafCount.assign(c.n, 0);
    c.leafLatencySum.assign(c.n, 0.0);
    c.leafLatencyMax.assign(c.n, 0.0);
    c.leafLatencyMax2.assign(c.n, 0.0);
    c.offset.assign(c.n + 1, 0);
    // CSR over core-core edges (self-loops carry nothing and are skipped).
    auto inCore = [&](std::size_t a, std::size_t b) { return !leaf[a] && !leaf[b] && a != b; };
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [a, b] = t.endpoints(e);
        if (!inCore(a, b))
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
    c.arcLatency.resize(arcs);
    std::vector<std::uint32_t> fill(c.offset.begin(), c.offset.end() - 1);
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [a, b] = t.endpoints(e);
        if (!inCore(a, b))
            continue;
        const std::uint32_t ca = c.coreOf[a], cb = c.coreOf[b];
        for (const auto& [from, to, fwd] : {std::tuple{ca, cb, 1}, std::tuple{cb, ca, 0}}) {
            const std::uint32_t i = fill[from]++;
            c.adj[i] = to;
            c.arcEdge[i] = static_cast<std::uint32_t>(e);
            c.arcForward[i] = static_cast<std::uint8_t>(fwd);
            c.arcLatency[i] = t.link(e).latency;
        }
    }
}

} // namespace

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
        return t.attributes(v).kind == VertexKind::Host && degree[v] == 1;
    };
    std::vector<char> leaf(nv, 0);
    for (std::size_t v = 0; v < nv; ++v) {
        // Two single-homed hosts linked to each other both stay in the core.
        if (singleHomedHost(v) && !singleHomedHost(other(v, only[v])))
            leaf[v] = 1;
    }
    fillCore(t, leaf, false, c);
    c.leafParent.assign(nv, kNone);
    c.leafEdge.assign(nv, kNone);
    for (std::size_t v = 0; v < nv; ++v) {
        if (!leaf[v])
            continue;
        const std::uint32_t parent = c.coreOf[other(v, only[v])];
        c.leafParent[v] = parent;
        c.leafEdge[v] = only[v];
        ++c.leafCount[parent];
        const double lat = t.link(only[v]).latency;
        c.leafLatencySum[parent] += lat;
        if (lat > c.leafLatencyMax[parent]) {
            c.leafLatencyMax2[parent] = c.leafLatencyMax[parent];
            c.leafLatencyMax[parent] = lat;
        } else if (lat > c.leafLatencyMax2[parent]) {
            c.leafLatencyMax2[parent] = lat;
        }
    }
    c.hosts = t.hosts().size();
    return c;
}

CoreGraph CoreGraph::plain(const Topology& t)
{
    CoreGraph c;
    fillCore(t, std::vector<char>(t.vertexCount(), 0), true, c);
    c.leafParent.assign(t.vertexCount(), kNone);
    c.leafEdge.assign(t.vertexCount(), kNone);
    c.hosts = c.n;
    return c;
}

} // namespace cs
