#include "model/topology/metrics/Bisection.h"
#include "model/core/Unit.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/metrics/MetisPartition.h"
#include "model/topology/graph/ParallelFor.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>

namespace cs {

namespace {

using FlowTraits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, double,
                    boost::property<boost::edge_residual_capacity_t, double,
                                    boost::property<boost::edge_reverse_t, FlowTraits::edge_descriptor>>>>;

void addArc(FlowGraph& g, std::size_t a, std::size_t b, double cap)
{
    auto capMap = boost::get(boost::edge_capacity, g);
    auto rev = boost::get(boost::edge_reverse, g);
    const auto e = boost::add_edge(a, b, g).first;
    const auto r = boost::add_edge(b, a, g).first;
    capMap[e] = cap;
    capMap[r] = 0.0;
    rev[e] = r;
    rev[r] = e;
}

} // namespace

double minCutBetween(const Topology& t, const std::vector<char>& inA)
{
    // Vertex v splits into in-node 2v and out-node 2v+1, joined by its
    // transit capacity: unlimited for a switch or forwarding host, the
    // medium's bandwidth for a segment, none for a host that only ends routes.
    const std::size_t nv = t.vertexCount();
    double total = 1.0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e)
        total += t.link(e).bandwidth * t.link(e).channels;
    const double inf = total * 4;
    FlowGraph g(2 * nv + 2);
    const std::size_t S = 2 * nv, T = 2 * nv + 1;
    for (std::size_t v = 0; v < nv; ++v) {
        const VertexAttributes& p = t.attributes(v);
        const double through = p.kind == VertexKind::Segment ? p.bandwidth : (t.isTransit(v) ? inf : 0.0);
        if (through > 0)
            addArc(g, 2 * v, 2 * v + 1, through);
    }
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const double cap = t.link(e).bandwidth * t.link(e).channels;
        addArc(g, 2 * a + 1, 2 * b, cap);
        addArc(g, 2 * b + 1, 2 * a, cap);
    }
    const auto& hosts = t.hosts();
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (inA[i])
            addArc(g, S, 2 * hosts[i] + 1, inf); // a source host sends from its out-node
        else
            addArc(g, 2 * hosts[i], T, inf);     // a sink host absorbs at its in-node
    }
    return boost::push_relabel_max_flow(g, S, T);
}

namespace {

// Hosts (host order) per core vertex, for turning vertex splits into host splits.
std::vector<std::vector<std::uint32_t>> hostsByCore(const Topology& t, const CoreGraph& g)
{
    std::vector<std::vector<std::uint32_t>> at(g.n);
    const auto& hosts = t.hosts();
    for (std::size_t i = 0; i < hosts.size(); ++i)
        at[g.coreOfHost(hosts[i])].push_back(static_cast<std::uint32_t>(i));
    return at;
}

// The first floor(H/2) hosts of `order` (core vertices, their hosts in turn) on side 1.
std::vector<char> firstHalf(const std::vector<std::uint32_t>& order, const std::vector<std::vector<std::uint32_t>>& at,
                            std::size_t H)
{
    std::vector<char> s(H, 0);
    std::size_t placed = 0;
    for (std::uint32_t c : order)
        for (std::uint32_t h : at[c])
            if (placed < H / 2) {
                s[h] = 1;
                ++placed;
            }
    return s;
}

// Core vertices with hosts, ordered by their sorted neighbour lists: leaf
// switches under the same switches (a pod, or every leaf of a two-level
// tree) come together, so a half in this order keeps leaves and pods whole.
std::vector<std::uint32_t> hierarchyOrder(const CoreGraph& g, const std::vector<std::vector<std::uint32_t>>& at)
{
    std::vector<std::vector<std::uint32_t>> key(g.n);
    std::vector<std::uint32_t> order;
    for (std::uint32_t c = 0; c < g.n; ++c) {
        if (at[c].empty())
            continue;
        order.push_back(c);
        key[c].assign(g.adj.begin() + g.offset[c], g.adj.begin() + g.offset[c + 1]);
        std::sort(key[c].begin(), key[c].end());
        key[c].erase(std::unique(key[c].begin(), key[c].end()), key[c].end());
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return key[a] < key[b]; });
    return order;
}

