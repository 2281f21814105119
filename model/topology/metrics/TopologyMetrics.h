#pragma once
// Everything the topology derives for the models and the `topo` command, and
// the options of computing it (computeMetrics, model/topology/ComputeMetrics.h).
#include "model/topology/metrics/Bisection.h"
#include "model/topology/routing/HopHistogram.h"
#include "model/topology/routing/LinkLoad.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cs {

struct MetricsOptions {
    int threads = 2;
    bool transpose = true;        // also load the transpose pattern
    bool nearestNeighbour = true; // also load the nearest-neighbour pattern
    bool ring = true;             // also load the ring pattern
    // Use the symmetry a generator's record implies (translations of a
    // torus or hypercube, pods of a fat-tree; each checked on the graph
    // before use; see Symmetry.h) and the coordinates of k-ary n-cubes and
    // fat-trees for the sparse patterns (see FlowRouter.h). Off: the plain
    // per-destination computation, for tests and benchmarks. The results are
    // the same either way, up to rounding.
    bool symmetry = true;
    // Keep each pattern's loads per link (LinkLoads::forward, backward,
    // throughSegment). Off, for a caller that reads only the bottlenecks
    // (`topo`): each pattern's vectors are dropped once its bottleneck is
    // found, the all-to-all's after the Valiant loads are derived from them;
    // on a million-host network that is 0.2-0.4 GB never held at once.
    bool perLinkLoads = true;
    // Called with the fraction done, in [0, 1] and rising, on the thread that
    // called computeMetrics (a few hundred times at most).
    std::function<void(double)> progress;
    // Polled between BFS roots and flows; when it becomes true,
    // computeMetrics throws MetricsCancelled (a ModelError, "cancelled")
    // instead of returning. The bisection's max flows are not interrupted.
    const std::atomic<bool>* cancel = nullptr;
};

struct TopologyMetrics {
    TopologyCounts counts;
    HopHistogram hops; // ordered host pairs by links traversed
    BisectionResult bisection;
    LinkLoads allToAll;
    std::optional<LinkLoads> transpose;
    std::optional<LinkLoads> nearestNeighbour;
    std::optional<LinkLoads> ring;
    // The same patterns under Valiant routing (ValiantLoads.h), all-to-all
    // first, then the others computed above, in the order above. Each has
    // its bottleneck but no per-link vectors (see valiantLoads).
    std::vector<LinkLoads> valiant;
    double a2aBandwidth = 0.0; // per host, B/s: (H - 1) x the bottleneck's per-flow rate
    // Path latency (s) over ordered reachable host pairs, of minimum-hop
    // routes: the latencies of the links crossed, plus the latency of each
    // switch or segment and the forward cost of each forwarding host passed
    // through (not the two end hosts). avgLatency is the mean, with the
    // routes of a pair weighted as ECMP splits its traffic (evenly at each
    // vertex); maxLatency the largest over pairs of their worst route. Exact.
    double avgLatency = 0.0;
    double maxLatency = 0.0;
    // How the hop histogram, latency and all-to-all loads were computed (the
    // symmetry used, if any), one line.
    std::string method;
    // The patterns left out because routing them would take too long (see
    // kMaxPatternWork), with their cost; "" when none.
    std::string skipped;

    double avgHops() const { return hops.average(); }
    int diameter() const { return hops.diameter(); }
};

} // namespace cs
