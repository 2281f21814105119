// A job's rank flows routed once per pair of nodes, with their count
// (NodeFlows.h): the figures of several ranks a node derived by hand where
// the count matters (several rank flows between the same two nodes in one
// round), and the counted demands equal to the rank-by-rank ones, bit for
// bit. Links are b = 1e6 B/s.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/NodeFlows.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/routing/TrafficDemands.h"
#include "JobTestNetworks.h"
#include "TopologyTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <random>
#include <vector>

using namespace cs;
using nlohmann::json;

namespace {

constexpr double b = 1e6;

} // namespace

TEST_CASE("node flows: a round's rank flows between two nodes are one flow with their count",
          "[topology][ranks_per_node]")
{
    // 2 nodes (h0, h1 on leaf0) x 3 ranks, block: h0 {0 1 2}, h1 {3 4 5}.
    // Shift round r = 3 (i -> i + 3 mod 6): 0->3, 1->4, 2->5 all h0 -> h1,
    // 3->0, 4->1, 5->2 all h1 -> h0: two node flows of count 3.
    const Topology t = topologyFromJson(test::tree(2, 2, 1));
    const std::vector<std::size_t> hosts = rankHosts(t, {0, 1}, {6, 3, RankOrder::Block});
    const JobNodes jn = jobNodes(t, hosts);
    REQUIRE(jn.nodes.size() == 2);
    CHECK(jn.nodeOf == std::vector<std::uint32_t>{0, 0, 0, 1, 1, 1});
    const std::vector<HostFlow> f = nodeFlows(jn.nodes, jn.nodeOf, scheduleRound(Schedule::PairwiseShift, 6, 2).flows);
    REQUIRE(f.size() == 2);
    CHECK((f[0].from == jn.nodes[0] && f[0].to == jn.nodes[1] && f[0].weight == 3));
    CHECK((f[1].from == jn.nodes[1] && f[1].to == jn.nodes[0] && f[1].weight == 3));
    // Round r = 1: 2->3 and 5->0 cross; 0->1, 1->2, 3->4, 4->5 stay in a node.
    const std::vector<HostFlow> f1 =
        nodeFlows(jn.nodes, jn.nodeOf, scheduleRound(Schedule::PairwiseShift, 6, 0).flows);
    REQUIRE(f1.size() == 2);
    CHECK(f1[0].weight == 1);
    CHECK(f1[1].weight == 1);
}