// Breadth-first order from a far vertex (the last one a first search
// reaches): a ball of nearby vertices fills the first half.
std::vector<std::uint32_t> breadthFirstOrder(const CoreGraph& g)
{
    auto bfs = [&](std::uint32_t from) {
        std::vector<std::uint32_t> order{from};
        std::vector<char> seen(g.n, 0);
        seen[from] = 1;
        for (std::size_t i = 0; i < order.size(); ++i)
            for (std::uint32_t j = g.offset[order[i]]; j < g.offset[order[i] + 1]; ++j)
                if (!seen[g.adj[j]]) {
                    seen[g.adj[j]] = 1;
                    order.push_back(g.adj[j]);
                }
        return order;
    };
    return g.n ? bfs(bfs(0).back()) : std::vector<std::uint32_t>{};
}

// The core graph for METIS: hosts as vertex weight, parallel links merged,
// capacities scaled to integers up to 1000.
WeightedGraph weighted(const Topology& t, const CoreGraph& g, const std::vector<std::vector<std::uint32_t>>& at)
{
    double most = 0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e)
        most = std::max(most, t.link(e).bandwidth * t.link(e).channels);
    WeightedGraph w;
    w.offset.push_back(0);
    std::vector<double> sum(g.n, 0.0);
    std::vector<std::uint32_t> seen;
    for (std::uint32_t c = 0; c < g.n; ++c) {
        seen.clear();
        for (std::uint32_t j = g.offset[c]; j < g.offset[c + 1]; ++j) {
            const std::uint32_t d = g.adj[j];
            if (d == c)
                continue;
            if (sum[d] == 0)
                seen.push_back(d);
            const LinkProps& l = t.link(g.arcEdge[j]);
            sum[d] += l.bandwidth * l.channels;
        }
        for (std::uint32_t d : seen) {
            w.adj.push_back(static_cast<std::int32_t>(d));
            w.edgeWeight.push_back(static_cast<std::int32_t>(
                std::clamp(std::lround(1000.0 * sum[d] / std::max(most, 1e-300)), 1L, 1000000L)));
            sum[d] = 0;
        }
        w.offset.push_back(static_cast<std::int32_t>(w.adj.size()));
        w.vertexWeight.push_back(static_cast<std::int32_t>(at[c].size()));
    }
    return w;
}

// Hosts on side 1 from a vertex split, made exactly floor(H/2): hosts move
// off the fuller side from the vertices with the most weight to the other
// side first (moving them cuts least).
std::vector<char> balanced(const WeightedGraph& w, const std::vector<std::uint8_t>& part,
                           const std::vector<std::vector<std::uint32_t>>& at, std::size_t H)
{
    std::vector<char> s(H, 0);
    std::size_t one = 0;
    for (std::size_t c = 0; c < at.size(); ++c)
        if (part[c]) {
            one += at[c].size();
            for (std::uint32_t h : at[c])
                s[h] = 1;
        }
    const std::size_t want = H / 2;
    const char from = one > want ? 1 : 0;
    std::size_t excess = one > want ? one - want : want - one;
    std::vector<std::pair<double, std::uint32_t>> gain;
    for (std::uint32_t c = 0; c < at.size(); ++c) {
        if (part[c] != from || at[c].empty())
            continue;
        double g = 0;
        for (std::int32_t j = w.offset[c]; j < w.offset[c + 1]; ++j)
            g += part[static_cast<std::size_t>(w.adj[j])] != from ? w.edgeWeight[j] : -w.edgeWeight[j];
        gain.emplace_back(-g, c);
    }
    std::sort(gain.begin(), gain.end());
    for (const auto& [neg, c] : gain)
        for (std::uint32_t h : at[c])
            if (excess > 0) {
                s[h] = !from;
                --excess;
            }
    return s;
}

} // namespace

