#include "model/topology/routing/TrafficDemands.h"
#include "model/core/ModelError.h"
#include "model/topology/graph/BfsLayers.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace cs {

namespace {

// Collects flows as (destination core, source core, weight) and sorts them
// into the by-destination layout at the end.
class DemandBuilder {
public:
    DemandBuilder(const Topology& t, const CoreGraph& g, TrafficPattern p, LeafEnds ends = LeafEnds::Listed)
        : g_(g), fold_(ends == LeafEnds::Folded)
    {
        d_.pattern = p;
        d_.local.assign(g.n, 0.0);
        d_.out.assign(t.vertexCount(), 0.0);
        d_.in.assign(t.vertexCount(), 0.0);
    }

    // Flows listed so far, and room for `n` in all (no leaf ends).
    std::size_t listed() const { return flows_.size(); }
    void reserveFlows(std::size_t n) { flows_.reserve(n); }

    // Room for `n` flows between leaf hosts.
    void reserve(std::size_t n)
    {
        flows_.reserve(n);
        if (!fold_)
            leaves_.reserve(2 * n);
    }

    // `w` flows from host `fromV` to host `toV` (topology vertices).
    void flow(std::size_t fromV, std::size_t toV, double w = 1.0)
    {
        const std::uint32_t s = g_.coreOfHost(fromV), t = g_.coreOfHost(toV);
        const bool fromLeaf = g_.leafParent[fromV] != CoreGraph::kNone;
        const bool toLeaf = g_.leafParent[toV] != CoreGraph::kNone;
        d_.flows += static_cast<std::uint64_t>(w);
        // A leaf of a host that does not forward reaches only that host.
        if ((fromLeaf && !g_.transit[s] && toV != g_.topoOf[s]) || (toLeaf && !g_.transit[t] && fromV != g_.topoOf[t]))
            return;
        if (s == t) {
            d_.local[t] += w;
            d_.out[fromV] += w;
            d_.in[toV] += w;
            return;
        }
        flows_.emplace_back(t, s, w);
        if (fromLeaf)
            leafEnd({w, t, s, static_cast<std::uint32_t>(fromV), true});
        if (toLeaf)
            leafEnd({w, t, s, static_cast<std::uint32_t>(toV), false});
    }
    // `count` flows among the leaves of transit core vertex `s`, `each` into
    // every one of them: added in bulk (a star of a million hosts).
    void siblingFlows(std::uint32_t s, const std::uint32_t* leaves, std::uint32_t L)
    {
        const double each = static_cast<double>(L - 1);
        d_.local[s] += each * L;
        d_.flows += static_cast<std::uint64_t>(L) * (L - 1);
        for (std::uint32_t i = 0; i < L; ++i) {
            d_.in[leaves[i]] += each;
            d_.out[leaves[i]] += each;
        }
    }

