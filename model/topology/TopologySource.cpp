#include "model/topology/TopologySource.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/metrics/TopologyMetrics.h"
#include "model/topology/graph/CoreGraph.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace cs {

namespace {

constexpr const char* kStd = "computed from the topology";

std::vector<OutputSpec> sourceOutputs()
{
    std::vector<OutputSpec> out{
        output("hosts", Unit::Count, "", "hosts", kStd),
        output("switches", Unit::Count, "", "switches", kStd),
        output("segments", Unit::Count, "", "shared segments (hubs, buses)", kStd),
        output("links", Unit::Count, "", "links (cables; a bonded link counts once)", kStd),
        output("diameter", Unit::Count, "", "most hops between two hosts (a hop = one link)", "minimum-hop routing"),
        output("avg_hops", Unit::Ratio, "1", "mean hops over ordered pairs of distinct hosts", "minimum-hop routing"),
        output("bisection_bw", Unit::BytesPerSecond, "MB/s",
               "bisection bandwidth: exact where the generator knows its cut, else a max-flow upper bound",
               "standard definition"),
        output("a2a_load", Unit::Ratio, "1",
               "flows (ordered host pairs, ECMP-split) on the most congested link under uniform all-to-all",
               "minimum-hop ECMP routing"),
        output("a2a_bw", Unit::BytesPerSecond, "MB/s",
               "per-host all-to-all bandwidth as one fluid pattern, a bound on the exchange (its rounds are xchg_bw): "
               "(placed hosts - 1) x the bottleneck's share per flow",
               "minimum-hop ECMP routing"),
        output("G_a2a", Unit::SecondsPerByte, "ns/B", "per-byte gap a host sees in an all-to-all, 1 / a2a_bw",
               "002_5a9fca780898fb85.txt §3 (LogGP G); G = 1 / a2a_bw"),
        output("transpose_bw", Unit::BytesPerSecond, "MB/s", "per-flow bandwidth under the matrix-transpose pattern",
               "minimum-hop ECMP routing"),
        output("nn_bw", Unit::BytesPerSecond, "MB/s", "per-flow bandwidth under nearest-neighbour exchange",
               "minimum-hop ECMP routing"),
        output("ring_bw", Unit::BytesPerSecond, "MB/s", "per-flow bandwidth when host i sends to host i + 1",
               "minimum-hop ECMP routing"),
        output("L", Unit::Seconds, "us",
               "mean host-to-host latency over ordered pairs: links, switches, segments and forwarding hosts",
               "002_5a9fca780898fb85.txt §3 (LogP L) from the drawn link and switch latencies"),
        output("L_max", Unit::Seconds, "us", "the worst host pair's latency", kStd),
        output("inj_bw", Unit::BytesPerSecond, "MB/s",
               "least bandwidth a host can inject: its links' bandwidth x channels, summed", kStd),
        output("channels", Unit::Count, "", "least channel count of a host (its links' channels, summed)",
               "004_07d1c859a4352179.txt §3 (channel bonding)"),
        output("link_bw", Unit::BytesPerSecond, "MB/s", "slowest per-channel bandwidth of a host link", kStd),
        output("seg_bw", Unit::BytesPerSecond, "Mbit/s", "slowest shared segment (0 without segments)",
               "004_07d1c859a4352179.txt §4"),
        output("mesh_rows", Unit::Count, "", "row segments of a segment mesh (0 when the network is not one)",
               "004_07d1c859a4352179.txt §4 Fig. 5"),
        output("mesh_cols", Unit::Count, "", "column segments of a segment mesh (0 when the network is not one)",
               "004_07d1c859a4352179.txt §4 Fig. 5"),
        output("edge_uplinks", Unit::Count, "",
               "links from a switch that hosts attach to, to another switch (a bonded link counts once): the "
               "cables that run from the edge to the other switches",
               "002_5a9fca780898fb85.txt §2.2 (cables from the nodes to a central rack of switches; five hosts "
               "per first-level switch)"),
        output("xchg_bw", Unit::BytesPerSecond, "MB/s",
               "the job's exchange as the rounds of its schedule on the placed hosts: rounds / the sum of each "
               "round's slowest flow's time per byte; for a pairwise all-to-all the per-host bandwidth, of which "
               "a2a_bw is the fluid bound",
               "minimum-hop ECMP routing per round (DESIGN.md, Job and placement)"),
        output("xchg_spread", Unit::Ratio, "1",
               "relative standard deviation of xchg_bw over the random placement's samples (0 otherwise)", kStd),
        output("placed", Unit::Count, "", "hosts the job runs on: ceil(P / ranks_per_node), or every host", kStd),
        output("job_ranks_per_node", Unit::Count, "",
               "the job's ranks a node, as its input ranks_per_node: for a block that places ranks on nodes itself "
               "(a recorded program's replay)", "DESIGN.md, Job and placement"),
        output("job_rank_order", Unit::Count, "",
               "the job's rank order, as its input rank_order: 0 block (a node filled first), 1 cyclic",
               "DESIGN.md, Job and placement"),
        output("job_cores", Unit::Count, "",
               "cores the job's ranks compute on: P over the most ranks a core of its busiest node runs; ranks "
               "beyond a node's cores share them (a host's cores; 0, not stated, is a core a rank)",
               "DESIGN.md, Job and placement (issue 45: nodes with many cores)"),
        output("link_burst", Unit::Bytes, "KiB",
               "least token-bucket burst of a host link (the link field burst): bytes a link idle long enough "
               "passes above its rate; 0 when a host link has none, as a switched link has none",
               "the drawn links (scripts/netns-cluster.sh writes tbf's burst into them)"),
    };
    // evaluate() writes one value per enum entry: they must agree.
    if (out.size() != static_cast<std::size_t>(TopologySource::kOutputs))
        throw ModelError("TopologySource: the output list and its enum differ");
    return out;
}

// Rows and columns when every host sits on exactly two shared segments and
// the segments form a full grid (each row segment meets each column segment
// in exactly one host), as in 004 Fig. 5 and 6; {0, 0} otherwise.
std::pair<double, double> meshShape(const Topology& t)
{
    const std::size_t V = t.vertexCount();
    std::vector<std::pair<std::size_t, std::size_t>> hostSegs;
    for (std::size_t h : t.hosts()) {
        std::vector<std::size_t> segs;
        for (std::uint32_t e : t.incident(h)) {
            const std::size_t n = t.opposite(e, h);
            if (t.attributes(n).kind != VertexKind::Segment)
                return {0, 0};
            segs.push_back(n);
        }
        if (segs.size() != 2 || segs[0] == segs[1])
            return {0, 0};
        hostSegs.emplace_back(segs[0], segs[1]);
    }
    if (hostSegs.empty())
        return {0, 0};
    // Two-colour the segments: a host joins a row segment to a column segment.
    std::vector<int> colour(V, -1);
    colour[hostSegs[0].first] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [a, b] : hostSegs) {
            if (colour[a] >= 0 && colour[b] < 0) {
                colour[b] = 1 - colour[a];
                changed = true;
            } else if (colour[b] >= 0 && colour[a] < 0) {
                colour[a] = 1 - colour[b];
                changed = true;
            } else if (colour[a] >= 0 && colour[a] == colour[b]) {
                return {0, 0};
            }
        }
    }
    std::set<std::pair<std::size_t, std::size_t>> cells;
    std::set<std::size_t> rows, cols;
    for (auto [a, b] : hostSegs) {
        if (colour[a] < 0)
            return {0, 0}; // not connected through segments
        if (colour[a] == 1)
            std::swap(a, b);
        rows.insert(a);
        cols.insert(b);
        cells.emplace(a, b);
    }
    if (cells.size() != hostSegs.size() || cells.size() != rows.size() * cols.size())
        return {0, 0};
    return {static_cast<double>(rows.size()), static_cast<double>(cols.size())};
}


} // namespace

