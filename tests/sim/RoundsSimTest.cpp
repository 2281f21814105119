// Issue 32: an exchange is the sum of its rounds, each as long as its slowest flow on the placed hosts.
// The analytic rounds (model/topology/placement/PlacedMetrics: ECMP link loads per round) against the same rounds run
// by SimGrid's flow-level max-min model on the same network, round by round: within 5%.
//
// The network is scripts/netns-cluster.sh's tree: 8 hosts, 2 a leaf, 2 leaves a pod, pods on a core, every
// link b. By hand (the model's tests derive the same): with blocks of k bytes, pairwise XOR round 1 takes k/b
// (in the leaves), rounds 2-3 2k/b (two flows on each leaf uplink), rounds 4-7 4k/b (four on each pod uplink).
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "sim/Patterns.h"
#include "sim/Simulator.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;

namespace {

Topology tree(int n, int perLeaf, int perPod, double bw)
{
    Topology t;
    const int leaves = (n + perLeaf - 1) / perLeaf, pods = (leaves + perPod - 1) / perPod;
    t.addSwitch("core", 64);
    for (int p = 0; p < pods; ++p) {
        t.addSwitch("pod" + std::to_string(p), 64);
        t.addLink("pod" + std::to_string(p), "core", LinkProps{bw, 0.0, 1, true});
    }
    for (int l = 0; l < leaves; ++l) {
        t.addSwitch("leaf" + std::to_string(l), 64);
        t.addLink("leaf" + std::to_string(l), "pod" + std::to_string(l / perPod), LinkProps{bw, 0.0, 1, true});
    }
    for (int i = 0; i < n; ++i) {
        t.addHost("h" + std::to_string(i));
        t.addLink("h" + std::to_string(i), "leaf" + std::to_string(i / perLeaf), LinkProps{bw, 0.0, 1, true});
    }
    return t;
}

// Simulated and analytic time of each round of `s` among the ranks placed by `placement`.
void compareRounds(const Topology& t, std::size_t P, Placement placement, Schedule s, double bytes,
                   const std::vector<double>& byHand)
{
    const std::vector<std::uint32_t> order = placementOrder(t, placement, {});
    std::vector<std::size_t> hostOf(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(P));
    std::vector<std::size_t> vertices;
    for (std::size_t h : hostOf)
        vertices.push_back(t.hosts()[h]);
    const CoreGraph g = CoreGraph::build(t);
    const std::vector<ExchangeRound> rounds = scheduleRounds(s, static_cast<std::uint32_t>(P));
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> flows;
    for (const ExchangeRound& r : rounds)
        flows.push_back(r.flows);
    const sim::SimResult res = sim::runSimulation(t, sim::exchangeRounds(P, flows, bytes, hostOf));
    REQUIRE(res.phaseTimes.size() == rounds.size());
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        INFO("round " << r + 1);
        const double analytic = bytes * roundSecondsPerByte(t, g, vertices, rounds[r].flows);
        CHECK(analytic == Approx(byHand[r]).epsilon(1e-9));
        CHECK(res.phaseTimes[r] == Approx(analytic).epsilon(0.05));
    }
}

} // namespace

TEST_CASE("the pairwise exchange's rounds on the tree: analytic against SimGrid, round by round", "[sim][rounds]")
{
    const double b = 2.5e6, k = 262144; // 20 Mbit/s links, the 2D FFT's 256 KiB blocks at P = 8
    const Topology t = tree(8, 2, 2, b);
    const double one = k / b;
    // Packed, XOR: 1, 2, 2, 4, 4, 4, 4 link-times.
    compareRounds(t, 8, Placement::Packed, Schedule::PairwiseXor, k,
                  {one, 2 * one, 2 * one, 4 * one, 4 * one, 4 * one, 4 * one});
    // Packed, P = 4: 1, 2, 2.
    compareRounds(t, 4, Placement::Packed, Schedule::PairwiseXor, k, {one, 2 * one, 2 * one});
    // Spread at P = 4 (h0 h4 h2 h6): round 1 crosses the pods with two flows a pod uplink, round 2 stays in
    // the pods (one flow a leaf uplink), round 3 crosses again: 2, 1, 2.
    compareRounds(t, 4, Placement::Spread, Schedule::PairwiseXor, k, {2 * one, one, 2 * one});
    // Shift rounds at P = 8 packed: round r sends i -> i + r. Round 1: h1->h2 and h7->h0 leave their leaves,
    // one flow on an uplink each way: 1. Round 2: 0->2, 1->3 up leaf0: 2. Round 4: all four of pod0 cross: 4.
    const std::vector<ExchangeRound> shift = scheduleRounds(Schedule::PairwiseShift, 8);
    REQUIRE(shift.size() == 7);
    compareRounds(t, 8, Placement::Packed, Schedule::PairwiseShift, k,
                  {one, 2 * one, 3 * one, 4 * one, 3 * one, 2 * one, one});
}
