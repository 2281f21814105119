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
    auto leafHost = [&](std::size_t v) {
        return t.attributes(v).kind == VertexKind::Host && t.degree(v) == 1;
    };
    // The bottleneck, as finishLoads names it, from each link's loads as
    // they are derived: they are a scale of the all-to-all's, so they are
    // not stored (on a million-host network each pattern's two vectors were
    // 50-170 MB of fresh pages, which this machine is slow to fault in).
    std::size_t where = E;
    bool whereForward = true;
    for (std::size_t e = 0; e < E && e < a2a.forward.size(); ++e) {
        const auto [a, b] = t.endpoints(e);
        double fwd = k, bwd = k; // an access link: its host's own flows
        if (!leafHost(a) && !leafHost(b)) {
            fwd = scale * a2a.forward[e];
            bwd = scale * a2a.backward[e];
        }
        const LinkProps& l = t.link(e);
        const double cap = l.bandwidth * l.channels;
        const double load = l.duplex ? std::max(fwd, bwd) : fwd + bwd;
        if (load > 0 && load / cap > r.maxCongestion * (1 + 1e-12)) {
            r.maxCongestion = load / cap;
            r.maxLoad = load;
            where = e;
            whereForward = fwd >= bwd;
        }
    }
    std::size_t segment = t.vertexCount();
    for (std::size_t v = 0; v < a2a.throughSegment.size() && v < t.vertexCount(); ++v) {
        const double load = scale * a2a.throughSegment[v];
        if (load > 0 && load / t.attributes(v).bandwidth > r.maxCongestion * (1 + 1e-12)) {
            r.maxCongestion = load / t.attributes(v).bandwidth;
            r.maxLoad = load;
            segment = v;
        }
    }
    if (segment < t.vertexCount()) {
        r.bottleneck = "segment " + t.vertex(segment).id;
    } else if (where < E) {
        const auto [a, b] = t.endpoints(where);
        r.bottleneck = "link " + t.vertex(whereForward ? a : b).id + " -> " + t.vertex(whereForward ? b : a).id;
    }
    return r;
}

} // namespace cs
