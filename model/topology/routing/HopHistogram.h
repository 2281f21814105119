#pragma once
// Host-to-host hop counts. A hop is one link traversed: host - switch - host
// is 2 hops, a host - segment - host exchange on a shared bus is 2 hops, two
// hosts joined directly are 1 hop. Routes are minimum-hop and pass only
// through switches, segments and forwarding hosts.
#include "model/topology/graph/BfsLayers.h"
#include "model/topology/graph/CoreGraph.h"

#include <cstdint>
#include <vector>

namespace cs {

struct HopHistogram {
    std::vector<std::uint64_t> count; // count[h] = ordered host pairs (a != b) at h hops
    std::uint64_t unreachable = 0;    // ordered pairs with no route

    std::uint64_t pairs() const;      // reachable ordered pairs
    double average() const;           // mean hops over reachable pairs (0 if none)
    int diameter() const;             // largest h with count[h] > 0 (0 if none)
    void add(const HopHistogram& other);
};

// Adds `weight` x the ordered host pairs with one end at the root of the
// finished search `b` (the root itself if it is a host, and its leaf hosts)
// and the other anywhere, by hops; pairs with no route go to `unreachable`.
// Distances are symmetric, so the other end may be the source or the
// destination. Summing over every core vertex with hosts counts each ordered
// pair once.
void addRootPairs(const CoreGraph& g, const BfsLayers& b, std::uint64_t weight, HopHistogram& h);
// Drops trailing empty bins.
void trimHistogram(HopHistogram& h);

} // namespace cs
