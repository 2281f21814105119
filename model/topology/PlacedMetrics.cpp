#include "model/topology/PlacedMetrics.h"
#include "model/topology/EcmpPass.h"
#include "model/topology/LinkLoad.h"
#include "model/topology/PlacedPairs.h"
#include "model/topology/Routing.h"
#include "model/topology/TrafficDemands.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <utility>

namespace cs {

namespace {

// The loads of an explicit flow list, routed as the whole network's patterns
// are: by the coordinate router where it takes fewer steps than a search per
// destination (both exact, up to rounding), else by that search.
LinkLoads loadsOf(const PlacedNetwork& net, const Demands& d, int threads)
{
    const Topology& t = net.t;
    const CoreGraph& g = net.g;
    const TrafficPattern label = d.pattern;
    std::vector<double> out, in;
    if (net.router) {
        std::size_t dsts = 0;
        for (std::uint32_t c = 0; c < g.n; ++c)
            dsts += d.dstBegin[c + 1] > d.dstBegin[c];
        // The weights TopologyMetrics uses to share its progress among the two.
        const double search = 0.5 * double(dsts) * double(g.n + g.adj.size());
        if (net.router->work(g, d, threads) <= search) {
            const CoreLoads core = net.router->route(g, d, threads, nullptr, 0.0);
            accessLoads(d, {}, out, in);
            return finishLoads(t, g, label, core, out, in, d.flows);
        }
    }
    EcmpJob job;
    job.hops = job.latency = job.allToAll = false;
    job.sparse.push_back(&d);
    const EcmpResult res = runEcmpPass(g, job, threads, nullptr);
    accessLoads(d, res.entryRouted.empty() ? std::vector<std::uint8_t>{} : res.entryRouted[0], out, in);
    return finishLoads(t, g, label, res.sparse.empty() ? CoreLoads{} : res.sparse[0], out, in, d.flows);
}

std::vector<HostFlow> rankFlows(const std::vector<std::size_t>& hosts,
                                const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows)
{
    std::vector<HostFlow> out;
    out.reserve(flows.size());
    for (const auto& [a, b] : flows)
        out.push_back({hosts[a], hosts[b], 1.0});
    return out;
}

LinkLoads loadsOf(const PlacedNetwork& net, TrafficPattern label, const std::vector<HostFlow>& flows, int threads)
{
    return loadsOf(net, flowDemands(net.t, net.g, label, flows), threads);
}

// The all-to-all of ranks on shared nodes: node i's ranks send one flow to
// each of node j's, counts[i] x counts[j] flows between the two hosts. With
// as many ranks on every node (and the fast paths on), c^2 times the
// all-to-all of one rank a node, loads and congestion alike.
LinkLoads nodeAllToAll(const PlacedNetwork& net, const JobNodes& jn, int threads)
{
    const std::size_t N = jn.nodes.size();
    const bool uniform = std::all_of(jn.counts.begin(), jn.counts.end(), [&](double c) { return c == jn.counts[0]; });
    if (net.fast && uniform) {
        LinkLoads l = loadsOf(net, allToAllDemands(net.t, net.g, TrafficPattern::AllToAll, jn.nodes), threads);
        const double c2 = jn.counts[0] * jn.counts[0];
        for (std::vector<double>* v : {&l.forward, &l.backward, &l.throughSegment})
            for (double& x : *v)
                x *= c2;
        l.maxLoad *= c2;
        l.maxCongestion *= c2;
        return l;
    }
    std::vector<HostFlow> flows;
    flows.reserve(N * (N ? N - 1 : 0));
    for (std::size_t i = 0; i < N; ++i)
        for (std::size_t j = 0; j < N; ++j)
            if (i != j)
                flows.push_back({jn.nodes[i], jn.nodes[j], jn.counts[i] * jn.counts[j]});
    return loadsOf(net, TrafficPattern::AllToAll, flows, threads);
}

// Leaf hosts of core vertex c are interchangeable in a round when each of
// them has one duplex link of the same capacity: a round then loads the
// network as its flows' core ends say, whichever of them sends.
std::vector<std::uint8_t> uniformLeaves(const Topology& t, const CoreGraph& g)
{
    std::vector<double> cap(g.n, -1.0);
    std::vector<std::uint8_t> uniform(g.n, 1);
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const std::uint32_t c = g.leafParent[v];
        if (c == CoreGraph::kNone)
            continue;
        const LinkProps& l = t.link(g.leafEdge[v]);
        const double capacity = l.duplex ? l.bandwidth * l.channels : -2.0;
        if (capacity < 0 || (cap[c] >= 0 && cap[c] != capacity))
            uniform[c] = 0;
        cap[c] = capacity;
    }
    return uniform;
}

} // namespace

