#pragma once
// The metrics of a torus (k >= 3) or a hypercube just as its generator makes
// it, from its numbering alone: what computeMetrics gives for the built
// network, without building it (a 2^20-host hypercube's graph, core snapshot
// and per-arc loads were 2.2 GB and most of 8 s).
//
// Every host of such a cube is alike (its translations are automorphisms),
// so:
//   - hops: the hosts at each distance from one host are its dimensions'
//     distances convolved (a ring of k: 1 at 0, 2 at each d < k/2, 1 at k/2
//     for even k; a hypercube's bit: 1 and 1), times H for the ordered pairs;
//   - latency: every link and host is the same, so a route of h hops takes
//     h x the link latency + (h - 1) x the forward cost, whichever it is;
//   - all-to-all: every arc of a dimension carries the same load (a torus's
//     reflections make both directions alike), the flows' hops along that
//     dimension shared evenly over its arcs: (H / k) x sum over offsets d of
//     the + hops, d for d < k/2 and k/4 at d = k/2 (split both ways); H/2 on
//     a hypercube;
//   - Valiant: (2k/H) x the all-to-all's on every link (there are no access
//     links);
//   - nearest neighbour: every flow is one hop on its own link, so every
//     arc carries one;
//   - transpose and ring: CubeEvenSplit's per-flow even split, into one load
//     vector per pattern over the cube's arcs (CubeNumbering::arcs); a
//     pattern whose steps exceed kMaxPatternWork is left out, as
//     computeMetrics does;
// and each bottleneck is named by scanBottleneck over the generator's own
// link order. tests/model/topology/test_cube_metrics.cpp holds every figure
// equal to computeMetrics on built cubes.
#include "model/topology/graph/CubeNumbering.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <optional>
#include <string>

namespace cs {

// `name` is the generator's ("torus", "hypercube"); `cut` the bisection its
// build states. nullopt when `net` is not a torus or hypercube, or when the
// options ask for what only the built network gives: per-link load vectors
// (perLinkLoads) or the plain computation (symmetry off).
std::optional<TopologyMetrics> cubeMetrics(const std::string& name, const CubeNumbering& net,
                                           const BisectionResult& cut, const MetricsOptions& options);

} // namespace cs
