#pragma once
// A pattern's bottleneck from its loads, for finishLoads (LinkLoad.cpp, from
// its per-link vectors) and finishBottleneck (StreamedLoads.cpp, read
// straight from the arcs): the first link direction or segment whose
// congestion is not exceeded by more than rounding, so that equal loads
// reached by different summation orders name the same link. Named once at
// the end (a name built at every new maximum was most of a small pattern's
// time).
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/graph/Topology.h"

#include <string>
#include <utility>

namespace cs {

// `edge(e)` gives edge e's (forward, backward) load, forward being
// endpoints().first -> second; `segment(v)` the load through vertex v.
// Sets r.maxCongestion, r.maxLoad and r.bottleneck. `t` is a Topology, or
// anything that numbers and names a network as one does (vertexCount,
// edgeCount, endpoints, link, attributes, id: CubeNumbering.h).
template <class Net, class EdgeLoad, class SegmentLoad>
void scanBottleneck(const Net& t, LinkLoads& r, EdgeLoad edge, SegmentLoad segment)
{
    constexpr double tol = 1e-12;
    auto higher = [&](double c) { return c > r.maxCongestion * (1 + tol); };
    enum class At { None, Forward, Backward, HalfDuplex, Segment } at = At::None;
    std::size_t where = 0;
    const auto consider = [&](double load, double cap, At kind, std::size_t index) {
        if (load > 0 && higher(load / cap)) {
            r.maxCongestion = load / cap;
            r.maxLoad = load;
            at = kind;
            where = index;
        }
    };
    const std::size_t ne = t.edgeCount();
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [fwd, bwd] = edge(e);
        // An idle link is never the bottleneck (loads are not negative):
        // skipped before its properties are read, which a sparse pattern
        // (one round of a job on a few hosts) otherwise spends most of its
        // scan on.
        if (!(fwd > 0) && !(bwd > 0))
            continue;
        const LinkProps& l = t.link(e);
        const double cap = l.bandwidth * l.channels;
        if (l.duplex) {
            const bool isFwd = fwd >= bwd * (1 - tol);
            consider(isFwd ? fwd : bwd, cap, isFwd ? At::Forward : At::Backward, e);
        } else {
            consider(fwd + bwd, cap, At::HalfDuplex, e);
        }
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (const double load = segment(v); load > 0)
            consider(load, t.attributes(v).bandwidth, At::Segment, v);
    if (at == At::Segment) {
        r.bottleneck = "segment " + std::string(t.id(where));
    } else if (at != At::None) {
        const auto [a, b] = t.endpoints(where);
        const std::string ia(t.id(a)), ib(t.id(b));
        r.bottleneck = at == At::HalfDuplex ? "link " + ia + " - " + ib + " (half-duplex)"
                       : at == At::Forward  ? "link " + ia + " -> " + ib
                                            : "link " + ib + " -> " + ia;
    }
}

} // namespace cs