    // One flow between every ordered pair of `hosts` (topology vertices, no
    // repeats), as flow() would add them pair by pair, but counted by core
    // vertex: the pairs of two core vertices are one entry, and each leaf
    // host's end of them one access-link share. All weights are whole
    // numbers, so the sums are the pair-by-pair sums exactly.
    void allToAll(const std::vector<std::size_t>& hosts)
    {
        std::vector<std::uint32_t> slot(g_.n, CoreGraph::kNone), cores;
        std::vector<std::vector<std::uint32_t>> leaves;
        std::vector<double> self;
        for (std::size_t v : hosts) {
            const std::uint32_t c = g_.coreOfHost(v);
            if (slot[c] == CoreGraph::kNone) {
                slot[c] = static_cast<std::uint32_t>(cores.size());
                cores.push_back(c);
                leaves.emplace_back();
                self.push_back(0.0);
            }
            if (g_.leafParent[v] != CoreGraph::kNone)
                leaves[slot[c]].push_back(static_cast<std::uint32_t>(v));
            else
                self[slot[c]] = 1.0;
        }
        const auto n = static_cast<std::uint64_t>(hosts.size());
        d_.flows += n ? n * (n - 1) : 0;
        // Hosts of each core vertex whose flows leave it: its own host, and
        // its leaves if it forwards (a leaf of a host that does not forward
        // reaches only that host).
        std::vector<double> leaving(cores.size());
        std::size_t sending = 0, ends = 0;
        for (std::size_t i = 0; i < cores.size(); ++i) {
            leaving[i] = self[i] + (g_.transit[cores[i]] ? double(leaves[i].size()) : 0.0);
            sending += leaving[i] > 0;
            ends += g_.transit[cores[i]] && leaving[i] > 0 ? leaves[i].size() : 0;
        }
        // Each leaf end pairs with every other core vertex that sends, both ways.
        flows_.reserve(flows_.size() + sending * sending);
        leaves_.reserve(leaves_.size() + 2 * ends * (sending ? sending - 1 : 0));
        for (std::size_t i = 0; i < cores.size(); ++i)
            for (std::size_t j = 0; j < cores.size(); ++j) {
                const std::uint32_t s = cores[i], t = cores[j];
                if (i == j || leaving[i] == 0 || leaving[j] == 0)
                    continue;
                flows_.emplace_back(t, s, leaving[i] * leaving[j]);
                if (g_.transit[s])
                    for (std::uint32_t a : leaves[i])
                        leafEnd({leaving[j], t, s, a, true});
                if (g_.transit[t])
                    for (std::uint32_t b : leaves[j])
                        leafEnd({leaving[i], t, s, b, false});
            }
        // Pairs within one core vertex stay there.
        for (std::size_t i = 0; i < cores.size(); ++i) {
            const std::uint32_t c = cores[i];
            const double L = double(leaves[i].size());
            const std::size_t own = g_.topoOf[c];
            if (g_.transit[c]) {
                const double m = L + self[i];
                d_.local[c] += m * (m - 1);
                for (std::uint32_t a : leaves[i]) {
                    d_.out[a] += m - 1;
                    d_.in[a] += m - 1;
                }
                if (self[i] > 0) {
                    d_.out[own] += m - 1;
                    d_.in[own] += m - 1;
                }
            } else if (self[i] > 0) { // leaf to its host and back, not leaf to leaf
                d_.local[c] += 2 * L;
                for (std::uint32_t a : leaves[i]) {
                    d_.out[a] += 1;
                    d_.in[a] += 1;
                }
                d_.out[own] += L;
                d_.in[own] += L;
            }
        }
    }

    Demands finish()
    {
        // In (destination, source, weight) order: a counting pass by
        // destination, then each destination's few flows sorted (linear,
        // where sorting all the tuples was most of a million-host pattern).
        std::vector<std::uint32_t> at(g_.n + 1, 0);
        for (const auto& f : flows_)
            ++at[std::get<0>(f) + 1];
        for (std::uint32_t t = 0; t < g_.n; ++t)
            at[t + 1] += at[t];
        std::vector<std::pair<std::uint32_t, double>> byDst(flows_.size());
        {
            std::vector<std::uint32_t> fill(at.begin(), at.end() - 1);
            for (const auto& [t, s, w] : flows_)
                byDst[fill[t]++] = {s, w};
        }
        flows_ = {};
        d_.dstBegin.assign(g_.n + 1, 0);
        d_.src.reserve(byDst.size());
        d_.weight.reserve(byDst.size());
        for (std::uint32_t t = 0; t < g_.n; ++t) {
            std::sort(byDst.begin() + at[t], byDst.begin() + at[t + 1]);
            for (std::uint32_t i = at[t]; i < at[t + 1]; ++i) {
                const auto [s, w] = byDst[i];
                // Merge flows with the same two core ends.
                if (i > at[t] && d_.src.back() == s) {
                    d_.weight.back() += w;
                    continue;
                }
                ++d_.dstBegin[t + 1];
                d_.src.push_back(s);
                d_.weight.push_back(w);
            }
        }
        for (std::uint32_t t = 0; t < g_.n; ++t)
            d_.dstBegin[t + 1] += d_.dstBegin[t];
        // Sources are sorted within each destination's entries.
        for (const Pending& p : leaves_) {
            const auto begin = d_.src.begin() + d_.dstBegin[p.t], end = d_.src.begin() + d_.dstBegin[p.t + 1];
            const auto k = static_cast<std::uint32_t>(std::lower_bound(begin, end, p.s) - d_.src.begin());
            d_.leafEnds.push_back({k, p.host, p.w, p.sends});
        }
        return std::move(d_);
    }

private:
    struct Pending { // 24 bytes: the double first
        double w;
        std::uint32_t t, s, host;
        bool sends;
    };
    // A leaf host's end of a flow that crosses the core: listed, to be
    // added if its entry is routed, or added at once when all will be.
    void leafEnd(const Pending& p)
    {
        if (fold_)
            (p.sends ? d_.out : d_.in)[p.host] += p.w;
        else
            leaves_.push_back(p);
    }

