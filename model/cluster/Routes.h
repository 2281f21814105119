#pragma once
// The links a message between two hosts crosses: the topology's one route
// (model/topology/routing/Routing.h, cs::Router: minimum hops through transit
// vertices, d-mod-k among equal ones), the route the simulator takes too.
// Path classes (PathClasses.h) describe these routes; the runner's rounds
// (PairRounds.h) keep pairs whose routes share a link apart, because they
// would measure each other.
#include "model/topology/routing/Routing.h"
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace cs {

class RouteFinder {
public:
    explicit RouteFinder(const Topology& t);

    // The edges (Topology edge indices) from host vertex `from` to vertex
    // `to`, in order from `to` back to `from`. Empty when from == to;
    // nullopt when no route exists. The search from `from` is kept, so asking
    // for many destinations of one source costs one search.
    std::optional<std::vector<std::size_t>> links(std::size_t from, std::size_t to);

    const Topology& topology() const { return t_; }

private:
    const Topology& t_;
    Router router_;
};

} // namespace cs
