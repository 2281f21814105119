#pragma once
// The design's topology as a block: the source on the block canvas from which
// the models take what depends on the network. Its outputs are computed from
// the actual graph (drawn, or built by a generator) with the link properties
// it has: counts, hops, bisection, link loads under four traffic patterns,
// path latency, host injection bandwidth, channels and segment-mesh shape.
//
// A generated topology's parameters (n, k, dims, rows, bw, ...) are the
// block's inputs, so a sweep or a variant that writes `topology.k`
// regenerates the network at that point. Both kinds then take the job's
// inputs: its size P (wired from the design's P), its placement, the
// schedule of its exchange, its ranks per node and their order on the nodes
// (DESIGN.md, "Job and placement"), and its node count (kJobNodes: set,
// P follows as nodes x ranks_per_node; a P given beside it that differs is
// refused naming both). Every per-pattern output (a2a_bw,
// transpose_bw, nn_bw, ring_bw, xchg_bw) is that of the P placed ranks on
// their ceil(P / ranks_per_node) nodes: a flow between two ranks of one node
// loads no link, and a node's ranks share its links. Hops and latency (L,
// L_max, diameter, avg_hops) are over pairs of the job's nodes: what a
// message between two nodes crosses. The counts, bisection and host figures
// stay the whole network's. P = 0 (a P that follows the host count) is every
// host in drawing order, ranks_per_node ranks each: at one rank a node, the
// whole network's figures.
#include "model/core/Block.h"
#include "model/core/Provenance.h"
#include "model/topology/metrics/MetricsCache.h"
#include "model/topology/generators/Generator.h"
#include "model/topology/graph/Topology.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <memory>
#include <mutex>
#include <vector>

