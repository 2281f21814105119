#pragma once
#include "model/core/Block.h"
#include "model/topology/generators/Generator.h"
#include "model/topology/metrics/MetricsCache.h"

#include <array>
#include <vector>

namespace cs {

// "topology.metrics": builds a generated topology and derives what other
// blocks wire from: host and switch counts, diameter, average host-to-host
// hops, bisection bandwidth, the worst link load under uniform all-to-all and
// the per-host all-to-all bandwidth it allows, and a latency
//   L     = avg_hops x lat_hop   (mean over ordered host pairs; feeds LogGP's L)
//   L_max = diameter x lat_hop   (worst pair)
// A hop is one link traversed host to host (host - switch - host is 2).
//
// Inputs are the generator (`kind`) and the parameters generators share by
// name (n, nets, k, dims, rows, cols, routing, bw, channels, and for the
// leaf-spine, dragonfly and HyperX leaves, spines, p, oversub, groups, a, h,
// s, trunk); each kind reads
// the ones it has and uses its own defaults for the rest (gfat: the Berkeley
// NOW shape). Parameters a kind does not use do not matter.
//
// Thread-safe. evaluate() looks the parameter set up in a small cache of the
// last kCacheSize sets (MetricsCache) and copies the result: no allocation.
// On a cache miss it builds the topology and computes the metrics, which
// allocates (and takes time: up to a few hundred million BFS steps, which
// check() enforces); the result then enters the cache.
class TopologyMetricsBlock final : public Block {
public:
    // (p_hosts, a_routers, h_global, s_routers are the inputs p, a, h and s.)
    enum In { kind, n, nets, k, dims, rows, cols, routing, bw, channels, lat_hop, leaves, spines, p_hosts, oversub,
              groups, a_routers, h_global, s_routers, trunk, kInputs };
    enum Out { hosts, switches, segments, links, diameter, avg_hops, bisection_bw, bisection_exact, max_link_load,
               a2a_bw, L, L_max, kOutputs };
    static constexpr int kMaxParams = 24;
    static constexpr int kCacheSize = 8;

    TopologyMetricsBlock();

    const BlockSpec& spec() const override;
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    // The generator's parameter array for these inputs (for tests and tools).
    const Generator& generatorFor(const double* in) const;
    void paramsFor(const double* in, double* p) const;

    // Cache statistics (for tests): look-ups that missed the cache (and computed).
    std::size_t cacheMisses() const;

private:
    static constexpr int kCached = 10; // outputs before L and L_max
    std::vector<const Generator*> gens_;             // by kind
    std::vector<std::array<int, kMaxParams>> map_;   // by kind: generator param -> block input, or -1
    MetricsCache<kMaxParams + 1, kCached, kCacheSize> cache_; // key: kind, then the generator's parameters
};

} // namespace cs
