#include "model/topology/TopologyMetrics.h"
#include "model/topology/FlowRouter.h"
#include "model/topology/EcmpPass.h"
#include "model/topology/MetricsProgress.h"
#include "model/topology/ParallelFor.h"
#include "model/topology/StreamedLoads.h"
#include "model/topology/Symmetry.h"
#include "model/topology/TopologyBudget.h"
#include "model/topology/TrafficDemands.h"
#include "model/topology/ValiantLoads.h"

#include <cstdio>
#include <functional>
#include <memory>

namespace cs {

namespace {

std::optional<LinkLoads>& slot(TopologyMetrics& m, TrafficPattern p)
{
    return p == TrafficPattern::Transpose ? m.transpose : p == TrafficPattern::Ring ? m.ring : m.nearestNeighbour;
}

void dropPerLink(LinkLoads& l)
{
    l.forward = {};
    l.backward = {};
    l.throughSegment = {};
}

// The router work the generator states for each pattern (GeneratorCounts::
// patternRouterWork, which equals FlowRouter::work where it is given), when
// the topology is still what its generator record says; -1 where unknown.
std::vector<double> statedRouterWork(const Topology& t, const std::vector<TrafficPattern>& patterns)
{
    std::vector<double> w(patterns.size(), -1.0);
    if (t.generator.empty())
        return w;
    const GeneratorCounts c = countsOf(t);
    if (!c.coordinateRouted)
        return w;
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        // patternRouterWork is in the order transpose, ring, nearest-neighbour.
        const int at = patterns[i] == TrafficPattern::Transpose ? 0 : patterns[i] == TrafficPattern::Ring ? 1 : 2;
        w[i] = c.patternRouterWork[at];
    }
    return w;
}

} // namespace

