#include "model/topology/TopologySource.h"
#include "model/core/ModelError.h"
#include "model/topology/GeneratorRegistry.h"
#include "model/topology/TopologyBudget.h"
#include "model/topology/TopologyJson.h"
#include "model/topology/TopologyMetrics.h"

#include <nlohmann/json.hpp>

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
               "per-host all-to-all bandwidth: (hosts - 1) x the bottleneck's share per flow",
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
    const auto& g = t.graph();
    const std::size_t V = t.vertexCount();
    std::vector<std::pair<std::size_t, std::size_t>> hostSegs;
    for (std::size_t h : t.hosts()) {
        std::vector<std::size_t> segs;
        for (auto [e, end] = boost::out_edges(h, g); e != end; ++e) {
            const std::size_t n = boost::target(*e, g);
            if (t.vertex(n).kind != VertexKind::Segment)
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

std::string inputsText(const BlockSpec& spec)
{
    std::string s;
    for (const ParamSpec& p : spec.inputs)
        s += (s.empty() ? "" : ", ") + p.symbol;
    return s;
}

} // namespace

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
}


TopologySource::TopologySource(Topology drawn, std::string problem)
    : drawn_(std::make_shared<const Topology>(std::move(drawn))), problem_(std::move(problem))
{
    const TopologyCounts c = drawn_->counts();
    spec_ = BlockSpec{"topology/drawn",
                      "Topology (drawn)",
                      "Network",
                      "The design's network as drawn: " + std::to_string(c.hosts) + " hosts, " +
                          std::to_string(c.switches) + " switches, " + std::to_string(c.segments) + " segments, " +
                          std::to_string(c.links) + " links.",
                      "drawn by the user",
                      {},
                      sourceOutputs()};
}

std::string TopologySource::check(const double* in) const
{
    if (!generator_)
        return problem_;
    std::string problem = checkGeneratorParams(*generator_, in);
    if (!problem.empty())
        return "generator " + generator_->spec().name + ": " + problem;
    // The one work limit (TopologyBudget); it also bounds memory, since the
    // per-vertex and per-link passes alone count 500 steps each.
    problem = topologyMetricsProblem(generator_->counts(in));
    if (!problem.empty())
        return "generator " + generator_->spec().name + ": " + problem;
    return {};
}