std::vector<ParamSpec> TopologySource::jobInputSpecs()
{
    return {countParam(kJobSize, 0, 0, 16777216,
                       "ranks of the job, ranks_per_node a host: its figures are those of the hosts it is placed "
                       "on; 0 = every host (a P that follows the host count)",
                       "DESIGN.md, Job and placement"),
            choiceParam("placement", placementNames(), 0,
                        "which hosts the job runs on: packed fills leaf by leaf in drawing order, spread takes one "
                        "host per leaf, farthest leaves first, random is the mean over 16 seeded orders, listed "
                        "the hosts the design's node list names",
                        "DESIGN.md, Job and placement"),
            choiceParam("schedule", scheduleNames(), 0,
                        "the rounds of the job's exchange (xchg_bw): pairwise (rank i with i XOR r), shift (i to "
                        "i + r), ring, recursive doubling or binomial",
                        "DESIGN.md, Job and placement; MPI libraries' all-to-all and collective algorithms"),
            countParam("ranks_per_node", 1, 1, 65536,
                       "ranks the job runs on each of its nodes: P ranks take ceil(P / ranks_per_node) hosts, whose "
                       "ranks share the host's links; a flow between two ranks of one node loads no link",
                       "DESIGN.md, Job and placement; default 1: one rank a host"),
            choiceParam("rank_order", rankOrderNames(), 0,
                        "how ranks are put on the job's nodes: block fills a node before the next (ranks 0 .. r-1 "
                        "on the first), cyclic deals them round-robin (rank i on node i mod nodes)",
                        "DESIGN.md, Job and placement; mpirun's --map-by core and --map-by node"),
            countParam(kJobNodes, 0, 0, 16777216,
                       "nodes (hosts) the job runs on, ranks_per_node ranks each: P follows as nodes x "
                       "ranks_per_node, so that a sweep can take node count at a fixed ranks per node; 0 = not "
                       "set, P gives the job's size",
                       "DESIGN.md, Job and placement")};
}

