#pragma once
// A two-way partition of a weighted undirected graph by METIS (Karypis and
// Kumar, "A fast and high quality multilevel scheme for partitioning
// irregular graphs", SIAM J. Sci. Comput. 20(1), 1998), for the bisection
// search of drawn networks (Bisection.h). Only this file sees metis.h.
#include <cstdint>
#include <vector>

namespace cs {

// CSR graph: the neighbours of v are adj[offset[v] .. offset[v + 1]), each
// undirected edge listed from both ends with the same weight, no self-loops
// and no repeated neighbour. Weights are positive integers except vertex
// weights, which may be 0 (a switch: it carries no host).
struct WeightedGraph {
    std::vector<std::int32_t> offset;
    std::vector<std::int32_t> adj;
    std::vector<std::int32_t> edgeWeight;
    std::vector<std::int32_t> vertexWeight;
};

// Side (0 or 1) per vertex, the two sides' vertex weights within about
// `imbalance` (0.01 = 1 %) of each other; `seed` varies METIS's random
// choices. Throws ModelError when METIS reports an error.
std::vector<std::uint8_t> metisBisect(const WeightedGraph& g, int seed, double imbalance);

} // namespace cs
