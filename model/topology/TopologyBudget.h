#pragma once
// What building a topology and computing its metrics cost, estimated from
// its counts alone (Generator::counts gives them without building), so that
// a request too large for this machine is refused in words before any work
// starts, instead of running for an hour or until memory runs out.
//
// One estimate and one named limit: when the metrics get faster (symmetry
// for tori and fat-trees), lower the per-step cost in estimateTopologyCost
// or raise kMaxMetricsWork; nothing else changes.
#include "model/topology/Generator.h"

#include <string>

namespace cs {

struct TopologyCost {
    // Metrics work in BFS steps: one BFS per root over every vertex and
    // both directions of every link (hop histogram, link loads), plus the
    // passes over every vertex and link that the other metrics make (the
    // traffic patterns, the bisection), each worth about 500 steps.
    double metricsWork = 0.0;
    // Bytes of the built topology (ids, properties, adjacency) and of the
    // metrics' per-vertex working arrays.
    double bytes = 0.0;
};

TopologyCost estimateTopologyCost(const GeneratorCounts& c);

// Under a minute of metrics on this machine (2 cores), busy or not. Idle,
// clusterscope-cli topo measured hypercube:dims=13 (1.0e9 steps) in 14 s,
// star:n=1000000 (1.0e9) in 5 s, fat-tree:k=48 (2.3e8) in 0.8 s; with other
// builds running, hypercube:dims=12 (2.2e8) took 6.7 s, star:n=1000000 24 s,
// and hypercube:dims=14 (4.1e9) 67 s.
inline constexpr double kMaxMetricsWork = 1.5e9;

// "" when a topology of these counts can be built with the memory available
// now (less a margin); else a sentence with the counts, the estimate and
// the memory.
std::string topologyBuildProblem(const GeneratorCounts& c);

// "" when its metrics fit in kMaxMetricsWork; else a sentence with the
// counts, the estimate and the limit.
std::string topologyMetricsProblem(const GeneratorCounts& c);

// Counts of a built topology, for the checks above: its generator's when it
// names one (they know the BFS roots), else counted, with every host a BFS
// root (an upper bound).
GeneratorCounts countsOf(const Topology& t);

} // namespace cs