namespace cs {

struct PlacedNetwork;

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
        xchg_bw,       // B/s, the job's exchange as its schedule's rounds: rounds / sum of each round's slowest
                       // flow's s/B; for a pairwise all-to-all the per-host bandwidth (a2a_bw is its fluid bound)
        xchg_spread,   // relative standard deviation of xchg_bw over random placements (0 for the others)
        placed,        // hosts (nodes) the job runs on: ceil(P / ranks_per_node), or every host
        job_rpn,       // "job_ranks_per_node": the job's ranks a node (its input ranks_per_node), for blocks
                       // that place ranks on nodes themselves
        job_order,     // "job_rank_order": the job's rank order, 0 block, 1 cyclic (its input rank_order)
        job_cores,     // the cores the job's ranks compute on, as a bulk-synchronous job sees them: its ranks over
                       // the most ranks a core of its busiest node runs (coresOfJob); nodes x cores a node when
                       // each node holds more ranks than cores, P when none does (or its hosts state none)
        link_burst,    // B, least token-bucket burst of a host link (LinkProps::burst); 0 when one has none
        kOutputs
    };

    // A generated topology: inputs are the generator's parameters, then the job's.
    explicit TopologySource(const Generator& generator);
    // A drawn topology: the job's inputs only. `problem` is "" for a usable
    // network, or the sentence every evaluation then reports: why it is not
    // one yet (an unfinished drawing: a host not yet linked) or why it is too large.
    explicit TopologySource(Topology drawn, std::string problem = {});
    // The same on a network built elsewhere, shared. `whole` says the drawing
    // is a network with no problem of its own (Topology::problems() is empty):
    // `problem` may be about something else (too large to evaluate).
    TopologySource(std::shared_ptr<const Topology> drawn, std::string problem, bool whole);

    // The specs of the job's inputs, in JobInput order.
    static std::vector<ParamSpec> jobInputSpecs();
    // The job's inputs, after the generator's parameters (kJobInputs of them).
    // job_nodes comes last so that the other inputs keep their slots.
    enum JobInput { job_P, job_placement, job_schedule, job_ranks_per_node, job_rank_order, job_nodes, kJobInputs };
    // The job's inputs as this block's input values `in` give them. A job
    // of `nodes` nodes (kJobNodes > 0) given with P = 0 is the job of
    // nodes x ranks_per_node ranks: P says so, and everything that places
    // the job reads P alone.
    struct JobSettings {
        std::size_t P = 0; // ranks; 0: every host, ranksPerNode each
        int placement = 0; // Placement
        int schedule = 0;  // Schedule
        std::size_t ranksPerNode = 1;
        int rankOrder = 0; // RankOrder
        std::size_t nodes = 0; // the job's nodes as set (0: not set, P says the size)
    };
    JobSettings jobSettings(const double* in) const;
    // Index of job input `i` among the block's inputs.
    std::size_t jobInput(JobInput i) const { return spec_.inputs.size() - kJobInputs + i; }
    // The same block with the hosts a listed placement takes, in order (host
    // names, as the design's node list gives them; names that are no host of
    // the network are left out).
    std::shared_ptr<const TopologySource> withListed(const std::vector<std::string>& hostNames) const;
    const std::vector<std::uint32_t>& listed() const { return listed_; }
    const std::vector<std::string>& listedNames() const { return listedNames_; }

    const BlockSpec& spec() const override { return spec_; }
    std::string check(const double* in) const override;
    void evaluate(const double* in, double* out) const override;
    // Seconds of CPU one evaluation at `in` (inputs that pass check()) takes
    // on this machine, about: building the network and its metrics
    // (estimateTopologyCost), then the job's network and its placed figures
    // (placedWork), which a job on part of the network adds.
    double estimatedSeconds(const double* in) const;

    const Generator* generator() const { return generator_; }
    // The drawn network, or nullptr for a generated one.
    const Topology* drawn() const { return drawn_.get(); }
    // The drawn network, shared, when it is whole (see the constructor); else
    // nullptr. What the GUI shows and edits, read here instead of built again.
    std::shared_ptr<const Topology> wholeDrawing() const { return wholeDrawing_ ? drawn_ : nullptr; }
    // The drawn network, shared, whole or still in progress (a host not yet
    // linked: the editor draws its items); nullptr for a generated one.
    std::shared_ptr<const Topology> drawing() const { return drawn_; }

    // Everything the outputs say for a job of every host, computed from a
    // topology (allocates; slow for large networks, which is why evaluate()
    // caches).
    static void compute(const Topology& t, double* out);
    // The outputs for `job` (P = 0: every host) placed by its placement
    // (listed: on `listed`, host ordinals), exchanging by its schedule;
    // `whole` are compute()'s outputs for the same network. Throws ModelError
    // for a job the network cannot place.
    static void computeJob(const Topology& t, const double* whole, const JobSettings& job,
                           const std::vector<std::uint32_t>& listed, double* out);
    // The same on a network readied once for every job on it (PlacedMetrics.h).
    static void computeJob(const PlacedNetwork& net, const double* whole, const JobSettings& job,
                           const std::vector<std::uint32_t>& listed, double* out);
    // The topology vertex of each of the job's ranks, in rank order, under
    // seeded order `sample` of its placement (rankHosts, JobPlacement.h):
    // P ranks, or for P = 0 (and a P of every host's slots) every host,
    // ranks_per_node ranks each.
    static std::vector<std::size_t> jobRankHosts(const Topology& t, const JobSettings& job,
                                                 const std::vector<std::uint32_t>& listed, int sample);

    // The ids of the hosts a job's ranks run on at these inputs, in rank
    // order (jobRankHosts: a host of several ranks appears once for each;
    // the random placement: its first seeded order, one of those its figures
    // average over). Builds a generated network (allocates); throws
    // ModelError as computeJob does.
    std::vector<std::string> placedHostIds(const double* in) const;

    // Cache statistics, for tests: evaluations that missed the cache (and computed).
    std::size_t cacheMisses() const;

    static constexpr int kMaxParams = 17; // generator parameters
    static constexpr int kCacheSize = 64; // a sweep over 64 sizes or job sizes computes each once

    // The spec of output `symbol` (topology.metrics shares them).
    static const OutputSpec& outputSpec(const std::string& symbol);

private:
    BlockSpec spec_;
    const Generator* generator_ = nullptr;
    std::shared_ptr<const Topology> drawn_;
    bool wholeDrawing_ = false; // drawn_ has no problems of its own
    std::string problem_; // why a drawing cannot be evaluated (unfinished, too large); "" if it can
    std::vector<std::uint32_t> listed_;   // host ordinals of a listed placement, in order
    std::vector<std::string> listedNames_; // the names they came from
    // Whole-network figures by generator parameters, and the job's by every input.
    MetricsCache<kMaxParams, kOutputs, 16> whole_;
    MetricsCache<kMaxParams + kJobInputs, kOutputs, kCacheSize> cache_;
    mutable std::atomic<std::size_t> computed_{0}; // evaluations that computed (cacheMisses())
    // The networks of the last few generator parameter sets (the drawn one
    // under an empty key), built and readied for placed jobs: every P of a
    // sweep places its job on the one network instead of building it again.
    struct JobNetwork;
    std::shared_ptr<const JobNetwork> jobNetwork(const double* in) const;
    static constexpr std::size_t kNetworks = 4;
    mutable std::mutex networksMutex_;
    mutable std::vector<std::pair<std::array<double, kMaxParams>, std::shared_ptr<const JobNetwork>>> networks_;
    mutable std::size_t nextNetwork_ = 0;
};

// Host ordinals (indices into t.hosts()) of the hosts named, in order; names
// that are no host of `t`, and repeats, are left out.
std::vector<std::uint32_t> listedOrdinals(const Topology& t, const std::vector<std::string>& hostNames);

} // namespace cs
