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
    // As finishLoads, in edge order (BottleneckScan.h).
    const auto edge = [&](std::size_t e) { return edgeLoad(t, src, core, out, in, e); };
    const auto segment = [&](std::size_t v) { return segmentLoad(g, core, v); };
    scanBottleneck(t, r, edge, segment);
    return r;
}

} // namespace cs
