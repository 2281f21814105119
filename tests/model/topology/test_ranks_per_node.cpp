// Nodes with many cores (issue 45): a job of P ranks at ranks_per_node a
// node runs on ceil(P / ranks_per_node) hosts, its ranks put on them in
// blocks or cyclically. A flow between two ranks of one node loads no link;
// a node's ranks share its host link. Golden values are derived by hand
// below each case; links are b = 1e6 B/s.
#include "model/core/ModelError.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/TopologySourceJson.h"
#include "JobTestNetworks.h"
#include "TopologyTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;
using cs::test::tree;

namespace {

constexpr double b = 1e6;

// The block's outputs for P ranks at `perNode` a node in `order`.
std::array<double, TopologySource::kOutputs> outputs(const json& topo, double P, double perNode,
                                                     const char* order = "block", const char* schedule = "pairwise",
                                                     const char* placement = "packed")
{
    return test::jobOutputs(topo, {P, placement, schedule, {}, perNode, order});
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> allPairs(std::uint32_t P)
{
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flows;
    for (std::uint32_t a = 0; a < P; ++a)
        for (std::uint32_t c = 0; c < P; ++c)
            if (a != c)
                flows.emplace_back(a, c);
    return flows;
}

} // namespace

TEST_CASE("ranks per node: ranks go on the job's nodes in blocks or round-robin", "[topology][ranks_per_node]")
{
    const Topology t = topologyFromJson(tree(4, 2, 2));
    const std::vector<std::size_t> H = t.hosts();
    const std::vector<std::uint32_t> order{3, 1, 0, 2}; // a placement's host ordinals
    // P = 5 at 2 a node: ceil(5 / 2) = 3 nodes, the order's first three
    // (ordinals 3, 1, 0). Block: 0 1 | 2 3 | 4. Cyclic: rank i on node i mod 3.
    CHECK(JobShape{5, 2}.nodes() == 3);
    CHECK(rankHosts(t, order, {5, 2, RankOrder::Block}) == std::vector<std::size_t>{H[3], H[3], H[1], H[1], H[0]});
    CHECK(rankHosts(t, order, {5, 2, RankOrder::Cyclic}) == std::vector<std::size_t>{H[3], H[1], H[0], H[3], H[1]});
    // One rank a node is the order itself, in either rank order.
    CHECK(rankHosts(t, order, {3, 1, RankOrder::Cyclic}) == std::vector<std::size_t>{H[3], H[1], H[0]});
    // Nine ranks at 2 a node need 5 nodes; the order has 4.
    CHECK_THROWS_WITH(rankHosts(t, order, {9, 2, RankOrder::Block}), Contains("4 host(s)") && Contains("5 node(s)"));
}

TEST_CASE("ranks per node: an all-to-all of 8 ranks on 2 nodes of 4", "[topology][ranks_per_node]")
{
    // Two hosts on one leaf switch. 8 ranks have 8 x 7 / 2 = 28 pairs; 2 x (4 x 3
    // / 2) = 12 of them are inside a node and load no link; the other 4 x 4 =
    // 16 cross, one flow each way: h0's link carries 16 flows out (h0's 4
    // ranks to h1's 4) and 16 in, and so does h1's.
    const json topo = tree(2, 2, 1);
    const Topology t = topologyFromJson(topo);
    const CoreGraph g = CoreGraph::build(t);
    const std::vector<std::size_t> hosts = rankHosts(t, {0, 1}, {8, 4, RankOrder::Block});
    for (const bool fast : {true, false}) {
        const PlacedNetwork net(t, g, fast);
        const LinkLoads l = rankLoads(net, hosts, allPairs(8));
        CHECK(test::linkLoad(t, l, "h0", "leaf0") == 16);
        CHECK(test::linkLoad(t, l, "leaf0", "h0") == 16);
        CHECK(test::linkLoad(t, l, "h1", "leaf0") == 16);
        CHECK(l.maxLoad == 16);
        // The placed figures, by the c^2 shortcut (fast) and pair by pair:
        // a2a_bw = (P - 1) / (16/b) = 7b/16.
        const PlacedFigures f = placedFigures(net, hosts, Schedule::PairwiseXor);
        CHECK(f.a2aLoad == Approx(16));
        CHECK(f.a2aBandwidth == Approx(7.0 * b / 16.0));
    }
    // The block's outputs. XOR rounds: r = 1, 2, 3 pair ranks within a node
    // (0 s/B); r = 4..7 send each rank's one flow across, 4 on each host
    // link: 4/b each. Sum 16/b: xchg_bw = 7 / (16/b) = 7b/16. Hops and
    // latency are the nodes': h0 - leaf0 - h1, 2 hops.
    const auto out = outputs(topo, 8, 4);
    CHECK(out[TopologySource::a2a_load] == Approx(16));
    CHECK(out[TopologySource::a2a_bw] == Approx(7.0 * b / 16.0));
    CHECK(out[TopologySource::xchg_bw] == Approx(7.0 * b / 16.0));
    CHECK(out[TopologySource::avg_hops] == Approx(2.0));
    CHECK(out[TopologySource::placed] == 2);
    // P = 0 at 4 a node is every host full: the same job.
    CHECK(outputs(topo, 0, 4)[TopologySource::a2a_load] == Approx(16));
}

TEST_CASE("ranks per node: a ring inside one node loads no link", "[topology][ranks_per_node]")
{
    const json topo = tree(2, 2, 1);
    const Topology t = topologyFromJson(topo);
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork net(t, g);
    // 4 ranks at 4 a node: all on h0; the ring 0->1->2->3->0 stays there.
    const std::vector<std::size_t> hosts = rankHosts(t, {0, 1}, {4, 4, RankOrder::Block});
    const LinkLoads l = rankLoads(net, hosts, {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
    CHECK(l.maxLoad == 0);
    CHECK(*std::max_element(l.forward.begin(), l.forward.end()) == 0);
    CHECK(*std::max_element(l.backward.begin(), l.backward.end()) == 0);
    CHECK(roundSecondsPerByte(net, hosts, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}) == 0);
    // The block: one node, no hops, no load; the lone host's link rate
    // stands for every bandwidth (as for one rank).
    const auto out = outputs(topo, 4, 4);
    CHECK(out[TopologySource::placed] == 1);
    CHECK(out[TopologySource::a2a_load] == 0);
    CHECK(out[TopologySource::avg_hops] == 0);
    CHECK(out[TopologySource::L] == 0);
    CHECK(out[TopologySource::ring_bw] == Approx(b));
}

TEST_CASE("ranks per node: block against cyclic on a two-leaf tree", "[topology][ranks_per_node]")
{
    // h0 h1 on leaf0, h2 h3 on leaf1, both leaves on pod0. P = 8 at 2 a
    // node, packed: nodes h0 h1 h2 h3.
    //   block:  h0 {0 1}, h1 {2 3}, h2 {4 5}, h3 {6 7}
    //   cyclic: h0 {0 4}, h1 {1 5}, h2 {2 6}, h3 {3 7}
    const json topo = tree(4, 2, 2);
    const auto block = outputs(topo, 8, 2, "block", "binomial");
    const auto cyclic = outputs(topo, 8, 2, "cyclic", "binomial");

    // All-to-all, either order (2 ranks on every node): h0's link carries its
    // 2 ranks x 6 others = 12 flows out; leaf0's uplink its 4 ranks x leaf1's
    // 4 = 16: a2a_load 16, a2a_bw = 7 / (16/b) = 7b/16.
    for (const auto& o : {block, cyclic}) {
        CHECK(o[TopologySource::a2a_load] == Approx(16));
        CHECK(o[TopologySource::a2a_bw] == Approx(7.0 * b / 16.0));
        // Hops over node pairs: from h0, h1 at 2, h2 and h3 at 4: 10/3; diameter 4.
        CHECK(o[TopologySource::avg_hops] == Approx(10.0 / 3.0));
        CHECK(o[TopologySource::diameter] == 4);
        CHECK(o[TopologySource::placed] == 4);
    }

    // Ring i -> i + 1. Block: 1->2 (h0->h1), 3->4 (h1->h2, up leaf0),
    // 5->6, 7->0 (h3->h0, up leaf1) cross; the others stay in a node. At most
    // 1 flow on any link direction: ring_bw = b. Cyclic: every flow changes
    // node; h0 sends 0->1 and 4->5 to h1 (2 on its link), h1 sends 1->2 and
    // 5->6 to h2 (2 up leaf0): ring_bw = b/2.
    CHECK(block[TopologySource::ring_bw] == Approx(b));
    CHECK(cyclic[TopologySource::ring_bw] == Approx(b / 2.0));

    // Binomial rounds (rank i < s sends to i + s; s = 1, 2, 4), s/B of each:
    //   block:  s=1 0->1 in h0: 0; s=2 0->2, 1->3 both h0->h1: 2/b;
    //           s=4 0->4, 1->5, 2->6, 3->7 all up leaf0: 4/b. Sum 6/b.
    //   cyclic: s=1 0->1 h0->h1: 1/b; s=2 0->2 (h0->h2), 1->3 (h1->h3) both
    //           up leaf0: 2/b; s=4 i -> i + 4 on the same node: 0. Sum 3/b.
    // xchg_bw = 3 rounds / sum: block 3/(6/b) = b/2, cyclic 3/(3/b) = b.
    CHECK(block[TopologySource::xchg_bw] == Approx(b / 2.0));
    CHECK(cyclic[TopologySource::xchg_bw] == Approx(b));
}

TEST_CASE("ranks per node: one rank a node is today's job, figure for figure", "[topology][ranks_per_node]")
{
    // test_job_placement.cpp's tree: 8 hosts, 2 a leaf, 2 leaves a pod. Its
    // golden values, derived there: P = 4 packed a2a_bw 0.75 b, xchg_bw
    // 0.6 b, avg_hops 10/3, diameter 4; P = 8 a2a_bw 7b/16, xchg_bw b/3;
    // P = 4 spread avg_hops 16/3, xchg_bw 0.6 b. At one rank a node the
    // rank order changes nothing: rank i is on node i in both.
    const json net = tree(8, 2, 2);
    for (const char* order : {"block", "cyclic"}) {
        INFO(order);
        const auto p4 = outputs(net, 4, 1, order);
        CHECK(p4[TopologySource::a2a_bw] == Approx(0.75 * b));
        CHECK(p4[TopologySource::xchg_bw] == Approx(0.6 * b));
        CHECK(p4[TopologySource::avg_hops] == Approx(10.0 / 3.0));
        CHECK(p4[TopologySource::diameter] == 4);
        CHECK(p4[TopologySource::placed] == 4);
        const auto p8 = outputs(net, 8, 1, order);
        CHECK(p8[TopologySource::a2a_bw] == Approx(7.0 * b / 16.0));
        CHECK(p8[TopologySource::xchg_bw] == Approx(b / 3.0));
        const auto s4 = outputs(net, 4, 1, order, "pairwise", "spread");
        CHECK(s4[TopologySource::avg_hops] == Approx(16.0 / 3.0));
        CHECK(s4[TopologySource::xchg_bw] == Approx(0.6 * b));
    }
}

TEST_CASE("ranks per node: the job object reads and writes both fields", "[topology][ranks_per_node]")
{
    json topo = tree(4, 2, 2);
    // An old document: no new field, the defaults (1, block).
    const TopologySourceParts old = topologySourceFromJson(topo);
    const TopologySource& s = *old.block;
    CHECK(old.values[s.jobInput(TopologySource::job_ranks_per_node)].value == 1);
    CHECK(old.values[s.jobInput(TopologySource::job_rank_order)].value == 0);
    CHECK_FALSE(topologySourceToJson(s, old.values).contains("job"));

    topo["job"] = {{"ranks_per_node", 4}, {"rank_order", "cyclic"}};
    const TopologySourceParts parts = topologySourceFromJson(topo);
    CHECK(parts.values[s.jobInput(TopologySource::job_ranks_per_node)].value == 4);
    CHECK(parts.values[s.jobInput(TopologySource::job_rank_order)].value == 1);
    CHECK(topologySourceToJson(*parts.block, parts.values)["job"] == topo["job"]);

    // Bad values name the field and the value.
    json bad = tree(4, 2, 2);
    bad["job"] = {{"ranks_per_node", 0}};
    CHECK_THROWS_WITH(topologySourceFromJson(bad),
                      Contains("topology.job.ranks_per_node") && Contains("= 0 is out of range"));
    bad["job"] = {{"ranks_per_node", 2.5}};
    CHECK_THROWS_WITH(topologySourceFromJson(bad),
                      Contains("topology.job.ranks_per_node") && Contains("2.5 must be a whole number"));
    bad["job"] = {{"rank_order", "diagonal"}};
    CHECK_THROWS_WITH(topologySourceFromJson(bad), Contains("topology.job.rank_order") && Contains("diagonal"));
}

TEST_CASE("ranks per node: a large job is bounded by its nodes' routing, and read without its size",
          "[topology][ranks_per_node][budget]")
{
    // A k = 16 fat-tree: 1024 hosts, 5 x 16^2 / 4 = 320 switches, 1024 + 1024 + 1024 = 3072 links:
    // V = 4416. A job of 2048 ranks at 32 a node is 64 nodes: placedWork = 2048 V + 2048^2 x 8 + 256
    // rounds x 64 destination hosts x V = 9043968 + 33554432 + 72351744 = 114950144 steps, under 2e9 (at
    // min(P, V) = 2048 destinations a round it was 2.3e9). Every host full, 32768 ranks, is refused:
    // 32768 V + 32768^2 x 8 = 8.7e9. The document, whose job size is the design's, reads either way.
    const json ft = {{"generator", "fat-tree"}, {"params", {{"k", 16}}}, {"job", {{"ranks_per_node", 32}}}};
    const TopologySourceParts parts = topologySourceFromJson(ft);
    std::vector<double> in;
    for (const ParamValue& v : parts.values)
        in.push_back(v.value);
    const TopologySource& s = *parts.block;
    CHECK(placedWork({1024, 320, 0, 3072}, 2048, 64) == 114950144.0);
    in[s.jobInput(TopologySource::job_P)] = 2048;
    CHECK(s.check(in.data()).empty());
    in[s.jobInput(TopologySource::job_P)] = 0;
    CHECK_THAT(s.check(in.data()), Contains("P = 32768 ranks, 32 a node, on 1024 hosts"));
}
