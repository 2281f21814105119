#include "model/topology/routing/SparseLoads.h"
#include "model/topology/routing/BottleneckScan.h"

#include <algorithm>
#include <bit>

namespace cs {

SparseLoads SparseLoads::of(const Topology& t, const CoreGraph& g, const EdgeSources& src, const CoreLoads& core,
                            const std::vector<double>& out, const std::vector<double>& in)
{
    SparseLoads s;
    append(t, g, src, core, out, in, s.edges, s.segments);
    return s;
}

void SparseLoads::append(const Topology& t, const CoreGraph& g, const EdgeSources& src, const CoreLoads& core,
                         const std::vector<double>& out, const std::vector<double>& in, std::vector<Edge>& edges,
                         std::vector<Segment>& segments)
{
    // The edges that may carry a load: those of the loaded arcs and of the leaf hosts that send or receive
    // (an edge's loads come from nothing else: EdgeSources), marked in a bitmap and read in edge order as
    // finishBottleneck reads them. A pattern of a few hosts loads few of a large network's links: this
    // costs a look at each arc's and host's load, not a look-up of every edge's sources.
    const std::size_t ne = t.edgeCount();
    std::vector<std::uint64_t> marked((ne + 63) / 64, 0);
    const auto mark = [&](std::uint32_t e) {
        if (e < ne)
            marked[e / 64] |= std::uint64_t{1} << (e % 64);
    };
    const double* arc = core.arc.data();
    const std::uint32_t* arcEdge = g.arcEdge.data();
    for (std::size_t i = 0, arcs = std::min(core.arc.size(), g.arcEdge.size()); i < arcs; ++i)
        if (arc[i] > 0)
            mark(arcEdge[i]);
    const double *sent = out.data(), *received = in.data();
    const std::uint32_t* leafEdge = g.leafEdge.data();
    for (std::size_t v = 0, nv = std::min({out.size(), in.size(), g.leafEdge.size()}); v < nv; ++v)
        if ((sent[v] > 0 || received[v] > 0) && leafEdge[v] != CoreGraph::kNone)
            mark(leafEdge[v]);
    for (std::size_t w = 0; w < marked.size(); ++w)
        for (std::uint64_t bits = marked[w]; bits; bits &= bits - 1) {
            const auto e = static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(std::countr_zero(bits)));
            if (const auto [fwd, bwd] = edgeLoad(t, src, core, out, in, e); fwd > 0 || bwd > 0)
                edges.push_back({e, fwd, bwd});
        }
    if (std::any_of(core.through.begin(), core.through.end(), [](double x) { return x > 0; }))
        for (std::size_t v = 0; v < t.vertexCount(); ++v)
            if (const double load = segmentLoad(g, core, v); load > 0)
                segments.push_back({static_cast<std::uint32_t>(v), load});
}

namespace {

// a + w x b over entries in index order, merged: an entry of one side only is
// that side's (0 + w x b for b's: as the dense sum, whose a[i] starts at 0).
template <class Entry, class Index, class Add, class Scale>
void mergeScaled(std::vector<Entry>& a, std::span<const Entry> b, std::vector<Entry>& out, Index index, Add add,
                 Scale scale)
{
    out.clear();
    out.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && index(a[i]) < index(b[j])))
            out.push_back(a[i++]);
        else if (i == a.size() || index(b[j]) < index(a[i]))
            out.push_back(scale(b[j++]));
        else
            out.push_back(add(a[i++], b[j++]));
    }
    a.swap(out);
}

} // namespace

void addScaled(SparseLoads& into, double w, std::span<const SparseLoads::Edge> edges,
               std::span<const SparseLoads::Segment> segments, SparseLoads& scratch)
{
    using E = SparseLoads::Edge;
    using S = SparseLoads::Segment;
    mergeScaled(
        into.edges, edges, scratch.edges, [](const E& x) { return x.e; },
        [w](const E& a, const E& b) { return E{a.e, a.fwd + w * b.fwd, a.bwd + w * b.bwd}; },
        [w](const E& b) { return E{b.e, 0.0 + w * b.fwd, 0.0 + w * b.bwd}; });
    if (!segments.empty())
        mergeScaled(
            into.segments, segments, scratch.segments, [](const S& x) { return x.v; },
            [w](const S& a, const S& b) { return S{a.v, a.load + w * b.load}; },
            [w](const S& b) { return S{b.v, 0.0 + w * b.load}; });
}

double maxCongestion(const Topology& t, const SparseLoads& loads)
{
    LinkLoads r;
    BottleneckScan<Topology> scan(t, r);
    for (const SparseLoads::Edge& x : loads.edges)
        scan.edge(x.e, x.fwd, x.bwd);
    for (const SparseLoads::Segment& x : loads.segments)
        scan.segment(x.v, x.load);
    return r.maxCongestion;
}

} // namespace cs
