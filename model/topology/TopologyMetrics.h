#pragma once
// Everything the topology derives for the models and the `topo` command.
#include "model/topology/Bisection.h"
#include "model/topology/HopHistogram.h"
#include "model/topology/LinkLoad.h"

#include <optional>

namespace cs {

struct MetricsOptions {
    int threads = 2;
    bool transpose = true;        // also load the transpose pattern
    bool nearestNeighbour = true; // also load the nearest-neighbour pattern
};

struct TopologyMetrics {
    TopologyCounts counts;
    HopHistogram hops; // ordered host pairs by links traversed
    BisectionResult bisection;
    LinkLoads allToAll;
    std::optional<LinkLoads> transpose;
    std::optional<LinkLoads> nearestNeighbour;
    double a2aBandwidth = 0.0; // per host, B/s: (H - 1) x the bottleneck's per-flow rate
    double avgLatency = 0.0;   // s, mean host-to-host route latency over ordered pairs
    double maxLatency = 0.0;   // s, the worst pair's route latency

    double avgHops() const { return hops.average(); }
    int diameter() const { return hops.diameter(); }
};

// Validates, then computes. Allocates freely (it is not on a sweep's hot
// path; the topology block caches its results).
TopologyMetrics computeMetrics(const Topology& t, const MetricsOptions& options = {});

} // namespace cs