TopologyMetrics computeMetrics(const Topology& t, const MetricsOptions& o)
{
    MetricsProgress progress(o.progress, o.cancel);
    TopologyMetrics m;
    m.counts = t.counts();
    // Stages whose parts do not depend on each other run them side by side
    // (parallelTasks; each part writes only its own result), so that the
    // linear passes of a million-host network use both cores too. A part's
    // error is rethrown in list order: validate() first.
    CoreGraph g;
    parallelTasks({[&] { t.validate(); }, [&] { g = CoreGraph::build(t); }}, o.threads);
    const std::uint64_t H = g.hosts;

    // Symmetry and coordinates come from the generator's record and are
    // checked on the graph; without them every destination root is searched.
    std::vector<TrafficPattern> patterns;
    if (o.transpose)
        patterns.push_back(TrafficPattern::Transpose);
    if (o.nearestNeighbour)
        patterns.push_back(TrafficPattern::NearestNeighbour);
    if (o.ring)
        patterns.push_back(TrafficPattern::Ring);
    std::optional<Symmetry> sym;
    std::unique_ptr<FlowRouter> router;
    std::vector<Demands> all(patterns.size());
    // What the generator states its router's work will be (FlowRouter::work,
    // exactly: a hypercube's); < 0 when it does not say.
    const std::vector<double> stated = o.symmetry ? statedRouterWork(t, patterns) : std::vector<double>{};
    auto leftOut = [&](std::size_t i) { return i < stated.size() && stated[i] > kMaxPatternWork; };
    {
        // The symmetry check and the demands before the router: a
        // nearest-neighbour pattern's demands are the longest part (20
        // million flows on a 2^20 hypercube), and a thread that starts them
        // late makes the stage wait for them. A pattern the router will
        // leave out by the generator's own count is not listed unless the
        // router turns out not to apply (on the 2^20 hypercube those lists
        // were 0.9 GB and a second and a half, for three patterns left out).
        std::vector<std::function<void()>> tasks;
        if (o.symmetry)
            tasks.push_back([&] { sym = findSymmetry(t, g); });
        for (std::size_t i = 0; i < patterns.size(); ++i)
            if (!leftOut(i))
                tasks.push_back([&, i] { all[i] = trafficDemands(t, g, patterns[i]); });
        if (o.symmetry && !patterns.empty())
            tasks.push_back([&] { router = coordinateRouter(t, g, o.threads); });
        parallelTasks(tasks, o.threads);
    }
    progress.throwIfCancelled();
    std::vector<double> work(all.size(), 0.0);
    {
        std::vector<std::function<void()>> tasks;
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (leftOut(i) && router)
                work[i] = stated[i];
            else if (leftOut(i)) // no router: the search routes it, whatever its size
                tasks.push_back([&, i] { all[i] = trafficDemands(t, g, patterns[i]); });
            else if (router)
                tasks.push_back([&, i] { work[i] = router->work(g, all[i], o.threads); });
        }
        parallelTasks(tasks, o.threads);
    }
    std::vector<Demands> demands;
    demands.reserve(patterns.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (work[i] > kMaxPatternWork) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "%s%s not computed: its loads take %.2g steps (box positions or arcs), more than %.2g",
                          m.skipped.empty() ? "" : "; ", std::string(patternName(patterns[i])).c_str(), work[i],
                          kMaxPatternWork);
            m.skipped += buf;
            continue;
        }
        demands.push_back(std::move(all[i]));
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
    // The routed patterns do not depend on the all-pairs pass: with a router
    // they run beside it, each on one thread (a symmetric network's pass
    // has few roots and leaves a core idle). Their own tracker polls the
    // same cancel flag; the pass reports the progress of both.
    job.progressShare = (ecmpWork + routerWork) / total;
    EcmpResult res;
    std::vector<CoreLoads> core(demands.size());
    {
        MetricsProgress routed({}, o.cancel);
        std::vector<std::function<void()>> tasks{[&] { res = runEcmpPass(g, job, o.threads, &progress); }};
        for (std::size_t i = 0; router && i < demands.size(); ++i)
            tasks.push_back([&, i] { core[i] = router->route(g, demands[i], 1, &routed, 0.0); });
        parallelTasks(tasks, o.threads);
    }

    m.hops = std::move(res.hops);
    const std::uint64_t pairs = m.hops.pairs();
    m.avgLatency = pairs ? res.latencySum / static_cast<double>(pairs) : 0.0;
    m.maxLatency = res.latencyMax;
    m.method = sym ? sym->method
                   : "ECMP from each of " + std::to_string(job.allPairsRoots.size()) +
                         " destination roots (no symmetry used), exact";

    // Every pattern's link loads side by side.
    if (!router)
        for (std::size_t i = 0; i < demands.size(); ++i)
            core[i] = std::move(res.sparse[i]);
    std::vector<LinkLoads> loads(demands.size());
    // Without per-link loads the patterns' bottlenecks are read straight
    // from the arcs (StreamedLoads.h); the all-to-all's vectors stay until
    // the Valiant loads are derived from them.
    const EdgeSources sources =
        !o.perLinkLoads && !demands.empty() ? EdgeSources::of(t, g) : EdgeSources{};
    {
        std::vector<std::function<void()>> tasks;
        tasks.push_back([&] {
            if (sym)
                sym->fold(res.allToAll);
            const std::vector<double> ends =
                allToAllAccess(t, g, res.leafReach, sym ? sym->rootOf : std::vector<std::uint32_t>{});
            m.allToAll = finishLoads(t, g, TrafficPattern::AllToAll, res.allToAll, ends, ends, H ? H * (H - 1) : 0);
            m.allToAll.method = m.method;
            m.a2aBandwidth = allToAllBandwidth(m.allToAll, m.counts.hosts);
        });
        for (std::size_t i = 0; i < demands.size(); ++i)
            tasks.push_back([&, i] {
                const Demands& d = demands[i];
                std::vector<double> out, in;
                accessLoads(d, router ? std::vector<std::uint8_t>{} : res.entryRouted[i], out, in);
                loads[i] = o.perLinkLoads ? finishLoads(t, g, d.pattern, core[i], out, in, d.flows)
                                          : finishBottleneck(t, g, sources, d.pattern, core[i], out, in, d.flows);
                loads[i].method =
                    router ? router->method() : "ECMP per destination root, searched to its farthest source, exact";
                core[i] = {};
            });
        parallelTasks(tasks, o.threads);
    }
    for (LinkLoads& l : loads) {
        const TrafficPattern p = l.pattern;
        slot(m, p) = std::move(l);
    }

    // Valiant loads scale the all-to-all's: each pattern's on its own.
    const std::uint64_t flowsA2A = H ? H * (H - 1) : 0;
    std::vector<const LinkLoads*> valiantOf{&m.allToAll};
    for (const std::optional<LinkLoads>* p : {&m.transpose, &m.nearestNeighbour, &m.ring})
        if (*p)
            valiantOf.push_back(&**p);
    m.valiant.resize(valiantOf.size());
    {
        std::vector<std::function<void()>> tasks;
        for (std::size_t i = 0; i < valiantOf.size(); ++i)
            tasks.push_back([&, i] {
                const LinkLoads& l = *valiantOf[i];
                const bool uniform = i == 0 || l.pattern == TrafficPattern::Ring ||
                                     (l.pattern == TrafficPattern::Transpose && l.flows == H);
                m.valiant[i] = valiantLoads(t, m.allToAll, l.pattern, i == 0 ? flowsA2A : l.flows, uniform);
            });
        parallelTasks(tasks, o.threads);
    }

    if (!o.perLinkLoads)
        dropPerLink(m.allToAll);

    progress.beginStage(cutWork / total, 1);
    m.bisection = bisection(t);
    progress.finish();
    return m;
}

} // namespace cs
