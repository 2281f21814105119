// The job on the network (issue 32): the topology's figures are those of the P
// hosts a job is placed on, and an exchange takes the sum of its rounds.
// Golden values are derived by hand below each case; links are b = 1e6 B/s
// unless said otherwise.
#include "model/topology/placement/ExchangeSchedule.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/document/DocumentEvaluation.h"
#include "model/topology/TopologySourceJson.h"
#include "JobTestNetworks.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;
using cs::test::tree;
constexpr auto outputs = cs::test::jobOutputs;

namespace {

constexpr double b = 1e6;

} // namespace

TEST_CASE("placement: the tree's figures are those of the placed hosts", "[topology][placement]")
{
    const json t = tree(8, 2, 2); // leaves 0-3: h0 h1 | h2 h3 || h4 h5 | h6 h7 (pods 0 and 1)

    // P = 2 packed: h0, h1 share leaf0. Each access link carries the one flow
    // each way: 1/b s/B, so a2a_bw = (P - 1) b / 1 = b, the host link's rate;
    // the one pairwise round likewise: xchg_bw = 1 / (1/b) = b. Hops h0-leaf0-h1 = 2.
    const auto p2 = outputs(t, {2});
    CHECK(p2[TopologySource::a2a_bw] == Approx(b));
    CHECK(p2[TopologySource::xchg_bw] == Approx(b));
    CHECK(p2[TopologySource::avg_hops] == Approx(2.0));
    CHECK(p2[TopologySource::diameter] == 2);
    CHECK(p2[TopologySource::placed] == 2);
    CHECK(p2[TopologySource::hosts] == 8); // the network's count stays

    // P = 4 packed: h0 h1 on leaf0, h2 h3 on leaf1 (pod0).
    // Fluid all-to-all: leaf0's uplink carries 2 hosts x 2 remote = 4 flows each
    // way: a2a_bw = 3 / (4/b) = 0.75 b.
    // Pairwise XOR rounds: r=1 (0-1, 2-3) stays in the leaves: 1/b; r=2 (0-2,
    // 1-3) and r=3 (0-3, 1-2) put 2 flows on each leaf uplink: 2/b each. Sum
    // 5/b over 3 rounds: xchg_bw = 3 / (5/b) = 0.6 b.
    // Hops: from h0, h1 at 2, h2 and h3 at 4: mean (2 + 4 + 4) / 3 = 10/3; diameter 4.
    const auto p4 = outputs(t, {4});
    CHECK(p4[TopologySource::a2a_bw] == Approx(0.75 * b));
    CHECK(p4[TopologySource::xchg_bw] == Approx(0.6 * b));
    CHECK(p4[TopologySource::avg_hops] == Approx(10.0 / 3.0));
    CHECK(p4[TopologySource::diameter] == 4);

    // P = 8: the pod uplinks carry 4 hosts x 4 remote = 16 flows each way:
    // a2a_bw = 7 / (16/b) = 7b/16, the whole network's figure (P = 0).
    // Rounds: r=1 1/b; r=2,3 2/b each; r=4..7 4 flows on each pod uplink, 4/b
    // each: 1 + 4 + 16 = 21/b over 7 rounds: xchg_bw = 7b/21 = b/3, 1.3125 x
    // below the fluid bound (issue 32's "about 1.3 times").
    const auto p8 = outputs(t, {8});
    const auto all = outputs(t, {0});
    CHECK(p8[TopologySource::a2a_bw] == Approx(7.0 * b / 16.0));
    CHECK(all[TopologySource::a2a_bw] == Approx(7.0 * b / 16.0));
    CHECK(p8[TopologySource::xchg_bw] == Approx(b / 3.0));
    CHECK(all[TopologySource::xchg_bw] == Approx(b / 3.0));
    CHECK(all[TopologySource::placed] == 8);

    // Shift rounds at P = 4 (i to i + r): r=1 sends 0->1 (leaf), 1->2, 2->3
    // (leaf), 3->0: leaf0's uplink carries 1 each way: 1/b; r=2: 0->2, 1->3 up
    // leaf0 (2/b); r=3 as r=1 mirrored: 1/b. Sum 4/b: xchg_bw = 3b/4.
    CHECK(outputs(t, {4, "packed", "shift"})[TopologySource::xchg_bw] == Approx(0.75 * b));
}

