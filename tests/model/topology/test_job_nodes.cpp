// The job's nodes as an axis of their own (issue 45, "Sweeps"): the topology
// block's input `nodes` (kJobNodes) sets the job's node count; P follows as
// nodes x ranks_per_node, so that speedup can be taken against node count at
// a fixed ranks per node. Golden values are derived by hand in the comments.
//
// The network is the netns tree of the job tests (JobTestNetworks.h), drawn:
// 8 hosts h0..h7, 2 a leaf switch, 2 leaves a pod switch, one core; every
// link b = 1e6 B/s. Packed placement fills it in drawing order: h0, h1 on
// leaf0, h2, h3 on leaf1 (both leaves in pod0), h4.. in pod1.
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"
#include "model/topology/TopologySourceJson.h"
#include "JobTestNetworks.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

constexpr double b = 1e6;

// The tree with the job `job` (the topology JSON's "job" object).
json treeWithJob(const json& job)
{
    json topo = test::tree(8, 2, 2, b);
    if (!job.empty())
        topo["job"] = job;
    return topo;
}

// A design on that tree whose time a hand can work out: P follows the
// network (topology.hosts), and one formula block
//   T = W / P + (P - 1) x m x G,   W = 64 s, m = 1000 B,
// G wired from topology.G_a2a (1 / a2a_bw): a serial part that P ranks
// share, and an all-to-all of P - 1 blocks of m bytes at the placed job's
// per-host rate.
DesignDocument formulaDesign(const json& job)
{
    json doc = {{"format", "clusterscope-design"},
                {"version", 3},
                {"name", "job nodes"},
                {"parameters",
                 {{{"name", "P"}, {"unit", "count"}, {"min", 1}, {"max", 65536}, {"follows", "topology.hosts"}}}},
                {"topology", treeWithJob(job)},
                {"blocks",
                 {{{"name", "app"},
                   {"type", "formula"},
                   {"inputs",
                    {{"P", {{"unit", "1"}, {"value", 1}, {"min", 1}}},
                     {"W", {{"unit", "s"}, {"value", 64}, {"min", 0}}},
                     {"m", {{"unit", "B"}, {"value", 1000}, {"min", 0}}},
                     {"G", {{"unit", "s/B"}, {"value", 1e-6}, {"min", 0}}}}},
                   {"outputs", {{"T", {{"unit", "s"}, {"expr", "W / P + (P - 1) * m * G"}}}}}}}},
                {"wires", {{{"from", "P"}, {"to", "app.P"}}, {{"from", "topology.G_a2a"}, {"to", "app.G"}}}},
                {"variants", {{{"name", "app"}, {"total", "app.T"}, {"overrides", json::object()}}}},
                {"sweep", {{"axes", json::array()}, {"speedup", {{"param", "P"}, {"baseline", 1}}}}}};
    return documentFromJson(doc);
}

std::string nodesPath()
{
    return std::string(kTopologyBlock) + "." + kJobNodes;
}

} // namespace

TEST_CASE("job nodes: P follows nodes x ranks_per_node, on that many placed hosts", "[topology][job_nodes]")
{
    // nodes = 2 at ranks_per_node = 4: P = 2 x 4 = 8 ranks on h0, h1 (leaf0).
    // Of the 8 x 7 = 56 ordered pairs, 2 x (4 x 3) = 24 stay in a node; the
    // other 4 x 4 = 16 each way cross h0's and h1's links: a2a_load = 16, and
    // a2a_bw = (P - 1) / (16 / b) = 7b/16 = 437500 B/s; G_a2a = 16 / (7b).
    DesignDocument doc = formulaDesign({{"nodes", 2}, {"ranks_per_node", 4}});
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    CHECK(slots[plan.slotOf(kJobSize)] == 8);
    CHECK(slots[plan.slotOf("app.P")] == 8);
    CHECK(slots[plan.slotOf("topology.placed")] == 2);
    CHECK(slots[plan.slotOf("topology.a2a_load")] == Approx(16));
    CHECK(slots[plan.slotOf("topology.a2a_bw")] == Approx(7.0 * b / 16.0));
    // T = 64 / 8 + 7 x 1000 x 16 / (7 x 1e6) = 8 + 0.016 = 8.016 s.
    CHECK(slots[plan.slotOf("app.T")] == Approx(8.016));

    // The ranks' hosts: 4 on h0, then 4 on h1 (block order); 2 distinct hosts.
    const BlockInstance& topo = *doc.design.topology();
    std::vector<double> in;
    for (const ParamSpec& p : topo.spec().inputs)
        in.push_back(slots[plan.slotOf(std::string(kTopologyBlock) + "." + p.symbol)]);
    const auto& source = dynamic_cast<const TopologySource&>(*topo.block);
    const std::vector<std::string> hosts = source.placedHostIds(in.data());
    CHECK(hosts == std::vector<std::string>{"h0", "h0", "h0", "h0", "h1", "h1", "h1", "h1"});
    CHECK(std::set<std::string>(hosts.begin(), hosts.end()).size() == 2);

    // The same job written as P = 8 on its own is the same figures: nodes
    // only says where the size comes from.
    const auto byP = test::jobOutputs(treeWithJob(json::object()), {8, "packed", "pairwise", {}, 4, "block"});
    CHECK(byP[TopologySource::placed] == 2);
    CHECK(byP[TopologySource::a2a_load] == Approx(16));
}

