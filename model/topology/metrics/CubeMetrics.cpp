#include "model/topology/metrics/CubeMetrics.h"
#include "model/topology/routing/BottleneckScan.h"
#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/graph/MetricsProgress.h"
#include "model/topology/graph/ParallelFor.h"
#include "model/topology/routing/ValiantLoads.h"

#include <cmath>
#include <functional>

namespace cs {

namespace {

// Hosts at each hop distance from one host (itself at 0): one dimension's
// distances convolved dims times.
std::vector<std::uint64_t> distances(const CubeNumbering& net)
{
    std::vector<std::uint64_t> one{1, 1}; // a hypercube's bit
    if (net.wrap()) {
        const std::uint32_t k = net.k();
        one.assign(k / 2 + 1, 2);
        one[0] = 1;
        if (k % 2 == 0)
            one[k / 2] = 1;
    }
    std::vector<std::uint64_t> ball{1};
    for (std::uint32_t d = 0; d < net.dims(); ++d) {
        std::vector<std::uint64_t> next(ball.size() + one.size() - 1, 0);
        for (std::size_t i = 0; i < ball.size(); ++i)
            for (std::size_t j = 0; j < one.size(); ++j)
                next[i + j] += ball[i] * one[j];
        ball = std::move(next);
    }
    return ball;
}

// The all-to-all load of every arc: a dimension's hops of all flows, shared
// evenly over its arcs (CubeMetrics.h).
double allToAllArcLoad(const CubeNumbering& net)
{
    const double H = static_cast<double>(net.vertexCount());
    if (!net.wrap())
        return H / 2; // half the hosts differ from one in each bit
    const std::uint32_t k = net.k();
    double plus = 0; // + hops from one host to the k offsets along a dimension
    for (std::uint32_t off = 1; off < k; ++off)
        plus += 2 * off < k ? off : 2 * off == k ? off / 2.0 : 0.0;
    return H / k * plus;
}

// One flow from each host s to dst(s) (none where dst(s) == s), every host
// receiving at most one: by destination, as trafficDemands lays them out.
Demands oneToOne(TrafficPattern p, std::uint32_t n, const std::function<std::uint32_t(std::uint32_t)>& dst)
{
    constexpr std::uint32_t kNone = 0xffffffffu;
    std::vector<std::uint32_t> from(n, kNone);
    for (std::uint32_t s = 0; s < n; ++s)
        if (const std::uint32_t t = dst(s); t != s)
            from[t] = s;
    Demands d;
    d.pattern = p;
    d.dstBegin.assign(std::size_t{n} + 1, 0);
    for (std::uint32_t t = 0; t < n; ++t) {
        d.dstBegin[t + 1] = d.dstBegin[t];
        if (from[t] != kNone) {
            d.src.push_back(from[t]);
            ++d.dstBegin[t + 1];
        }
    }
    d.weight.assign(d.src.size(), 1.0);
    d.flows = d.src.size();
    return d;
}

// Loads equal to `load` on every link direction: the first link in order is
// the bottleneck, as scanBottleneck names it.
LinkLoads uniformLoads(const CubeNumbering& net, TrafficPattern p, std::uint64_t flows, double load)
{
    LinkLoads r;
    r.pattern = p;
    r.flows = flows;
    scanBottleneck(
        net, r, [&](std::size_t) { return std::pair{load, load}; }, [](std::size_t) { return 0.0; });
    return r;
}

} // namespace

std::optional<TopologyMetrics> cubeMetrics(const std::string& name, const CubeNumbering& net,
                                           const BisectionResult& cut, const MetricsOptions& o)
{
    const bool cube = net.wrap() ? net.k() >= 3 : net.k() == 2;
    if (!cube || o.perLinkLoads || !o.symmetry)
        return std::nullopt;
    MetricsProgress progress(o.progress, o.cancel);
    const auto n = static_cast<std::uint32_t>(net.vertexCount());
    const std::uint64_t H = n;
    TopologyMetrics m;
    m.counts.hosts = H;
    m.counts.links = net.edgeCount();
    m.bisection = cut;

    // Hops and latency.
    const std::vector<std::uint64_t> ball = distances(net);
    m.hops.count.assign(ball.size(), 0);
    const double L = net.link(0).latency, f = net.attributes(0).forwardCost;
    double latencySum = 0;
    for (std::size_t h = 1; h < ball.size(); ++h) {
        m.hops.count[h] = H * ball[h];
        latencySum += static_cast<double>(m.hops.count[h]) * (double(h) * L + double(h - 1) * f);
    }
    const std::uint64_t pairs = m.hops.pairs();
    const int D = m.hops.diameter();
    m.avgLatency = pairs ? latencySum / static_cast<double>(pairs) : 0.0;
    m.maxLatency = D > 0 ? D * L + (D - 1) * f : 0.0;
    m.method = "every host of the " + name + " alike (its translations): distances per dimension and equal loads " +
               "on every link of a dimension, from the generator's parameters without building, exact";

    const double a2aLoad = allToAllArcLoad(net);
    m.allToAll = uniformLoads(net, TrafficPattern::AllToAll, H * (H - 1), a2aLoad);
    m.allToAll.method = m.method;
    m.a2aBandwidth = allToAllBandwidth(m.allToAll, H);

    // The sparse patterns, in computeMetrics's order.
    const CubeEvenSplit router = CubeEvenSplit::of(name, net);
    std::vector<Demands> routed;
    if (o.transpose) {
        const std::uint32_t rows = transposeRows(n);
        routed.push_back(oneToOne(TrafficPattern::Transpose, n,
                                  [&](std::uint32_t s) { return transposePartner(s, n, rows); }));
    }
    if (o.ring)
        routed.push_back(oneToOne(TrafficPattern::Ring, n, [&](std::uint32_t s) { return (s + 1) % n; }));
    std::vector<double> work(routed.size());
    for (std::size_t i = 0; i < routed.size(); ++i)
        work[i] = router.work({}, routed[i], o.threads);
    progress.throwIfCancelled();
    auto noteIfSkipped = [&](std::size_t i) {
        if (work[i] > kMaxPatternWork)
            noteSkipped(m.skipped, routed[i].pattern, work[i]);
    };
    if (o.transpose)
        noteIfSkipped(0);
    if (o.nearestNeighbour) {
        // Each host's nearest are its neighbours, one hop away on their own link.
        const std::uint64_t degree = std::uint64_t{net.dims()} * (net.wrap() ? 2 : 1);
        m.nearestNeighbour = uniformLoads(net, TrafficPattern::NearestNeighbour, H * degree, 1.0);
        m.nearestNeighbour->method = "every flow one hop on its own link: one flow on each link direction, exact";
    }
    if (o.ring)
        noteIfSkipped(routed.size() - 1);

    // The routed patterns side by side, each into its own load vector,
    // named and dropped as it finishes.
    std::vector<std::optional<LinkLoads>> done(routed.size());
    {
        MetricsProgress each({}, o.cancel);
        std::vector<std::function<void()>> tasks;
        for (std::size_t i = 0; i < routed.size(); ++i)
            if (work[i] <= kMaxPatternWork)
                tasks.push_back([&, i] {
                    const int threads = routed.size() > 1 ? 1 : o.threads;
                    const CoreLoads core = router.route({}, routed[i], threads, &each, 0.0);
                    LinkLoads r;
                    r.pattern = routed[i].pattern;
                    r.flows = routed[i].flows;
                    r.unroutable =
                        static_cast<std::uint64_t>(std::llround(std::max(0.0, double(r.flows) - core.routed)));
                    scanBottleneck(
                        net, r,
                        [&](std::size_t e) {
                            const auto [fwd, bwd] = net.arcs(e);
                            return std::pair{core.arc[fwd], core.arc[bwd]};
                        },
                        [](std::size_t) { return 0.0; });
                    r.method = router.method();
                    done[i] = std::move(r);
                });
        parallelTasks(tasks, o.threads);
        each.throwIfCancelled();
    }
    for (std::optional<LinkLoads>& l : done)
        if (l)
            (l->pattern == TrafficPattern::Transpose ? m.transpose : m.ring) = std::move(*l);

    // Valiant: (2k/H) x the all-to-all's on every link, pattern by pattern.
    for (const LinkLoads* l : {&m.allToAll, m.transpose ? &*m.transpose : nullptr,
                               m.nearestNeighbour ? &*m.nearestNeighbour : nullptr, m.ring ? &*m.ring : nullptr}) {
        if (!l)
            continue;
        m.valiant.push_back(valiantLoadsOf(
            net, H, [&](std::size_t) { return std::pair{a2aLoad, a2aLoad}; }, [](std::size_t) { return 0.0; },
            [](std::size_t) { return false; }, l->pattern, l->flows, valiantUniform(*l, H)));
    }
    progress.finish();
    return m;
}

} // namespace cs
