#include "model/cluster/Routes.h"

#include <queue>

namespace cs {

RouteFinder::RouteFinder(const Topology& t) : t_(t), adj_(t.vertexCount())
{
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj_[a].push_back({b, e});
        adj_[b].push_back({a, e});
    }
}

void RouteFinder::search(std::size_t from)
{
    if (source_ == from)
        return;
    const std::size_t V = t_.vertexCount();
    parentEdge_.assign(V, -1);
    seen_.assign(V, false);
    std::queue<std::size_t> q;
    seen_[from] = true;
    q.push(from);
    while (!q.empty()) {
        const std::size_t u = q.front();
        q.pop();
        if (u != from && !t_.isTransit(u))
            continue; // a path passes only through transit vertices
        for (const auto& [w, e] : adj_[u])
            if (!seen_[w]) {
                seen_[w] = true;
                parentEdge_[w] = static_cast<long>(e);
                q.push(w);
            }
    }
    source_ = from;
}

std::optional<std::vector<std::size_t>> RouteFinder::links(std::size_t from, std::size_t to)
{
    search(from);
    if (!seen_[to])
        return std::nullopt;
    std::vector<std::size_t> route;
    for (std::size_t v = to; v != from;) {
        const auto e = static_cast<std::size_t>(parentEdge_[v]);
        route.push_back(e);
        const auto [a, b] = t_.endpoints(e);
        v = a == v ? b : a;
    }
    return route;
}

} // namespace cs
