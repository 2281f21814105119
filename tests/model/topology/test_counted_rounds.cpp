// A job of several ranks a node prices each round of its exchange as the sum, over the round's distinct
// counts w, of w x the loads of the node pairs that carry w flows, each such set routed once
// (PlacedMetrics.cpp, countedRoundSecondsPerByte; issue 45's full node sweep). The even-split loads are linear
// in the counts, so each round's seconds per byte must be the one routing its rank flows directly gives
// (roundSecondsPerByte): checked round by round on a k = 4 fat-tree, the netns tree and a 3 x 3 torus, at 2 to
// 5 ranks a node, both rank orders and the schedules.
#include "JobTestNetworks.h"

#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"

#include <catch2/catch.hpp>

#include <numeric>

using namespace cs;

TEST_CASE("counted rounds: every round of a job of several ranks a node as routing its flows directly gives",
          "[topology][placement][ranks_per_node]")
{
    const std::pair<const char*, Topology> networks[] = {
        {"fat-tree k=4", generate("fat-tree", {{"k", 4}})},
        {"netns tree", topologyFromJson(test::tree(8, 2, 2), "tree")},
        {"torus 3x3", generate("torus", {{"k", 3}, {"dims", 2}})},
    };
    int rounds = 0;
    for (const auto& [name, t] : networks) {
        const CoreGraph g = CoreGraph::build(t);
        const PlacedNetwork net(t, g);
        std::vector<std::uint32_t> order(t.hosts().size());
        std::iota(order.begin(), order.end(), 0u);
        for (std::size_t perNode = 2; perNode <= 5; ++perNode)
            for (RankOrder ro : {RankOrder::Block, RankOrder::Cyclic})
                for (Schedule s : {Schedule::PairwiseShift, Schedule::PairwiseXor, Schedule::Ring, Schedule::Binomial}) {
                    const std::size_t P = std::min<std::size_t>(t.hosts().size(), 6) * perNode - 1;
                    const std::vector<std::size_t> hosts = rankHosts(t, order, {P, perNode, ro});
                    const ExchangeFigures x = exchangeFigures(net, hosts, s);
                    const std::size_t n = scheduleRoundCount(s, static_cast<std::uint32_t>(P));
                    REQUIRE(x.roundSecondsPerByte.size() == n);
                    for (std::size_t i = 0; i < n; ++i) {
                        INFO(name << ", " << perNode << " a node, " << (ro == RankOrder::Block ? "block" : "cyclic")
                                  << ", " << scheduleNames()[static_cast<std::size_t>(s)] << ", round " << i);
                        const ExchangeRound r = scheduleRound(s, static_cast<std::uint32_t>(P), i);
                        CHECK(x.roundSecondsPerByte[i] ==
                              Approx(roundSecondsPerByte(net, hosts, r.flows)).epsilon(1e-12).margin(1e-300));
                        ++rounds;
                    }
                }
    }
    CHECK(rounds > 1000);
}
