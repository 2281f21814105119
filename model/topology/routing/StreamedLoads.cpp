#include "model/topology/routing/StreamedLoads.h"
#include "model/topology/routing/BottleneckScan.h"

#include <algorithm>
#include <cmath>

namespace cs {

EdgeSources EdgeSources::of(const Topology& t, const CoreGraph& g)
{
    EdgeSources s;
    s.forward.assign(t.edgeCount(), CoreGraph::kNone);
    s.backward.assign(t.edgeCount(), CoreGraph::kNone);
    for (std::size_t i = 0; i < g.arcEdge.size(); ++i)
        (g.arcForward[i] ? s.forward : s.backward)[g.arcEdge[i]] = static_cast<std::uint32_t>(i);
    for (std::size_t v = 0; v < g.leafEdge.size(); ++v)
        if (g.leafEdge[v] != CoreGraph::kNone)
            s.forward[g.leafEdge[v]] = static_cast<std::uint32_t>(v) | kLeaf;
    return s;
}

LinkLoads finishBottleneck(const Topology& t, const CoreGraph& g, const EdgeSources& src, TrafficPattern p,
                           const CoreLoads& core, const std::vector<double>& out, const std::vector<double>& in,
                           std::uint64_t flows)
{
    LinkLoads r;
    r.pattern = p;
    r.flows = flows;
    r.unroutable = static_cast<std::uint64_t>(std::llround(std::max(0.0, double(flows) - core.routed)));
    // As finishLoads, in edge order (BottleneckScan.h). Each direction's load is the one term finishLoads
    // adds to its zero (0 + x is x exactly).
    const auto edge = [&](std::size_t e) {
        double fwd = 0, bwd = 0;
        const std::uint32_t f = src.forward[e];
        if (f != CoreGraph::kNone && (f & EdgeSources::kLeaf)) {
            const std::size_t v = f & ~EdgeSources::kLeaf;
            if (!(out[v] > 0) && !(in[v] > 0)) // idle: skipped by the scan, its ends not looked up
                return std::pair{0.0, 0.0};
            const bool hostFirst = t.endpoints(e).first == v;
            (hostFirst ? fwd : bwd) = out[v];
            (hostFirst ? bwd : fwd) = in[v];
        } else {
            if (f != CoreGraph::kNone && f < core.arc.size())
                fwd = core.arc[f];
            if (src.backward[e] != CoreGraph::kNone && src.backward[e] < core.arc.size())
                bwd = core.arc[src.backward[e]];
        }
        return std::pair{fwd, bwd};
    };
    const auto segment = [&](std::size_t v) {
        const std::uint32_t c = g.coreOf[v];
        return c != CoreGraph::kNone && c < core.through.size() ? core.through[c] : 0.0;
    };
    scanBottleneck(t, r, edge, segment);
    return r;
}

} // namespace cs
