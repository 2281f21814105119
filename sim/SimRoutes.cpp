#include "sim/SimRoutes.h"
#include "model/core/ModelError.h"

namespace cs::sim {

RouteTable::RouteTable(const Topology& t) : t_(t), router_(t) {}

std::vector<std::vector<RouteHop>> RouteTable::from(std::size_t src, const std::vector<std::size_t>& dsts) const
{
    std::vector<std::vector<RouteHop>> routes;
    routes.reserve(dsts.size());
    for (std::size_t dst : dsts) {
        std::optional<std::vector<RouteHop>> r = router_.route(src, dst);
        if (!r)
            throw ModelError("host '" + t_.vertex(dst).id + "' cannot be reached from host '" + t_.vertex(src).id +
                             "'");
        routes.push_back(std::move(*r));
    }
    return routes;
}

} // namespace cs::sim
