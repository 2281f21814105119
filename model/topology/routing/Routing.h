#pragma once
// Minimum-hop routes with equal-cost multipath. Routes pass only through
// switches, segments and hosts that forward (software routing, 004 §4).
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace cs {

// Hops (links) from vertex `from` to every vertex, -1 where no route exists.
std::vector<int> hopDistances(const Topology& t, std::size_t from);

// Every minimum-hop route from `from` to `to` (vertex index sequences, ends
// included), at most `limit` of them; empty when there is none.
std::vector<std::vector<std::size_t>> minHopRoutes(const Topology& t, std::size_t from, std::size_t to,
                                                   std::size_t limit = 1024);

// One link of a route.
struct RouteHop {
    std::size_t edge = 0; // topology edge index
    std::size_t from = 0; // vertex the hop leaves
    std::size_t to = 0;   // vertex the hop reaches
};

// The one route a message takes between two vertices, for everything that
// needs to know which links it crosses: the simulator's platform
// (sim/SimRoutes), the runner's pair planner (cluster/Routes: which pairs
// share a link) and the path classes. Minimum hops, transit only through
// switches, segments and forwarding hosts; where several minimum-hop routes
// exist (ECMP), destination-mod-k picks one (InfiniBand's fat-tree routing:
// at each step back from the destination, the next digit of its host
// ordinal in the mixed radix of the candidate counts): static,
// deterministic, and free of contention for shift permutations on a fat-tree.
class Router {
public:
    explicit Router(const Topology& t);
    // The hops from `from` to `to`, in order; empty when from == to; nullopt
    // when `to` cannot be reached. The distances from one source are kept,
    // so many destinations of one source cost one search.
    std::optional<std::vector<RouteHop>> route(std::size_t from, std::size_t to);
    const Topology& topology() const { return t_; }

private:
    const Topology& t_;
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adj_; // vertex -> (neighbour, edge)
    std::vector<std::size_t> ordinal_;                                  // host vertex -> its place in host order
    std::optional<std::size_t> source_;
    std::vector<int> dist_; // hops from source_
};

} // namespace cs