namespace {

// Links between a switch with a host on it and another switch, each once
// (a link between two such switches too). 002 §2.2 weighs these: the cables
// that run from where the hosts are to the rest of the network.
double edgeUplinks(const Topology& t)
{
    const auto& g = t.graph();
    const std::size_t V = t.vertexCount();
    std::vector<bool> edge(V, false);
    for (std::size_t h : t.hosts())
        for (auto [e, end] = boost::out_edges(h, g); e != end; ++e) {
            const std::size_t n = boost::target(*e, g);
            if (t.vertex(n).kind == VertexKind::Switch)
                edge[n] = true;
        }
    double count = 0;
    for (auto [e, end] = boost::edges(g); e != end; ++e) {
        const std::size_t a = boost::source(*e, g), b = boost::target(*e, g);
        if (t.vertex(a).kind == VertexKind::Switch && t.vertex(b).kind == VertexKind::Switch && (edge[a] || edge[b]))
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

    const auto& g = t.graph();
    double inj = HUGE_VAL, ch = HUGE_VAL, lbw = HUGE_VAL;
    for (std::size_t h : t.hosts()) {
        double hostBw = 0, hostCh = 0;
        for (auto [e, end] = boost::out_edges(h, g); e != end; ++e) {
            const LinkProps& l = g[*e].link;
            hostBw += l.bandwidth * l.channels;
            hostCh += l.channels;
            lbw = std::min(lbw, l.bandwidth);
        }
        inj = std::min(inj, hostBw);
        ch = std::min(ch, hostCh);
    }
    out[inj_bw] = std::isfinite(inj) ? inj : 0.0;
    out[channels] = std::isfinite(ch) ? ch : 0.0;
    out[link_bw] = std::isfinite(lbw) ? lbw : 0.0;
    double seg = HUGE_VAL;
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (t.vertex(v).kind == VertexKind::Segment)
            seg = std::min(seg, t.vertex(v).bandwidth);
    out[seg_bw] = std::isfinite(seg) ? seg : 0.0;
    const auto [r, c] = meshShape(t);
    out[mesh_rows] = r;
    out[mesh_cols] = c;
    out[edge_uplinks] = edgeUplinks(t);
}

void TopologySource::evaluate(const double* in, double* out) const
{
    std::array<double, kMaxParams> key{};
    std::copy(in, in + spec_.inputs.size(), key.begin());
    if (cache_.find(key, out))
        return;
    // A miss builds the network and measures it (allocates). Two threads may
    // both compute the same entry; the results are equal.
    std::array<double, kOutputs> value{};
    try {
        if (drawn_)
            compute(*drawn_, value.data());
        else
            compute(generate(*generator_, in), value.data());
    } catch (const std::exception&) {
        // check() rules this out; should it happen, the plan reports the
        // non-finite outputs together with the inputs that caused them.
        value.fill(std::numeric_limits<double>::quiet_NaN());
    }
    std::copy(value.begin(), value.end(), out);
    cache_.store(key, value);
}

std::size_t TopologySource::cacheMisses() const
{
    return cache_.misses();
}

const OutputSpec& TopologySource::outputSpec(const std::string& symbol)
{
    static const std::vector<OutputSpec> all = sourceOutputs();
    for (const OutputSpec& o : all)
        if (o.symbol == symbol)
            return o;
    throw ModelError("the topology has no output '" + symbol + "'");
}

TopologySourceParts topologySourceFromJson(const nlohmann::json& j, const std::string& path)
{
    TopologySourceParts parts;
    if (j.is_object() && j.contains("generator")) {
        const GeneratorForm f = readGeneratorForm(j, path);
        auto block = std::make_shared<const TopologySource>(*f.generator);
        const auto& params = f.generator->spec().params;
        const nlohmann::json* given = j.contains("params") ? &j["params"] : nullptr;
        for (std::size_t i = 0; i < params.size(); ++i) {
            const bool user = given && given->contains(params[i].symbol);
            parts.values.push_back({f.params[i], user ? Provenance::user() : Provenance{}});
        }
        if (std::string p = block->check(f.params.data()); !p.empty())
            throw ModelError(path + ".params: " + p + " (inputs: " + inputsText(block->spec()) + ")");
        parts.block = std::move(block);
        return parts;
    }
    // A drawing is read even when unfinished, so that the work in it is never
    // refused; the design then reports why it cannot be evaluated.
    Topology t = topologyFromJson(j, path, TopologyCheck::Structure);
    const auto problems = t.problems();
    std::string problem =
        problems.empty() ? std::string()
                         : "the drawn topology is not a usable network yet: " + problemText(problems.front(), path);
    // Drawn networks have no generator to estimate from, so every host counts
    // as a BFS root (an upper bound); the same limit as generated ones.
    if (problem.empty())
        if (std::string p = topologyMetricsProblem(countsOf(t)); !p.empty())
            problem = "the drawn topology is too large to evaluate here: " + p;
    parts.block = std::make_shared<const TopologySource>(std::move(t), std::move(problem));
    return parts;
}

nlohmann::json topologySourceToJson(const TopologySource& block, const std::vector<ParamValue>& values)
{
    if (const Topology* t = block.drawn())
        return topologyToJson(*t, TopologyJsonForm::Explicit);
    nlohmann::json params = nlohmann::json::object();
    const auto& specs = block.spec().inputs;
    for (std::size_t i = 0; i < specs.size() && i < values.size(); ++i)
        if (values[i].value != specs[i].defaultValue || values[i].provenance.kind != ProvenanceKind::Default)
            params[specs[i].symbol] = values[i].value;
    return {{"generator", block.generator()->spec().name}, {"params", params}};
}

} // namespace cs
