#pragma once
// Symmetry of generated topologies, for the all-pairs metrics.
//
// A generator's record (Topology::generator, generatorParams, vertex ids)
// says which permutations of the vertices should be automorphisms: the
// translations of a torus along each dimension, the bit flips of a
// hypercube, the reflections and dimension swaps of a mesh, the pod and
// aggregation-index shifts of a fat-tree, the top-level pod shift of a
// general fat-tree, and swaps of "twin" switches (same neighbours, e.g. the
// edge switches of one pod). Each proposed permutation is checked on the
// graph itself (kinds, forwarding, costs, link bandwidth, channels, duplex
// and latency, leaf hosts and their links must all map onto equals), and only
// those that pass are used, so a topology edited after generation is safe.
//
// The checked permutations generate a group G. A metric summed over all
// destination roots (hop counts, latency sums, all-to-all loads) is then the
// sum over one representative root per G-orbit, weighted by the orbit's size;
// loads, being G-invariant, are the same on every arc of an arc orbit, so the
// representatives' loads summed over an orbit and spread evenly over it give
// every arc's exact load (see fold()). Nothing is approximated.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/LinkLoad.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct Symmetry {
    // One root per orbit of core vertices with hosts, with the orbit's size.
    std::vector<std::pair<std::uint32_t, std::uint64_t>> roots;
    std::vector<std::uint32_t> arcOrbit;    // per core arc: its orbit
    std::vector<std::uint32_t> arcOrbitSize;
    std::vector<std::uint32_t> vertexOrbit; // per core vertex: its orbit
    std::vector<std::uint32_t> vertexOrbitSize;
    std::vector<std::uint32_t> rootOf;      // per core vertex with hosts: its orbit's root in `roots`
    std::string method; // e.g. "translations of the torus (3 automorphisms checked): 1 of 32768 roots"

    // Loads summed from the weighted representatives become each arc's (and
    // segment's) load: the orbit's total spread evenly over its members.
    void fold(CoreLoads& loads) const;
};

// The symmetry the generator's record implies and the graph confirms;
// nullopt for a drawn topology or when no proposed automorphism checks out.
std::optional<Symmetry> findSymmetry(const Topology& t, const CoreGraph& g);

} // namespace cs