TEST_CASE("job nodes: a sweep of topology.nodes at a fixed ranks per node, speedup against P = 1",
          "[topology][job_nodes][sweep]")
{
    // ranks_per_node = 2; nodes = 1, 2, 4 give P = 2, 4, 8 on h0 | h0, h1 | h0..h3.
    //   nodes = 1: both ranks on h0, no flow leaves it; the lone host's link
    //     stands for the bandwidth: G_a2a = 1/b. T = 64/2 + 1 x 1000 / 1e6 = 32.001 s.
    //   nodes = 2: h0, h1 on leaf0; each host link carries 2 x 2 = 4 flows:
    //     a2a_bw = 3 / (4/b) = 3b/4, G = 4/(3b). T = 64/4 + 3 x 1000 x 4/(3e6) = 16.004 s.
    //   nodes = 4: h0..h3; a host link carries 2 x 6 = 12 flows, leaf0's uplink
    //     to pod0 the 4 ranks of leaf0 x the 4 of leaf1 = 16: a2a_load = 16,
    //     a2a_bw = 7b/16. T = 64/8 + 7 x 1000 x 16/(7e6) = 8.016 s.
    // The speedup baseline is P = 1 with no job nodes (one rank): T = 64 s.
    // Speedup 64/32.001, 64/16.004, 64/8.016; efficiency = speedup / P.
    SweepOptions o;
    o.extraOutputs = {"app.P", "topology.placed", "topology.a2a_load"};
    const SweepTable t = runSweep(formulaDesign({{"ranks_per_node", 2}}), {{nodesPath(), {1, 2, 4}}}, o);
    INFO((t.errors.empty() ? std::string() : t.errors.front().second));
    REQUIRE(t.errors.empty());
    REQUIRE(t.rows() == 3);
    const int P = t.column("app.P"), placed = t.column("topology.placed"), load = t.column("topology.a2a_load");
    const double expectP[] = {2, 4, 8}, expectPlaced[] = {1, 2, 4}, expectLoad[] = {0, 4, 16};
    const double expectT[] = {32.001, 16.004, 8.016};
    for (std::size_t r = 0; r < 3; ++r) {
        CHECK(t.at(r, static_cast<std::size_t>(P)) == expectP[r]);
        CHECK(t.at(r, static_cast<std::size_t>(placed)) == expectPlaced[r]);
        CHECK(t.at(r, static_cast<std::size_t>(load)) == Approx(expectLoad[r]));
        CHECK(t.at(r, 0) == Approx(expectT[r]));
        CHECK(t.at(r, 1) == Approx(64.0 / expectT[r]));
        CHECK(t.at(r, 2) == Approx(64.0 / expectT[r] / expectP[r]));
    }

    // Against a serial baseline, as the presets write one: a block of its own
    // at one processor, T = W = 64 s (DESIGN.md, "Baseline"), evaluated at
    // P = 1 with no job nodes: the same speedups.
    json serialDoc = documentToJson(formulaDesign({{"ranks_per_node", 2}}));
    serialDoc["blocks"].push_back({{"name", "serial"},
                                   {"type", "formula"},
                                   {"inputs", {{"W", {{"unit", "s"}, {"value", 64}, {"min", 0}}}}},
                                   {"outputs", {{"T", {{"unit", "s"}, {"expr", "W"}}}}}});
    serialDoc["variants"].push_back({{"name", "serial"}, {"total", "serial.T"}, {"overrides", json::object()}});
    serialDoc["sweep"]["speedup"]["against"] = "serial";
    const SweepTable s = runSweep(documentFromJson(serialDoc), {{nodesPath(), {1, 2, 4}}});
    INFO((s.errors.empty() ? std::string() : s.errors.front().second));
    REQUIRE(s.errors.empty());
    REQUIRE(s.variants.size() == 2);
    for (std::size_t p = 0; p < 3; ++p) {
        CHECK(s.at(p * 2, 1) == Approx(64.0 / expectT[p])); // variant "app"
        CHECK(s.at(p * 2 + 1, 1) == Approx(1.0));           // the serial baseline's own row
    }
}