    const CoreGraph& g_;
    bool fold_;
    Demands d_;
    std::vector<std::tuple<std::uint32_t, std::uint32_t, double>> flows_;
    std::vector<Pending> leaves_;
};

// Each host sends one flow to each host at its smallest hop distance. Leaf
// hosts of the same core vertex have the same targets, so their flows are
// added in bulk (a star of a million hosts stays linear), and each search
// stops at the level that settles the smallest distance.
void nearestFlows(const Topology& t, const CoreGraph& g, DemandBuilder& b)
{
    std::vector<std::uint32_t> leafBegin(g.n + 1, 0), leaves;
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (g.leafParent[v] != CoreGraph::kNone)
            ++leafBegin[g.leafParent[v] + 1];
    for (std::uint32_t c = 0; c < g.n; ++c)
        leafBegin[c + 1] += leafBegin[c];
    leaves.resize(leafBegin[g.n]);
    {
        std::vector<std::uint32_t> fill(leafBegin.begin(), leafBegin.end() - 1);
        for (std::size_t v = 0; v < t.vertexCount(); ++v)
            if (g.leafParent[v] != CoreGraph::kNone)
                leaves[fill[g.leafParent[v]]++] = static_cast<std::uint32_t>(v);
    }
    constexpr std::uint32_t inf = std::numeric_limits<std::uint32_t>::max();
    BfsLayers bfs(g);

    // Host `from`, whose distance to a target is the target's core distance
    // from the search root + `offset` (+ 1 more for a leaf target), sends a
    // flow to every target at `want` hops.
    auto sendAt = [&](std::size_t from, std::uint32_t offset, std::uint32_t want) {
        for (std::uint32_t pos = 1; pos < bfs.reachedCount(); ++pos) {
            const std::uint32_t v = bfs.at(pos);
            const std::uint32_t dv = bfs.dist(v);
            if (g.selfHost[v] && dv + offset == want)
                b.flow(from, g.topoOf[v]);
            if (g.transit[v] && dv + 1 + offset == want)
                for (std::uint32_t i = leafBegin[v]; i < leafBegin[v + 1]; ++i)
                    b.flow(from, leaves[i]);
        }
    };

    // The sources, for a guess at the room the list needs: grown by
    // doubling, a 100^3 torus's 6 million flows were copied and faulted in
    // about twice over, a third of its fresh pages.
    std::size_t sources = 0;
    for (std::uint32_t s = 0; s < g.n; ++s)
        sources += g.selfHost[s] || (leafBegin[s + 1] > leafBegin[s] && g.transit[s]);
    bool guessed = false;
    for (std::uint32_t s = 0; s < g.n; ++s) {
        const std::uint32_t L = leafBegin[s + 1] - leafBegin[s];
        const bool self = g.selfHost[s] != 0;
        if (!self && (!L || !g.transit[s]))
            continue;
        // After the first source that lists flows: as many for each source
        // (exact where all are alike, a torus or a hypercube), bounded.
        if (!guessed && b.listed() > 0) {
            guessed = true;
            const std::size_t guess = b.listed() * sources;
            if (guess <= 64 * (std::size_t{g.n} + t.hosts().size()))
                b.reserveFlows(guess);
        }
        // Smallest hop distance from a host at s as itself (self target at
        // core distance d: d hops; leaf target: d + 1). Search only as deep
        // as the answer needs: a host with leaves has them at 1 hop, and
        // leaves of a switch with siblings have them at 2.
        std::uint32_t best = inf;
        auto depthNeeded = [&] { return (self && L) || (!self && L > 1) ? 1u : best; };
        bfs.start(g, s, false);
        for (std::uint32_t deepest = 0; deepest < depthNeeded() && bfs.grow(g);) {
            ++deepest;
            for (std::uint32_t pos = bfs.levelBegin(deepest); pos < bfs.levelEnd(deepest); ++pos) {
                const std::uint32_t v = bfs.at(pos);
                if (g.selfHost[v])
                    best = std::min(best, deepest);
                if (g.transit[v] && g.leafCount[v])
                    best = std::min(best, deepest + 1);
            }
        }
        if (self) {
            const std::size_t me = g.topoOf[s];
            // Its own leaves are 1 hop away: nothing is nearer.
            const std::uint32_t want = L ? 1 : best;
            if (want != inf) {
                for (std::uint32_t i = leafBegin[s]; i < leafBegin[s + 1]; ++i)
                    b.flow(me, leaves[i]);
                sendAt(me, 0, want);
            }
            // Its leaves' nearest host is the host they hang off (1 hop).
            for (std::uint32_t i = leafBegin[s]; i < leafBegin[s + 1]; ++i)
                b.flow(leaves[i], me);
            continue;
        }
        // Leaves of a switch or segment: siblings at 2 hops, others at core
        // distance + 2 (leaf) or + 1 (a host in the core).
        const std::uint32_t want = std::min(L > 1 ? 2u : inf, best == inf ? inf : best + 1);
        if (want == inf)
            continue;
        if (want == 2 && L > 1)
            b.siblingFlows(s, &leaves[leafBegin[s]], L);
        for (std::uint32_t i = leafBegin[s]; i < leafBegin[s + 1]; ++i)
            sendAt(leaves[i], 1, want);
    }
}

} // namespace

