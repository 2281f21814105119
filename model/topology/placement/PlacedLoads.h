#pragma once
// The loads of an explicit flow list on a placed network before its
// bottleneck is found: what PlacedMetrics' patterns and CountedRounds' node
// sets are routed with.
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/routing/TrafficDemands.h"

#include <cstdint>
#include <vector>

namespace cs {

// The core arcs' and segments' loads (core), each leaf host's access link
// (out, in, per topology vertex), and the flows.
struct RawLoads {
    CoreLoads core;
    std::vector<double> out, in;
    std::uint64_t flows = 0;
};

// Routed as the whole network's patterns are: by the coordinate router where
// it takes fewer steps than a search per destination (both exact, up to
// rounding), else by that search.
RawLoads rawLoadsOf(const PlacedNetwork& net, const Demands& d, int threads);

} // namespace cs
