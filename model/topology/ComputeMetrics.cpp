#include "model/topology/ComputeMetrics.h"
#include "model/topology/routing/FlowRouter.h"
#include "model/topology/routing/CoordinateRouter.h"
#include "model/topology/routing/EcmpPass.h"
#include "model/topology/graph/MetricsProgress.h"
#include "model/topology/graph/ParallelFor.h"
#include "model/topology/routing/StreamedLoads.h"
#include "model/topology/metrics/Symmetry.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/routing/TrafficDemands.h"
#include "model/topology/routing/ValiantLoads.h"

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
    EdgeSources sources; // where finishBottleneck reads each link's loads
    {
        std::vector<std::function<void()>> tasks;
        if (o.symmetry)
            tasks.push_back([&] { sym = findSymmetry(t, g); });
        if (o.symmetry && !patterns.empty())
            tasks.push_back([&] { router = coordinateRouter(t, g, o.threads); });
        if (!o.perLinkLoads && !patterns.empty())
            tasks.push_back([&] { sources = EdgeSources::of(t, g); });
        parallelTasks(tasks, o.threads);
    }
    progress.throwIfCancelled();
    // Without a router the all-pairs pass routes the patterns too, so their
    // flows are listed first.
    std::vector<Demands> searched(router ? 0 : patterns.size());
    {
        std::vector<std::function<void()>> tasks;
        for (std::size_t i = 0; i < searched.size(); ++i)
            tasks.push_back([&, i] { searched[i] = trafficDemands(t, g, patterns[i]); });
        parallelTasks(tasks, o.threads);
    }
    // What the generator states its router's work will be (FlowRouter::work,
    // exactly: a hypercube's); < 0 when it does not say. A pattern over the
    // limit by the generator's own count is left out without listing its
    // flows.
    const std::vector<double> stated = router ? statedRouterWork(t, patterns) : std::vector<double>{};
    std::vector<double> work(patterns.size(), 0.0);

    EcmpJob job;
    job.allPairsRoots = sym ? sym->roots : everyHostRoot(g);
    for (const Demands& d : searched)
        job.sparse.push_back(&d);
    // Progress shares by rough work: a full search per all-pairs root, about
    // half of one per other destination, a small box per routed flow, and
    // push-relabel max flows when the bisection is not known.
    const double search = double(g.n) + double(g.adj.size());
    double ecmpWork = double(job.allPairsRoots.size()) * search;
    const double routerWork = router ? 16.0 * double(H) * double(patterns.size()) : 0.0;
    for (const Demands& d : searched) {
        std::size_t dsts = 0;
        for (std::uint32_t c = 0; c < g.n; ++c)
            dsts += d.dstBegin[c + 1] > d.dstBegin[c];
        ecmpWork += 0.5 * double(dsts) * search;
    }
    const double cutWork = t.exactBisection || (t.bisectionBound && t.vertexCount() + t.edgeCount() > kSearchLimit) ? 0.0 : 6.0 * 20.0 * double(t.vertexCount() + t.edgeCount());
    const double total = ecmpWork + routerWork + cutWork + 1.0;
    job.progressShare = (ecmpWork + routerWork) / total;

    // A pattern's loads finished: its access links added, its bottleneck
    // found (straight from the arcs without per-link loads, StreamedLoads.h).
    auto finish = [&](const Demands& d, const CoreLoads& core, const std::vector<std::uint8_t>& entryRouted) {
        // Folded leaf ends (LeafEnds::Folded) are in the demands already:
        // their access loads are read in place, not copied.
        std::vector<double> listedOut, listedIn;
        const bool listed = !d.leafEnds.empty();
        if (listed)
            accessLoads(d, entryRouted, listedOut, listedIn);
        const std::vector<double>& out = listed ? listedOut : d.out;
        const std::vector<double>& in = listed ? listedIn : d.in;
        LinkLoads l = o.perLinkLoads ? finishLoads(t, g, d.pattern, core, out, in, d.flows)
                                     : finishBottleneck(t, g, sources, d.pattern, core, out, in, d.flows);
        l.method = router ? router->method() : "ECMP per destination root, searched to its farthest source, exact";
        return l;
    };
    std::vector<std::optional<LinkLoads>> loads(patterns.size());
    EcmpResult res;
    {
        // The routed patterns do not depend on the all-pairs pass: with a
        // router each is a task of its own beside it (a symmetric network's
        // pass has few roots and leaves a core idle) that lists its flows,
        // loads them and finds its bottleneck, then drops them. The tasks
        // are handed out in order, so no more than two patterns are held at
        // once (listing all three before routing any was most of a
        // million-host network's peak memory). Their own tracker polls the
        // same cancel flag; the pass reports the progress of both.
        MetricsProgress routed({}, o.cancel);
        std::vector<std::function<void()>> tasks{[&] { res = runEcmpPass(g, job, o.threads, &progress); }};
        for (std::size_t i = 0; router && i < patterns.size(); ++i)
            tasks.push_back([&, i] {
                if (stated[i] > kMaxPatternWork) {
                    work[i] = stated[i];
                    return;
                }
                const Demands d = trafficDemands(t, g, patterns[i], LeafEnds::Folded);
                work[i] = router->work(g, d, 1);
                if (work[i] <= kMaxPatternWork)
                    loads[i] = finish(d, router->route(g, d, 1, &routed, 0.0), {});
            });
        parallelTasks(tasks, o.threads);
    }
    for (std::size_t i = 0; i < patterns.size(); ++i)
        if (work[i] > kMaxPatternWork)
            noteSkipped(m.skipped, patterns[i], work[i]);

    m.hops = std::move(res.hops);
    const std::uint64_t pairs = m.hops.pairs();
    m.avgLatency = pairs ? res.latencySum / static_cast<double>(pairs) : 0.0;
    m.maxLatency = res.latencyMax;
    m.method = sym ? sym->method
                   : "ECMP from each of " + std::to_string(job.allPairsRoots.size()) +
                         " destination roots (no symmetry used), exact";
    // The all-to-all's loads beside the searched patterns'.
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
        for (std::size_t i = 0; i < searched.size(); ++i)
            tasks.push_back([&, i] {
                loads[i] = finish(searched[i], res.sparse[i], res.entryRouted[i]);
                res.sparse[i] = {};
            });
        parallelTasks(tasks, o.threads);
    }
    for (std::optional<LinkLoads>& l : loads)
        if (l) {
            const TrafficPattern p = l->pattern;
            slot(m, p) = std::move(*l);
        }

    // Valiant loads scale the all-to-all's: each pattern's on its own.
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
                m.valiant[i] = valiantLoads(t, m.allToAll, l.pattern, l.flows, valiantUniform(l, H));
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
