#pragma once
// The two load models of a network (docs/topology.md, "Two load models"):
//
//  - Even split (the metrics: linkLoads, computeMetrics, EcmpPass and the
//    closed-form FatTreeEvenSplit, CubeEvenSplit and DragonflyEvenSplit). A flow is
//    split evenly over its minimum-hop routes at every branch; these compute
//    loads, never a route.
//  - Single path (this file): every flow on the one route Router gives it
//    (minimum hops, destination-mod-k among equal ones), the route the
//    runner's pair planner and the SimGrid platform send it on.
//
// On a fat-tree or leaf-spine destination-mod-k spreads the destinations of
// an all-to-all over the up-links as evenly as the split does; on a torus or
// dragonfly a tie (two ways round a ring, two global links) is one way for
// the single path and half each way for the split, so the single path's
// busiest link carries more. tests/model/topology/test_load_models.cpp
// compares the two on a torus, a dragonfly and an oversubscribed leaf-spine.
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/graph/Topology.h"

namespace cs {

// The loads of pattern `p` (all-to-all, transpose or ring) with every flow on
// its Router route: flows per link direction and per segment, the
// bottleneck by flows per B/s as LinkLoads says. Allocates O(hosts^2) routes
// for all-to-all: for checks and small networks, not for the metrics.
// Throws ModelError for nearest-neighbour (its targets are the metrics').
LinkLoads singlePathLoads(const Topology& t, TrafficPattern p);

} // namespace cs
