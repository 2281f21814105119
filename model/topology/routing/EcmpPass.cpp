#include "model/topology/routing/EcmpPass.h"
#include "model/topology/graph/BfsLayers.h"
#include "model/topology/graph/ParallelFor.h"

#include <algorithm>
#include <limits>

namespace cs {

std::vector<std::pair<std::uint32_t, std::uint64_t>> everyHostRoot(const CoreGraph& g)
{
    std::vector<std::pair<std::uint32_t, std::uint64_t>> roots;
    for (std::uint32_t c = 0; c < g.n; ++c)
        if (g.selfHost[c] || g.leafCount[c])
            roots.emplace_back(c, 1);
    return roots;
}

std::vector<double> allToAllAccess(const Topology& t, const CoreGraph& g, const std::vector<double>& leafReach,
                                   const std::vector<std::uint32_t>& rep)
{
    std::vector<double> ends(t.vertexCount(), 0.0);
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const std::uint32_t c = g.leafParent[v];
        if (c != CoreGraph::kNone)
            ends[v] = leafReach[rep.empty() ? c : rep[c]];
    }
    return ends;
}

namespace {

constexpr double kNoPair = -std::numeric_limits<double>::infinity();

// Hosts that can be the source (or destination) of a route through core
// vertex v: v itself if a host, and its leaves if v forwards.
double endsAt(const CoreGraph& g, std::uint32_t v)
{
    return double(g.selfHost[v]) + (g.transit[v] ? double(g.leafCount[v]) : 0.0);
}

// Ordered pairs of hosts at core vertex t that reach each other without
// leaving it: the host itself with each leaf both ways, and leaf to leaf
// through t if it forwards.
double localPairs(const CoreGraph& g, std::uint32_t t)
{
    const double L = g.leafCount[t];
    return 2.0 * g.selfHost[t] * L + (g.transit[t] ? L * (L - 1) : 0.0);
}

// A set of vertices that empties in O(1): a vertex is in it when its mark
// equals the current stamp.
struct Marks {
    std::vector<std::uint32_t> mark;
    std::uint32_t stamp = 0;