TEST_CASE("job nodes: a bad node count is refused naming the field and the value", "[topology][job_nodes]")
{
    // Above the 8 hosts of the tree.
    const TopologySourceParts parts = topologySourceFromJson(treeWithJob(json::object()));
    std::vector<double> in;
    for (const ParamValue& v : parts.values)
        in.push_back(v.value);
    in[parts.block->jobInput(TopologySource::job_nodes)] = 9;
    CHECK(parts.block->check(in.data()) == "nodes = 9: the job's nodes exceed the network's 8 hosts");
    // In a document's job object: negative, above the hosts.
    CHECK_THROWS_WITH(topologySourceFromJson(treeWithJob({{"nodes", -1}})),
                      Contains("topology.job.nodes") && Contains("-1"));
    CHECK_THROWS_WITH(topologySourceFromJson(treeWithJob({{"nodes", 2.5}})),
                      Contains("topology.job.nodes") && Contains("2.5"));
    // Set on the design, and along a sweep.
    DesignDocument doc = formulaDesign(json::object());
    CHECK_THROWS_WITH(doc.design.setValue({kTopologyBlock, kJobNodes}, -1), Contains("nodes") && Contains("-1"));
    const SweepTable t = runSweep(doc, {{nodesPath(), {8, 9}}});
    REQUIRE(t.errors.size() == 1);
    CHECK(t.errors[0].first == 1);
    CHECK_THAT(t.errors[0].second, Contains("nodes = 9: the job's nodes exceed the network's 8 hosts"));
}

TEST_CASE("job nodes: a P set apart from nodes x ranks_per_node is never silent", "[topology][job_nodes]")
{
    // nodes = 2 at 2 a node is a job of 4 ranks; a user's P = 6 is another.
    DesignDocument doc = formulaDesign({{"nodes", 2}, {"ranks_per_node", 2}});
    doc.design.setDesignParam(kJobSize, 6);
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    EvalError err;
    CHECK_FALSE(plan.run(slots.data(), &err));
    CHECK_THAT(err.message, Contains("P = 6 ranks, but nodes x ranks_per_node = 2 x 2 = 4"));
    // P = 4, the same size, is the same job.
    doc.design.setDesignParam(kJobSize, 4);
    const Plan same = doc.design.compile();
    slots = same.initialSlots();
    CHECK(same.run(slots.data(), &err));
    CHECK(slots[same.slotOf("topology.placed")] == 2);
}

TEST_CASE("job nodes: read and written in the job object, and 0 leaves today's job", "[topology][job_nodes]")
{
    const TopologySourceParts parts = topologySourceFromJson(treeWithJob({{"nodes", 4}, {"ranks_per_node", 2}}));
    const TopologySource& s = *parts.block;
    CHECK(parts.values[s.jobInput(TopologySource::job_nodes)].value == 4);
    const json back = topologySourceToJson(s, parts.values);
    CHECK(back["job"] == json({{"nodes", 4}, {"ranks_per_node", 2}}));
    // Not set: no key written, and the job is P's as before (P = 0: every host).
    const TopologySourceParts none = topologySourceFromJson(treeWithJob(json::object()));
    CHECK(none.values[none.block->jobInput(TopologySource::job_nodes)].value == 0);
    CHECK_FALSE(topologySourceToJson(*none.block, none.values).contains("job"));
    std::vector<double> in;
    for (const ParamValue& v : none.values)
        in.push_back(v.value);
    CHECK(none.block->jobSettings(in.data()).P == 0);
    in[none.block->jobInput(TopologySource::job_nodes)] = 3;
    CHECK(none.block->jobSettings(in.data()).P == 3); // 3 nodes x 1 rank
}
