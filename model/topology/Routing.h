#pragma once
// Minimum-hop routes with equal-cost multipath. Routes pass only through
// switches, segments and hosts that forward (software routing, 004 §4).
#include "model/topology/Topology.h"

#include <cstddef>
#include <vector>

namespace cs {

// Hops (links) from vertex `from` to every vertex, -1 where no route exists.
std::vector<int> hopDistances(const Topology& t, std::size_t from);

// Every minimum-hop route from `from` to `to` (vertex index sequences, ends
// included), at most `limit` of them; empty when there is none.
std::vector<std::vector<std::size_t>> minHopRoutes(const Topology& t, std::size_t from, std::size_t to,
                                                   std::size_t limit = 1024);

} // namespace cs
