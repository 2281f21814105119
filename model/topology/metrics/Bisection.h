#pragma once
#include "model/topology/graph/Topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs {

// Bisection bandwidth: the least total capacity (B/s, one direction) that
// must be cut to split the hosts into two halves (sizes floor(H/2) and
// ceil(H/2)).
struct BisectionResult {
    double bandwidth = 0.0;
    bool exact = false;  // true: the generator's known cut; false: an upper bound
    std::string method;  // how it was found, one line (the cut, or the splits tried)
    std::string cut;     // the cut found, one line (which split, how many hosts a side)
    // The hosts (host order) on the first side of the cut found; empty when
    // the value is the generator's.
    std::vector<std::uint8_t> side;
};

// The generator's exact value when the topology has one. Otherwise a
// minimum-bisection search: balanced host splits seeded by the switch
// hierarchy (hosts grouped by the vertex they hang off, those vertices
// ordered by their neighbours, so that leaves and pods stay whole), by a
// breadth-first order, and by METIS (MetisPartition.h, several seeds) on the
// network with links weighted by capacity, each made exactly balanced by
// moving the hosts that cost least; plus the host-order halves. Each split's
// max-flow min cut (switches free to fall on either side) is at least the
// true bisection, so the least is an upper bound and is labelled so. Shared
// segments are cut at their bandwidth; hosts that do not forward carry no
// transit flow.
// A generator's bound (Topology::bisectionBound) is taken as it is above
// kSearchLimit vertices and links, else compared with the search.
BisectionResult bisection(const Topology& t, int metisSeeds = 3);
// What bisection() gives for a generator's exact value (Topology::exactBisection)
// and its note (bisectionNote).
BisectionResult knownBisection(double bandwidth, const std::string& note);
inline constexpr std::size_t kSearchLimit = 200000;

// The capacity (B/s) of the links between vertices on side 1 and side 0
// (per topology vertex): with half the hosts on each side, an upper bound on
// the bisection. Segments are not cut through: for networks without them.
double cutCapacity(const Topology& t, const std::vector<char>& vertexSide);

// The min cut (B/s) separating the hosts with inA[i] (host order) from the
// others, by push-relabel max flow.
double minCutBetween(const Topology& t, const std::vector<char>& inA);

} // namespace cs
