#pragma once
// The links a message between two hosts crosses: one minimum-hop route
// through the design's network, found by a breadth-first search from the
// sending host that passes only through transit vertices (switches,
// segments, forwarding hosts). Path classes (PathClasses.h) describe these
// routes; the runner's rounds (PairRounds.h) keep pairs whose routes share a
// link apart, because they would measure each other.
#include "model/topology/Topology.h"

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
    void search(std::size_t from);

    const Topology& t_;
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adj_; // (neighbour, edge)
    std::optional<std::size_t> source_;
    std::vector<long> parentEdge_;
    std::vector<bool> seen_;
};

} // namespace cs
