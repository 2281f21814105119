#pragma once
// Routes for the simulated platform: the topology's one router
// (model/topology/routing/Routing.h, cs::Router: minimum hops, d-mod-k among equal
// ones), so the simulator, the analytic view and the runner's pair planner
// follow the same links.
#include "model/topology/routing/Routing.h"
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <vector>

namespace cs::sim {

using RouteHop = cs::RouteHop;

class RouteTable {
public:
    explicit RouteTable(const Topology& t);
    // Routes from vertex `src` to each vertex of `dsts`, in order; throws
    // ModelError naming both ids when one cannot be reached.
    std::vector<std::vector<RouteHop>> from(std::size_t src, const std::vector<std::size_t>& dsts) const;

private:
    const Topology& t_;
    mutable Router router_; // keeps the last source's distances
};

} // namespace cs::sim
