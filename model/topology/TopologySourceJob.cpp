// The job on the network (TopologySource.h): a job's figures on the hosts it
// is placed on, and what computing them costs, apart from the whole
// network's metrics and the block's inputs and cache (TopologySource.cpp).
#include "model/core/JobSize.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/TopologySource.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace cs {

// A placed job on top of the whole network's metrics, in CPU seconds on this
// machine: the job's network (a copy of the topology and its core graph)
// per vertex and link, and its figures per step of placedWork. Measured on
// the design of a 2,097,152-host star with P = 4 (6.7e7 steps, 4.2e6
// vertices and links): 0.55 s and 1.7 s of one evaluation, where its
// metrics are 0.38 s. Networks whose searches dominate take less a step
// (kMaxPlacedWork's ten seconds are 5e-9 a step); this rate is the high
// one, for a check that must not take longer than its estimate.
constexpr double kJobNetworkPerItem = 1.3e-7;
constexpr double kPlacedStep = 2.5e-8;

double TopologySource::estimatedSeconds(const double* in) const
{
    GeneratorCounts gen;
    TopologyCounts counts;
    if (drawn_) {
        gen = countsOf(*drawn_);
        counts = drawn_->counts();
    } else {
        gen = generator_->counts(in);
        counts = {static_cast<std::size_t>(gen.hosts), static_cast<std::size_t>(gen.switches),
                  static_cast<std::size_t>(gen.segments), static_cast<std::size_t>(gen.links)};
    }
    double seconds = estimateTopologyCost(gen).seconds;
    // As computeJob: P = 0 is every host in drawing order; a random
    // placement of part of them is sampled kRandomSamples times. A job given
    // by its nodes is the job of their ranks (jobSettings).
    const double P = static_cast<double>(jobSettings(in).P);
    if (P == 0 || P >= 2) {
        const double slots = static_cast<double>(counts.hosts * jobSettings(in).ranksPerNode);
        const JobShape shape{static_cast<std::size_t>(jobRanks(P, slots)), jobSettings(in).ranksPerNode};
        const std::size_t ranks = shape.ranks;
        const auto placement = static_cast<Placement>(in[jobInput(job_placement)]);
        const bool sampled = placement == Placement::Random && P != 0;
        const double work = placedWork(counts, ranks, shape.nodes()) * (sampled ? kRandomSamples : 1);
        const double items = double(counts.hosts + counts.switches + counts.segments + counts.links);
        if (work <= kMaxPlacedWork) // else not routed (every host) or refused by check()
            seconds += kJobNetworkPerItem * items + kPlacedStep * work;
    }
    return seconds;
}

void TopologySource::computeJob(const Topology& t, const double* whole, const JobSettings& job,
                                const std::vector<std::uint32_t>& listed, double* out)
{
    const CoreGraph g = CoreGraph::build(t);
    computeJob(PlacedNetwork(t, g), whole, job, listed, out);
}

std::vector<std::size_t> TopologySource::jobRankHosts(const Topology& t, const JobSettings& job,
                                                      const std::vector<std::uint32_t>& listed, int sample)
{
    const std::size_t H = t.hosts().size();
    std::vector<std::uint32_t> order;
    if (job.P == 0) { // every host in drawing order: the whole network's job
        order.resize(H);
        for (std::uint32_t i = 0; i < H; ++i)
            order[i] = i;
    } else {
        order = placementOrder(t, static_cast<Placement>(job.placement), listed, sample);
    }
    // A P above the hosts' slots is every host (the design's bound on P names
    // the excess); so is one above what a listed placement names (check()
    // refuses it where the list is known).
    const std::size_t slots = order.size() * job.ranksPerNode;
    const JobShape shape{jobRanks(job.P, slots), job.ranksPerNode,
                         static_cast<RankOrder>(job.rankOrder)};
    return rankHosts(t, order, shape);
}

