#pragma once
// Where a job's ranks run: the hosts of the topology a job of P ranks is
// placed on, in rank order (DESIGN.md, "Job and placement"). Every figure the
// topology gives a model is that of the placed hosts, not of the network.
//
// A placement is an order of all the network's hosts; a job of P ranks at r
// ranks per node takes its first ceil(P / r) as its nodes, and its rank order
// (block or cyclic) puts the ranks on them. So a P sweep grows one job node
// by node, as a scheduler that fills a cluster would.
#include "model/topology/graph/Topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs {

enum class Placement {
    Packed, // hosts in drawing order, leaf by leaf: every host of a leaf switch before the next leaf
    Spread, // one host per leaf, the leaves taken farthest first (pods, then leaves), round by round
    Random, // a uniformly random order; figures are the mean over kRandomSamples seeded orders
    Listed, // the hosts the design's node list names, in its order
};

// The choice names, in enum order: "packed", "spread", "random", "listed".
const std::vector<std::string>& placementNames();

// How a job's ranks are put on its nodes, in enum order of rankOrderNames().
enum class RankOrder {
    Block,  // fill a node first: ranks 0 .. r-1 on the first node, r .. 2r-1 on the next
    Cyclic, // round-robin: rank i on node i mod nodes
};

// The choice names, in enum order: "block", "cyclic".
const std::vector<std::string>& rankOrderNames();

// The shape of a job: its ranks, at most `ranksPerNode` of them a node, in
// `order`. One rank a node is the job of one rank a host.
struct JobShape {
    std::size_t ranks = 0;
    std::size_t ranksPerNode = 1;
    RankOrder order = RankOrder::Block;
    // The nodes the job uses: ceil(ranks / ranksPerNode).
    std::size_t nodes() const { return (ranks + ranksPerNode - 1) / ranksPerNode; }
};

// The one rank-to-host mapping every figure of a placed job uses: the
// topology vertex of each rank, in rank order, on the first job.nodes()
// hosts of `order` (host ordinals, a placementOrder). Ranks of one node
// share its vertex. Throws ModelError when `order` has fewer hosts than the
// job has nodes, or ranksPerNode is 0.
std::vector<std::size_t> rankHosts(const Topology& t, const std::vector<std::uint32_t>& order, const JobShape& job);

// The cores a job computes on, as a bulk-synchronous job sees them: its ranks
// (one per entry of `rankHosts`, the vertex of each: rankHosts above) over
// the most ranks a core runs on its busiest node, max(1, ranks on host h /
// h's cores). Ranks beyond a host's cores share them; a host of 0 cores (not
// stated) has a core a rank. Every node holding r ranks on c < r cores gives
// nodes x c; no node holding more ranks than cores gives the ranks.
double coresOfJob(const Topology& t, const std::vector<std::size_t>& rankHosts);

// Seeded orders the random placement averages over.
inline constexpr int kRandomSamples = 16;

// Host ordinals (indices into t.hosts()) in the order the placement fills
// them. `listed`: the listed order (host ordinals; may name fewer hosts than
// the network has); `sample`: which seeded order of the random placement.
// Throws ModelError for a listed placement without a list.
std::vector<std::uint32_t> placementOrder(const Topology& t, Placement p, const std::vector<std::uint32_t>& listed,
                                          int sample = 0);

// The hosts a leaf host hangs off (its one neighbour), or the host itself
// when it has several links: the "leaf" a packed placement fills, per host
// ordinal.
std::vector<std::size_t> attachmentOf(const Topology& t);

} // namespace cs
