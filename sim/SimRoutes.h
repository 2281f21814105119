#pragma once
// Routes for the simulated platform, taken from the topology's own routing
// (model/topology/Routing.h: minimum hops, transit only through switches,
// segments and forwarding hosts), so the analytic and the simulated views
// follow the same paths. Where several minimum-hop routes exist (ECMP), one
// is picked per destination (d-mod-k, as InfiniBand's fat-tree routing does):
// static, deterministic, and free of contention for shift permutations on a
// fat-tree.
#include "model/topology/Topology.h"

#include <cstddef>
#include <vector>

namespace cs::sim {

struct RouteHop {
    std::size_t edge = 0; // topology edge index
    std::size_t from = 0; // vertex the hop leaves
    std::size_t to = 0;   // vertex the hop reaches
};

class RouteTable {
public:
    explicit RouteTable(const Topology& t);
    // Routes from vertex `src` to each vertex of `dsts`, in order; throws
    // ModelError naming both ids when one cannot be reached.
    std::vector<std::vector<RouteHop>> from(std::size_t src, const std::vector<std::size_t>& dsts) const;

private:
    const Topology& t_;
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adj_; // vertex -> (neighbour, edge)
    std::vector<std::size_t> ordinal_; // host vertex -> its place in host order
};

} // namespace cs::sim
