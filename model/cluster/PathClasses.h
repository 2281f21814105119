#pragma once
// Which pairs of nodes to measure: one pair for each distinct kind of path
// in the design's network, plus a few random pairs as a check, instead of
// every pair. On a 64-host fat-tree that is 3 classes (same edge switch,
// same pod, across the core) and a handful of jobs instead of 2016.
//
// A path's class is what a probe can tell apart on it: the sequence of
// links (rate, latency, channels, duplex) and of the switches, segments and
// forwarding hosts between them (kind, latency, rate, forwarding cost),
// along one minimum-hop route. Two pairs of one class should measure the
// same, so one of them stands for all; the random extra pairs test that.
#include "model/topology/graph/Topology.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cs {

struct PairChoice {
    std::size_t server = 0, client = 0; // indices into the node list
    std::string pathClass;              // e.g. "2 hops: 125 MB/s link, switch, 125 MB/s link"
    bool check = false;                 // an extra random pair, not its class's first
};

// `hosts[i]` is the topology host node i runs on. Throws ModelError naming a
// node whose host is not a host of the topology, or two nodes with no path.
// Pairs are (i, j) with i < j, in the order their classes are first met.
// Each class is stood in for by the first pair met (row by row) whose route
// shares no link and no host with the stand-ins already taken, so that the
// classes can be measured at the same time (PairRounds.h); a class whose
// every pair touches them keeps its first pair. Then `extraChecks` more are
// drawn at random (seeded, so a plan repeats).
std::vector<PairChoice> pairsByPathClass(const Topology& t, const std::vector<std::string>& hosts,
                                         int extraChecks = 2, unsigned seed = 1);

} // namespace cs