TopologySource::JobSettings TopologySource::jobSettings(const double* in) const
{
    JobSettings job;
    job.P = static_cast<std::size_t>(in[jobInput(job_P)]);
    job.placement = static_cast<int>(in[jobInput(job_placement)]);
    job.schedule = static_cast<int>(in[jobInput(job_schedule)]);
    // check() refuses fewer than one; the clamp keeps a job without the check defined.
    job.ranksPerNode = in[jobInput(job_ranks_per_node)] >= 1 ? static_cast<std::size_t>(in[jobInput(job_ranks_per_node)])
                                                              : 1;
    job.rankOrder = static_cast<int>(in[jobInput(job_rank_order)]);
    job.nodes = in[jobInput(job_nodes)] >= 1 ? static_cast<std::size_t>(in[jobInput(job_nodes)]) : 0;
    // A job given by its nodes: P follows them (check() refuses a P set apart).
    if (job.nodes > 0 && job.P == 0)
        job.P = job.nodes * job.ranksPerNode;
    return job;
}

TopologySource::TopologySource(const Generator& generator) : generator_(&generator)
{
    const GeneratorSpec& g = generator.spec();
    if (g.params.size() > static_cast<std::size_t>(kMaxParams))
        throw ModelError("generator " + g.name + " has more parameters than the topology block holds");
    spec_ = BlockSpec{"topology/" + g.name,
                      "Topology: " + g.title,
                      "Network",
                      "The design's network, generated by '" + g.name + "': " + g.description +
                          " Its parameters are design inputs: sweeping one regenerates the network.",
                      g.source,
                      g.params,
                      sourceOutputs()};
    for (ParamSpec& p : jobInputSpecs())
        spec_.inputs.push_back(std::move(p));
}


TopologySource::TopologySource(Topology drawn, std::string problem)
    : TopologySource(std::make_shared<const Topology>(std::move(drawn)), problem, problem.empty())
{
}

TopologySource::TopologySource(std::shared_ptr<const Topology> drawn, std::string problem, bool whole)
    : drawn_(std::move(drawn)), wholeDrawing_(whole), problem_(std::move(problem))
{
    const TopologyCounts c = drawn_->counts();
    spec_ = BlockSpec{"topology/drawn",
                      "Topology (drawn)",
                      "Network",
                      "The design's network as drawn: " + std::to_string(c.hosts) + " hosts, " +
                          std::to_string(c.switches) + " switches, " + std::to_string(c.segments) + " segments, " +
                          std::to_string(c.links) + " links.",
                      "drawn by the user",
                      jobInputSpecs(),
                      sourceOutputs()};
}

std::shared_ptr<const TopologySource> TopologySource::withListed(const std::vector<std::string>& hostNames) const
{
    auto copy = generator_ ? std::make_shared<TopologySource>(*generator_)
                           : std::make_shared<TopologySource>(drawn_, problem_, wholeDrawing_);
    copy->listedNames_ = hostNames;
    if (drawn_)
        copy->listed_ = listedOrdinals(*drawn_, hostNames);
    return copy;
}

std::vector<std::uint32_t> listedOrdinals(const Topology& t, const std::vector<std::string>& hostNames)
{
    std::vector<std::uint32_t> ordinal(t.vertexCount(), 0xffffffffu);
    for (std::uint32_t i = 0; i < t.hosts().size(); ++i)
        ordinal[t.hosts()[i]] = i;
    std::vector<std::uint32_t> listed;
    for (const std::string& name : hostNames)
        if (const auto v = t.find(name); v && ordinal[*v] != 0xffffffffu &&
                                         std::find(listed.begin(), listed.end(), ordinal[*v]) == listed.end())
            listed.push_back(ordinal[*v]);
    return listed;
}

