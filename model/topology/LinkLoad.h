#pragma once
// Link loads under a traffic pattern with minimum-hop, equal-cost multipath
// routing: at every vertex, the traffic for a destination is split evenly
// over the next hops that are one hop closer to it (hop-by-hop ECMP, as IP
// routers and Myrinet's balanced routes do). Each ordered (source,
// destination) pair of the pattern is one "flow" of one unit.
#include "model/topology/CoreGraph.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

enum class TrafficPattern {
    AllToAll,         // every host sends one flow to every other host
    Transpose,        // hosts as an r x c matrix (row-major in host order, r the largest divisor of H
                      // not above sqrt(H)); host (i, j) sends to the host at (j, i) of the c x r transpose
    NearestNeighbour, // every host sends one flow to each host at its smallest hop distance
};

std::string_view patternName(TrafficPattern p); // "all-to-all", "transpose", "nearest-neighbour"

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
    // Rate each flow gets when all flows send at the same rate and the
    // bottleneck is full: 1 / maxCongestion (B/s); 0 when nothing is loaded.
    double perFlowBandwidth() const { return maxCongestion > 0 ? 1.0 / maxCongestion : 0.0; }
};

// The destination of host i (host order) under the transpose pattern of H
// hosts; i itself when i sits on the diagonal (it then sends nothing).
std::uint32_t transposePartner(std::uint32_t i, std::uint32_t H);

LinkLoads linkLoads(const Topology& t, const CoreGraph& g, TrafficPattern p, int threads = 2);
LinkLoads linkLoads(const Topology& t, TrafficPattern p, int threads = 2);

// Effective per-host all-to-all bandwidth (B/s): each host sends to H - 1
// peers at the bottleneck rate, so (H - 1) / maxCongestion.
double allToAllBandwidth(const LinkLoads& allToAll, std::uint64_t hosts);

} // namespace cs
