#pragma once
// The automorphisms a generator's record suggests (Symmetry.h checks each
// one on the graph before using it): per generator, permutations of core
// vertices named through the generator's vertex ids or host order.
#include "model/topology/graph/CoreGraph.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cs {

// A permutation of core vertices: (vertex, image) for the vertices it moves.
using Perm = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

struct SymmetryProposals {
    bool known = false;     // the generator has symmetry to propose
    bool twins = false;     // also propose swaps of twin vertices (same neighbours)
    std::vector<Perm> perms;
    std::string what;       // e.g. "translations of the torus"
};

SymmetryProposals proposeSymmetry(const Topology& t, const CoreGraph& g);

} // namespace cs