std::string TopologySource::check(const double* in) const
{
    std::size_t hostCount = 0;
    TopologyCounts counts;
    if (!generator_) {
        if (!problem_.empty())
            return problem_;
        counts = drawn_->counts();
    } else {
        GeneratorCounts gen;
        std::string problem = checkGeneratorParams(*generator_, in);
        if (!problem.empty())
            return "generator " + generator_->spec().name + ": " + problem;
        // The one work limit (TopologyBudget); it also bounds memory, since the
        // per-vertex and per-link passes alone count 500 steps each.
        gen = generator_->counts(in);
        problem = topologyMetricsProblem(gen);
        if (!problem.empty())
            return "generator " + generator_->spec().name + ": " + problem;
        counts = {static_cast<std::size_t>(gen.hosts), static_cast<std::size_t>(gen.switches),
                  static_cast<std::size_t>(gen.segments), static_cast<std::size_t>(gen.links)};
    }
    hostCount = counts.hosts;
    const double perNode = in[jobInput(job_ranks_per_node)];
    const double nodes = in[jobInput(job_nodes)];
    if (nodes > static_cast<double>(hostCount))
        return std::string(kJobNodes) + " = " + formatNumber(nodes) + ": the job's nodes exceed the network's " +
               std::to_string(hostCount) + " hosts";
    // The job's size: P, or when it is left to the job's nodes (0), theirs.
    double P = in[jobInput(job_P)];
    if (nodes >= 1 && perNode >= 1) {
        const double ofNodes = nodes * perNode;
        if (P != 0 && P != ofNodes)
            return std::string(kJobSize) + " = " + formatNumber(P) + " ranks, but " + kJobNodes + " x ranks_per_node = " +
                   formatNumber(nodes) + " x " + formatNumber(perNode) + " = " + formatNumber(ofNodes) +
                   ": the job has one size; let " + kJobSize + " follow its nodes or set " + kJobNodes + " = 0";
        P = ofNodes;
    }
    const auto placement = static_cast<Placement>(in[jobInput(job_placement)]);
    if (placement == Placement::Listed && P >= 1) {
        if (listedNames_.empty())
            return "placement listed: the design has no node list to place the job on";
        if (drawn_ && listed_.empty())
            return "placement listed: the design's node list names none of the network's hosts" +
                   (listedNames_.empty() ? std::string(" (it has no nodes)") : "");
        if (drawn_ && P > static_cast<double>(listed_.size()) * perNode)
            return "placement listed: P = " + formatNumber(P) + " ranks" +
                   (perNode > 1 ? " at ranks_per_node = " + formatNumber(perNode) : std::string()) +
                   ", but the node list names " + std::to_string(listed_.size()) + " of the network's hosts";
    }
    if (!(perNode >= 1))
        return "ranks_per_node = " + formatNumber(perNode) + " must be at least 1";
    // A job on part of the network is placed and routed at every P: bounded
    // like the whole network's metrics (a P above the host count is every host,
    // and the design's bound on P then names the excess). So is a job of
    // several ranks a node on every host, whose patterns are not the network's.
    const double slots = static_cast<double>(hostCount) * perNode;
    const bool part = P >= 2 && P < static_cast<double>(hostCount);
    if (part || (perNode > 1 && hostCount > 0)) {
        const double ranks = jobRanks(P, slots);
        const JobShape shape{static_cast<std::size_t>(ranks), static_cast<std::size_t>(perNode)};
        const double work = placedWork(counts, shape.ranks, shape.nodes()) *
                            (placement == Placement::Random && P != 0 ? kRandomSamples : 1);
        if (work > kMaxPlacedWork) {
            char buf[300];
            if (perNode > 1)
                std::snprintf(buf, sizeof buf,
                              "placing P = %.0f ranks, %.0f a node, on %zu hosts would take about %.2g steps, more "
                              "than %.2g; use fewer ranks or a smaller network",
                              ranks, perNode, hostCount, work, kMaxPlacedWork);
            else
                std::snprintf(buf, sizeof buf,
                              "placing P = %.0f ranks on %zu hosts would take about %.2g steps, more than %.2g; use "
                              "P = 0 (every host) or a smaller network",
                              P, hostCount, work, kMaxPlacedWork);
            return buf;
        }
    }
    return {};
}

