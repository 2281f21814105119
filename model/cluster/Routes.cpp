#include "model/cluster/Routes.h"

namespace cs {

RouteFinder::RouteFinder(const Topology& t) : t_(t), router_(t) {}

std::optional<std::vector<std::size_t>> RouteFinder::links(std::size_t from, std::size_t to)
{
    const std::optional<std::vector<RouteHop>> hops = router_.route(from, to);
    if (!hops)
        return std::nullopt;
    // From `to` back to `from`, as the callers read them.
    std::vector<std::size_t> route;
    route.reserve(hops->size());
    for (auto it = hops->rbegin(); it != hops->rend(); ++it)
        route.push_back(it->edge);
    return route;
}

} // namespace cs
