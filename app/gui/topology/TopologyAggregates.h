#pragma once
// How the topology editor draws a network too large to draw host by host: its
// structure, as aggregates (pods, groups, racks) joined by aggregate links
// that carry their count and total rate. Plain C++ (no Qt): one pass over the
// vertices and one over the links of the part shown.
//
// The structure is read from the vertex ids generators write ("edge3_1",
// "h3_1_5", "r12_4", "core7"): at depth d a vertex whose id holds more than
// d + 1 numbers belongs to the aggregate of its (d+1)-th number (the pod of a
// fat-tree, the group of a dragonfly, a slice of a torus); one with fewer is
// an aggregate of its own, or, when there are many of one name, they share
// one ("core"), never bucketed with numbered ones. A leaf host (one link)
// always goes with the vertex it hangs off, so a switch and its hosts are one
// rack. Without such ids (a drawing), vertices are split into runs in vertex
// order. More aggregates than `maxGroups` are bucketed into runs ("groups
// 0-16", at most `maxBuckets`): a k = 100 fat-tree shows its 100 pods and the
// cores, a 65-group dragonfly its 65 groups, a 1059-group one 63 buckets of
// 17 groups in the editor. Opening an aggregate shows its members one level
// deeper.
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cs::app {

struct AggregateView {
    struct Group {
        std::string label;                  // "pod 3", "groups 0-22", "core", "edge3_1"
        std::size_t hosts = 0, switches = 0, segments = 0;
        std::vector<std::uint32_t> members; // topology vertices
        int openDepth = 0;                  // the depth to open it at
        bool openable() const { return members.size() > 1; }
        std::size_t size() const { return members.size(); }
    };
    struct Link {
        int a = 0, b = 0;        // groups, a < b
        std::size_t count = 0;   // topology links between them
        double rate = 0;         // their total bandwidth x channels, B/s (one direction)
    };
    std::vector<Group> groups;
    std::vector<Link> links;     // between groups shown
    std::size_t outside = 0;     // links from the part shown to the rest of the network
};

// Members `within` (every vertex when empty) at `depth`: one aggregate a key
// (a pod, a group) up to `maxGroups` of them; above that, buckets of
// consecutive keys ("groups 0-16"), at most `maxBuckets` of them (0: as many
// as maxGroups). A bucket's name is twice as long as a group's, so a drawing
// that must write every name readably has room for fewer of them. An
// aggregate of the first id number is named by aggregateNoun ("pod 3"), of a
// deeper one "row".
AggregateView aggregate(const Topology& t, const std::vector<std::uint32_t>& within, int depth,
                        std::size_t maxGroups = 128, std::size_t maxBuckets = 0);

// What a generator's first id number is: "pod" (fat-tree), "group"
// (dragonfly), "leaf" (leaf-spine), "slice" (torus, mesh, HyperX), "block".
std::string aggregateNoun(const Topology& t);

} // namespace cs::app