TEST_CASE("node flows: a pairwise exchange of 2 nodes x 3 ranks, derived by hand", "[topology][ranks_per_node]")
{
    // h0 and h1 on leaf0, links b. P = 6 is no power of two: pairwise runs
    // the shift rounds r = 1 .. 5, rank i -> i + r mod 6. A round's time per
    // byte is its busiest host link direction's flows / b.
    //   block (h0 {0 1 2}, h1 {3 4 5}): the flows that change node, each way:
    //     r=1: 2->3 | 5->0: 1      r=2: 1->3 2->4 | 4->0 5->1: 2
    //     r=3: 0..2 -> 3..5 | 3..5 -> 0..2: 3
    //     r=4: 0->4 1->5 | 3->1 4->2: 2      r=5: 0->5 | 3->2: 1
    //     sum 1 + 2 + 3 + 2 + 1 = 9 = the 3 x 3 cross pairs each way.
    //   cyclic (h0 {0 2 4}, h1 {1 3 5}): an odd r sends all 6 ranks to the
    //     other node (3 each way), an even r none: 3 + 0 + 3 + 0 + 3 = 9.
    // xchg_bw = 5 rounds / (9/b) = 5b/9 either way.
    // All-to-all: each host link carries the 3 x 3 = 9 cross flows each way:
    // a2a_load 9, a2a_bw = (P - 1) / (9/b) = 5b/9. Nearest neighbours: each
    // rank sends to the 3 ranks of the other node (2 hops; its own node's are
    // at 0): 9 flows each way, nn_bw = b/9. Ring i -> i + 1: block, 2->3
    // and 5->0 cross, 1 each way: b; cyclic, every flow crosses, 3 each way:
    // b/3. Transpose (2 x 3): 1->2, 2->4, 3->1, 4->3; block, 2->4 and 3->1
    // cross; cyclic, 1->2 and 4->3: 1 each way, b.
    const json topo = test::tree(2, 2, 1);
    const Topology t = topologyFromJson(topo);
    const CoreGraph g = CoreGraph::build(t);
    struct Case {
        RankOrder order;
        std::vector<double> rounds; // s/B x b
    };
    for (const Case& c : {Case{RankOrder::Block, {1, 2, 3, 2, 1}}, Case{RankOrder::Cyclic, {3, 0, 3, 0, 3}}}) {
        INFO((c.order == RankOrder::Block ? "block" : "cyclic"));
        const std::vector<std::size_t> hosts = rankHosts(t, {0, 1}, {6, 3, c.order});
        for (const bool fast : {true, false}) {
            INFO("fast " << fast);
            const PlacedNetwork net(t, g, fast);
            const PlacedFigures f = placedFigures(net, hosts, Schedule::PairwiseXor);
            REQUIRE(f.roundSecondsPerByte.size() == 5);
            for (std::size_t r = 0; r < 5; ++r)
                CHECK(f.roundSecondsPerByte[r] * b == Approx(c.rounds[r]));
            CHECK(f.xchgBandwidth == Approx(5.0 * b / 9.0));
            CHECK(f.a2aLoad == Approx(9));
            CHECK(f.a2aBandwidth == Approx(5.0 * b / 9.0));
            CHECK(f.nnBw == Approx(b / 9.0));
            CHECK(f.ringBw == Approx(c.order == RankOrder::Block ? b : b / 3.0));
            CHECK(f.transposeBw == Approx(b));
        }
        // The topology block's outputs, the same figures.
        const auto out = test::jobOutputs(topo, {6, "packed", "pairwise", {}, 3,
                                                 c.order == RankOrder::Block ? "block" : "cyclic"});
        CHECK(out[TopologySource::xchg_bw] == Approx(5.0 * b / 9.0));
        CHECK(out[TopologySource::nn_bw] == Approx(b / 9.0));
    }
    // The round of r = 3 on the links, block: h0's link carries 3 out and 3 in.
    const std::vector<std::size_t> hosts = rankHosts(t, {0, 1}, {6, 3, RankOrder::Block});
    const LinkLoads l = rankLoads(PlacedNetwork(t, g), hosts, scheduleRound(Schedule::PairwiseShift, 6, 2).flows);
    CHECK(test::linkLoad(t, l, "h0", "leaf0") == 3);
    CHECK(test::linkLoad(t, l, "leaf0", "h0") == 3);
    CHECK(l.maxLoad == 3);
}

TEST_CASE("node flows: counted demands are the rank-by-rank demands, bit for bit", "[topology][ranks_per_node]")
{
    // Random rank flows of 30 ranks on 7 of a two-level tree's hosts (a host
    // of several ranks, ranks of one node sending to each other): the demands
    // of the counted node flows and of the rank flows one by one agree in
    // every entry, weight and access load.
    const Topology t = topologyFromJson(test::tree(12, 3, 2));
    const CoreGraph g = CoreGraph::build(t);
    std::mt19937 rng(45);
    for (const RankOrder order : {RankOrder::Block, RankOrder::Cyclic}) {
        const std::vector<std::size_t> hosts = rankHosts(t, {5, 0, 11, 3, 4, 8, 1}, {30, 5, order});
        const JobNodes jn = jobNodes(t, hosts);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> flows;
        std::vector<HostFlow> oneByOne;
        for (int i = 0; i < 400; ++i) {
            const auto a = static_cast<std::uint32_t>(rng() % 30), c = static_cast<std::uint32_t>(rng() % 30);
            flows.emplace_back(a, c);
            oneByOne.push_back({hosts[a], hosts[c], 1.0});
        }
        const std::vector<HostFlow> counted = nodeFlows(jn.nodes, jn.nodeOf, flows);
        CHECK(counted.size() < oneByOne.size());
        const Demands x = flowDemands(t, g, TrafficPattern::AllToAll, counted);
        const Demands y = flowDemands(t, g, TrafficPattern::AllToAll, oneByOne);
        CHECK(x.dstBegin == y.dstBegin);
        CHECK(x.src == y.src);
        CHECK(x.weight == y.weight);
        CHECK(x.local == y.local);
        CHECK(x.flows == y.flows);
        std::vector<double> xo, xi, yo, yi;
        accessLoads(x, {}, xo, xi);
        accessLoads(y, {}, yo, yi);
        CHECK(xo == yo);
        CHECK(xi == yi);
    }
}
