#include "model/topology/TopologyMetrics.h"
#include "model/topology/FlowRouter.h"
#include "model/topology/EcmpPass.h"
#include "model/topology/MetricsProgress.h"
#include "model/topology/Symmetry.h"
#include "model/topology/TrafficDemands.h"
#include "model/topology/ValiantLoads.h"

#include <cstdio>

namespace cs {

namespace {

std::optional<LinkLoads>& slot(TopologyMetrics& m, TrafficPattern p)
{
    return p == TrafficPattern::Transpose ? m.transpose : p == TrafficPattern::Ring ? m.ring : m.nearestNeighbour;
}

} // namespace

TopologyMetrics computeMetrics(const Topology& t, const MetricsOptions& o)
{
    t.validate();
    MetricsProgress progress(o.progress, o.cancel);
    TopologyMetrics m;
    m.counts = t.counts();
    const CoreGraph g = CoreGraph::build(t);
    const std::uint64_t H = g.hosts;

    // Symmetry and coordinates come from the generator's record and are
    // checked on the graph; without them every destination root is searched.
    const std::optional<Symmetry> sym = o.symmetry ? findSymmetry(t, g) : std::nullopt;
    std::vector<TrafficPattern> patterns;
    if (o.transpose)
        patterns.push_back(TrafficPattern::Transpose);
    if (o.nearestNeighbour)
        patterns.push_back(TrafficPattern::NearestNeighbour);
    if (o.ring)
        patterns.push_back(TrafficPattern::Ring);
    const std::unique_ptr<FlowRouter> router =
        o.symmetry && !patterns.empty() ? coordinateRouter(t, g, o.threads) : nullptr;
    std::vector<Demands> demands;
    demands.reserve(patterns.size());
    for (TrafficPattern p : patterns) {
        Demands d = trafficDemands(t, g, p);
        progress.throwIfCancelled();
        if (const double w = router ? router->work(g, d) : 0.0; w > kMaxPatternWork) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "%s%s not computed: its routes cover %.2g box positions, more than %.2g",
                          m.skipped.empty() ? "" : "; ", std::string(patternName(p)).c_str(), w, kMaxPatternWork);
            m.skipped += buf;
            continue;
        }
        demands.push_back(std::move(d));
    }

    EcmpJob job;
    job.allPairsRoots = sym ? sym->roots : everyHostRoot(g);
    if (!router)
        for (const Demands& d : demands)
            job.sparse.push_back(&d);
    // Progress shares by rough work: a full search per all-pairs root, about
    // half of one per other destination, a small box per routed flow, and
    // push-relabel max flows when the bisection is not known.
    const double search = double(g.n) + double(g.adj.size());
    double ecmpWork = double(job.allPairsRoots.size()) * search, routerWork = 0;
    for (const Demands& d : demands) {
        if (router) {
            routerWork += 16.0 * double(d.src.size());
            continue;
        }
        std::size_t dsts = 0;
        for (std::uint32_t c = 0; c < g.n; ++c)
            dsts += d.dstBegin[c + 1] > d.dstBegin[c];
        ecmpWork += 0.5 * double(dsts) * search;
    }
    const double cutWork = t.exactBisection || (t.bisectionBound && t.vertexCount() + t.edgeCount() > kSearchLimit) ? 0.0 : 6.0 * 20.0 * double(t.vertexCount() + t.edgeCount());
    const double total = ecmpWork + routerWork + cutWork + 1.0;
    job.progressShare = ecmpWork / total;
    EcmpResult res = runEcmpPass(g, job, o.threads, &progress);

    m.hops = std::move(res.hops);
    const std::uint64_t pairs = m.hops.pairs();
    m.avgLatency = pairs ? res.latencySum / static_cast<double>(pairs) : 0.0;
    m.maxLatency = res.latencyMax;
    m.method = sym ? sym->method
                   : "ECMP from each of " + std::to_string(job.allPairsRoots.size()) +
                         " destination roots (no symmetry used), exact";
    if (sym)
        sym->fold(res.allToAll);
    const std::vector<double> ends =
        allToAllAccess(t, g, res.leafReach, sym ? sym->rootOf : std::vector<std::uint32_t>{});
    m.allToAll = finishLoads(t, g, TrafficPattern::AllToAll, res.allToAll, ends, ends, H ? H * (H - 1) : 0);
    m.allToAll.method = m.method;
    m.a2aBandwidth = allToAllBandwidth(m.allToAll, m.counts.hosts);

    for (std::size_t i = 0; i < demands.size(); ++i) {
        const Demands& d = demands[i];
        const double share = routerWork / total / double(demands.size());
        CoreLoads core = router ? router->route(g, d, o.threads, &progress, share) : std::move(res.sparse[i]);
        std::vector<double> out, in;
        accessLoads(d, router ? std::vector<std::uint8_t>{} : res.entryRouted[i], out, in);
        LinkLoads l = finishLoads(t, g, d.pattern, core, out, in, d.flows);
        l.method = router ? router->method() : "ECMP per destination root, searched to its farthest source, exact";
        slot(m, d.pattern) = std::move(l);
    }

    const std::uint64_t flowsA2A = H ? H * (H - 1) : 0;
    m.valiant.push_back(valiantLoads(t, m.allToAll, TrafficPattern::AllToAll, flowsA2A, true));
    for (const std::optional<LinkLoads>* p : {&m.transpose, &m.nearestNeighbour, &m.ring})
        if (*p)
            m.valiant.push_back(valiantLoads(t, m.allToAll, (*p)->pattern, (*p)->flows,
                                             (*p)->pattern == TrafficPattern::Ring ||
                                                 ((*p)->pattern == TrafficPattern::Transpose && (*p)->flows == H)));

    progress.beginStage(cutWork / total, 1);
    m.bisection = bisection(t);
    progress.finish();
    return m;
}

} // namespace cs
