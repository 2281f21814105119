#include "model/topology/routing/LinkLoad.h"
#include "model/topology/routing/BottleneckScan.h"
#include "model/topology/routing/EcmpPass.h"
#include "model/topology/routing/TrafficDemands.h"

#include <cmath>

namespace cs {

std::string_view patternName(TrafficPattern p)
{
    switch (p) {
    case TrafficPattern::AllToAll: return "all-to-all";
    case TrafficPattern::Transpose: return "transpose";
    case TrafficPattern::NearestNeighbour: return "nearest-neighbour";
    case TrafficPattern::Ring: return "ring";
    }
    return "?";
}

std::uint32_t transposeRows(std::uint32_t H)
{
    std::uint32_t r = 1;
    for (std::uint32_t d = 1; static_cast<std::uint64_t>(d) * d <= H; ++d)
        if (H % d == 0)
            r = d;
    return r;
}

std::uint32_t transposePartner(std::uint32_t i, std::uint32_t H)
{
    return transposePartner(i, H, transposeRows(H));
}

std::uint32_t transposePartner(std::uint32_t i, std::uint32_t H, std::uint32_t r)
{
    const std::uint32_t c = H / r;
    const std::uint32_t row = i / c, col = i % c;
    return col * r + row; // element (row, col) of the r x c matrix is (col, row) of its c x r transpose
}

double allToAllBandwidth(const LinkLoads& a2a, std::uint64_t hosts)
{
    if (hosts < 2 || a2a.maxCongestion <= 0)
        return 0.0;
    return static_cast<double>(hosts - 1) / a2a.maxCongestion;
}

void CoreLoads::add(const CoreLoads& o)
{
    if (arc.size() < o.arc.size())
        arc.resize(o.arc.size(), 0.0);
    if (through.size() < o.through.size())
        through.resize(o.through.size(), 0.0);
    for (std::size_t i = 0; i < o.arc.size(); ++i)
        arc[i] += o.arc[i];
    for (std::size_t i = 0; i < o.through.size(); ++i)
        through[i] += o.through[i];
    routed += o.routed;
}

void CoreLoads::take(std::vector<double>&& arcLoads, double routedFlows)
{
    routed += routedFlows;
    if (arc.empty()) {
        arc = std::move(arcLoads);
        return;
    }
    if (arc.size() < arcLoads.size())
        arc.resize(arcLoads.size(), 0.0);
    for (std::size_t i = 0; i < arcLoads.size(); ++i)
        arc[i] += arcLoads[i];
}

LinkLoads finishLoads(const Topology& t, const CoreGraph& g, TrafficPattern p, const CoreLoads& core,
                      const std::vector<double>& out, const std::vector<double>& in, std::uint64_t flows)
{
    LinkLoads r;
    r.pattern = p;
    r.flows = flows;
    const std::size_t ne = t.edgeCount();
    r.forward.assign(ne, 0.0);
    r.backward.assign(ne, 0.0);
    r.throughSegment.assign(t.vertexCount(), 0.0);
    for (std::size_t i = 0; i < core.arc.size(); ++i)
        if (core.arc[i] != 0)
            (g.arcForward[i] ? r.forward : r.backward)[g.arcEdge[i]] += core.arc[i];
    for (std::uint32_t c = 0; c < core.through.size(); ++c)
        r.throughSegment[g.topoOf[c]] += core.through[c];
    r.unroutable = static_cast<std::uint64_t>(std::llround(std::max(0.0, double(flows) - core.routed)));
    // Leaf access links carry what their host sends and receives.
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const std::uint32_t e = g.leafEdge[v];
        if (e == CoreGraph::kNone)
            continue;
        const bool hostFirst = t.endpoints(e).first == v;
        (hostFirst ? r.forward : r.backward)[e] += out[v];
        (hostFirst ? r.backward : r.forward)[e] += in[v];
    }
    scanBottleneck(
        t, r, [&](std::size_t e) { return std::pair{r.forward[e], r.backward[e]}; },
        [&](std::size_t v) { return r.throughSegment[v]; });
    return r;
}

LinkLoads linkLoads(const Topology& t, const CoreGraph& g, TrafficPattern p, int threads)
{
    EcmpJob job;
    job.hops = false;
    job.latency = false;
    if (p == TrafficPattern::AllToAll) {
        job.allPairsRoots = everyHostRoot(g);
        const EcmpResult res = runEcmpPass(g, job, threads, nullptr);
        const std::uint64_t H = g.hosts;
        const std::vector<double> ends = allToAllAccess(t, g, res.leafReach, {});
        LinkLoads r = finishLoads(t, g, p, res.allToAll, ends, ends, H ? H * (H - 1) : 0);
        r.method = "ECMP from each of " + std::to_string(job.allPairsRoots.size()) + " destination roots";
        return r;
    }
    const Demands d = trafficDemands(t, g, p);
    job.sparse = {&d};
    const EcmpResult res = runEcmpPass(g, job, threads, nullptr);
    std::vector<double> out, in;
    accessLoads(d, res.entryRouted[0], out, in);
    LinkLoads r = finishLoads(t, g, p, res.sparse[0], out, in, d.flows);
    r.method = "ECMP per destination root, searched to its farthest source";
    return r;
}

LinkLoads linkLoads(const Topology& t, TrafficPattern p, int threads)
{
    return linkLoads(t, CoreGraph::build(t), p, threads);
}

} // namespace cs
