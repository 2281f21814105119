#pragma once
// The figures of a job's placed hosts: what the topology gives a model when a
// job of P ranks runs on chosen hosts (JobPlacement.h), one rank or several
// a host, and the time of an exchange as the rounds it runs in
// (ExchangeSchedule.h).
//
// - The patterns (all-to-all, transpose, nearest-neighbour, ring) are those
//   of the placed ranks, in rank order, routed with the same minimum-hop ECMP
//   as the whole network's (LinkLoad.h): two ranks on one leaf never load an
//   uplink, two ranks on one host load no link, and the ranks of a host
//   share its links.
// - Hops and latency are over ordered pairs of the job's distinct hosts (its
//   nodes), along the one route a message takes (Router, destination-mod-k).
// - A round's time per byte is that of its slowest flow: the largest load per
//   capacity on a link it crosses (LinkLoads::maxCongestion, s/B). An
//   exchange's time is the sum over its rounds; the fluid all-to-all
//   (a2aBandwidth) is a bound on it, never more than the rounds give.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/routing/FlowRouter.h"
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/routing/StreamedLoads.h"
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace cs {

// A network readied for placed jobs: what every P of a sweep on it shares,
// built once (TopologySource keeps it per network) instead of at every
// evaluation. Read-only once built: several threads may use it at once.
// `t` and `g` must outlive it.
struct PlacedNetwork {
    // fast: the figures by the shortcuts that give the same result up to
    // rounding: a pattern's flows loaded by the generator's coordinate
    // router (FlowRouter.h) where it accepts the network and costs less than
    // a search per destination; the all-to-all's flows counted by core
    // vertex (allToAllDemands); one route search per core vertex whose leaf
    // hosts the job uses (PlacedPairs.h). false: every pair and pattern the
    // plain way, the reference the fast paths are tested against.
    PlacedNetwork(const Topology& t, const CoreGraph& g, bool fast = true);

    const Topology& t;
    const CoreGraph& g;
    bool fast = true;
    std::unique_ptr<FlowRouter> router; // nullptr: every pattern by ECMP search
    // Per core vertex: its leaf hosts are interchangeable in a round (each
    // has one duplex link of the same capacity), so rounds whose flows join
    // the same core vertices load the network alike.
    std::vector<std::uint8_t> uniformLeaves;
    // Where each link's loads are read for a bottleneck alone (the figures
    // need no per-link loads: StreamedLoads.h).
    EdgeSources sources;
};

// The distinct hosts (nodes) of a job's ranks, in the order of their first
// rank, and the ranks each holds; `counts` is empty when every rank has a
// host of its own (one rank a node), and `nodes` is then `hosts`. `nodeOf`:
// each rank's index into `nodes`. The patterns and rounds are routed as
// flows between nodes, counted (NodeFlows.h).
struct JobNodes {
    std::vector<std::size_t> nodes;
    std::vector<double> counts;
    std::vector<std::uint32_t> nodeOf;
};
JobNodes jobNodes(const Topology& t, const std::vector<std::size_t>& hosts);

struct PlacedFigures {
    double a2aLoad = 0;     // flows on the bottleneck under the placed all-to-all
    double a2aBandwidth = 0; // B/s per rank, (P - 1) / maxCongestion: the fluid bound
    double transposeBw = 0, nnBw = 0, ringBw = 0; // B/s per flow that crosses the network (0: none does)
    double avgHops = 0, diameter = 0;             // over ordered pairs of the job's nodes
    double avgLatency = 0, maxLatency = 0;        // s
    // The schedule's rounds: per round (as returned by scheduleRounds, each
    // standing for `repeats` equal rounds), the slowest flow's time per byte.
    std::vector<double> roundSecondsPerByte;
    // rounds / sum of the rounds' seconds per byte: the one-flow bandwidth the
    // schedule averages to (B/s). For a pairwise all-to-all, the per-host
    // bandwidth of the exchange: (P - 1) blocks take (P - 1) x block / xchgBw.
    double xchgBandwidth = 0;
    std::string method; // how the rounds were computed (sampled, deduplicated), one line
};

// Rounds an exchange is routed with at most; beyond, evenly spaced rounds
// stand for the rest (said in PlacedFigures::method).
inline constexpr std::size_t kMaxRoutedRounds = 256;

// Work (steps, an upper bound) placedFigures takes for P ranks on `nodes`
// hosts (0: P, one rank a host) of a network of these counts: check it
// against kMaxPlacedWork before calling.
double placedWork(const TopologyCounts& c, std::size_t P, std::size_t nodes = 0);
// About ten seconds here: a job that would take longer is refused in words.
inline constexpr double kMaxPlacedWork = 2e9;

// An exchange's rounds on the placed hosts (PlacedFigures' last three fields).
struct ExchangeFigures {
    std::vector<double> roundSecondsPerByte;
    double bandwidth = 0;
    std::string method;
};
ExchangeFigures exchangeFigures(const PlacedNetwork& net, const std::vector<std::size_t>& hosts, Schedule schedule,
                                int threads = 1);
ExchangeFigures exchangeFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                                Schedule schedule, int threads = 1);

// `hosts`: the topology vertex of each rank, in rank order (at least one;
// rankHosts, JobPlacement.h).
PlacedFigures placedFigures(const PlacedNetwork& net, const std::vector<std::size_t>& hosts, Schedule schedule,
                            int threads = 1);
PlacedFigures placedFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                            Schedule schedule, int threads = 1);

// The link loads of these flows (rank pairs over `hosts`) running at once;
// a flow between two ranks of one host loads no link. Routed once per pair
// of hosts, with the count of its rank flows (NodeFlows.h).
LinkLoads rankLoads(const PlacedNetwork& net, const std::vector<std::size_t>& hosts,
                    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads = 1);

// One round's slowest flow, seconds per byte (0 for a round without flows);
// `flows` are rank pairs over `hosts`.
double roundSecondsPerByte(const PlacedNetwork& net, const std::vector<std::size_t>& hosts,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads = 1);
double roundSecondsPerByte(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts,
                           const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows, int threads = 1);

} // namespace cs