    void clear()
    {
        if (++stamp == 0) {
            std::fill(mark.begin(), mark.end(), 0);
            stamp = 1;
        }
    }
    bool has(std::uint32_t v) const { return mark[v] == stamp; }
    // True when v was not in the set.
    bool insert(std::uint32_t v)
    {
        if (mark[v] == stamp)
            return false;
        mark[v] = stamp;
        return true;
    }
};

// Per-search arrays are indexed by queue position, not vertex: a vertex's
// next hops sit one level back in the queue, close together in memory.
struct Worker {
    BfsLayers bfs;
    std::vector<double> F;         // flow arriving at each position, reset as it is passed on
    std::vector<double> latAvg;    // ECMP-mean latency from arriving at a position to arriving at the root
    std::vector<double> latMax;    // the same on the worst route
    Marks marks;                   // vertices: sources still to find; positions: holding flow
    std::vector<std::vector<std::uint32_t>> active; // per level: positions holding flow
    HopHistogram hops;
    double latencySum = 0, latencyMax = 0;
    CoreLoads allToAll;
    std::vector<CoreLoads> sparse;
    bool ready = false; // its arrays are allocated (by the thread that uses it)
};

// Passes the flow f of vertex v at queue position `pos` on to its next
// hops, evenly.
inline void passOn(const CoreGraph& g, const BfsLayers& b, std::uint32_t pos, std::uint32_t v, double f,
                   double* F, CoreLoads& out)
{
    if (g.segment[v])
        out.through[v] += f;
    const std::uint32_t* arcs = b.nextHopArcs();
    const std::uint32_t* to = b.nextHopPositions();
    const std::uint32_t begin = b.nextHopBegin(pos), end = b.nextHopEnd(pos);
    const double share = f / static_cast<double>(end - begin);
    double* load = out.arc.data();
    for (std::uint32_t j = begin; j < end; ++j) {
        load[arcs[j]] += share;
        F[to[j]] += share;
    }
}

// The flow that reached the root (position 0), and `local` flows that stay
// there.
inline void arrive(const CoreGraph& g, std::uint32_t t, double local, double* F, CoreLoads& out)
{
    out.routed += local;
    if (g.segment[t])
        out.through[t] += F[0] + local;
    F[0] = 0;
}

// All-to-all: `each` flows from every host at every reached vertex to the
// hosts at the root, `local` among the root's own; every reached vertex
// takes part, so the sweep goes over all of them, last level first.
void routeAllToAll(const CoreGraph& g, const BfsLayers& b, const double* ends, double each, double local, Worker& w,
                   CoreLoads& out)
{
    double* F = w.F.data();
    double routed = 0;
    for (std::uint32_t pos = b.reachedCount(); pos-- > 1;) {
        const std::uint32_t v = b.at(pos);
        const double injected = ends[v] * each;
        routed += injected;
        const double f = F[pos] + injected;
        F[pos] = 0;
        if (f != 0)
            passOn(g, b, pos, v, f, F, out);
    }
    out.routed += routed;
    arrive(g, b.root(), local, F, out);
}

// A sparse pattern's flows to the root: only the vertices on their routes
// are visited, level by level from the deepest source.
void routeFlows(const CoreGraph& g, const BfsLayers& b, const Demands& d, Worker& w, CoreLoads& out,
                std::uint8_t* entryRouted)
{
    const std::uint32_t t = b.root();
    double* F = w.F.data();
    if (w.active.size() < b.levels())
        w.active.resize(b.levels());
    w.marks.clear();
    std::uint32_t deepest = 0;
    double routed = 0;
    for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k) {
        const std::uint32_t s = d.src[k];
        entryRouted[k] = b.reached(s) ? 1 : 0;
        if (!b.reached(s))
            continue; // unroutable
        routed += d.weight[k];
        const std::uint32_t pos = b.position(s);
        F[pos] += d.weight[k];
        if (w.marks.insert(pos))
            w.active[b.dist(s)].push_back(pos);
        deepest = std::max(deepest, b.dist(s));
    }
    const std::uint32_t* to = b.nextHopPositions();
    for (std::uint32_t level = deepest; level >= 1; --level) {
        auto& here = w.active[level];
        auto& next = w.active[level - 1];
        for (std::uint32_t pos : here) {
            const double f = F[pos];
            F[pos] = 0;
            passOn(g, b, pos, b.at(pos), f, F, out);
            for (std::uint32_t j = b.nextHopBegin(pos); j < b.nextHopEnd(pos); ++j)
                if (to[j] != 0 && w.marks.insert(to[j]))
                    next.push_back(to[j]);
        }
        here.clear();
    }
    out.routed += routed;
    arrive(g, t, d.local[t], F, out);
}

