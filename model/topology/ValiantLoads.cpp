#include "model/topology/ValiantLoads.h"

#include <boost/graph/adjacency_list.hpp>

#include <algorithm>

namespace cs {

LinkLoads valiantLoads(const Topology& t, const LinkLoads& a2a, TrafficPattern pattern, std::uint64_t flows,
                       bool uniform)
{
    LinkLoads r;
    r.pattern = pattern;
    r.flows = flows;
    r.exact = uniform;
    r.method = std::string("Valiant routing: minimal ECMP to a uniformly random intermediate, then to the "
                           "destination; (2k/H) x the all-to-all loads inside the network") +
               (uniform ? "" : " (k the mean flows per host: an estimate)");
    const double H = static_cast<double>(t.hosts().size());
    if (H < 2 || flows == 0)
        return r;
    const double k = static_cast<double>(flows) / H;
    const double scale = 2 * k / H;
    const std::size_t E = t.edgeCount();
    r.forward.assign(E, 0.0);
    r.backward.assign(E, 0.0);
    r.throughSegment.assign(t.vertexCount(), 0.0);
    const TopologyGraph& G = t.graph();
    auto leafHost = [&](std::size_t v) {
        return t.vertex(v).kind == VertexKind::Host && boost::out_degree(v, G) == 1;
    };
    for (std::size_t e = 0; e < E && e < a2a.forward.size(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (leafHost(a) || leafHost(b)) { // an access link: its host's own flows
            r.forward[e] = k;
            r.backward[e] = k;
        } else {
            r.forward[e] = scale * a2a.forward[e];
            r.backward[e] = scale * a2a.backward[e];
        }
    }
    for (std::size_t v = 0; v < a2a.throughSegment.size(); ++v)
        r.throughSegment[v] = scale * a2a.throughSegment[v];
    // The bottleneck, as finishLoads names it.
    for (std::size_t e = 0; e < E; ++e) {
        const auto [a, b] = t.endpoints(e);
        const LinkProps& l = t.link(e);
        const double cap = l.bandwidth * l.channels;
        const double load = l.duplex ? std::max(r.forward[e], r.backward[e]) : r.forward[e] + r.backward[e];
        if (load > 0 && load / cap > r.maxCongestion * (1 + 1e-12)) {
            r.maxCongestion = load / cap;
            r.maxLoad = load;
            const bool fwd = r.forward[e] >= r.backward[e];
            r.bottleneck = "link " + t.vertex(fwd ? a : b).id + " -> " + t.vertex(fwd ? b : a).id;
        }
    }
    for (std::size_t v = 0; v < r.throughSegment.size(); ++v) {
        const double load = r.throughSegment[v];
        if (load > 0 && load / t.vertex(v).bandwidth > r.maxCongestion * (1 + 1e-12)) {
            r.maxCongestion = load / t.vertex(v).bandwidth;
            r.maxLoad = load;
            r.bottleneck = "segment " + t.vertex(v).id;
        }
    }
    return r;
}

} // namespace cs
