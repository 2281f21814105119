#pragma once
// finishLoads() without its per-link vectors: a pattern's bottleneck found
// by reading each link's two directions straight from the core arc loads
// and the leaf hosts' access loads, in edge order, as finishLoads builds and
// then scans them. For a caller that keeps only the summary
// (MetricsOptions::perLinkLoads off): on a million-host network each
// pattern's forward, backward and throughSegment vectors were about 60 MB of
// fresh pages, and fresh pages are slow on the machines this runs on.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/LinkLoad.h"

#include <cstdint>
#include <vector>

namespace cs {

// Per topology edge: where its loads come from. A core edge has its forward
// arc (endpoints().first -> second) and its backward arc; an access link of
// a leaf host has the host, marked with kLeaf, in `forward`; any other edge
// (a self-loop) has neither and carries nothing.
struct EdgeSources {
    static constexpr std::uint32_t kLeaf = 0x80000000u;
    std::vector<std::uint32_t> forward;  // arc, or host | kLeaf, or CoreGraph::kNone
    std::vector<std::uint32_t> backward; // arc, or CoreGraph::kNone

    static EdgeSources of(const Topology& t, const CoreGraph& g);
};

// The same LinkLoads as finishLoads(t, g, p, core, out, in, flows), number
// for number, with forward, backward and throughSegment left empty.
LinkLoads finishBottleneck(const Topology& t, const CoreGraph& g, const EdgeSources& src, TrafficPattern p,
                           const CoreLoads& core, const std::vector<double>& out, const std::vector<double>& in,
                           std::uint64_t flows);

} // namespace cs