// Path latency of every ordered host pair ending at the root (see
// TopologyMetrics::avgLatency): a forward sweep over the levels, since a
// vertex's next hops are all one level nearer the root.
void addLatency(const CoreGraph& g, const BfsLayers& b, const double* ends, double weight, Worker& w)
{
    const std::uint32_t t = b.root();
    const double L = g.leafCount[t];
    const bool tr = g.transit[t] != 0;
    // The destination side: the root as a host adds nothing; a leaf y adds
    // the root's own cost and its link, l_y.
    const double dc = endsAt(g, t);
    const double dsum = tr ? L * g.cost[t] + g.leafLatencySum[t] : 0.0;
    double dmax = g.selfHost[t] ? 0.0 : kNoPair;
    if (tr && L > 0)
        dmax = std::max(dmax, g.cost[t] + g.leafLatencyMax[t]);
    double sum = 0, mx = w.latencyMax;
    // Pairs at the root: self <-> each leaf (the leaf's link), leaf -> leaf
    // through the root (l_x + cost + l_y).
    if (g.selfHost[t] && L > 0) {
        sum += 2 * g.leafLatencySum[t];
        mx = std::max(mx, g.leafLatencyMax[t]);
    }
    if (tr && L > 1) {
        sum += 2 * (L - 1) * g.leafLatencySum[t] + L * (L - 1) * g.cost[t];
        mx = std::max(mx, g.leafLatencyMax[t] + g.leafLatencyMax2[t] + g.cost[t]);
    }
    double* avg = w.latAvg.data();
    double* worst = w.latMax.data();
    avg[0] = worst[0] = 0; // the root
    const std::uint32_t* arcs = b.nextHopArcs();
    const std::uint32_t* to = b.nextHopPositions();
    const double* arcLatency = g.arcLatency.data();
    for (std::uint32_t pos = 1; pos < b.reachedCount(); ++pos) {
        const std::uint32_t v = b.at(pos);
        double a = 0, m = 0;
        const std::uint32_t begin = b.nextHopBegin(pos), end = b.nextHopEnd(pos);
        for (std::uint32_t j = begin; j < end; ++j) {
            const double lat = arcLatency[arcs[j]];
            a += lat + avg[to[j]];
            m = std::max(m, lat + worst[to[j]]);
        }
        a /= static_cast<double>(end - begin);
        // Stored for the vertices behind v: arriving at v, pass through it.
        avg[pos] = g.cost[v] + a;
        worst[pos] = g.cost[v] + m;
        // Sources at v: itself (a), its leaves (l_x + cost + a).
        const double sc = ends[v];
        if (sc == 0)
            continue;
        const double self = g.selfHost[v];
        const double Lv = sc - self; // the leaves, when v forwards
        const double ssum = self * a + (Lv > 0 ? Lv * avg[pos] + g.leafLatencySum[v] : 0.0);
        sum += dc * ssum + sc * dsum;
        if (dc > 0) {
            const double smax = Lv > 0 ? std::max(g.selfHost[v] ? m : kNoPair, g.leafLatencyMax[v] + worst[pos])
                                       : m;
            mx = std::max(mx, smax + dmax);
        }
    }
    w.latencySum += weight * sum;
    w.latencyMax = mx;
}

} // namespace

