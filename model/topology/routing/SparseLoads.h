#pragma once
// A pattern's loads kept only on the links it loads, in the order the
// bottleneck scan visits them (BottleneckScan.h): what a job's exchange
// keeps of each set of node pairs it routes (PlacedMetrics.cpp). A round of
// a job on a few of a large network's hosts loads a few hundred of its
// thousands of links; summing its sets and finding its bottleneck over those
// alone costs what the round loads, not a pass over every link of the
// network (issue 45: the sweep of 1 to 128 nodes at 32 ranks a node).
//
// Exact: the loads, their sums and the bottleneck are those of the per-link
// vectors (finishBottleneck, StreamedLoads.h), to the last bit. A link left
// out carries 0, which adds nothing to a sum (x + 0 is x) and is never the
// bottleneck.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/LinkLoad.h"
#include "model/topology/routing/StreamedLoads.h"

#include <cstdint>
#include <span>
#include <vector>

namespace cs {

struct SparseLoads {
    struct Edge {
        std::uint32_t e; // topology edge
        double fwd, bwd; // its (forward, backward) load, forward being endpoints().first -> second
    };
    struct Segment {
        std::uint32_t v; // topology vertex of a shared segment
        double load;
    };
    std::vector<Edge> edges;       // in edge order: the edges with a load
    std::vector<Segment> segments; // in vertex order: the segments with a load

    // The loads finishBottleneck reads from `core`, `out` and `in` (per
    // topology vertex), kept where they are not zero.
    static SparseLoads of(const Topology& t, const CoreGraph& g, const EdgeSources& src, const CoreLoads& core,
                          const std::vector<double>& out, const std::vector<double>& in);
    // The same appended to `edges` and `segments` (a caller that keeps many
    // patterns in one pool of each).
    static void append(const Topology& t, const CoreGraph& g, const EdgeSources& src, const CoreLoads& core,
                       const std::vector<double>& out, const std::vector<double>& in, std::vector<Edge>& edges,
                       std::vector<Segment>& segments);
};

// `into` += w x `from` (its edges and segments, each in order), link by link, each sum as the dense vectors'
// `a[i] += w * b[i]` gives it (a link that one of them leaves out adds nothing). `scratch` is any
// SparseLoads, reused to spare allocations.
void addScaled(SparseLoads& into, double w, std::span<const SparseLoads::Edge> edges,
               std::span<const SparseLoads::Segment> segments, SparseLoads& scratch);
inline void addScaled(SparseLoads& into, double w, const SparseLoads& from, SparseLoads& scratch)
{
    addScaled(into, w, from.edges, from.segments, scratch);
}

// The largest load per capacity (s/B), as finishBottleneck's maxCongestion over the same loads.
double maxCongestion(const Topology& t, const SparseLoads& loads);

} // namespace cs
