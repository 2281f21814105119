#include "model/topology/placement/PlacedMetrics.h"
#include "model/core/MixBits.h"
#include "model/topology/routing/CoordinateRouter.h"
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/placement/CountedRounds.h"
#include "model/topology/placement/NodeFlows.h"
#include "model/topology/placement/PlacedLoads.h"
#include "model/topology/placement/PlacedPairs.h"
#include "model/topology/routing/Routing.h"
#include "model/topology/routing/TrafficDemands.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>
#include <utility>

namespace cs {

namespace {

// What a figure reads of a pattern's loads: every link's, or only the
// bottleneck (the same numbers, without the per-link vectors).
enum class Finish { PerLink, Bottleneck };

LinkLoads loadsOf(const PlacedNetwork& net, const Demands& d, int threads, Finish finish = Finish::Bottleneck)
{
    const RawLoads r = rawLoadsOf(net, d, threads);
    return finish == Finish::PerLink ? cs::finishLoads(net.t, net.g, d.pattern, r.core, r.out, r.in, r.flows)
                                     : finishBottleneck(net.t, net.g, net.sources, d.pattern, r.core, r.out, r.in, r.flows);
}

LinkLoads loadsOf(const PlacedNetwork& net, TrafficPattern label, const std::vector<HostFlow>& flows, int threads,
                  Finish finish = Finish::Bottleneck)
{
    return loadsOf(net, flowDemands(net.t, net.g, label, flows), threads, finish);
}

using RankPairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// The loads of rank flows, routed once per pair of the job's nodes with
// their count (NodeFlows.h).
LinkLoads countedLoads(const PlacedNetwork& net, TrafficPattern label, const JobNodes& jn, const RankPairs& flows,
                       int threads, Finish finish = Finish::Bottleneck)
{
    return loadsOf(net, label, nodeFlows(jn.nodes, jn.nodeOf, flows), threads, finish);
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
    jn.nodeOf.reserve(hosts.size());
    for (std::size_t v : hosts) {
        if (!at[v]) {
            jn.nodes.push_back(v);
            counts.push_back(0.0);
            at[v] = static_cast<std::uint32_t>(jn.nodes.size());
        }
        counts[at[v] - 1] += 1.0;
        jn.nodeOf.push_back(at[v] - 1);
    }
    if (jn.nodes.size() < hosts.size())
        jn.counts = std::move(counts);
    return jn;
}

PlacedNetwork::PlacedNetwork(const Topology& topology, const CoreGraph& core, bool fastPaths)
    : t(topology), g(core), fast(fastPaths), router(fastPaths ? coordinateRouter(topology, core, 1) : nullptr),
      uniformLeaves(cs::uniformLeaves(topology, core)), sources(EdgeSources::of(topology, core))
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
    return countedLoads(net, TrafficPattern::AllToAll, jobNodes(net.t, hosts), flows, threads, Finish::PerLink);
}

double roundSecondsPerByte(const PlacedNetwork& net, const std::vector<std::size_t>& hosts,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads)
{
    if (flows.empty())
        return 0.0;
    return countedLoads(net, TrafficPattern::AllToAll, jobNodes(net.t, hosts), flows, threads).maxCongestion;
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
    std::size_t routed = 0;
    // A round is routed as flows between the job's nodes, each with the count
    // of its rank flows (NodeFlows.h). Leaves are interchangeable only when
    // each host holds one rank: a host of several ranks may send several of
    // a round's flows, which its link then carries together.
    const JobNodes jn = jobNodes(net.t, hosts);
    const bool distinct = jn.counts.empty();
    NodeFlowCounter counter(jn.nodes, jn.nodeOf);
    // Per rank, the end of its stretch of ranks on one node (rank order): a
    // run of a round's flows is counted a stretch at a time, a node's block
    // of ranks at once.
    std::vector<std::uint32_t> stretchEnd(P);
    for (std::uint32_t i = P; i-- > 0;)
        stretchEnd[i] = i + 1 < P && jn.nodeOf[i + 1] == jn.nodeOf[i] ? stretchEnd[i + 1] : i + 1;
    // One rank a host: rounds whose flows join the same core vertices load the network alike (when the
    // leaves there are interchangeable).
    auto key = [&](std::size_t v) -> std::uint64_t {
        const std::uint32_t c = g.coreOfHost(v);
        return g.leafParent[v] != CoreGraph::kNone && net.uniformLeaves[c] ? c : (std::uint64_t{1} << 40) + v;
    };
    // Rounds by a hash of their multiset of (source, destination, count)
    // keys, a sum that needs no sort. Rounds whose hashes agree are the same
    // when their keys agree flow by flow (as the rounds of one schedule
    // often do), else when they agree sorted: a collision never merges two
    // different rounds.
    struct FlowKey {
        std::uint64_t from, to;
        double count;
        auto operator<=>(const FlowKey&) const = default;
    };
    using Signature = std::vector<FlowKey>;
    struct Seen {
        Signature keys;   // flow by flow
        Signature sorted; // filled when first needed
        double secondsPerByte;
    };
    auto sortedOf = [](Signature sig) {
        std::sort(sig.begin(), sig.end());
        return sig;
    };
    std::unordered_map<std::uint64_t, std::vector<Seen>> seen;
    // Several ranks a host: each round as the sum of its counts' node sets, each set routed once, and a round
    // that joins the same hosts with the same counts as one before priced once (CountedRounds.h).
    CountedRounds counted(net, threads);
    double seconds = 0;
    std::vector<HostFlow> flows; // the round's, its room reused round after round
    for (std::size_t i = 0; i < sampled; ++i) {
        // Evenly spaced rounds, each standing for its share of the others.
        const RoundRuns r = scheduleRuns(schedule, P, count > kMaxRoutedRounds ? i * count / kMaxRoutedRounds : i);
        const double repeats = count > kMaxRoutedRounds ? total / double(kMaxRoutedRounds) : r.repeats;
        for (const FlowRun& run : r.runs)
            for (std::uint32_t a = run.lo; a < run.hi;) {
                // Ranks a .. end - 1 stay on a's node and send to b's.
                const auto b = static_cast<std::uint32_t>(a + run.shift);
                const auto bEnd = static_cast<std::uint32_t>(stretchEnd[b] - run.shift);
                const std::uint32_t end = std::min({stretchEnd[a], bEnd, run.hi});
                counter.add(a, b, double(end - a));
                a = end;
            }
        counter.take(flows);
        if (!distinct) {
            const double spb = flows.empty() ? 0.0 : counted.secondsPerByte(flows);
            f.roundSecondsPerByte.push_back(spb);
            seconds += repeats * spb;
            continue;
        }
        Signature keys;
        keys.reserve(flows.size());
        std::uint64_t hash = 0;
        for (const HostFlow& h : flows) {
            keys.push_back({key(h.from), key(h.to), h.weight});
            hash += mixBits(mixBits(mixBits(keys.back().from) ^ keys.back().to) ^ static_cast<std::uint64_t>(h.weight));
        }
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
            // The round as it is (its figures as they always were).
            const double spb = flows.empty() ? 0.0 : loadsOf(net, TrafficPattern::AllToAll, flows, threads).maxCongestion;
            same.push_back({std::move(keys), {}, spb});
            match = &same.back();
            ++routed;
        }
        f.roundSecondsPerByte.push_back(match->secondsPerByte);
        seconds += repeats * match->secondsPerByte;
    }
    f.bandwidth = seconds > 0 ? total / seconds : 0.0;
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s: %.0f rounds, %zu %s, %zu routed (the others load the network alike)",
                  scheduleNames()[static_cast<std::size_t>(schedule)].c_str(), total, sampled,
                  sampled < total ? "evenly spaced rounds stand for them" : "distinct",
                  distinct ? routed : counted.routed());
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

    // The patterns of the placed ranks, routed once per pair of nodes.
    RankPairs flows;
    if (distinct && !grouped)
        for (std::uint32_t a = 0; a < P; ++a)
            for (std::uint32_t b = 0; b < P; ++b)
                if (a != b)
                    flows.emplace_back(a, b);
    const LinkLoads a2a = distinct ? (grouped ? loadsOf(net, allToAllDemands(t, net.g, TrafficPattern::AllToAll, hosts),
                                                        threads)
                                              : countedLoads(net, TrafficPattern::AllToAll, jn, flows, threads))
                                   : nodeAllToAll(net, jn, threads);
    f.a2aLoad = a2a.maxLoad;
    f.a2aBandwidth = allToAllBandwidth(a2a, P);
    flows.clear();
    for (std::uint32_t i = 0, rows = transposeRows(P); i < P; ++i)
        if (const std::uint32_t j = transposePartner(i, P, rows); j != i)
            flows.emplace_back(i, j);
    f.transposeBw =
        flows.empty() ? 0.0 : countedLoads(net, TrafficPattern::Transpose, jn, flows, threads).perFlowBandwidth();
    flows.clear();
    for (std::uint32_t i = 0; i < P; ++i)
        flows.emplace_back(i, (i + 1) % P);
    f.ringBw = countedLoads(net, TrafficPattern::Ring, jn, flows, threads).perFlowBandwidth();
    // Nearest neighbours: each rank to the placed ranks at its smallest hop
    // distance, i.e. to every rank of the nodes nearest its own: one search
    // per node (or per leaf group of nodes), each node pair's flows counted
    // (its ranks times theirs).
    std::vector<HostFlow> nn;
    for (const auto& [i, j] : nearestRankFlows(t, net.g, jn.nodes, net.fast))
        nn.push_back({jn.nodes[i], jn.nodes[j], distinct ? 1.0 : jn.counts[i] * jn.counts[j]});
    f.nnBw = nn.empty() ? 0.0 : loadsOf(net, TrafficPattern::NearestNeighbour, nn, threads).perFlowBandwidth();

    const ExchangeFigures x = exchangeFigures(net, hosts, schedule, threads);
    f.roundSecondsPerByte = x.roundSecondsPerByte;
    f.xchgBandwidth = x.bandwidth;
    f.method = x.method;
    return f;
}

} // namespace cs
