#pragma once
// One pass over destination roots of the core graph with minimum-hop,
// hop-by-hop ECMP routing (see LinkLoad.h). For each root it searches once
// and derives from that one search everything that ends there:
//   - all-to-all: hop counts, path latency and link loads of the flows from
//     every host to the hosts at the root, scaled by the root's weight (the
//     size of its symmetry orbit; 1 without symmetry);
//   - sparse patterns (transpose, nearest-neighbour, ring): the loads of
//     their flows to the root; a root with no all-to-all work searches only
//     as deep as its farthest source.
// Roots are shared out over threads; the tracker, when given, counts roots
// and is polled for cancellation between them.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/HopHistogram.h"
#include "model/topology/graph/MetricsProgress.h"
#include "model/topology/routing/TrafficDemands.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cs {

struct EcmpJob {
    // All-to-all destination roots with their weights; empty for none.
    std::vector<std::pair<std::uint32_t, std::uint64_t>> allPairsRoots;
    bool hops = true;     // hop histogram of the all-pairs roots
    bool latency = true;  // path latency of the all-pairs roots
    bool allToAll = true; // all-to-all loads of the all-pairs roots
    std::vector<const Demands*> sparse; // other patterns
    double progressShare = 0;           // of the tracker's whole, for this pass
};

struct EcmpResult {
    HopHistogram hops;
    double latencySum = 0; // s, over reachable ordered host pairs, weighted
    double latencyMax = 0; // s
    CoreLoads allToAll;
    // Per core vertex, for the all-pairs roots with leaf hosts: how many
    // hosts reach one of its leaf hosts (and, routes being reversible, how
    // many it reaches): what its access link carries each way under
    // all-to-all.
    std::vector<double> leafReach;
    std::vector<CoreLoads> sparse;                     // as EcmpJob::sparse
    std::vector<std::vector<std::uint8_t>> entryRouted; // per sparse pattern, per entry: its source reaches its root
};

// Throws MetricsCancelled when the tracker's cancel flag is set.
EcmpResult runEcmpPass(const CoreGraph& g, const EcmpJob& job, int threads, MetricsProgress* progress);

// What the access link of each leaf host carries each way under all-to-all
// (per topology vertex): leafReach of its core vertex, read at that vertex's
// representative `rep[c]` (rep empty: the vertex itself).
std::vector<double> allToAllAccess(const Topology& t, const CoreGraph& g, const std::vector<double>& leafReach,
                                   const std::vector<std::uint32_t>& rep);

// The roots of the plain computation: every core vertex with hosts, weight 1.
std::vector<std::pair<std::uint32_t, std::uint64_t>> everyHostRoot(const CoreGraph& g);

} // namespace cs