TEST_CASE("placement: spread takes one host per leaf, farthest first", "[topology][placement]")
{
    const json t = tree(8, 2, 2);
    // Leaves farthest first from leaf0: leaf2 (4 hops, other pod), then leaf1
    // and leaf3 both at 2 from the nearest taken: leaf1 first. Ranks: h0 h4 h2 h6.
    // Hops from h0: h4 6, h2 4, h6 6; from h4 alike; mean over ordered pairs:
    // each rank sees one partner in its pod (4) and two in the other (6):
    // (4 + 6 + 6) / 3 = 16/3; diameter 6.
    // Fluid: pod0's uplink carries h0, h2 x 2 remote = 4 flows each way:
    // a2a_bw = 3 / (4/b) = 0.75 b.
    // XOR rounds: r=1 0-1 (h0-h4), 2-3 (h2-h6): 2 on each pod uplink, 2/b;
    // r=2 0-2 (h0-h2), 1-3 (h4-h6): 1 on each leaf uplink, 1/b; r=3 0-3
    // (h0-h6), 1-2 (h4-h2): 2/b. Sum 5/b: xchg_bw = 0.6 b.
    const auto s4 = outputs(t, {4, "spread"});
    CHECK(s4[TopologySource::avg_hops] == Approx(16.0 / 3.0));
    CHECK(s4[TopologySource::diameter] == 6);
    CHECK(s4[TopologySource::a2a_bw] == Approx(0.75 * b));
    CHECK(s4[TopologySource::xchg_bw] == Approx(0.6 * b));
    // P = 2 spread: h0 and h4 in different pods: the one flow each way crosses
    // links of b alone: b, but 6 hops.
    const auto s2 = outputs(t, {2, "spread"});
    CHECK(s2[TopologySource::a2a_bw] == Approx(b));
    CHECK(s2[TopologySource::avg_hops] == Approx(6.0));
}

TEST_CASE("placement: listed runs on the hosts the node list names, in its order", "[topology][placement]")
{
    const json t = tree(8, 2, 2);
    // h0 and h6: other pods, 6 hops, one flow each way: b.
    const auto two = outputs(t, {2, "listed", "pairwise", {"h0", "h6", "h1"}});
    CHECK(two[TopologySource::avg_hops] == Approx(6.0));
    // h0, h6, h1: from h0: h6 6, h1 2; from h6: 6, 6; from h1: 2, 6: mean 28/6.
    const auto three = outputs(t, {3, "listed", "pairwise", {"h0", "h6", "h1"}});
    CHECK(three[TopologySource::avg_hops] == Approx(28.0 / 6.0));

    // More ranks than the list names is refused, naming both numbers.
    TopologySourceParts parts = topologySourceFromJson(t);
    auto listed = parts.block->withListed({"h0", "h6", "nobody"});
    std::vector<double> in(parts.values.size(), 0.0);
    in[listed->jobInput(TopologySource::job_P)] = 3;
    in[listed->jobInput(TopologySource::job_placement)] = 3; // listed
    CHECK_THAT(listed->check(in.data()), Catch::Matchers::Contains("P = 3") && Catch::Matchers::Contains("names 2"));
    // Without a node list at all.
    in[listed->jobInput(TopologySource::job_P)] = 2;
    CHECK_THAT(parts.block->check(in.data()), Catch::Matchers::Contains("no node list"));
}

