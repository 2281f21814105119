#include "model/topology/placement/PlacedPairs.h"
#include "model/topology/routing/Routing.h"

#include <algorithm>

namespace cs {

namespace {

double vertexCost(const VertexProps& v)
{
    return v.kind == VertexKind::Host ? v.forwardCost : v.latency;
}

// The core vertex whose leaf hosts a group shares, or kNone for a host that
// is a group of its own.
std::uint32_t groupVertex(const CoreGraph& g, std::size_t host)
{
    const std::uint32_t c = g.leafParent[host];
    return c != CoreGraph::kNone && g.transit[c] ? c : CoreGraph::kNone;
}

// Ranks by group, in rank order; each group's first rank stands for it.
std::vector<std::vector<std::uint32_t>> rankGroups(const CoreGraph& g, const std::vector<std::size_t>& hosts)
{
    std::vector<std::vector<std::uint32_t>> groups;
    std::vector<std::uint32_t> slot(g.n, CoreGraph::kNone);
    for (std::uint32_t a = 0; a < hosts.size(); ++a) {
        const std::uint32_t c = groupVertex(g, hosts[a]);
        if (c == CoreGraph::kNone) {
            groups.push_back({a});
            continue;
        }
        if (slot[c] == CoreGraph::kNone) {
            slot[c] = static_cast<std::uint32_t>(groups.size());
            groups.emplace_back();
        }
        groups[slot[c]].push_back(a);
    }
    return groups;
}

// A route's latency, its first `skip` links left out (their far ends' costs stay in).
double routeLatency(const Topology& t, const std::vector<RouteHop>& route, std::size_t skip)
{
    double lat = 0;
    for (std::size_t i = 0; i < route.size(); ++i) {
        if (i >= skip)
            lat += t.link(route[i].edge).latency;
        if (i + 1 < route.size())
            lat += vertexCost(t.vertex(route[i].to));
    }
    return lat;
}

// The largest value and where, and the largest elsewhere.
struct Top2 {
    double first = -1, second = -1;
    std::uint32_t at = 0xffffffffu;
    void add(double v, std::uint32_t i)
    {
        if (v > first) {
            second = first;
            first = v;
            at = i;
        } else if (v > second) {
            second = v;
        }
    }
    double without(std::uint32_t i) const { return i == at ? second : first; }
};

PairFigures plainPairs(const Topology& t, const std::vector<std::size_t>& hosts)
{
    PairFigures f;
    Router router(t);
    double hopSum = 0, latSum = 0, pairs = 0;
    const auto P = static_cast<std::uint32_t>(hosts.size());
    for (std::uint32_t a = 0; a < P; ++a)
        for (std::uint32_t b = 0; b < P; ++b) {
            if (a == b || hosts[a] == hosts[b])
                continue;
            const auto route = router.route(hosts[a], hosts[b]);
            if (!route)
                continue;
            const double lat = routeLatency(t, *route, 0);
            hopSum += double(route->size());
            latSum += lat;
            pairs += 1;
            f.diameter = std::max(f.diameter, double(route->size()));
            f.maxLatency = std::max(f.maxLatency, lat);
        }
    f.avgHops = pairs ? hopSum / pairs : 0.0;
    f.avgLatency = pairs ? latSum / pairs : 0.0;
    return f;
}

// The latency of the route from `s` to every vertex, when every minimum-hop
// route to it has the same latency (as on a tree or fat-tree with equal
// links per level), so that which one the router takes does not matter:
// summed hop by hop in the order routeLatency sums them, so the values are
// the same to the last bit. `skipFirst`: s is a leaf host, its link left out
// (routeLatency's skip = 1). Empty when some vertex has routes of different
// latency (the caller then walks the routes).
std::vector<double> uniqueRouteLatency(const Topology& t,
                                       const std::vector<std::vector<std::pair<std::size_t, std::size_t>>>& adj,
                                       std::size_t s, const std::vector<int>& dist, bool skipFirst)
{
    const std::size_t V = t.vertexCount();
    int far = 0;
    for (int d : dist)
        far = std::max(far, d);
    std::vector<std::vector<std::size_t>> layer(static_cast<std::size_t>(far) + 1);
    for (std::size_t v = 0; v < V; ++v)
        if (dist[v] > 0)
            layer[static_cast<std::size_t>(dist[v])].push_back(v);
    std::vector<double> lat(V, 0.0);
    for (std::size_t d = 1; d < layer.size(); ++d)
        for (std::size_t v : layer[d]) {
            bool first = true;
            double value = 0;
            for (const auto& [u, e] : adj[v]) {
                if (dist[u] != int(d) - 1 || !(u == s || t.isTransit(u)))
                    continue;
                const double link = skipFirst && u == s ? 0.0 : t.link(e).latency;
                const double x = u == s ? 0.0 + link : lat[u] + vertexCost(t.vertex(u)) + link;
                if (!first && x != value)
                    return {};
                value = x;
                first = false;
            }
            lat[v] = value;
        }
    return lat;
}

} // namespace

PairFigures pairFigures(const Topology& t, const CoreGraph& g, const std::vector<std::size_t>& hosts, bool grouped)
{
    if (!grouped)
        return plainPairs(t, hosts);
    PairFigures f;
    Router router(t);
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adj(t.vertexCount());
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj[a].emplace_back(b, e);
        adj[b].emplace_back(a, e);
    }
    const auto P = static_cast<std::uint32_t>(hosts.size());
    // Per rank b, as seen from the group's first rank r: reached, hops, and
    // the latency after the first link (a leaf group: every member's route
    // to b is its own leaf link, then this; a lone host: the whole route).
    // Entry r itself, for a leaf group, is r as its siblings see it: 2 hops,
    // the core vertex and r's leaf link.
    std::vector<std::uint8_t> reach(P);
    std::vector<double> hops(P), rest(P);
    double hopSum = 0, latSum = 0, pairs = 0;
    for (const std::vector<std::uint32_t>& grp : rankGroups(g, hosts)) {
        const std::uint32_t r = grp.front();
        const std::uint32_t c = groupVertex(g, hosts[r]);
        const bool leaf = c != CoreGraph::kNone;
        double count = 0, hopTotal = 0, restTotal = 0;
        Top2 maxHops, maxRest;
        // Where every minimum-hop route has one latency, one search gives
        // them all; else each route is walked as the router takes it.
        const std::vector<int> dist = hopDistances(t, hosts[r]);
        const std::vector<double> lat = uniqueRouteLatency(t, adj, hosts[r], dist, leaf);
        for (std::uint32_t b = 0; b < P; ++b) {
            reach[b] = 0;
            if (b == r) {
                if (!leaf)
                    continue;
                hops[b] = 2;
                rest[b] = vertexCost(t.vertex(g.topoOf[c])) + t.link(g.leafEdge[hosts[r]]).latency;
            } else if (!lat.empty()) {
                if (dist[hosts[b]] < 0)
                    continue;
                hops[b] = double(dist[hosts[b]]);
                rest[b] = lat[hosts[b]];
            } else {
                const auto route = router.route(hosts[r], hosts[b]);
                if (!route)
                    continue;
                hops[b] = double(route->size());
                rest[b] = routeLatency(t, *route, leaf ? 1 : 0);
            }
            reach[b] = 1;
            count += 1;
            hopTotal += hops[b];
            restTotal += rest[b];
            maxHops.add(hops[b], b);
            maxRest.add(rest[b], b);
        }
        // Member a pairs with every reached rank but itself.
        for (std::uint32_t a : grp) {
            const double head = leaf ? t.link(g.leafEdge[hosts[a]]).latency : 0.0;
            const double n = count - reach[a];
            if (n <= 0)
                continue;
            pairs += n;
            hopSum += hopTotal - (reach[a] ? hops[a] : 0.0);
            latSum += n * head + (restTotal - (reach[a] ? rest[a] : 0.0));
            f.diameter = std::max(f.diameter, maxHops.without(reach[a] ? a : P));
            f.maxLatency = std::max(f.maxLatency, head + maxRest.without(reach[a] ? a : P));
        }
    }
    f.avgHops = pairs ? hopSum / pairs : 0.0;
    f.avgLatency = pairs ? latSum / pairs : 0.0;
    return f;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> nearestRankFlows(const Topology& t, const CoreGraph& g,
                                                                       const std::vector<std::size_t>& hosts,
                                                                       bool grouped)
{
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flows;
    const auto P = static_cast<std::uint32_t>(hosts.size());
    std::vector<int> dist(P);
    // One search per group: a member a sees every rank as the group's first
    // rank r does, but r itself, which is as far from a as a is from r.
    std::vector<std::vector<std::uint32_t>> groups;
    if (grouped)
        groups = rankGroups(g, hosts);
    else
        for (std::uint32_t a = 0; a < P; ++a)
            groups.push_back({a});
    for (const std::vector<std::uint32_t>& grp : groups) {
        const std::uint32_t r = grp.front();
        const std::vector<int> d = hopDistances(t, hosts[r]);
        for (std::uint32_t a : grp) {
            for (std::uint32_t b = 0; b < P; ++b)
                dist[b] = b == r && a != r ? d[hosts[a]] : d[hosts[b]];
            int best = -1;
            for (std::uint32_t b = 0; b < P; ++b)
                if (b != a && hosts[b] != hosts[a] && dist[b] > 0 && (best < 0 || dist[b] < best))
                    best = dist[b];
            for (std::uint32_t b = 0; b < P && best > 0; ++b)
                if (b != a && dist[b] == best)
                    flows.emplace_back(a, b);
        }
    }
    return flows;
}

} // namespace cs