namespace {

// Links between a switch with a host on it and another switch, each once
// (a link between two such switches too). 002 §2.2 weighs these: the cables
// that run from where the hosts are to the rest of the network.
double edgeUplinks(const Topology& t)
{
    const std::size_t V = t.vertexCount();
    std::vector<bool> edge(V, false);
    for (std::size_t h : t.hosts())
        for (std::uint32_t e : t.incident(h)) {
            const std::size_t n = t.opposite(e, h);
            if (t.attributes(n).kind == VertexKind::Switch)
                edge[n] = true;
        }
    double count = 0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (t.attributes(a).kind == VertexKind::Switch && t.attributes(b).kind == VertexKind::Switch && (edge[a] || edge[b]))
            ++count;
    }
    return count;
}

} // namespace

void TopologySource::compute(const Topology& t, double* out)
{
    MetricsOptions o;
    const TopologyMetrics m = computeMetrics(t, o);
    const double H = static_cast<double>(m.counts.hosts);
    out[hosts] = H;
    out[switches] = static_cast<double>(m.counts.switches);
    out[segments] = static_cast<double>(m.counts.segments);
    out[links] = static_cast<double>(m.counts.links);
    out[diameter] = m.diameter();
    out[avg_hops] = m.avgHops();
    out[bisection_bw] = m.bisection.bandwidth;
    out[a2a_load] = m.allToAll.maxLoad;
    out[a2a_bw] = m.a2aBandwidth;
    out[G_a2a] = m.a2aBandwidth > 0 ? 1.0 / m.a2aBandwidth : 0.0;
    // A pattern left out (too costly to route, TopologyMetrics::skipped) is
    // not a number, so that nothing downstream takes a made-up value.
    const double none = std::numeric_limits<double>::quiet_NaN();
    out[transpose_bw] = m.transpose ? m.transpose->perFlowBandwidth() : none;
    out[nn_bw] = m.nearestNeighbour ? m.nearestNeighbour->perFlowBandwidth() : none;
    out[ring_bw] = m.ring ? m.ring->perFlowBandwidth() : none;
    out[L] = m.avgLatency;
    out[L_max] = m.maxLatency;

    double inj = HUGE_VAL, ch = HUGE_VAL, lbw = HUGE_VAL, burst = HUGE_VAL;
    for (std::size_t h : t.hosts()) {
        double hostBw = 0, hostCh = 0;
        for (std::uint32_t e : t.incident(h)) {
            const LinkProps& l = t.link(e);
            hostBw += l.bandwidth * l.channels;
            hostCh += l.channels;
            lbw = std::min(lbw, l.bandwidth);
            burst = std::min(burst, l.burst);
        }
        inj = std::min(inj, hostBw);
        ch = std::min(ch, hostCh);
    }
    out[inj_bw] = std::isfinite(inj) ? inj : 0.0;
    out[channels] = std::isfinite(ch) ? ch : 0.0;
    out[link_bw] = std::isfinite(lbw) ? lbw : 0.0;
    out[link_burst] = std::isfinite(burst) ? burst : 0.0;
    double seg = HUGE_VAL;
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (t.attributes(v).kind == VertexKind::Segment)
            seg = std::min(seg, t.attributes(v).bandwidth);
    out[seg_bw] = std::isfinite(seg) ? seg : 0.0;
    const auto [r, c] = meshShape(t);
    out[mesh_rows] = r;
    out[mesh_cols] = c;
    out[edge_uplinks] = edgeUplinks(t);
    out[job_cores] = H; // every host one rank: computeJob sets the job's
    out[job_rpn] = 1;
    out[job_order] = 0;
}

struct TopologySource::JobNetwork {
    std::shared_ptr<const Topology> topology;
    CoreGraph core;
    std::unique_ptr<PlacedNetwork> placed; // of *topology and core: built after both, in place
    // The packed placement of every host is the drawing order (hosts drawn
    // leaf by leaf, as generators lay them out): a job of every host packed
    // is then the whole network's job, P = 0, rank for rank.
    bool packedIsDrawingOrder = false;
};