TEST_CASE("placement: random is the mean over seeded orders, with its spread", "[topology][placement]")
{
    // 4 hosts a leaf, 2 leaves. A job of 4 in one leaf exchanges at b in
    // every round (1/b each); 3 + 1 across the leaves too (the uplink carries
    // the lone rank's one flow each way); 2 + 2 puts 2 flows on the uplink in
    // the rounds that pair across it (2/b). So any placement gives
    // 3 / (6/b) = 0.5 b <= xchg_bw <= b, and orders of both kinds differ: the
    // mean over the 16 seeded orders lies inside, with a spread above 0.
    const json t = tree(8, 4, 2);
    const auto r = outputs(t, {4, "random"});
    CHECK(r[TopologySource::xchg_bw] >= 0.5 * b);
    CHECK(r[TopologySource::xchg_bw] < b);
    CHECK(r[TopologySource::xchg_spread] > 0.0);
    // Packed: all four on leaf0: b, no spread.
    const auto packed = outputs(t, {4});
    CHECK(packed[TopologySource::xchg_bw] == Approx(b));
    CHECK(packed[TopologySource::xchg_spread] == 0.0);
    // P = 8: rounds 1-3 stay in the leaves (1/b each), rounds 4-7 put 4 flows
    // on each leaf's uplink (4/b each): 7 / (19/b) = 7b/19.
    CHECK(outputs(t, {8})[TopologySource::xchg_bw] == Approx(7.0 * b / 19.0));
}

TEST_CASE("placement: a leaf-spine with 3:1 oversubscription", "[topology][placement]")
{
    // 4 leaves of 6 hosts, 2 spines, oversub 3: 6 / 3 = 2 up-links a leaf,
    // one to each spine, each of rate b like the host links.
    const json ls = {{"generator", "leaf-spine"},
                     {"params", {{"leaves", 4}, {"spines", 2}, {"p", 6}, {"oversub", 3}, {"bw", b}}}};
    // P = 2 on one leaf: the host link's rate.
    CHECK(outputs(ls, {2})[TopologySource::a2a_bw] == Approx(b));
    // P = 6, the whole leaf: each access link carries 5 flows each way, and
    // each host sends 5: a2a_bw = 5 / (5/b) = b.
    CHECK(outputs(ls, {6})[TopologySource::a2a_bw] == Approx(b));
    // P = 12 packed, two full leaves: 6 x 6 = 36 remote flows leave a leaf
    // over 2 up-links, 18 each: a2a_bw = 11 / (18/b) = 11b/18.
    CHECK(outputs(ls, {12})[TopologySource::a2a_bw] == Approx(11.0 * b / 18.0));
    // P = 12 spread, 3 hosts on each of the 4 leaves: 3 x 9 = 27 remote
    // flows over 2 up-links, 13.5 each: a2a_bw = 11 / (13.5/b) = 0.8148 b.
    CHECK(outputs(ls, {12, "spread"})[TopologySource::a2a_bw] == Approx(11.0 * b / 13.5));
    // P = 24, every host: 6 x 18 = 108 remote flows over 2 up-links, 54 each:
    // a2a_bw = 23 / (54/b) = 23b/54, today's whole-network figure.
    CHECK(outputs(ls, {24})[TopologySource::a2a_bw] == Approx(23.0 * b / 54.0));
    CHECK(outputs(ls, {0})[TopologySource::a2a_bw] == Approx(23.0 * b / 54.0));
}

