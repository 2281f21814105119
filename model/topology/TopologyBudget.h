#pragma once
// What building a topology and computing its metrics cost, estimated from
// its counts alone (Generator::counts gives them without building), so that
// a request too large for this machine is refused in words before any work
// starts, instead of running for an hour or until memory runs out.
//
// One estimate and one named limit, used by `topo`, the design's topology
// blocks and the GUI alike. The generator's counts say what the metrics
// will do (orbit roots under symmetry, a coordinate router, an exact cut);
// the estimate adds up those stages.
#include "model/topology/Generator.h"

#include <string>

namespace cs {

struct TopologyCost {
    // Metrics work in BFS steps (one step: a vertex or an arc visited once),
    // counting what computeMetrics does for this kind of network:
    double searches = 0.0;  // the all-pairs ECMP searches: one per BFS root, or
                            // one per orbit of roots when the generator has symmetry
    double patterns = 0.0;  // the sparse patterns (transpose, neighbour, ring): a
                            // coordinate router's boxes, or a half-deep search per
                            // destination when symmetry took the roots away
    double symmetry = 0.0;  // checking the proposed automorphisms on the graph
    double passes = 0.0;    // building the graph, the demands, folding the loads
    double bisection = 0.0; // max flows when the generator states no exact cut
    double metricsWork = 0.0; // the sum
    // Bytes of the built topology (ids, properties, adjacency) and of the
    // metrics' per-vertex working arrays.
    double bytes = 0.0;
};

TopologyCost estimateTopologyCost(const GeneratorCounts& c);

// About a minute of metrics on this machine (2 cores), busy or not. Measured
// with clusterscope-cli topo (see bench/bench_topology_loads.cpp for the
// per-stage times this estimate is calibrated on).
inline constexpr double kMaxMetricsWork = 1.5e9;

std::string topologyBuildProblem(const GeneratorCounts& c);

// "" when its metrics fit in kMaxMetricsWork; else a sentence with the
// counts, the estimate, the limit and the way out (how many hosts of this
// shape would fit).
std::string topologyMetricsProblem(const GeneratorCounts& c);

// Counts of a built topology, for the checks above: its generator's when it
// names one and still has the generator's counts (they know the symmetry),
// else counted, with one BFS root per vertex hosts hang off or host that is
// not a leaf (what the plain computation searches) and no symmetry.
GeneratorCounts countsOf(const Topology& t);

} // namespace cs