void TopologySource::computeJob(const PlacedNetwork& net, const double* whole, const JobSettings& job,
                                const std::vector<std::uint32_t>& listed, double* out)
{
    const Topology& t = net.t;
    std::copy(whole, whole + kOutputs, out);
    const std::size_t H = t.hosts().size();
    const std::size_t P = job.P;
    const auto sched = static_cast<Schedule>(job.schedule);
    const auto place = static_cast<Placement>(job.placement);
    const JobShape shape{jobRanks(P, H * job.ranksPerNode), job.ranksPerNode};
    const std::size_t ranks = shape.ranks, nodes = std::min(shape.nodes(), H);
    out[placed] = static_cast<double>(nodes);
    out[xchg_spread] = 0.0;
    out[job_cores] = static_cast<double>(ranks); // one rank a host: each on a core of its own
    out[job_rpn] = static_cast<double>(job.ranksPerNode);
    out[job_order] = static_cast<double>(job.rankOrder);
    // The host of each rank under sample `s` of the placement.
    auto hostsOf = [&](int s) { return jobRankHosts(t, job, listed, s); };
    if (nodes == H && job.ranksPerNode == 1) {
        // The whole network's patterns stand; the exchange's rounds are routed
        // where that is affordable, else its fluid bound stands in for them.
        const double work = placedWork(t.counts(), ranks) * (place == Placement::Random && P ? kRandomSamples : 1);
        if (work > kMaxPlacedWork || ranks < 2) {
            out[xchg_bw] = whole[a2a_bw];
            return;
        }
        const int samples = place == Placement::Random && P ? kRandomSamples : 1;
        double sum = 0, sum2 = 0;
        for (int s = 0; s < samples; ++s) {
            const double bw = exchangeFigures(net, hostsOf(s), sched).bandwidth;
            sum += bw;
            sum2 += bw * bw;
        }
        out[xchg_bw] = sum / samples;
        const double var = std::max(0.0, sum2 / samples - out[xchg_bw] * out[xchg_bw]);
        out[xchg_spread] = out[xchg_bw] > 0 ? std::sqrt(var) / out[xchg_bw] : 0.0;
        return;
    }
    if (nodes == 1) {
        // A job on one node exchanges nothing over the network (its flows
        // stay in the node): what a lone flow from its host would get (its
        // injection bandwidth) stands for every bandwidth, so that models
        // that multiply it by P - 1 = 0 stay defined; no hops, no latency.
        const std::vector<std::size_t> rankHosts = hostsOf(0);
        out[job_cores] = coresOfJob(t, rankHosts);
        const std::size_t h = rankHosts.front();
        double inj = 0;
        for (std::uint32_t e : t.incident(h))
            inj += t.link(e).bandwidth * t.link(e).channels;
        for (Out o : {a2a_bw, transpose_bw, nn_bw, ring_bw, xchg_bw})
            out[o] = inj;
        out[G_a2a] = inj > 0 ? 1.0 / inj : 0.0;
        for (Out o : {diameter, avg_hops, a2a_load, L, L_max})
            out[o] = 0.0;
        return;
    }
    const int samples = place == Placement::Random && P ? kRandomSamples : 1;
    std::array<double, kOutputs> sum{};
    double sum2 = 0;
    double coresSum = 0;
    for (int s = 0; s < samples; ++s) {
        const std::vector<std::size_t> rankHosts = hostsOf(s);
        coresSum += coresOfJob(t, rankHosts);
        const PlacedFigures f = placedFigures(net, rankHosts, sched);
        const double bw = f.xchgBandwidth;
        sum[diameter] += f.diameter;
        sum[avg_hops] += f.avgHops;
        sum[a2a_load] += f.a2aLoad;
        sum[a2a_bw] += f.a2aBandwidth;
        sum[transpose_bw] += f.transposeBw;
        sum[nn_bw] += f.nnBw;
        sum[ring_bw] += f.ringBw;
        sum[L] += f.avgLatency;
        sum[L_max] += f.maxLatency;
        sum[xchg_bw] += bw;
        sum2 += bw * bw;
    }
    for (Out o : {diameter, avg_hops, a2a_load, a2a_bw, transpose_bw, nn_bw, ring_bw, L, L_max, xchg_bw})
        out[o] = sum[o] / samples;
    // A pattern with no flow among the placed ranks (a transpose of 2 x 1)
    // slows nothing: its flows would get what the exchange's do.
    for (Out o : {transpose_bw, nn_bw, ring_bw})
        if (!(out[o] > 0))
            out[o] = out[xchg_bw];
    out[G_a2a] = out[a2a_bw] > 0 ? 1.0 / out[a2a_bw] : 0.0;
    const double var = std::max(0.0, sum2 / samples - out[xchg_bw] * out[xchg_bw]);
    out[xchg_spread] = out[xchg_bw] > 0 ? std::sqrt(var) / out[xchg_bw] : 0.0;
    out[job_cores] = coresSum / samples;
}

} // namespace cs
