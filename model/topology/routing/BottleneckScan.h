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

// The scan one link direction or segment at a time: edges in edge order,
// then segments in vertex order. An edge or segment left out is one that
// carries nothing (an idle link is never the bottleneck), so a caller that
// knows which links a pattern loads (SparseLoads.h) visits only those and
// gets the same result as the scan of every link. `t` is a Topology, or
// anything that numbers and names a network as one does (vertexCount,
// edgeCount, endpoints, link, attributes, id: CubeNumbering.h).
template <class Net>
class BottleneckScan {
public:
    BottleneckScan(const Net& t, LinkLoads& r) : t_(t), r_(r) {}

    // Edge e's (forward, backward) load, forward being endpoints().first -> second.
    void edge(std::size_t e, double fwd, double bwd)
    {
        // An idle link is never the bottleneck (loads are not negative):
        // skipped before its properties are read, which a sparse pattern
        // (one round of a job on a few hosts) otherwise spends most of its
        // scan on.
        if (!(fwd > 0) && !(bwd > 0))
            return;
        const LinkProps& l = t_.link(e);
        const double cap = l.bandwidth * l.channels;
        if (l.duplex) {
            const bool isFwd = fwd >= bwd * (1 - kTol);
            consider(isFwd ? fwd : bwd, cap, isFwd ? At::Forward : At::Backward, e);
        } else {
            consider(fwd + bwd, cap, At::HalfDuplex, e);
        }
    }
    // The load through vertex v (a shared segment).
    void segment(std::size_t v, double load)
    {
        if (load > 0)
            consider(load, t_.attributes(v).bandwidth, At::Segment, v);
    }
    // Sets r.bottleneck, the name of the link or segment found.
    void name()
    {
        if (at_ == At::Segment) {
            r_.bottleneck = "segment " + std::string(t_.id(where_));
        } else if (at_ != At::None) {
            const auto [a, b] = t_.endpoints(where_);
            const std::string ia(t_.id(a)), ib(t_.id(b));
            r_.bottleneck = at_ == At::HalfDuplex ? "link " + ia + " - " + ib + " (half-duplex)"
                            : at_ == At::Forward  ? "link " + ia + " -> " + ib
                                                  : "link " + ib + " -> " + ia;
        }
    }

private:
    static constexpr double kTol = 1e-12;
    enum class At { None, Forward, Backward, HalfDuplex, Segment };
    void consider(double load, double cap, At kind, std::size_t index)
    {
        if (load > 0 && load / cap > r_.maxCongestion * (1 + kTol)) {
            r_.maxCongestion = load / cap;
            r_.maxLoad = load;
            at_ = kind;
            where_ = index;
        }
    }

    const Net& t_;
    LinkLoads& r_;
    At at_ = At::None;
    std::size_t where_ = 0;
};

// `edge(e)` gives edge e's (forward, backward) load, forward being
// endpoints().first -> second; `segment(v)` the load through vertex v.
// Sets r.maxCongestion, r.maxLoad and r.bottleneck.
template <class Net, class EdgeLoad, class SegmentLoad>
void scanBottleneck(const Net& t, LinkLoads& r, EdgeLoad edge, SegmentLoad segment)
{
    BottleneckScan<Net> scan(t, r);
    const std::size_t ne = t.edgeCount();
    for (std::size_t e = 0; e < ne; ++e) {
        const auto [fwd, bwd] = edge(e);
        scan.edge(e, fwd, bwd);
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        scan.segment(v, segment(v));
    scan.name();
}

} // namespace cs
