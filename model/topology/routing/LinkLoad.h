#pragma once
// Link loads under a traffic pattern with minimum-hop, equal-cost multipath
// routing: at every vertex, the traffic for a destination is split evenly
// over the next hops that are one hop closer to it (hop-by-hop ECMP, as IP
// routers and Myrinet's balanced routes do). Each ordered (source,
// destination) pair of the pattern is one "flow" of one unit.
#include "model/topology/graph/CoreGraph.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cs {

enum class TrafficPattern {
    AllToAll,         // every host sends one flow to every other host
    Transpose,        // hosts as an r x c matrix (row-major in host order, r the largest divisor of H
                      // not above sqrt(H)); host (i, j) sends to the host at (j, i) of the c x r transpose
    NearestNeighbour, // every host sends one flow to each host at its smallest hop distance
    Ring,             // host i sends one flow to host (i + 1) mod H (host order)
};

std::string_view patternName(TrafficPattern p); // "all-to-all", "transpose", "nearest-neighbour", "ring"

struct LinkLoads {
    TrafficPattern pattern = TrafficPattern::AllToAll;
    // Flows per topology edge, by direction relative to endpoints(e).
    std::vector<double> forward;  // first -> second
    std::vector<double> backward; // second -> first
    // Flows crossing each shared segment (0 for other vertices).
    std::vector<double> throughSegment;
    std::uint64_t flows = 0;      // flows in the pattern
    std::uint64_t unroutable = 0; // flows with no route

    // The bottleneck: the link direction (or segment) with the largest
    // load / capacity. A half-duplex link's two directions share it.
    double maxLoad = 0.0;       // flows on the bottleneck
    double maxCongestion = 0.0; // flows per B/s on the bottleneck
    std::string bottleneck;     // "link agg0_0 -> core1", "segment row0", "" if no load
    // Whether the loads are the exact ECMP loads (up to rounding) or an
    // estimate, and how they were computed, one line.
    bool exact = true;
    std::string method;
    // Rate each flow gets when all flows send at the same rate and the
    // bottleneck is full: 1 / maxCongestion (B/s); 0 when nothing is loaded.
    double perFlowBandwidth() const { return maxCongestion > 0 ? 1.0 / maxCongestion : 0.0; }
};

// The destination of host i (host order) under the transpose pattern of H
// hosts; i itself when i sits on the diagonal (it then sends nothing).
// `rows` is transposeRows(H), for callers that look up many hosts.
std::uint32_t transposePartner(std::uint32_t i, std::uint32_t H);
std::uint32_t transposePartner(std::uint32_t i, std::uint32_t H, std::uint32_t rows);
// The transpose matrix's row count: the largest divisor of H not above sqrt(H).
std::uint32_t transposeRows(std::uint32_t H);

// The even-split load model (docs/topology.md, "Two load models"; the
// single-path one is SinglePathLoads.h). The plain computation: one ECMP
// pass per destination core vertex, no symmetry (computeMetrics uses the
// generator's symmetry where it has one).
LinkLoads linkLoads(const Topology& t, const CoreGraph& g, TrafficPattern p, int threads = 2);
LinkLoads linkLoads(const Topology& t, TrafficPattern p, int threads = 2);

// Loads of one pattern on the core graph, before the access links of leaf
// hosts and the bottleneck are added.
struct CoreLoads {
    std::vector<double> arc;     // flows per core arc (arc i runs from its vertex to adj[i])
    std::vector<double> through; // flows across each core vertex that is a segment
    double routed = 0;           // flows that found a route

    void add(const CoreLoads& o);
    // Adds a worker's per-arc loads and routed flows, taking the vector over
    // when this has no arc loads yet (no copy of the first worker's).
    void take(std::vector<double>&& arcLoads, double routedFlows);
};

// A router's result from its workers (each with `load`, per core arc, and
// `routed`): `arcs` core arcs (all zero when no worker had loads), the
// segment loads of `vertices` core vertices left at zero, and the flows
// `local` counts between hosts of one core vertex (by vertex) as routed.
template <class Worker>
CoreLoads gatherCoreLoads(std::vector<Worker>& workers, std::size_t vertices, std::size_t arcs,
                          const std::vector<double>& local)
{
    CoreLoads out;
    out.through.assign(vertices, 0.0);
    for (std::size_t t = 0; t < vertices && t < local.size(); ++t)
        out.routed += local[t];
    for (Worker& w : workers)
        out.take(std::move(w.load), w.routed);
    out.arc.resize(arcs, 0.0);
    return out;
}

// The finished loads: the core loads by topology edge and direction, plus
// the access link of each leaf host carrying what it sends (`out`) and
// receives (`in`, both per topology vertex); `flows` in the pattern; then the
// bottleneck. Near-equal loads (within 1e-12 relative) count as equal, so
// the first such link in edge order is named whatever the rounding.
LinkLoads finishLoads(const Topology& t, const CoreGraph& g, TrafficPattern p, const CoreLoads& core,
                      const std::vector<double>& out, const std::vector<double>& in, std::uint64_t flows);

// Effective per-host all-to-all bandwidth (B/s): each host sends to H - 1
// peers at the bottleneck rate, so (H - 1) / maxCongestion.
double allToAllBandwidth(const LinkLoads& allToAll, std::uint64_t hosts);

} // namespace cs