TEST_CASE("placement: a fat-tree and a 2-D torus", "[topology][placement]")
{
    // k = 4 fat-tree: 2 hosts per edge switch; P = 2 packed is one edge switch: b.
    const json ft = {{"generator", "fat-tree"}, {"params", {{"k", 4}, {"bw", b}}}};
    CHECK(outputs(ft, {2})[TopologySource::a2a_bw] == Approx(b));
    CHECK(outputs(ft, {16})[TopologySource::a2a_bw] == Approx(outputs(ft, {0})[TopologySource::a2a_bw]));

    // 4 x 4 torus, hosts forward (a direct network). Packed P = 2: h0 and its
    // neighbour h1 on one link: b.
    const json torus = {{"generator", "torus"}, {"params", {{"k", 4}, {"dims", 2}, {"bw", b}}}};
    CHECK(outputs(torus, {2})[TopologySource::a2a_bw] == Approx(b));
    // P = 4 packed: the first ring (0,0)..(3,0). Neighbours use their own
    // link; the two pairs at distance 2 split over both ways round. The link
    // 0->1 carries 0->1 (1), half of 0->2 and half of 3->1: 2 flows. So
    // a2a_bw = 3 / (2/b) = 1.5 b. XOR rounds: r=1 and r=3 are neighbour
    // pairs (1/b), r=2 puts half of 0->2 and half of 3->1 on 0->1: 1/b. Sum
    // 3/b: xchg_bw = b.
    const auto t4 = outputs(torus, {4});
    CHECK(t4[TopologySource::a2a_bw] == Approx(1.5 * b));
    CHECK(t4[TopologySource::xchg_bw] == Approx(b));
    CHECK(outputs(torus, {16})[TopologySource::a2a_bw] == Approx(outputs(torus, {0})[TopologySource::a2a_bw]));
}

TEST_CASE("placement: every host packed is the P = 0 job, computed once for both", "[topology][placement]")
{
    // Generated fat-trees lay hosts out leaf by leaf, so packing all 16 hosts
    // of a k = 4 fat-tree puts rank i on the i-th host drawn: the whole
    // network's job. Computed on separate blocks (nothing shared), every
    // output agrees, the exchange's rounds included.
    const json ft = {{"generator", "fat-tree"}, {"params", {{"k", 4}, {"bw", b}}}};
    const auto every = outputs(ft, {0}), packed = outputs(ft, {16}), beyond = outputs(ft, {20});
    for (std::size_t o = 0; o < TopologySource::kOutputs; ++o) {
        INFO("output " << o);
        CHECK(packed[o] == Approx(every[o]).margin(1e-12));
        CHECK(beyond[o] == Approx(every[o]).margin(1e-12));
    }
    // So one block computes them once: a P sweep's last point (P = hosts)
    // reuses what reading the document computed at P = 0, and the reverse.
    TopologySourceParts parts = topologySourceFromJson(ft);
    std::vector<double> in;
    for (const ParamValue& v : parts.values)
        in.push_back(v.value);
    const TopologySource& s = *parts.block;
    std::array<double, TopologySource::kOutputs> out{};
    auto at = [&](double P, double placement) {
        in[s.jobInput(TopologySource::job_P)] = P;
        in[s.jobInput(TopologySource::job_placement)] = placement;
        s.evaluate(in.data(), out.data());
        return out[TopologySource::xchg_bw];
    };
    CHECK(at(16, 0) == Approx(every[TopologySource::xchg_bw]));
    CHECK(s.cacheMisses() == 1);
    CHECK(at(0, 0) == Approx(every[TopologySource::xchg_bw]));
    CHECK(at(20, 0) == Approx(every[TopologySource::xchg_bw]));
    CHECK(s.cacheMisses() == 1);
    // Spread (1) orders the hosts otherwise: its own job, computed.
    at(16, 1);
    CHECK(s.cacheMisses() == 2);
}

