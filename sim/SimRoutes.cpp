#include "sim/SimRoutes.h"
#include "model/core/ModelError.h"
#include "model/topology/Routing.h"

#include <algorithm>

namespace cs::sim {

RouteTable::RouteTable(const Topology& t) : t_(t), adj_(t.vertexCount()), ordinal_(t.vertexCount(), 0)
{
    for (std::size_t i = 0; i < t.hosts().size(); ++i)
        ordinal_[t.hosts()[i]] = i;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj_[a].emplace_back(b, e);
        adj_[b].emplace_back(a, e);
    }
}

std::vector<std::vector<RouteHop>> RouteTable::from(std::size_t src, const std::vector<std::size_t>& dsts) const
{
    const std::vector<int> dist = hopDistances(t_, src);
    std::vector<std::vector<RouteHop>> routes;
    routes.reserve(dsts.size());
    std::vector<std::pair<std::size_t, std::size_t>> candidates;
    for (std::size_t dst : dsts) {
        if (dist[dst] < 0)
            throw ModelError("host '" + t_.vertex(dst).id + "' cannot be reached from host '" + t_.vertex(src).id +
                             "'");
        std::vector<RouteHop> hops(static_cast<std::size_t>(dist[dst]));
        std::size_t v = dst;
        // Destination-mod-k: the choice at each step back from the
        // destination is the next digit of its host ordinal in the mixed
        // radix of the candidate counts (InfiniBand's d-mod-k on a fat-tree:
        // every destination has its own path down, and a shift permutation
        // meets no contention on the way up).
        std::size_t digits = ordinal_[dst];
        for (int d = dist[dst]; d > 0; --d) {
            candidates.clear();
            for (const auto& [u, e] : adj_[v])
                if (dist[u] == d - 1 && (u == src || t_.isTransit(u)))
                    candidates.emplace_back(u, e);
            // Every vertex at distance d was reached from one at d - 1 that may forward.
            const auto [u, e] = candidates[digits % candidates.size()];
            digits /= candidates.size();
            hops[static_cast<std::size_t>(d - 1)] = {e, u, v};
            v = u;
        }
        routes.push_back(std::move(hops));
    }
    return routes;
}

} // namespace cs::sim
