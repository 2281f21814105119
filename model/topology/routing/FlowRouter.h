#pragma once
// Load computers for the flows of a sparse pattern (transpose, ring,
// nearest-neighbour) on a generated network. They do not choose routes: each
// one computes, in closed form from the network's coordinates, the loads that
// hop-by-hop ECMP's even split over the equal-cost next hops puts on every
// link, which the general path is a search per destination for (hence the
// names *EvenSplit). Each one accepts a topology only when its graph is
// exactly what the generator record names, and gives the same ECMP loads as
// the search (exact, up to rounding).
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/graph/MetricsProgress.h"
#include "model/topology/routing/TrafficDemands.h"

#include <memory>
#include <string>

namespace cs {

class FlowRouter {
public:
    virtual ~FlowRouter() = default;
    // The core loads of every flow in `d` (all of them are routable).
    // Counts its work as a stage of `progress` spanning `progressShare`,
    // and throws MetricsCancelled when the cancel flag is set.
    virtual CoreLoads route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                            double progressShare) const = 0;
    virtual std::string method() const = 0; // one line, for LinkLoads::method
    // Steps route() takes for `d` (each a box position visited), so that a
    // pattern whose boxes are too large can be left out in words rather than
    // run for hours (a transpose on a large hypercube crosses half its bits).
    // Computed on up to `threads` threads.
    virtual double work(const CoreGraph&, const Demands& d, int /*threads*/) const { return 16.0 * double(d.src.size()); }
};

// A pattern whose routing would take more steps than this (about half a
// minute here) is left out of the metrics, with the reason.
inline constexpr double kMaxPatternWork = 3e8;
// Adds to `skipped` (TopologyMetrics::skipped, "; " between) that pattern p,
// whose loads take `work` steps, was left out.
void noteSkipped(std::string& skipped, TrafficPattern p, double work);

} // namespace cs
