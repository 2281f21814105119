#pragma once
// Helpers for the topology tests: the load on a named link, and oracles for
// the metrics written for clarity rather than speed, straight on the
// Topology (no core graph, no symmetry): a BFS from each flow's destination,
// then the flow's ECMP split walked hop by hop.
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/routing/Routing.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cs::test {

// Load on the link a - b in the direction a -> b (ids).
inline double linkLoad(const Topology& t, const LinkLoads& l, const char* a, const char* b)
{
    const auto va = t.find(a), vb = t.find(b);
    REQUIRE(va);
    REQUIRE(vb);
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [x, y] = t.endpoints(e);
        if (x == *va && y == *vb)
            return l.forward[e];
        if (x == *vb && y == *va)
            return l.backward[e];
    }
    FAIL("no link " << a << " - " << b);
    return 0;
}

struct OracleResult {
    std::vector<double> forward, backward; // per edge, as LinkLoads
    std::uint64_t routed = 0, unroutable = 0;
    double latencySum = 0, latencyMax = 0; // s
};

// One unit of flow for each (source, destination) host pair.
inline OracleResult oracleRoute(const Topology& t, const std::vector<std::pair<std::size_t, std::size_t>>& flows)
{
    OracleResult r;
    r.forward.assign(t.edgeCount(), 0.0);
    r.backward.assign(t.edgeCount(), 0.0);
    auto cost = [&](std::size_t v) {
        const VertexAttributes& p = t.attributes(v);
        return p.kind == VertexKind::Host ? p.forwardCost : p.latency;
    };
    for (const auto& [s, d] : flows) {
        const std::vector<int> dist = hopDistances(t, d);
        if (dist[s] < 0) {
            ++r.unroutable;
            continue;
        }
        ++r.routed;
        // Next hops of v toward d, one per edge (parallel links count apart).
        auto nextHops = [&](std::size_t v) {
            std::vector<std::pair<std::size_t, std::size_t>> out; // (edge, neighbour)
            for (std::uint32_t e : t.incident(v)) {
                const std::size_t u = t.opposite(e, v);
                if (dist[u] == dist[v] - 1 && (u == d || t.isTransit(u)))
                    out.emplace_back(e, u);
            }
            return out;
        };
        // Vertices by distance, nearest first.
        std::vector<std::size_t> order;
        for (std::size_t v = 0; v < t.vertexCount(); ++v)
            if (dist[v] >= 0 && dist[v] <= dist[s])
                order.push_back(v);
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return dist[a] < dist[b]; });
        // Latency from v to d, not counting v itself: ECMP mean and worst.
        std::vector<double> mean(t.vertexCount(), 0.0), worst(t.vertexCount(), 0.0);
        for (std::size_t v : order) {
            if (v == d)
                continue;
            const auto nh = nextHops(v);
            if (nh.empty())
                continue;
            double a = 0, m = 0;
            for (const auto& [e, u] : nh) {
                const double via = t.link(e).latency + (u == d ? 0.0 : cost(u));
                a += via + mean[u];
                m = std::max(m, via + worst[u]);
            }
            mean[v] = a / static_cast<double>(nh.size());
            worst[v] = m;
        }
        r.latencySum += mean[s];
        r.latencyMax = std::max(r.latencyMax, worst[s]);
        // The flow, farthest first.
        std::map<std::size_t, double> mass{{s, 1.0}};
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const std::size_t v = *it;
            const auto m = mass.find(v);
            if (v == d || m == mass.end())
                continue;
            const auto nh = nextHops(v);
            for (const auto& [e, u] : nh) {
                const double share = m->second / static_cast<double>(nh.size());
                (t.endpoints(e).first == v ? r.forward : r.backward)[e] += share;
                mass[u] += share;
            }
        }
    }
    return r;
}

inline std::vector<std::pair<std::size_t, std::size_t>> patternFlows(const Topology& t, TrafficPattern p)
{
    std::vector<std::pair<std::size_t, std::size_t>> f;
    const auto& h = t.hosts();
    const auto H = static_cast<std::uint32_t>(h.size());
    for (std::uint32_t i = 0; i < H; ++i) {
        switch (p) {
        case TrafficPattern::AllToAll:
            for (std::uint32_t j = 0; j < H; ++j)
                if (j != i)
                    f.emplace_back(h[i], h[j]);
            break;
        case TrafficPattern::Transpose:
            if (transposePartner(i, H) != i)
                f.emplace_back(h[i], h[transposePartner(i, H)]);
            break;
        case TrafficPattern::Ring:
            if (H > 1)
                f.emplace_back(h[i], h[(i + 1) % H]);
            break;
        case TrafficPattern::NearestNeighbour: {
            const std::vector<int> d = hopDistances(t, h[i]);
            int best = -1;
            for (std::uint32_t j = 0; j < H; ++j)
                if (j != i && d[h[j]] > 0 && (best < 0 || d[h[j]] < best))
                    best = d[h[j]];
            for (std::uint32_t j = 0; j < H; ++j)
                if (j != i && best > 0 && d[h[j]] == best)
                    f.emplace_back(h[i], h[j]);
            break;
        }
        }
    }
    return f;
}

inline bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

// Per-edge loads, flows and the bottleneck agree (1e-9 relative).
inline void checkSameLoads(const LinkLoads& a, const LinkLoads& b)
{
    CHECK(a.flows == b.flows);
    CHECK(a.unroutable == b.unroutable);
    CHECK(close(a.maxLoad, b.maxLoad));
    CHECK(close(a.maxCongestion, b.maxCongestion));
    CHECK(a.bottleneck == b.bottleneck);
    REQUIRE(a.forward.size() == b.forward.size());
    std::size_t bad = 0;
    for (std::size_t e = 0; e < a.forward.size(); ++e)
        bad += !close(a.forward[e], b.forward[e]) || !close(a.backward[e], b.backward[e]);
    CHECK(bad == 0);
    for (std::size_t v = 0; v < std::min(a.throughSegment.size(), b.throughSegment.size()); ++v)
        CHECK(close(a.throughSegment[v], b.throughSegment[v]));
}

} // namespace cs::test
