#pragma once
// A compact (CSR) snapshot of a topology for breadth-first searches.
//
// Single-homed hosts ("leaf hosts": one link, to something that is not
// itself a single-homed host) never carry transit traffic, and all leaf
// hosts on the same vertex see the rest of the network identically. So the
// snapshot keeps only the "core" vertices (switches, segments, multi-homed
// hosts) and records, per core vertex, how many leaf hosts hang off it. A
// host-to-host distance is then a core distance plus 1 for each leaf end.
// For a k=48 fat-tree this is 2,880 core vertices with 1,152 distinct BFS
// roots instead of 30,528 vertices and 27,648 roots.
#include "model/topology/graph/Topology.h"

#include <cstdint>
#include <vector>

namespace cs {

struct CoreGraph {
    static constexpr std::uint32_t kNone = 0xffffffffu;

    std::uint32_t n = 0;                 // core vertices
    std::vector<std::uint32_t> offset;   // n + 1 arc offsets
    std::vector<std::uint32_t> adj;      // arc -> neighbour core vertex
    std::vector<std::uint32_t> arcEdge;  // arc -> topology edge index
    std::vector<std::uint8_t> arcForward; // 1 when the arc runs from endpoints(e).first to .second
    std::vector<std::uint8_t> transit;   // may traffic pass through (switch, segment, forwarding host)
    bool allTransit = false;             // every core vertex forwards (a direct network): searches skip the test
    std::vector<std::uint8_t> selfHost;  // the core vertex is itself a host
    std::vector<std::uint8_t> segment;   // the core vertex is a shared segment
    std::vector<std::uint32_t> leafCount; // leaf hosts attached
    std::vector<std::uint32_t> topoOf;   // core -> topology vertex
    std::vector<std::uint32_t> coreOf;   // topology vertex -> core, kNone for a leaf host
    // Leaf hosts: topology vertex -> the core vertex it hangs off and its
    // one link; kNone for core vertices.
    std::vector<std::uint32_t> leafParent;
    std::vector<std::uint32_t> leafEdge;
    std::uint64_t hosts = 0;

    // Latencies for the path-latency metric (all in s).
    std::vector<double> arcLatency;      // arc -> its link's latency
    std::vector<double> cost;            // core vertex -> time to pass through it: a switch's or
                                         // segment's latency, a forwarding host's forward cost
    std::vector<double> leafLatencySum;  // core vertex -> sum of its leaf links' latencies
    std::vector<double> leafLatencyMax;  // the largest of them (0 without leaves)
    std::vector<double> leafLatencyMax2; // the second largest (0 with fewer than two leaves)

    // Hosts at (or hanging off) core vertex c.
    std::uint64_t hostsAt(std::uint32_t c) const { return selfHost[c] + std::uint64_t{leafCount[c]}; }
    // Core vertex a host is at (itself, or the vertex its leaf link goes to).
    std::uint32_t coreOfHost(std::size_t topoVertex) const
    {
        return coreOf[topoVertex] != kNone ? coreOf[topoVertex] : leafParent[topoVertex];
    }

    static CoreGraph build(const Topology& t);
    // Every vertex as a core vertex that is a host and forwards, whatever its
    // kind: plain graph distances between all vertices (see vertexHopHistogram).
    static CoreGraph plain(const Topology& t);
};

} // namespace cs
