#include "model/topology/PlacedMetrics.h"
#include "model/topology/EcmpPass.h"
#include "model/topology/LinkLoad.h"
#include "model/topology/Routing.h"
#include "model/topology/TrafficDemands.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace cs {

namespace {

// The loads of an explicit flow list, routed as the whole network's patterns are.
LinkLoads loadsOf(const Topology& t, const CoreGraph& g, TrafficPattern label, const std::vector<HostFlow>& flows,
                  int threads)
{
    const Demands d = flowDemands(t, g, label, flows);
    EcmpJob job;
    job.hops = job.latency = job.allToAll = false;
    job.sparse.push_back(&d);
    const EcmpResult res = runEcmpPass(g, job, threads, nullptr);
    std::vector<double> out, in;
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

double vertexCost(const VertexProps& v)
{
    return v.kind == VertexKind::Host ? v.forwardCost : v.latency;
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

double placedWork(const TopologyCounts& c, std::size_t P)
{
    const double V = double(c.hosts + c.switches + c.segments) + double(c.links);
    const double rounds = double(std::min<std::size_t>(P ? P - 1 : 0, kMaxRoutedRounds));
    // A search per source (hops, latency), the pairs' routes, the placed
    // all-to-all's flows and a search per destination of each routed round.
    return double(P) * V + double(P) * double(P) * 8.0 + rounds * std::min<double>(double(P), V) * V;
}

double roundSecondsPerByte(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads)
{
    if (flows.empty())
        return 0.0;
    return loadsOf(t, g, TrafficPattern::AllToAll, rankFlows(hosts, flows), threads).maxCongestion;
}

ExchangeFigures exchangeFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                                Schedule schedule, int threads)
{
    ExchangeFigures f;
    const auto P = static_cast<std::uint32_t>(hosts.size());
    // The schedule, round by round. Rounds whose flows join the same core
    // vertices load the network alike (when the leaves there are
    // interchangeable): each such set is routed once.
    std::vector<ExchangeRound> rounds = scheduleRounds(schedule, P);
    double total = 0;
    for (const ExchangeRound& r : rounds)
        total += r.repeats;
    std::size_t routed = 0, sampled = rounds.size();
    if (rounds.size() > kMaxRoutedRounds) {
        // Evenly spaced rounds, each standing for its share of the others.
        std::vector<ExchangeRound> pick;
        const double each = total / double(kMaxRoutedRounds);
        for (std::size_t i = 0; i < kMaxRoutedRounds; ++i) {
            ExchangeRound r = std::move(rounds[i * rounds.size() / kMaxRoutedRounds]);
            r.repeats = each;
            pick.push_back(std::move(r));
        }
        rounds = std::move(pick);
        sampled = kMaxRoutedRounds;
    }
    const std::vector<std::uint8_t> uniform = uniformLeaves(t, g);
    auto key = [&](std::size_t v) -> std::uint64_t {
        const std::uint32_t c = g.coreOfHost(v);
        return g.leafParent[v] != CoreGraph::kNone && uniform[c] ? c : (std::uint64_t{1} << 40) + v;
    };
    std::map<std::vector<std::pair<std::uint64_t, std::uint64_t>>, double> seen;
    double seconds = 0;
    for (const ExchangeRound& r : rounds) {
        std::vector<std::pair<std::uint64_t, std::uint64_t>> sig;
        sig.reserve(r.flows.size());
        for (const auto& [a, b] : r.flows)
            sig.emplace_back(key(hosts[a]), key(hosts[b]));
        std::sort(sig.begin(), sig.end());
        auto it = seen.find(sig);
        if (it == seen.end()) {
            it = seen.emplace(std::move(sig), roundSecondsPerByte(t, g, hosts, r.flows, threads)).first;
            ++routed;
        }
        f.roundSecondsPerByte.push_back(it->second);
        seconds += r.repeats * it->second;
    }
    f.bandwidth = seconds > 0 ? total / seconds : 0.0;
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s: %.0f rounds, %zu %s, %zu routed (the others load the network alike)",
                  scheduleNames()[static_cast<std::size_t>(schedule)].c_str(), total, sampled,
                  sampled < total ? "evenly spaced rounds stand for them" : "distinct", routed);
    f.method = buf;
    return f;
}

PlacedFigures placedFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                            Schedule schedule, int threads)
{
    PlacedFigures f;
    const auto P = static_cast<std::uint32_t>(hosts.size());
    if (P < 2)
        return f;

    // Hops and latency over ordered pairs, along the route a message takes.
    Router router(t);
    double hopSum = 0, latSum = 0, pairs = 0;
    for (std::uint32_t a = 0; a < P; ++a)
        for (std::uint32_t b = 0; b < P; ++b) {
            if (a == b || hosts[a] == hosts[b])
                continue;
            const auto route = router.route(hosts[a], hosts[b]);
            if (!route)
                continue;
            double lat = 0;
            for (std::size_t i = 0; i < route->size(); ++i) {
                lat += t.link((*route)[i].edge).latency;
                if (i + 1 < route->size())
                    lat += vertexCost(t.vertex((*route)[i].to));
            }
            hopSum += double(route->size());
            latSum += lat;
            pairs += 1;
            f.diameter = std::max(f.diameter, double(route->size()));
            f.maxLatency = std::max(f.maxLatency, lat);
        }
    f.avgHops = pairs ? hopSum / pairs : 0.0;
    f.avgLatency = pairs ? latSum / pairs : 0.0;

    // The patterns of the placed ranks.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flows;
    for (std::uint32_t a = 0; a < P; ++a)
        for (std::uint32_t b = 0; b < P; ++b)
            if (a != b)
                flows.emplace_back(a, b);
    const LinkLoads a2a = loadsOf(t, g, TrafficPattern::AllToAll, rankFlows(hosts, flows), threads);
    f.a2aLoad = a2a.maxLoad;
    f.a2aBandwidth = allToAllBandwidth(a2a, P);
    flows.clear();
    for (std::uint32_t i = 0, rows = transposeRows(P); i < P; ++i)
        if (const std::uint32_t j = transposePartner(i, P, rows); j != i)
            flows.emplace_back(i, j);
    f.transposeBw = flows.empty() ? 0.0
                                  : loadsOf(t, g, TrafficPattern::Transpose, rankFlows(hosts, flows), threads)
                                        .perFlowBandwidth();
    flows.clear();
    for (std::uint32_t i = 0; i < P; ++i)
        flows.emplace_back(i, (i + 1) % P);
    f.ringBw = loadsOf(t, g, TrafficPattern::Ring, rankFlows(hosts, flows), threads).perFlowBandwidth();
    // Nearest neighbours: each rank to the placed ranks at its smallest hop distance.
    flows.clear();
    for (std::uint32_t a = 0; a < P; ++a) {
        const std::vector<int> d = hopDistances(t, hosts[a]);
        int best = -1;
        for (std::uint32_t b = 0; b < P; ++b)
            if (b != a && hosts[b] != hosts[a] && d[hosts[b]] > 0 && (best < 0 || d[hosts[b]] < best))
                best = d[hosts[b]];
        for (std::uint32_t b = 0; b < P && best > 0; ++b)
            if (b != a && d[hosts[b]] == best)
                flows.emplace_back(a, b);
    }
    f.nnBw = flows.empty() ? 0.0
                           : loadsOf(t, g, TrafficPattern::NearestNeighbour, rankFlows(hosts, flows), threads)
                                 .perFlowBandwidth();

    const ExchangeFigures x = exchangeFigures(t, g, hosts, schedule, threads);
    f.roundSecondsPerByte = x.roundSecondsPerByte;
    f.xchgBandwidth = x.bandwidth;
    f.method = x.method;
    return f;
}

} // namespace cs
