#pragma once
// finishLoads() without its per-link vectors: a pattern's bottleneck found
// by reading each link's two directions straight from the core arc loads
// and the leaf hosts' access loads, in edge order, as finishLoads builds and
// then scans them. For a caller that keeps only the summary
// (MetricsOptions::perLinkLoads off): on a million-host network each
// pattern's forward, backward and throughSegment vectors were about 60 MB of
// fresh pages, and fresh pages are slow on the machines this runs on.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/LinkLoad.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cs {

// Per topology edge: where its loads come from. A core edge has its forward
// arc (endpoints().first -> second) and its backward arc; an access link of
// a leaf host has the host, marked with kLeaf, in `forward`; any other edge
// (a self-loop) has neither and carries nothing.
struct EdgeSources {
    static constexpr std::uint32_t kLeaf = 0x80000000u;
    std::vector<std::uint32_t> forward;  // arc, or host | kLeaf, or CoreGraph::kNone
    std::vector<std::uint32_t> backward; // arc, or CoreGraph::kNone

    static EdgeSources of(const Topology& t, const CoreGraph& g);
};

// Edge e's (forward, backward) load as finishLoads puts it in its per-link
// vectors: a core edge's from its two arcs, a leaf host's access link from
// what the host sends (`out`) and receives (`in`); (0, 0) for an idle one.
// Each direction's load is the one term finishLoads adds to its zero (0 + x
// is x exactly).
inline std::pair<double, double> edgeLoad(const Topology& t, const EdgeSources& src, const CoreLoads& core,
                                          const std::vector<double>& out, const std::vector<double>& in,
                                          std::size_t e)
{
    double fwd = 0, bwd = 0;
    const std::uint32_t f = src.forward[e];
    if (f != CoreGraph::kNone && (f & EdgeSources::kLeaf)) {
        const std::size_t v = f & ~EdgeSources::kLeaf;
        if (!(out[v] > 0) && !(in[v] > 0)) // idle: skipped by the scan, its ends not looked up
            return {0.0, 0.0};
        const bool hostFirst = t.endpoints(e).first == v;
        (hostFirst ? fwd : bwd) = out[v];
        (hostFirst ? bwd : fwd) = in[v];
    } else {
        if (f != CoreGraph::kNone && f < core.arc.size())
            fwd = core.arc[f];
        if (src.backward[e] != CoreGraph::kNone && src.backward[e] < core.arc.size())
            bwd = core.arc[src.backward[e]];
    }
    return {fwd, bwd};
}

// The load through core vertex v's segment (0 for a vertex that is none).
inline double segmentLoad(const CoreGraph& g, const CoreLoads& core, std::size_t v)
{
    const std::uint32_t c = g.coreOf[v];
    return c != CoreGraph::kNone && c < core.through.size() ? core.through[c] : 0.0;
}

// The same LinkLoads as finishLoads(t, g, p, core, out, in, flows), number
// for number, with forward, backward and throughSegment left empty.
LinkLoads finishBottleneck(const Topology& t, const CoreGraph& g, const EdgeSources& src, TrafficPattern p,
                           const CoreLoads& core, const std::vector<double>& out, const std::vector<double>& in,
                           std::uint64_t flows);

} // namespace cs
