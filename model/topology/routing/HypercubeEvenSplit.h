#pragma once
// Even-split ECMP loads on a binary hypercube, from the bits of each flow's
// ends (CubeEvenSplit's hypercube case).
//
// A flow from s to t crosses the bits of D = s xor t in every order, and
// hop-by-hop ECMP's even split makes each order equally likely: the flow
// reaches x = s xor S, for S a subset of D with |S| = k of |D| = j bits,
// with share 1 / C(j, k), and leaves it evenly over the j - k bits left.
// So the arc from x across bit b in D \ S carries 1 / (C(j, k) (j - k)) of
// the flow: one pass over the subsets of D, (j + 2) 2^(j - 1) steps a flow
// (j 2^(j-1) arc updates and the 2^j subsets).
//
// A transpose on 2^d hosts with d even swaps the two halves of a host's
// bits, (h, l) -> (l, h): xor by any (a, a) maps the pattern onto itself,
// so the arc from (h, l) across bit b carries what the arc from
// (h xor l, 0) does. Only the flows whose boxes reach a vertex (h, 0) are
// walked (s = (h, l) with h and l disjoint, and the subsets with low half
// l), 2 d 5^(d/2 - 1) + 5^(d/2) steps, then every arc is read from its
// representative: d 2^d. The 2^20 hypercube's transpose is 1.3e8 steps
// instead of 1e10 by flows.
#include "model/topology/graph/MetricsProgress.h"
#include "model/topology/routing/TrafficDemands.h"

#include <cstdint>
#include <vector>

namespace cs {

// Hop-by-hop ECMP's even split over the orders in which a flow sets its j
// differing coordinates one hop each (a hypercube's bits, a HyperX's
// dimensions, HyperXEvenSplit.h): each order is equally likely, so the flow
// reaches a vertex k coordinates along with share 1 / C(j, k) and leaves it
// evenly over the j - k left. The share of the flow on each such arc, for
// j <= 32:
double evenSplitShare(std::uint32_t j, std::uint32_t k);
// The steps of walking one such flow: its 2^j subsets and the j 2^(j-1) arcs
// they leave by, (j + 2) 2^(j-1).
double evenSplitSteps(std::uint32_t j);

} // namespace cs

namespace cs::hypercube {

// Steps of route() for these flows on 2^dims hosts (host i at core vertex i).
double work(std::uint32_t dims, const Demands& d);
// The steps for the transpose of 2^dims hosts: by its symmetry when dims is
// even, else by flows (counted, a few milliseconds at 2^19). What work()
// gives for trafficDemands' transpose on a hypercube.
double transposeWork(std::uint32_t dims);

// Adds each flow's loads into `load` (per core arc; arcTo as
// CubeEvenSplit::arcTable, empty for arc x * dims + b across bit b of x)
// and returns the flows routed. Polls `progress`
// (which counts flows or, for the transpose, representatives) between them.
double route(std::uint32_t dims, const std::vector<std::uint32_t>& arcTo, const Demands& d,
             std::vector<double>& load, MetricsProgress* progress, double progressShare);

} // namespace cs::hypercube
