#pragma once
// Where a job's ranks run: the hosts of the topology a job of P ranks is
// placed on, in rank order (DESIGN.md, "Job and placement"). Every figure the
// topology gives a model is that of the placed hosts, not of the network.
//
// A placement is an order of all the network's hosts; a job of P ranks takes
// its first P. So a P sweep grows one job host by host, as a scheduler that
// fills a cluster would.
#include "model/topology/Topology.h"

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