Demands trafficDemands(const Topology& t, const CoreGraph& g, TrafficPattern p, LeafEnds ends)
{
    DemandBuilder b(t, g, p, ends);
    const auto& hosts = t.hosts();
    const auto H = static_cast<std::uint32_t>(hosts.size());
    // At most one flow a host: room for all at once (grown by doubling, the
    // lists of a million leaf hosts were copied and faulted in twice over).
    if (p == TrafficPattern::Transpose || p == TrafficPattern::Ring)
        b.reserve(H);
    switch (p) {
    case TrafficPattern::Transpose:
        for (std::uint32_t i = 0, rows = transposeRows(H); i < H; ++i) {
            const std::uint32_t j = transposePartner(i, H, rows);
            if (j != i)
                b.flow(hosts[i], hosts[j]);
        }
        break;
    case TrafficPattern::Ring:
        for (std::uint32_t i = 0; H > 1 && i < H; ++i)
            b.flow(hosts[i], hosts[(i + 1) % H]);
        break;
    case TrafficPattern::NearestNeighbour:
        nearestFlows(t, g, b);
        break;
    case TrafficPattern::AllToAll:
        throw ModelError("trafficDemands: all-to-all is routed without a demand list");
    }
    return b.finish();
}

Demands flowDemands(const Topology& t, const CoreGraph& g, TrafficPattern label, const std::vector<HostFlow>& flows)
{
    DemandBuilder b(t, g, label);
    b.reserve(flows.size());
    for (const HostFlow& f : flows)
        if (f.from != f.to)
            b.flow(f.from, f.to, f.weight);
    return b.finish();
}

Demands allToAllDemands(const Topology& t, const CoreGraph& g, TrafficPattern label, const std::vector<std::size_t>& hosts)
{
    DemandBuilder b(t, g, label);
    b.allToAll(hosts);
    return b.finish();
}

void accessLoads(const Demands& d, const std::vector<std::uint8_t>& entryRouted, std::vector<double>& out,
                 std::vector<double>& in)
{
    out = d.out;
    in = d.in;
    for (const Demands::LeafEnd& e : d.leafEnds)
        if (entryRouted.empty() || entryRouted[e.entry])
            (e.sends ? out : in)[e.host] += e.flows;
}

} // namespace cs
