#pragma once
// The design's topology as a block: the source on the block canvas from which
// the models take what depends on the network. Its outputs are computed from
// the actual graph (drawn, or built by a generator) with the link properties
// it has: counts, hops, bisection, link loads under four traffic patterns,
// path latency, host injection bandwidth, channels and segment-mesh shape.
//
// A generated topology's parameters (n, k, dims, rows, bw, ...) are the
// block's inputs, so a sweep or a variant that writes `topology.k`
// regenerates the network at that point. A drawn topology has no inputs.
#include "model/core/Block.h"
#include "model/core/Provenance.h"
#include "model/topology/MetricsCache.h"
#include "model/topology/Generator.h"
#include "model/topology/Topology.h"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <memory>
#include <mutex>
#include <vector>

namespace cs {

class TopologySource final : public Block {
public:
    // The outputs, in spec order; units in the spec.
    enum Out {
        hosts,         // count
        switches,      // count
        segments,      // count
        links,         // count (a bonded link counts once)
        diameter,      // most links on a minimum-hop host-to-host route
        avg_hops,      // mean links over ordered host pairs
        bisection_bw,  // B/s, exact when the generator knows its cut, else a max-flow upper bound
        a2a_load,      // flows on the bottleneck link under uniform all-to-all
        a2a_bw,        // B/s per host under all-to-all: (hosts - 1) x the bottleneck's per-flow rate
        G_a2a,         // s/B, 1 / a2a_bw: the per-byte gap a host sees in an all-to-all (0 with one host)
        transpose_bw,  // B/s per flow under the matrix-transpose pattern
        nn_bw,         // B/s per flow under nearest-neighbour exchange
        ring_bw,       // B/s per flow when host i sends to host i + 1
        L,             // s, mean host-to-host latency: links, switches, segments and forwarding hosts on the route
        L_max,         // s, the worst pair's latency
        inj_bw,        // B/s, least bandwidth a host can inject: its links' bandwidth x channels, summed
        channels,      // least channel count of a host: its links' channels, summed
        link_bw,       // B/s, slowest per-channel bandwidth of a host link
        seg_bw,        // B/s, slowest shared segment (0 without segments)
        mesh_rows,     // row segments of a segment mesh (0 when the network is not one)
        mesh_cols,     // column segments of a segment mesh (0 when the network is not one)
        edge_uplinks,  // links from a switch that hosts attach to, to another switch: the cables that leave
                       // the edge for the rest of the network (002 §2.2: "a central rack of switches")
        kOutputs
    };

    // A generated topology: inputs are the generator's parameters.
    explicit TopologySource(const Generator& generator);
    // A drawn topology: no inputs. `problem` is "" for a usable network, or
    // the sentence every evaluation then reports: why it is not one yet (an
    // unfinished drawing: a host not yet linked) or why it is too large.
    explicit TopologySource(Topology drawn, std::string problem = {});

    const BlockSpec& spec() const override { return spec_; }
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;

    const Generator* generator() const { return generator_; }
    // The drawn network, or nullptr for a generated one.
    const Topology* drawn() const { return drawn_.get(); }

    // Everything the outputs say, computed from a topology (allocates; slow
    // for large networks, which is why evaluate() caches).
    static void compute(const Topology& t, double* out);

    // Cache statistics, for tests: evaluations that missed the cache (and computed).
    std::size_t cacheMisses() const;

    static constexpr int kMaxParams = 16;
    static constexpr int kCacheSize = 64; // a sweep over 64 sizes computes each once

    // The spec of output `symbol` (topology.metrics shares them).
    static const OutputSpec& outputSpec(const std::string& symbol);

private:
    BlockSpec spec_;
    const Generator* generator_ = nullptr;
    std::shared_ptr<const Topology> drawn_;
    std::string problem_; // why a drawing cannot be evaluated (unfinished, too large); "" if it can
    MetricsCache<kMaxParams, kOutputs, kCacheSize> cache_;
};

// The design's topology source and its input values from a document's
// "topology" JSON (generator or explicit form, TopologyJson.h). Throws
// ModelError naming the JSON path of the first problem.
struct TopologySourceParts {
    std::shared_ptr<const TopologySource> block;
    std::vector<ParamValue> values; // one per block input
};
TopologySourceParts topologySourceFromJson(const nlohmann::json& j, const std::string& path = "topology");

// The "topology" JSON of a source block with the given input values: the
// generator form with every parameter that differs from its default, or the
// explicit form of the drawing.
nlohmann::json topologySourceToJson(const TopologySource& block, const std::vector<ParamValue>& values);

} // namespace cs