JobNodes jobNodes(const Topology& t, const std::vector<std::size_t>& hosts)
{
    JobNodes jn;
    std::vector<std::uint32_t> at(t.vertexCount(), 0); // 1 + the node's index
    std::vector<double> counts;
    for (std::size_t v : hosts) {
        if (!at[v]) {
            jn.nodes.push_back(v);
            counts.push_back(0.0);
            at[v] = static_cast<std::uint32_t>(jn.nodes.size());
        }
        counts[at[v] - 1] += 1.0;
    }
    if (jn.nodes.size() < hosts.size())
        jn.counts = std::move(counts);
    return jn;
}

PlacedNetwork::PlacedNetwork(const Topology& topology, const CoreGraph& core, bool fastPaths)
    : t(topology), g(core), fast(fastPaths), router(fastPaths ? coordinateRouter(topology, core, 1) : nullptr),
      uniformLeaves(cs::uniformLeaves(topology, core))
{
}

double placedWork(const TopologyCounts& c, std::size_t P, std::size_t nodes)
{
    const double V = double(c.hosts + c.switches + c.segments) + double(c.links);
    const double rounds = double(std::min<std::size_t>(P ? P - 1 : 0, kMaxRoutedRounds));
    // A search per source (hops, latency; the nearest neighbours'), the
    // pairs' routes, the placed all-to-all's flows and a search per
    // destination host of each routed round.
    return double(P) * V + double(P) * double(P) * 8.0 +
           rounds * std::min<double>(double(nodes ? nodes : P), V) * V;
}

LinkLoads rankLoads(const PlacedNetwork& net, const std::vector<std::size_t>& hosts,
                    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads)
{
    return loadsOf(net, TrafficPattern::AllToAll, rankFlows(hosts, flows), threads);
}

double roundSecondsPerByte(const PlacedNetwork& net, const std::vector<std::size_t>& hosts,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads)
{
    if (flows.empty())
        return 0.0;
    return rankLoads(net, hosts, flows, threads).maxCongestion;
}

double roundSecondsPerByte(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads)
{
    return roundSecondsPerByte(PlacedNetwork(t, g), hosts, flows, threads);
}

ExchangeFigures exchangeFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                                Schedule schedule, int threads)
{
    return exchangeFigures(PlacedNetwork(t, g), hosts, schedule, threads);
}

PlacedFigures placedFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                            Schedule schedule, int threads)
{
    return placedFigures(PlacedNetwork(t, g), hosts, schedule, threads);
}

ExchangeFigures exchangeFigures(const PlacedNetwork& net, const std::vector<std::size_t>& hosts, Schedule schedule,
                                int threads)
{
    const CoreGraph& g = net.g;
    ExchangeFigures f;
    const auto P = static_cast<std::uint32_t>(hosts.size());
    // The schedule, round by round. Rounds whose flows join the same core
    // vertices load the network alike (when the leaves there are
    // interchangeable): each such set is routed once.
    // Only the rounds routed are built: a large job's evenly spaced sample.
    const std::size_t count = scheduleRoundCount(schedule, P);
    const double total = roundCount(schedule, P);
    const std::size_t sampled = std::min(count, kMaxRoutedRounds);
    std::vector<ExchangeRound> rounds;
    rounds.reserve(sampled);
    for (std::size_t i = 0; i < sampled; ++i) {
        rounds.push_back(scheduleRound(schedule, P, count > kMaxRoutedRounds ? i * count / kMaxRoutedRounds : i));
        // Evenly spaced rounds, each standing for its share of the others.
        if (count > kMaxRoutedRounds)
            rounds.back().repeats = total / double(kMaxRoutedRounds);
    }
    std::size_t routed = 0;
    // Leaves are interchangeable only when each host holds one rank: a host
    // of several ranks may send several of a round's flows, which its link
    // then carries together.
    const bool distinct = jobNodes(net.t, hosts).counts.empty();
    auto key = [&](std::size_t v) -> std::uint64_t {
        const std::uint32_t c = g.coreOfHost(v);
        return distinct && g.leafParent[v] != CoreGraph::kNone && net.uniformLeaves[c] ? c
                                                                                        : (std::uint64_t{1} << 40) + v;
    };
    // Rounds by a hash of their multiset of (source, destination) keys, a
    // sum that needs no sort. Rounds whose hashes agree are the same when
    // their keys agree flow by flow (as the rounds of one schedule often
    // do), else when they agree sorted: a collision never merges two
    // different rounds.
    using Signature = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
    struct Seen {
        Signature keys;   // flow by flow
        Signature sorted; // filled when first needed
        double secondsPerByte;
    };
    auto keysOf = [&](const ExchangeRound& r) {
        Signature sig;
        sig.reserve(r.flows.size());
        for (const auto& [a, b] : r.flows)
            sig.emplace_back(key(hosts[a]), key(hosts[b]));
        return sig;
    };
    auto sortedOf = [](Signature sig) {
        std::sort(sig.begin(), sig.end());
        return sig;
    };
    auto mix = [](std::uint64_t x) { // splitmix64's finaliser
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    };
    std::unordered_map<std::uint64_t, std::vector<Seen>> seen;
    double seconds = 0;
    for (const ExchangeRound& r : rounds) {
        Signature keys = keysOf(r);
        std::uint64_t hash = 0;
        for (const auto& [a, b] : keys)
            hash += mix(mix(a) ^ b);
        std::vector<Seen>& same = seen[hash];
        const Seen* match = nullptr;
        for (const Seen& e : same)
            if (e.keys == keys) {
                match = &e;
                break;
            }
        if (!match && !same.empty()) {
            const Signature sorted = sortedOf(keys);
            for (Seen& e : same) {
                if (e.sorted.empty())
                    e.sorted = sortedOf(e.keys);
                if (e.sorted == sorted) {
                    match = &e;
                    break;
                }
            }
        }
        if (!match) {
            same.push_back({std::move(keys), {}, roundSecondsPerByte(net, hosts, r.flows, threads)});
            match = &same.back();
            ++routed;
        }
        f.roundSecondsPerByte.push_back(match->secondsPerByte);
        seconds += r.repeats * match->secondsPerByte;
    }
    f.bandwidth = seconds > 0 ? total / seconds : 0.0;
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s: %.0f rounds, %zu %s, %zu routed (the others load the network alike)",
                  scheduleNames()[static_cast<std::size_t>(schedule)].c_str(), total, sampled,
                  sampled < total ? "evenly spaced rounds stand for them" : "distinct", routed);
    f.method = buf;
    return f;
}