std::shared_ptr<const TopologySource::JobNetwork> TopologySource::jobNetwork(const double* in) const
{
    std::array<double, kMaxParams> key{};
    if (!drawn_)
        std::copy(in, in + (spec_.inputs.size() - kJobInputs), key.begin());
    // Built under the lock: a second thread that wants the same network
    // waits for it rather than building it too.
    std::lock_guard<std::mutex> lock(networksMutex_);
    for (const auto& [k, net] : networks_)
        if (k == key)
            return net;
    auto net = std::make_shared<JobNetwork>();
    net->topology = drawn_ ? drawn_ : std::make_shared<const Topology>(generate(*generator_, in));
    net->core = CoreGraph::build(*net->topology);
    net->placed = std::make_unique<PlacedNetwork>(*net->topology, net->core);
    {
        const std::vector<std::uint32_t> order = placementOrder(*net->topology, Placement::Packed, {}, 0);
        net->packedIsDrawingOrder = order.size() == net->topology->hosts().size();
        for (std::uint32_t i = 0; net->packedIsDrawingOrder && i < order.size(); ++i)
            net->packedIsDrawingOrder = order[i] == i;
    }
    if (networks_.size() < kNetworks)
        networks_.emplace_back(key, net);
    else
        networks_[nextNetwork_] = {key, net};
    nextNetwork_ = (nextNetwork_ + 1) % kNetworks;
    return net;
}

void TopologySource::evaluate(const double* in, double* out) const
{
    const std::size_t nIn = spec_.inputs.size(), nGen = nIn - kJobInputs;
    std::array<double, kMaxParams + kJobInputs> key{};
    std::copy(in, in + nIn, key.begin());
    if (cache_.find(key, out))
        return;
    // A miss builds the network and measures it (allocates). Two threads may
    // both compute the same entry; the results are equal.
    std::array<double, kOutputs> value{};
    std::array<double, kMaxParams + kJobInputs> everyHostKey{};
    bool everyHostPacked = false;
    try {
        const std::shared_ptr<const JobNetwork> net = jobNetwork(in);
        const Topology& t = *net->topology;
        // A job of every host placed packed, where that is the drawing order,
        // is the P = 0 job rank for rank (the same outputs): one entry for
        // both, so that a P sweep's last point reuses what reading the
        // document computed at P = 0 instead of routing every round again.
        const double P = in[jobInput(job_P)];
        everyHostKey = key;
        everyHostKey[jobInput(job_P)] = 0.0;
        const double slots = static_cast<double>(t.hosts().size() * jobSettings(in).ranksPerNode);
        everyHostPacked = P > 0 && jobIsEveryHost(P, slots) && net->packedIsDrawingOrder &&
                          static_cast<Placement>(in[jobInput(job_placement)]) == Placement::Packed;
        if (everyHostPacked && cache_.find(everyHostKey, out)) {
            std::copy(out, out + kOutputs, value.begin());
            cache_.store(key, value);
            return;
        }
        ++computed_;
        std::array<double, kMaxParams> wholeKey{};
        std::copy(in, in + nGen, wholeKey.begin());
        std::array<double, kOutputs> whole{};
        if (!whole_.find(wholeKey, whole.data())) {
            compute(t, whole.data());
            whole_.store(wholeKey, whole);
        }
        computeJob(*net->placed, whole.data(), jobSettings(in), drawn_ ? listed_ : listedOrdinals(t, listedNames_),
                   value.data());
    } catch (const std::exception&) {
        // check() rules this out; should it happen, the plan reports the
        // non-finite outputs together with the inputs that caused them.
        value.fill(std::numeric_limits<double>::quiet_NaN());
    }
    std::copy(value.begin(), value.end(), out);
    cache_.store(key, value);
    if (everyHostPacked)
        cache_.store(everyHostKey, value);
}

std::vector<std::string> TopologySource::placedHostIds(const double* in) const
{
    std::optional<Topology> built;
    if (!drawn_)
        built = generate(*generator_, in);
    const Topology& t = drawn_ ? *drawn_ : *built;
    std::vector<std::string> ids;
    for (std::size_t h : jobRankHosts(t, jobSettings(in), drawn_ ? listed_ : listedOrdinals(t, listedNames_), 0))
        ids.push_back(t.vertex(h).id);
    return ids;
}

std::size_t TopologySource::cacheMisses() const
{
    return computed_.load();
}

const OutputSpec& TopologySource::outputSpec(const std::string& symbol)
{
    static const std::vector<OutputSpec> all = sourceOutputs();
    for (const OutputSpec& o : all)
        if (o.symbol == symbol)
            return o;
    throw ModelError("the topology has no output '" + symbol + "'");
}

} // namespace cs
