#include "model/topology/routing/Routing.h"

#include <algorithm>
#include <functional>

namespace cs {

std::vector<int> hopDistances(const Topology& t, std::size_t from)
{
    std::vector<int> dist(t.vertexCount(), -1);
    std::vector<std::size_t> queue{from};
    dist[from] = 0;
    for (std::size_t h = 0; h < queue.size(); ++h) {
        const std::size_t u = queue[h];
        if (u != from && !t.isTransit(u))
            continue;
        for (std::uint32_t e : t.incident(u))
            if (const std::size_t v = t.opposite(e, u); dist[v] < 0) {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
    }
    return dist;
}

std::vector<std::vector<std::size_t>> minHopRoutes(const Topology& t, std::size_t from, std::size_t to,
                                                   std::size_t limit)
{
    std::vector<std::vector<std::size_t>> routes;
    if (from == to)
        return {{from}};
    // Distances to `to`; a route's next hop is one step closer and may carry
    // transit traffic (or is `to` itself).
    const std::vector<int> d = hopDistances(t, to);
    if (d[from] < 0)
        return routes;
    std::vector<std::size_t> path{from};
    std::function<void(std::size_t)> walk = [&](std::size_t u) {
        if (routes.size() >= limit)
            return;
        if (u == to) {
            routes.push_back(path);
            return;
        }
        std::vector<std::size_t> tried; // parallel links would list the same vertex route twice
        for (std::uint32_t e : t.incident(u)) {
            const std::size_t v = t.opposite(e, u);
            if (d[v] != d[u] - 1 || (v != to && !t.isTransit(v)))
                continue;
            if (std::find(tried.begin(), tried.end(), v) != tried.end())
                continue;
            tried.push_back(v);
            path.push_back(v);
            walk(v);
            path.pop_back();
        }
    };
    walk(from);
    return routes;
}

Router::Router(const Topology& t) : t_(t), adj_(t.vertexCount()), ordinal_(t.vertexCount(), 0)
{
    for (std::size_t i = 0; i < t.hosts().size(); ++i)
        ordinal_[t.hosts()[i]] = i;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj_[a].emplace_back(b, e);
        adj_[b].emplace_back(a, e);
    }
}

std::optional<std::vector<RouteHop>> Router::route(std::size_t from, std::size_t to)
{
    if (source_ != from) {
        dist_ = hopDistances(t_, from);
        source_ = from;
    }
    if (dist_[to] < 0)
        return std::nullopt;
    std::vector<RouteHop> hops(static_cast<std::size_t>(dist_[to]));
    std::vector<std::pair<std::size_t, std::size_t>> candidates;
    std::size_t v = to;
    std::size_t digits = ordinal_[to];
    for (int d = dist_[to]; d > 0; --d) {
        candidates.clear();
        for (const auto& [u, e] : adj_[v])
            if (dist_[u] == d - 1 && (u == from || t_.isTransit(u)))
                candidates.emplace_back(u, e);
        // Every vertex at distance d was reached from one at d - 1 that may forward.
        const auto [u, e] = candidates[digits % candidates.size()];
        digits /= candidates.size();
        hops[static_cast<std::size_t>(d - 1)] = {e, u, v};
        v = u;
    }
    return hops;
}

} // namespace cs