double cutCapacity(const Topology& t, const std::vector<char>& vertexSide)
{
    double cut = 0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (vertexSide[a] != vertexSide[b])
            cut += t.link(e).bandwidth * t.link(e).channels;
    }
    return cut;
}

BisectionResult knownBisection(double bandwidth, const std::string& note)
{
    BisectionResult r;
    r.bandwidth = bandwidth;
    r.exact = true;
    r.method = note.empty() ? std::string("the generator's cut") : note;
    r.cut = "the generator's cut";
    return r;
}

BisectionResult bisection(const Topology& t, int metisSeeds)
{
    BisectionResult r;
    if (t.exactBisection)
        return knownBisection(*t.exactBisection, t.bisectionNote);
    // A generator's own cut stands alone on networks too large to search
    // (a million hosts); on smaller ones the search may beat it.
    if (t.bisectionBound && t.vertexCount() + t.edgeCount() > kSearchLimit) {
        r.bandwidth = *t.bisectionBound;
        r.method = (t.bisectionNote.empty() ? std::string("the generator's cut") : t.bisectionNote) + ": an upper bound";
        r.cut = "the generator's cut";
        return r;
    }
    const std::size_t H = t.hosts().size();
    if (H < 2) {
        r.method = "fewer than two hosts: nothing to cut";
        r.cut = r.method;
        return r;
    }
    const CoreGraph g = CoreGraph::build(t);
    const auto at = hostsByCore(t, g);
    std::vector<std::pair<std::string, std::vector<char>>> splits;
    splits.emplace_back("the switch hierarchy (leaves and pods whole)", firstHalf(hierarchyOrder(g, at), at, H));
    splits.emplace_back("breadth-first order", firstHalf(breadthFirstOrder(g), at, H));
    const WeightedGraph w = weighted(t, g, at);
    for (int seed = 1; seed <= metisSeeds; ++seed)
        splits.emplace_back("METIS (seed " + std::to_string(seed) + ")",
                            balanced(w, metisBisect(w, seed, 0.01), at, H));
    std::vector<char> halves(H, 0);
    std::fill(halves.begin(), halves.begin() + static_cast<std::ptrdiff_t>(H / 2), 1);
    splits.emplace_back("host-order halves", halves);
    // The max flows are independent: both cores.
    std::vector<double> cuts(splits.size(), 0.0);
    (void)parallelFor(splits.size(), 2, 0, [&](int, std::size_t i) { cuts[i] = minCutBetween(t, splits[i].second); });
    double best = -1;
    std::size_t bestAt = 0;
    for (std::size_t i = 0; i < splits.size(); ++i)
        if (best < 0 || cuts[i] < best) {
            best = cuts[i];
            bestAt = i;
        }
    r.bandwidth = std::max(best, 0.0);
    r.exact = false;
    r.method = "least max-flow min cut over " + std::to_string(splits.size()) +
               " balanced host splits (switch hierarchy, breadth-first, METIS with " + std::to_string(metisSeeds) +
               " seeds, host-order halves): an upper bound";
    r.cut = splits[bestAt].first + ": " + std::to_string(H / 2) + " | " + std::to_string(H - H / 2) + " hosts";
    r.side.assign(splits[bestAt].second.begin(), splits[bestAt].second.end());
    if (t.bisectionBound && *t.bisectionBound < r.bandwidth) {
        r.bandwidth = *t.bisectionBound;
        r.method = "the generator's cut (" + t.bisectionNote + "), below every split searched: an upper bound";
        r.cut = "the generator's cut";
        r.side.clear();
    }
    return r;
}

} // namespace cs