PlacedFigures placedFigures(const PlacedNetwork& net, const std::vector<std::size_t>& hosts, Schedule schedule,
                            int threads)
{
    const Topology& t = net.t;
    PlacedFigures f;
    const auto P = static_cast<std::uint32_t>(hosts.size());
    if (P < 2)
        return f;

    // The job's nodes: where ranks share a host, its ranks' flows share its
    // links, and a flow between two of them loads none (flowDemands leaves
    // it out).
    const JobNodes jn = jobNodes(t, hosts);
    const bool distinct = jn.counts.empty();
    // Ranks grouped by core vertex where that is exact (PlacedPairs.h,
    // TrafficDemands.h): on distinct hosts.
    const bool grouped = net.fast && distinct;

    // Hops and latency over ordered pairs of nodes, along the route a message takes.
    const PairFigures pf = pairFigures(t, net.g, jn.nodes, net.fast);
    f.avgHops = pf.avgHops;
    f.diameter = pf.diameter;
    f.avgLatency = pf.avgLatency;
    f.maxLatency = pf.maxLatency;

    // The patterns of the placed ranks.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flows;
    if (distinct && !grouped)
        for (std::uint32_t a = 0; a < P; ++a)
            for (std::uint32_t b = 0; b < P; ++b)
                if (a != b)
                    flows.emplace_back(a, b);
    const LinkLoads a2a = distinct ? (grouped ? loadsOf(net, allToAllDemands(t, net.g, TrafficPattern::AllToAll, hosts),
                                                        threads)
                                              : loadsOf(net, TrafficPattern::AllToAll, rankFlows(hosts, flows), threads))
                                   : nodeAllToAll(net, jn, threads);
    f.a2aLoad = a2a.maxLoad;
    f.a2aBandwidth = allToAllBandwidth(a2a, P);
    flows.clear();
    for (std::uint32_t i = 0, rows = transposeRows(P); i < P; ++i)
        if (const std::uint32_t j = transposePartner(i, P, rows); j != i)
            flows.emplace_back(i, j);
    f.transposeBw = flows.empty() ? 0.0
                                  : loadsOf(net, TrafficPattern::Transpose, rankFlows(hosts, flows), threads)
                                        .perFlowBandwidth();
    flows.clear();
    for (std::uint32_t i = 0; i < P; ++i)
        flows.emplace_back(i, (i + 1) % P);
    f.ringBw = loadsOf(net, TrafficPattern::Ring, rankFlows(hosts, flows), threads).perFlowBandwidth();
    // Nearest neighbours: each rank to the placed ranks at its smallest hop distance.
    flows = nearestRankFlows(t, net.g, hosts, grouped);
    f.nnBw = flows.empty() ? 0.0
                           : loadsOf(net, TrafficPattern::NearestNeighbour, rankFlows(hosts, flows), threads)
                                 .perFlowBandwidth();

    const ExchangeFigures x = exchangeFigures(net, hosts, schedule, threads);
    f.roundSecondsPerByte = x.roundSecondsPerByte;
    f.xchgBandwidth = x.bandwidth;
    f.method = x.method;
    return f;
}

} // namespace cs