TEST_CASE("placement: the job in a document", "[topology][placement]")
{
    json t = tree(8, 2, 2);
    t["job"] = {{"placement", "spread"}, {"schedule", "shift"}};
    const TopologySourceParts parts = topologySourceFromJson(t);
    const TopologySource& s = *parts.block;
    CHECK(parts.values[s.jobInput(TopologySource::job_placement)].value == 1);
    CHECK(parts.values[s.jobInput(TopologySource::job_schedule)].value == 1);
    CHECK(topologyJobJson(s, parts.values) == json({{"placement", "spread"}, {"schedule", "shift"}}));
    // Bad values name the field and the value.
    json bad = tree(4, 2, 2);
    bad["job"] = {{"placement", "scattered"}};
    CHECK_THROWS_WITH(topologySourceFromJson(bad), Catch::Matchers::Contains("topology.job.placement") &&
                                                        Catch::Matchers::Contains("scattered"));
    bad["job"] = {{"P", -1}};
    CHECK_THROWS_WITH(topologySourceFromJson(bad), Catch::Matchers::Contains("topology.job.P"));
    bad["job"] = {{"ranks", 4}};
    CHECK_THROWS_WITH(topologySourceFromJson(bad), Catch::Matchers::Contains("unknown key"));
}

TEST_CASE("schedules: the rounds of each algorithm", "[topology][placement]")
{
    // XOR at P = 4: 3 rounds of 4 flows; rank 1's partner in round 2 is 3.
    const auto xr = scheduleRounds(Schedule::PairwiseXor, 4);
    REQUIRE(xr.size() == 3);
    CHECK(xr[1].flows[1] == std::pair<std::uint32_t, std::uint32_t>{1, 3});
    // P = 6 is no power of two: the shift rounds, 5 of them.
    CHECK(scheduleRounds(Schedule::PairwiseXor, 6).size() == 5);
    // Ring: one round standing for P - 1.
    CHECK(roundCount(Schedule::Ring, 8) == 7);
    // Recursive doubling at 8: log2 8 = 3 rounds; at 6: those of 4, 2 rounds.
    CHECK(roundCount(Schedule::RecursiveDoubling, 8) == 3);
    CHECK(roundCount(Schedule::RecursiveDoubling, 6) == 2);
    // Binomial at 5: spans 1, 2, 4: 3 rounds with 1, 2 and 1 flows.
    const auto bi = scheduleRounds(Schedule::Binomial, 5);
    REQUIRE(bi.size() == 3);
    CHECK(bi[0].flows.size() == 1);
    CHECK(bi[1].flows.size() == 2);
    CHECK(bi[2].flows.size() == 1);
}

TEST_CASE("a job's evaluation is priced with the network's: the placed figures on top of the metrics",
          "[topology][placement][budget]")
{
    // The seed fuzz/corpus/fuzz_document/topology-huge-star.json: a star of
    // 2,097,152 hosts whose metrics alone are priced under the document
    // check's second, while its job at P = 4 copies the network and routes
    // its rounds. The job's network: 2097153 vertices + 2097152 links =
    // 4194305 items at 1.3e-7 s = 0.54526 s. placedWork(P = 4): 4 x 4194305
    // searches + 4 x 4 x 8 pairs + 3 rounds x min(4, 4194305) x 4194305 =
    // 16777220 + 128 + 50331660 = 67109008 steps at 2.5e-8 s = 1.67773 s.
    // Together 2.22298 s on top of P = 1's (one rank: no job work).
    TopologySourceParts parts = topologySourceFromJson(json{{"generator", "star"}, {"params", {{"n", 2097152}}}});
    std::vector<double> in;
    for (const ParamValue& v : parts.values)
        in.push_back(v.value);
    const TopologySource& s = *parts.block;
    in[s.jobInput(TopologySource::job_placement)] = 0; // packed
    in[s.jobInput(TopologySource::job_P)] = 1;
    const double alone = s.estimatedSeconds(in.data());
    in[s.jobInput(TopologySource::job_P)] = 4;
    REQUIRE(s.check(in.data()).empty());
    const double placed = s.estimatedSeconds(in.data());
    CHECK(placed - alone == Approx(0.54526 + 1.67773).epsilon(1e-4));
    CHECK(alone < kMaxCheckMetricsSeconds); // the metrics alone would be checked at load...
    CHECK(placed > kMaxCheckMetricsSeconds); // ...the job with them is not
}
