#include "sim/SimRoutes.h"
#include "model/core/ModelError.h"
#include "model/topology/Routing.h"

#include <algorithm>
#include <cstdint>

namespace cs::sim {

namespace {

std::uint64_t mix(std::uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

} // namespace

RouteTable::RouteTable(const Topology& t) : t_(t), adj_(t.vertexCount())
{
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
        for (int d = dist[dst]; d > 0; --d) {
            candidates.clear();
            for (const auto& [u, e] : adj_[v])
                if (dist[u] == d - 1 && (u == src || t_.isTransit(u)))
                    candidates.emplace_back(u, e);
            // Every vertex at distance d was reached from one at d - 1 that may forward.
            const std::uint64_t h = mix((static_cast<std::uint64_t>(src) << 40) ^ (dst << 20) ^ v);
            const auto [u, e] = candidates[h % candidates.size()];
            hops[static_cast<std::size_t>(d - 1)] = {e, u, v};
            v = u;
        }
        routes.push_back(std::move(hops));
    }
    return routes;
}

} // namespace cs::sim