EcmpResult runEcmpPass(const CoreGraph& g, const EcmpJob& job, int threads, MetricsProgress* progress)
{
    const std::size_t np = job.sparse.size();
    // Every root: all-pairs weight (0 for none) and whether sparse flows end there.
    std::vector<std::uint64_t> weight(g.n, 0);
    for (const auto& [r, wt] : job.allPairsRoots)
        weight[r] += wt;
    std::vector<std::uint32_t> roots;
    for (std::uint32_t t = 0; t < g.n; ++t) {
        bool any = weight[t] > 0;
        for (const Demands* d : job.sparse)
            any = any || d->dstBegin[t + 1] > d->dstBegin[t] || d->local[t] != 0;
        if (any)
            roots.push_back(t);
    }
    const bool a2aLoads = job.allToAll && !job.allPairsRoots.empty();
    const bool nextHops = job.latency || a2aLoads || np > 0;

    // Hosts that start or end a route at each vertex (endsAt), looked up
    // once per vertex per root: one array instead of three.
    std::vector<double> endsOf(g.n);
    for (std::uint32_t v = 0; v < g.n; ++v)
        endsOf[v] = endsAt(g, v);
    const double* ends = endsOf.data();

    // A worker's arrays are made by its own thread when it takes its first
    // root, not copied from a filled prototype: on a million-vertex core
    // each set of arc loads is 30-170 MB, and the prototype's was one more
    // set than there are workers (the hypercube's one root has one worker).
    auto blank = [&] { return CoreLoads{std::vector<double>(g.adj.size(), 0.0), std::vector<double>(g.n, 0.0), 0}; };
    auto prepare = [&](Worker& w) {
        w.bfs = BfsLayers(g);
        w.F.assign(g.n, 0.0);
        if (job.latency) {
            w.latAvg.assign(g.n, 0.0);
            w.latMax.assign(g.n, 0.0);
        }
        w.marks.mark.assign(np ? g.n + 1 : 0, 0);
        if (a2aLoads)
            w.allToAll = blank();
        w.sparse.assign(np, np ? blank() : CoreLoads{});
        w.ready = true;
    };
    const Worker proto;
    if (progress)
        progress->beginStage(job.progressShare, roots.size());

    EcmpResult r;
    r.leafReach.assign(g.n, 0.0);
    for (const Demands* d : job.sparse)
        r.entryRouted.emplace_back(d->src.size(), 0);
    auto work = [&](Worker& w, std::size_t i) {
        if (progress && progress->cancelled())
            return;
        if (!w.ready)
            prepare(w);
        const std::uint32_t t = roots[i];
        const std::uint64_t wt = weight[t];
        if (wt > 0) {
            w.bfs.run(g, t, nextHops);
        } else {
            // Search only as deep as the farthest source of a flow to t.
            w.marks.clear();
            std::uint32_t missing = 0;
            for (const Demands* d : job.sparse)
                for (std::uint32_t k = d->dstBegin[t]; k < d->dstBegin[t + 1]; ++k)
                    missing += w.marks.insert(d->src[k]) ? 1 : 0;
            w.bfs.start(g, t, true);
            while (missing > 0 && w.bfs.grow(g)) {
                const std::uint32_t d = w.bfs.levels() - 1;
                for (std::uint32_t pos = w.bfs.levelBegin(d); pos < w.bfs.levelEnd(d); ++pos)
                    missing -= w.marks.has(w.bfs.at(pos)) ? 1 : 0;
            }
            w.bfs.grow(g, false); // next hops of the deepest level
        }
        if (wt > 0) {
            if (job.hops)
                addRootPairs(g, w.bfs, wt, w.hops);
            if (job.latency)
                addLatency(g, w.bfs, ends, static_cast<double>(wt), w);
            if (a2aLoads) {
                const double dst = endsAt(g, t) * static_cast<double>(wt);
                routeAllToAll(g, w.bfs, ends, dst, localPairs(g, t) * static_cast<double>(wt), w, w.allToAll);
            }
            if (g.leafCount[t]) {
                double reach = g.selfHost[t] + (g.transit[t] ? g.leafCount[t] - 1.0 : 0.0);
                for (std::uint32_t pos = 1; g.transit[t] && pos < w.bfs.reachedCount(); ++pos)
                    reach += ends[w.bfs.at(pos)];
                r.leafReach[t] = reach;
            }
        }
        for (std::size_t p = 0; p < np; ++p)
            routeFlows(g, w.bfs, *job.sparse[p], w, w.sparse[p], r.entryRouted[p].data());
        if (progress)
            progress->step();
    };
    auto workers = parallelFor(roots.size(), threads, proto, work);
    if (progress)
        progress->throwIfCancelled();

    r.sparse.resize(np);
    // The first worker's loads are taken as they are (adding them to zeros
    // gives the same numbers), the others added in worker order as before.
    auto merge = [](CoreLoads& into, CoreLoads& from) {
        if (into.arc.empty() && into.through.empty() && into.routed == 0)
            into = std::move(from);
        else
            into.add(from);
    };
    bool any = false;
    for (Worker& w : workers) {
        r.hops.add(w.hops);
        r.latencySum += w.latencySum;
        r.latencyMax = std::max(r.latencyMax, w.latencyMax);
        if (!w.ready)
            continue;
        any = true;
        merge(r.allToAll, w.allToAll);
        for (std::size_t p = 0; p < np; ++p)
            merge(r.sparse[p], w.sparse[p]);
    }
    if (!any) { // no root at all: the zero loads a worker would have had
        if (a2aLoads)
            r.allToAll = blank();
        for (std::size_t p = 0; p < np; ++p)
            r.sparse[p] = blank();
    }
    trimHistogram(r.hops);
    return r;
}

} // namespace cs
