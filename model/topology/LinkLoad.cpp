#include "model/topology/LinkLoad.h"
#include "model/core/Unit.h"
#include "model/topology/ParallelFor.h"

#include <cmath>
#include <limits>

namespace cs {

std::string_view patternName(TrafficPattern p)
{
    switch (p) {
    case TrafficPattern::AllToAll: return "all-to-all";
    case TrafficPattern::Transpose: return "transpose";
    case TrafficPattern::NearestNeighbour: return "nearest-neighbour";
    }
    return "?";
}

std::uint32_t transposePartner(std::uint32_t i, std::uint32_t H)
{
    std::uint32_t r = 1;
    for (std::uint32_t d = 1; static_cast<std::uint64_t>(d) * d <= H; ++d)
        if (H % d == 0)
            r = d;
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

namespace {

// Flows of a pattern, aggregated by core vertex.
struct Demands {
    std::vector<std::vector<std::pair<std::uint32_t, double>>> byDst; // dst core -> (src core, flows)
    std::vector<double> local;  // flows whose ends are both at this core vertex
    std::vector<double> out;    // per topology vertex: flows a leaf host sends
    std::vector<double> in;     // per topology vertex: flows a leaf host receives
    std::uint64_t flows = 0;
};

void addFlow(const CoreGraph& g, Demands& d, std::size_t fromV, std::size_t toV, double w = 1.0)
{
    const std::uint32_t s = g.coreOfHost(fromV), t = g.coreOfHost(toV);
    d.out[fromV] += w;
    d.in[toV] += w;
    if (s == t)
        d.local[t] += w;
    else
        d.byDst[t].emplace_back(s, w);
}

Demands transposeDemands(const Topology& t, const CoreGraph& g)
{
    Demands d;
    d.byDst.resize(g.n);
    d.local.assign(g.n, 0.0);
    d.out.assign(t.vertexCount(), 0.0);
    d.in.assign(t.vertexCount(), 0.0);
    const auto& hosts = t.hosts();
    const auto H = static_cast<std::uint32_t>(hosts.size());
    for (std::uint32_t i = 0; i < H; ++i) {
        const std::uint32_t j = transposePartner(i, H);
        if (j == i)
            continue;
        addFlow(g, d, hosts[i], hosts[j]);
        ++d.flows;
    }
    return d;
}

// Each host sends one flow to each host at its smallest hop distance. Leaf
// hosts of the same core vertex have the same targets, so their flows are
// added in bulk (a star of a million hosts stays linear).
Demands nearestDemands(const Topology& t, const CoreGraph& g)
{
    Demands d;
    d.byDst.resize(g.n);
    d.local.assign(g.n, 0.0);
    d.out.assign(t.vertexCount(), 0.0);
    d.in.assign(t.vertexCount(), 0.0);
    std::vector<std::vector<std::uint32_t>> leaves(g.n);
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (g.leafParent[v] != CoreGraph::kNone)
            leaves[g.leafParent[v]].push_back(static_cast<std::uint32_t>(v));
    std::vector<int> dist(g.n, -1);
    std::vector<std::uint32_t> queue;
    constexpr int inf = std::numeric_limits<int>::max();

    // `w` flows (one from each of w sources at core s) to host y.
    auto flowTo = [&](std::uint32_t s, double w, std::size_t y) {
        const std::uint32_t ty = g.coreOfHost(y);
        d.in[y] += w;
        if (ty == s)
            d.local[s] += w;
        else
            d.byDst[ty].emplace_back(s, w);
        d.flows += static_cast<std::uint64_t>(w);
    };
    // Sources at core s whose distance to a target is its core distance +
    // `offset` (+ 1 more for a leaf target) send to every target at `want`
    // hops; returns the number of targets each source has.
    auto sendAt = [&](std::uint32_t s, double w, int offset, int want) {
        std::uint64_t targets = 0;
        for (std::size_t h = 1; h < queue.size(); ++h) {
            const std::uint32_t v = queue[h];
            if (g.selfHost[v] && dist[v] + offset == want) {
                flowTo(s, w, g.topoOf[v]);
                ++targets;
            }
            if (g.transit[v] && dist[v] + 1 + offset == want)
                for (std::uint32_t x : leaves[v]) {
                    flowTo(s, w, x);
                    ++targets;
                }
        }
        return targets;
    };

    for (std::uint32_t s = 0; s < g.n; ++s) {
        const std::uint64_t L = leaves[s].size();
        if (!g.selfHost[s] && !L)
            continue;
        for (std::uint32_t v : queue)
            dist[v] = -1;
        queue.assign(1, s);
        dist[s] = 0;
        for (std::size_t h = 0; h < queue.size(); ++h) {
            const std::uint32_t u = queue[h];
            if (u != s && !g.transit[u])
                continue;
            for (std::uint32_t i = g.offset[u]; i < g.offset[u + 1]; ++i)
                if (dist[g.adj[i]] < 0) {
                    dist[g.adj[i]] = dist[u] + 1;
                    queue.push_back(g.adj[i]);
                }
        }
        // Smallest core distance to a host target elsewhere (self +0, leaf +1).
        int best = inf;
        for (std::size_t h = 1; h < queue.size(); ++h) {
            const std::uint32_t v = queue[h];
            if (g.selfHost[v])
                best = std::min(best, dist[v]);
            if (g.transit[v] && g.leafCount[v])
                best = std::min(best, dist[v] + 1);
        }
        if (g.selfHost[s]) {
            const std::size_t self = g.topoOf[s];
            // Its own leaves are 1 hop away: nothing is nearer.
            const int want = L ? 1 : best;
            if (want != inf) {
                for (std::uint32_t x : leaves[s])
                    flowTo(s, 1.0, x);
                d.out[self] += static_cast<double>(L + sendAt(s, 1.0, 0, want));
            }
            // Its leaves' nearest host is the host they hang off (1 hop).
            if (L) {
                flowTo(s, static_cast<double>(L), self);
                for (std::uint32_t x : leaves[s])
                    d.out[x] += 1.0;
            }
            continue;
        }
        if (!L || !g.transit[s])
            continue;
        // Leaves of a switch or segment: siblings at 2 hops, others at
        // core distance + 2 (leaf) or + 1 (a host in the core).
        const int want = std::min(L > 1 ? 2 : inf, best == inf ? inf : best + 1);
        if (want == inf)
            continue;
        double each = 0;
        if (want == 2 && L > 1) {
            d.local[s] += static_cast<double>(L * (L - 1));
            d.flows += L * (L - 1);
            for (std::uint32_t x : leaves[s])
                d.in[x] += static_cast<double>(L - 1);
            each += static_cast<double>(L - 1);
        }
        each += static_cast<double>(sendAt(s, static_cast<double>(L), 1, want));
        for (std::uint32_t x : leaves[s])
            d.out[x] += each;
    }
    return d;
}

struct LoadWorker {
    std::vector<double> arcLoad;
    std::vector<double> through; // per core vertex
    std::vector<double> F;
    std::vector<std::int32_t> dist;
    std::vector<std::uint32_t> seen;
    std::vector<std::uint32_t> queue;
    std::vector<double> inj;
    std::uint32_t stamp = 0;
    double routed = 0;
};

// Routes everything destined to core vertex t. `inject(v)` gives the flows
// entering at core vertex v (v != t); `local` the flows staying at t.
template <class Inject>
void routeTo(const CoreGraph& g, std::uint32_t t, double local, LoadWorker& w, Inject inject)
{
    if (++w.stamp == 0) {
        std::fill(w.seen.begin(), w.seen.end(), 0);
        w.stamp = 1;
    }
    const std::uint32_t stamp = w.stamp;
    std::uint32_t* queue = w.queue.data();
    std::uint32_t* seen = w.seen.data();
    std::int32_t* dist = w.dist.data();
    double* F = w.F.data();
    seen[t] = stamp;
    dist[t] = 0;
    F[t] = 0;
    queue[0] = t;
    std::size_t tail = 1;
    for (std::size_t h = 0; h < tail; ++h) {
        const std::uint32_t u = queue[h];
        if (u != t && !g.transit[u])
            continue;
        for (std::uint32_t i = g.offset[u]; i < g.offset[u + 1]; ++i) {
            const std::uint32_t v = g.adj[i];
            if (seen[v] != stamp) {
                seen[v] = stamp;
                dist[v] = dist[u] + 1;
                F[v] = 0;
                queue[tail++] = v;
            }
        }
    }
    for (std::size_t h = tail; h-- > 1;) {
        const std::uint32_t v = queue[h];
        const double injected = inject(v);
        w.routed += injected;
        const double f = F[v] + injected;
        if (f == 0)
            continue;
        if (g.segment[v])
            w.through[v] += f;
        int k = 0;
        for (std::uint32_t i = g.offset[v]; i < g.offset[v + 1]; ++i) {
            const std::uint32_t u = g.adj[i];
            k += (seen[u] == stamp && dist[u] == dist[v] - 1 && (u == t || g.transit[u]));
        }
        const double share = f / k;
        for (std::uint32_t i = g.offset[v]; i < g.offset[v + 1]; ++i) {
            const std::uint32_t u = g.adj[i];
            if (seen[u] == stamp && dist[u] == dist[v] - 1 && (u == t || g.transit[u])) {
                w.arcLoad[i] += share;
                F[u] += share;
            }
        }
    }
    w.routed += local;
    if (g.segment[t])
        w.through[t] += F[t] + local;
}

} // namespace

LinkLoads linkLoads(const Topology& t, const CoreGraph& g, TrafficPattern p, int threads)
{
    LinkLoads r;
    r.pattern = p;
    const std::size_t ne = t.edgeCount();
    r.forward.assign(ne, 0.0);
    r.backward.assign(ne, 0.0);
    r.throughSegment.assign(t.vertexCount(), 0.0);

    LoadWorker proto;
    proto.arcLoad.assign(g.adj.size(), 0.0);
    proto.through.assign(g.n, 0.0);
    proto.F.assign(g.n, 0.0);
    proto.dist.assign(g.n, 0);
    proto.seen.assign(g.n, 0);
    proto.queue.assign(g.n + 1, 0);

    std::vector<double> out(t.vertexCount(), 0.0), in(t.vertexCount(), 0.0);
    std::vector<LoadWorker> workers;
    const std::uint64_t H = g.hosts;
    if (p == TrafficPattern::AllToAll) {
        r.flows = H ? H * (H - 1) : 0;
        // Sources and destinations at a core vertex: itself if a host, and
        // its leaves if it forwards (a validated topology always does).
        auto endsAt = [&](std::uint32_t c) {
            return double(g.selfHost[c]) + (g.transit[c] ? double(g.leafCount[c]) : 0.0);
        };
        workers = parallelFor(g.n, threads, proto, [&](LoadWorker& w, std::size_t ti) {
            const auto tc = static_cast<std::uint32_t>(ti);
            const double dst = endsAt(tc);
            if (dst == 0)
                return;
            routeTo(g, tc, dst * (dst - 1), w, [&](std::uint32_t v) { return endsAt(v) * dst; });
        });
        for (std::size_t h : t.hosts())
            out[h] = in[h] = static_cast<double>(H - 1);
    } else {
        Demands d = p == TrafficPattern::Transpose ? transposeDemands(t, g) : nearestDemands(t, g);
        r.flows = d.flows;
        out = std::move(d.out);
        in = std::move(d.in);
        proto.inj.assign(g.n, 0.0);
        workers = parallelFor(g.n, threads, proto, [&](LoadWorker& w, std::size_t ti) {
            const auto tc = static_cast<std::uint32_t>(ti);
            const auto& srcs = d.byDst[tc];
            if (srcs.empty() && d.local[tc] == 0)
                return;
            std::vector<double>& inj = w.inj; // flows entering per core vertex, for this destination
            for (const auto& [s, f] : srcs)
                inj[s] += f;
            routeTo(g, tc, d.local[tc], w, [&](std::uint32_t v) { return inj[v]; });
            for (const auto& [s, f] : srcs)
                inj[s] = 0.0;
        });
    }
    double routed = 0;
    for (const LoadWorker& w : workers) {
        routed += w.routed;
        for (std::size_t i = 0; i < g.adj.size(); ++i) {
            const double v = w.arcLoad[i];
            if (v == 0)
                continue;
            (g.arcForward[i] ? r.forward : r.backward)[g.arcEdge[i]] += v;
        }
        for (std::uint32_t c = 0; c < g.n; ++c)
            r.throughSegment[g.topoOf[c]] += w.through[c];
    }
    r.unroutable = static_cast<std::uint64_t>(std::llround(std::max(0.0, double(r.flows) - routed)));
    // Leaf access links carry what their host sends and receives.
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const std::uint32_t e = g.leafEdge[v];
        if (e == CoreGraph::kNone)
            continue;
        const bool hostFirst = t.endpoints(e).first == v;
        (hostFirst ? r.forward : r.backward)[e] += out[v];
        (hostFirst ? r.backward : r.forward)[e] += in[v];
    }
    // The bottleneck.
    for (std::size_t e = 0; e < ne; ++e) {
        const LinkProps& l = t.link(e);
        const double cap = l.bandwidth * l.channels;
        const auto [a, b] = t.endpoints(e);
        double load;
        std::string name;
        if (l.duplex) {
            const bool fwd = r.forward[e] >= r.backward[e];
            load = fwd ? r.forward[e] : r.backward[e];
            if (load == 0)
                continue;
            if (load / cap > r.maxCongestion)
                name = "link " + t.vertex(fwd ? a : b).id + " -> " + t.vertex(fwd ? b : a).id;
        } else {
            load = r.forward[e] + r.backward[e];
            if (load == 0)
                continue;
            if (load / cap > r.maxCongestion)
                name = "link " + t.vertex(a).id + " - " + t.vertex(b).id + " (half-duplex)";
        }
        if (load / cap > r.maxCongestion) {
            r.maxCongestion = load / cap;
            r.maxLoad = load;
            r.bottleneck = std::move(name);
        }
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const double load = r.throughSegment[v];
        if (load > 0 && load / t.vertex(v).bandwidth > r.maxCongestion) {
            r.maxCongestion = load / t.vertex(v).bandwidth;
            r.maxLoad = load;
            r.bottleneck = "segment " + t.vertex(v).id;
        }
    }
    return r;
}

LinkLoads linkLoads(const Topology& t, TrafficPattern p, int threads)
{
    return linkLoads(t, CoreGraph::build(t), p, threads);
}

} // namespace cs
