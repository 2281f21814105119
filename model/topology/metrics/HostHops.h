#pragma once
// Host-to-host hop counts of a whole network (HopHistogram.h says what a hop
// is), from one ECMP pass over its BFS roots. Apart from HopHistogram.h, which
// the pass itself fills, so that routing/ does not include the symmetry of
// metrics/.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/routing/HopHistogram.h"

namespace cs {

// Over every ordered pair of distinct hosts: one BFS per distinct root of the
// core graph, shared out over `threads` std::threads. From a Topology, one
// BFS per orbit when its generator's symmetry checks out (see Symmetry.h).
HopHistogram hostHopHistogram(const CoreGraph& g, int threads = 2);
HopHistogram hostHopHistogram(const Topology& t, int threads = 2);

// Plain graph distances between every ordered pair of distinct vertices of
// any kind, ignoring forwarding rules (what igraph's path_length_hist counts,
// doubled because igraph counts unordered pairs). For the benchmark.
HopHistogram vertexHopHistogram(const Topology& t, int threads = 2);

} // namespace cs
