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
#include "model/topology/budget/GeneratorCounts.h"

#include <string>

namespace cs {

struct TopologyCost {
    // What computeMetrics does for this kind of network, stage by stage, in
    // the unit each stage's time grows with; `seconds` prices each at the
    // rate measured on this machine (TopologyBudget.cpp). Searches run over
    // the core graph (CoreGraph.h): hosts on one link to a switch or segment
    // are not searched.
    double searches = 0.0;  // BFS steps (a core vertex or arc visited) of the all-pairs
                            // searches (one per BFS root, or per orbit of roots) and
                            // of a coordinate router's table searches
    double patterns = 0.0;  // BFS steps of the sparse patterns' searches: one per
                            // destination root when symmetry took the roots away
                            // and no coordinate router routes them
    double boxes = 0.0;     // a coordinate router's box positions
    double flows = 0.0;     // transpose and ring flows (one a host each) listed and routed
    double neighbourFlows = 0.0; // nearest-neighbour flows listed, sorted by destination and routed
    double symmetry = 0.0;  // BFS steps of checking the proposed automorphisms
    double passes = 0.0;    // vertices and the links of leaf hosts: validating, access loads
    double coreLinks = 0.0; // links between core vertices: each pattern's load in both
                            // directions, on every worker, finished and scanned
    double bisection = 0.0; // vertices and links of a cut search (METIS, max flows)
    double stepFactor = 1.0; // what a search step costs against a small search's: its
                             // arrays outgrow the caches as the search grows
    double build = 0.0;     // vertices and links generated: ids, properties, adjacency
                            // (and freed), before any metrics
    double seconds = 0.0;   // the sum at the measured rates: building and computeMetrics' CPU time on
                            // this machine (both threads; an idle machine's wall time
                            // is between this and half of it)
    // Bytes of the built topology (ids, properties, adjacency) and of the
    // metrics' per-vertex working arrays.
    double bytes = 0.0;
};

TopologyCost estimateTopologyCost(const GeneratorCounts& c);

// About a minute of metrics on this machine (2 cores).
inline constexpr double kMaxMetricsSeconds = 60.0;

std::string topologyBuildProblem(const GeneratorCounts& c);

// "" when its metrics fit in kMaxMetricsSeconds; else a sentence with the
// counts, the estimate, the limit and the way out (how many hosts of this
// shape would fit).
std::string topologyMetricsProblem(const GeneratorCounts& c);

} // namespace cs
