#include "model/topology/routing/SinglePathLoads.h"
#include "model/core/ModelError.h"
#include "model/topology/routing/Routing.h"

#include <string>
#include <utility>
#include <vector>

namespace cs {

LinkLoads singlePathLoads(const Topology& t, TrafficPattern p)
{
    if (p == TrafficPattern::NearestNeighbour)
        throw ModelError("single-path loads: nearest-neighbour is not one of its patterns (all-to-all, transpose, ring)");
    LinkLoads l;
    l.pattern = p;
    l.forward.assign(t.edgeCount(), 0.0);
    l.backward.assign(t.edgeCount(), 0.0);
    l.throughSegment.assign(t.vertexCount(), 0.0);
    l.method = "single path: every flow on its destination-mod-k route";
    const auto& hosts = t.hosts();
    const auto H = static_cast<std::uint32_t>(hosts.size());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flows;
    switch (p) {
    case TrafficPattern::AllToAll:
        for (std::uint32_t i = 0; i < H; ++i)
            for (std::uint32_t j = 0; j < H; ++j)
                if (i != j)
                    flows.emplace_back(i, j);
        break;
    case TrafficPattern::Transpose:
        for (std::uint32_t i = 0, rows = transposeRows(H); i < H; ++i)
            if (const std::uint32_t j = transposePartner(i, H, rows); j != i)
                flows.emplace_back(i, j);
        break;
    case TrafficPattern::Ring:
        for (std::uint32_t i = 0; H > 1 && i < H; ++i)
            flows.emplace_back(i, (i + 1) % H);
        break;
    case TrafficPattern::NearestNeighbour: break;
    }
    Router router(t);
    // By source, so that the router's search from one source serves all its flows.
    for (const auto& [i, j] : flows) {
        ++l.flows;
        const auto route = router.route(hosts[i], hosts[j]);
        if (!route) {
            ++l.unroutable;
            continue;
        }
        for (const RouteHop& h : *route) {
            (t.endpoints(h.edge).first == h.from ? l.forward : l.backward)[h.edge] += 1.0;
            if (t.attributes(h.to).kind == VertexKind::Segment)
                l.throughSegment[h.to] += 1.0;
        }
    }
    auto consider = [&](double load, double capacity, std::string where) {
        if (load > 0 && capacity > 0 && load / capacity > l.maxCongestion) {
            l.maxCongestion = load / capacity;
            l.maxLoad = load;
            l.bottleneck = std::move(where);
        }
    };
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const LinkProps& lp = t.link(e);
        const auto [a, b] = t.endpoints(e);
        const double capacity = lp.bandwidth * lp.channels;
        const std::string ida = t.vertex(a).id, idb = t.vertex(b).id;
        if (lp.duplex) {
            consider(l.forward[e], capacity, "link " + ida + " -> " + idb);
            consider(l.backward[e], capacity, "link " + idb + " -> " + ida);
        } else {
            consider(l.forward[e] + l.backward[e], capacity, "link " + ida + " -- " + idb);
        }
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (t.attributes(v).kind == VertexKind::Segment)
            consider(l.throughSegment[v], t.attributes(v).bandwidth, "segment " + t.vertex(v).id);
    return l;
}

} // namespace cs
