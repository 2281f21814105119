#include "model/topology/StreamedLoads.h"

#include <algorithm>
#include <cmath>

namespace cs {

EdgeSources EdgeSources::of(const Topology& t, const CoreGraph& g)
{
    EdgeSources s;
    s.forward.assign(t.edgeCount(), CoreGraph::kNone);
    s.backward.assign(t.edgeCount(), CoreGraph::kNone);
    for (std::size_t i = 0; i < g.arcEdge.size(); ++i)
        (g.arcForward[i] ? s.forward : s.backward)[g.arcEdge[i]] = static_cast<std::uint32_t>(i);
    for (std::size_t v = 0; v < g.leafEdge.size(); ++v)
        if (g.leafEdge[v] != CoreGraph::kNone)
            s.forward[g.leafEdge[v]] = static_cast<std::uint32_t>(v) | kLeaf;
    return s;
}

LinkLoads finishBottleneck(const Topology& t, const CoreGraph& g, const EdgeSources& src, TrafficPattern p,
                           const CoreLoads& core, const std::vector<double>& out, const std::vector<double>& in,
                           std::uint64_t flows)
{
    LinkLoads r;
    r.pattern = p;
    r.flows = flows;
    r.unroutable = static_cast<std::uint64_t>(std::llround(std::max(0.0, double(flows) - core.routed)));
    // As finishLoads: the first link direction or segment whose congestion
    // is not exceeded by more than rounding. Each direction's load is the one
    // term finishLoads adds to its zero (0 + x is x exactly).
    constexpr double tol = 1e-12;
    auto higher = [&](double c) { return c > r.maxCongestion * (1 + tol); };
    enum class At { None, Forward, Backward, HalfDuplex, Segment } at = At::None;
    std::size_t where = 0;
    const std::size_t ne = t.edgeCount();
    for (std::size_t e = 0; e < ne; ++e) {
        double fwd = 0, bwd = 0;
        const std::uint32_t f = src.forward[e];
        if (f != CoreGraph::kNone && (f & EdgeSources::kLeaf)) {
            const std::size_t v = f & ~EdgeSources::kLeaf;
            const bool hostFirst = t.endpoints(e).first == v;
            (hostFirst ? fwd : bwd) = out[v];
            (hostFirst ? bwd : fwd) = in[v];
        } else {
            if (f != CoreGraph::kNone && f < core.arc.size())
                fwd = core.arc[f];
            if (src.backward[e] != CoreGraph::kNone && src.backward[e] < core.arc.size())
                bwd = core.arc[src.backward[e]];
        }
        const LinkProps& l = t.link(e);
        const double cap = l.bandwidth * l.channels;
        if (l.duplex) {
            const bool isFwd = fwd >= bwd * (1 - tol);
            const double load = isFwd ? fwd : bwd;
            if (load > 0 && higher(load / cap)) {
                r.maxCongestion = load / cap;
                r.maxLoad = load;
                at = isFwd ? At::Forward : At::Backward;
                where = e;
            }
        } else {
            const double load = fwd + bwd;
            if (load > 0 && higher(load / cap)) {
                r.maxCongestion = load / cap;
                r.maxLoad = load;
                at = At::HalfDuplex;
                where = e;
            }
        }
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const std::uint32_t c = g.coreOf[v];
        const double load = c != CoreGraph::kNone && c < core.through.size() ? core.through[c] : 0.0;
        if (load > 0 && higher(load / t.vertex(v).bandwidth)) {
            r.maxCongestion = load / t.vertex(v).bandwidth;
            r.maxLoad = load;
            at = At::Segment;
            where = v;
        }
    }
    if (at == At::Segment) {
        r.bottleneck = "segment " + t.vertex(where).id;
    } else if (at != At::None) {
        const auto [a, b] = t.endpoints(where);
        r.bottleneck = at == At::HalfDuplex ? "link " + t.vertex(a).id + " - " + t.vertex(b).id + " (half-duplex)"
                       : at == At::Forward  ? "link " + t.vertex(a).id + " -> " + t.vertex(b).id
                                            : "link " + t.vertex(b).id + " -> " + t.vertex(a).id;
    }
    return r;
}

} // namespace cs
