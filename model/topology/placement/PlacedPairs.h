#pragma once
// The pairwise figures of a job's placed hosts (PlacedMetrics.h): hops and
// latency over ordered pairs along the one route a message takes (Router),
// and the nearest-neighbour pattern's flows.
//
// Leaf hosts of one forwarding core vertex see the rest of the network alike
// (CoreGraph.h): a route from one of them is the route from another with its
// first link swapped. So `grouped` searches once per such vertex instead of
// once per rank, and sums each group's pairs from the shared routes; the
// result is the pair-by-pair one up to rounding. Hosts must be distinct.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/graph/Topology.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cs {

struct PairFigures {
    double avgHops = 0, diameter = 0;      // over ordered pairs of placed hosts with a route
    double avgLatency = 0, maxLatency = 0; // s
};

PairFigures pairFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts, bool grouped);

// Each rank to the placed ranks at its smallest hop distance, as rank pairs.
std::vector<std::pair<std::uint32_t, std::uint32_t>> nearestRankFlows(const Topology& t, const CoreGraph& g,
                                                                       const std::vector<std::size_t>& hosts,
                                                                       bool grouped);

} // namespace cs
