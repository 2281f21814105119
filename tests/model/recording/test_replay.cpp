// The analytic replay (model/recording/Replay.h), against times derived by
// hand: a ping-pong, a nonblocking exchange, four ranks sharing one uplink,
// a binomial broadcast; and recordings that cannot be replayed, refused.
#include "HaloRecording.h"
#include "ReplayTestSupport.h"
#include "model/core/ModelError.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/RecordingSummary.h"
#include "model/recording/Replay.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;
using Catch::Contains;

namespace {

using cs::test::plainNet;

std::string refusal(const Recording& rec, const ReplayNetwork& net)
{
    return cs::test::refusalOf([&] { replay(rec, net); });
}

} // namespace

TEST_CASE("replay: a ping-pong replays to 2(L + o_s + o_r + (k-1)G) per round trip", "[recording][replay]")
{
    // k = 1001 B: one way o_s + (k-1)G + L + o_r = 2 + 1000 x 0.001 + 5 + 3 = 11 us; a round trip 22 us;
    // ten of them (the loop) 220 us. Rank 1 ends on its last send's o_s: 220 - 11 + 2 = 211 us.
    const Recording rec = parseRecording({"csrec 1 0 2\nloop 10 2\nsend 1 1001 0 0\nrecv 1 1001 0 0\nend\n",
                                          "csrec 1 1 2\nloop 10 2\nrecv 0 1001 0 0\nsend 0 1001 0 0\nend\n"});
    const ReplayResult r = replay(rec, plainNet());
    CHECK(r.seconds == Approx(220e-6).epsilon(1e-12));
    CHECK(r.rankSeconds[1] == Approx(211e-6).epsilon(1e-12));
    CHECK(r.messages == 20);
}

TEST_CASE("replay: compute is replayed as recorded, times the speed factor", "[recording][replay]")
{
    // 3 x 0.01 s on one rank, with computeScale 2: 0.06 s.
    const Recording rec = parseRecording({"csrec 1 0 1\nloop 3 1\nc 0.01\nend\n"});
    ReplayOptions o;
    o.computeScale = 2.0;
    CHECK(replay(rec, plainNet(), o).seconds == Approx(0.06));
}

TEST_CASE("replay: a nonblocking exchange completes one one-way time after it starts", "[recording][replay]")
{
    // Each rank: irecv, isend at t = 0 (busy until o_s = 2 us), data in at o_s + (k-1)G + L = 2 + 1 + 5 = 8 us,
    // waitall done at max(2, 8) + o_r = 11 us.
    const Recording rec =
        parseRecording({"csrec 1 0 2\nirecv 1 1001 3 0 0\nisend 1 1001 3 0 1\nwaitall 2 0 1\nend\n",
                        "csrec 1 1 2\nirecv 0 1001 3 0 0\nisend 0 1001 3 0 1\nwaitall 2 1 0\nend\n"});
    const ReplayResult r = replay(rec, plainNet());
    CHECK(r.rankSeconds[0] == Approx(11e-6).epsilon(1e-12));
    CHECK(r.rankSeconds[1] == Approx(11e-6).epsilon(1e-12));
}

TEST_CASE("replay: a sender's messages are paced by max(g, o_s, (k-1)G)", "[recording][replay]")
{
    // Three 1-byte messages: the gap is max(g = 1, o_s = 2, 0) = 2 us, so they are injected at 0, 2 and 4 us and
    // the last arrives at 4 + o_s + L = 11 us; the receiver takes them as they come (+ o_r each): 7+3 = 10,
    // max(10, 9) + 3 = 13, max(13, 11) + 3 = 16 us.
    const Recording rec = parseRecording({"csrec 1 0 2\nloop 3 1\nsend 1 1 0 0\nend\n",
                                          "csrec 1 1 2\nloop 3 1\nrecv 0 1 0 0\nend\n"});
    CHECK(replay(rec, plainNet()).rankSeconds[1] == Approx(16e-6).epsilon(1e-12));
}

namespace {

// Two leaves of two hosts, every link 1e8 B/s: h0, h1 on switch A, h2, h3 on switch B, A -- B one uplink.
struct TwoLeaves {
    Topology t = topologyFromJson(nlohmann::json::parse(R"({"vertices": [
        {"id": "A", "kind": "switch"}, {"id": "B", "kind": "switch"},
        {"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"}, {"id": "h3", "kind": "host"}],
      "edges": [{"from": "h0", "to": "A", "bandwidth": 1e8}, {"from": "h1", "to": "A", "bandwidth": 1e8},
                {"from": "h2", "to": "B", "bandwidth": 1e8}, {"from": "h3", "to": "B", "bandwidth": 1e8},
                {"from": "A", "to": "B", "bandwidth": 1e8}]})"));
    CoreGraph g = CoreGraph::build(t);
    PlacedNetwork placed{t, g};
    std::vector<std::size_t> hosts = [this] {
        std::vector<std::size_t> h;
        for (const char* name : {"h0", "h1", "h2", "h3"})
            h.push_back(*t.find(name));
        return h;
    }();
    FairShare share{placed, hosts};
    // LogGP with G = 0 and L = o = g = 0: only the network's share counts.
    ReplayNetwork net()
    {
        ReplayNetwork n;
        n.loggp = {0, 0, 0, 0, 0};
        n.secondsPerByte = [this](const Flows& f) { return roundSecondsPerByte(placed, hosts, f); };
        n.flowRates = [this](const Flows& f, double ack) { return share.rates(f, {}, ack); };
        return n;
    }
};

} // namespace

TEST_CASE("replay: four ranks across one shared uplink replay at half the rate of one pair", "[recording][replay]")
{
    // One pair alone: its flow has the uplink to itself, 1e-8 s/B, so 1,000,000 B (after the first) take 0.01 s.
    // Both pairs: the uplink A -> B carries two flows, each gets half of it, 2e-8 s/B: 0.02 s.
    TwoLeaves two;
    const ReplayNetwork net = two.net();
    const Recording both = parseRecording({"csrec 1 0 4\nsend 2 1000001 0 0\nend\n",
                                           "csrec 1 1 4\nsend 3 1000001 0 0\nend\n",
                                           "csrec 1 2 4\nrecv 0 1000001 0 0\nend\n",
                                           "csrec 1 3 4\nrecv 1 1000001 0 0\nend\n"});
    const Recording one = parseRecording({"csrec 1 0 4\nsend 2 1000001 0 0\nend\n", "csrec 1 1 4\nend\n",
                                          "csrec 1 2 4\nrecv 0 1000001 0 0\nend\n", "csrec 1 3 4\nend\n"});
    const ReplayResult r1 = replay(one, net), r2 = replay(both, net);
    CHECK(r1.seconds == Approx(0.01).epsilon(1e-9));
    CHECK(r2.seconds == Approx(0.02).epsilon(1e-9));
    CHECK(r2.aloneSeconds == Approx(0.01).epsilon(1e-9)); // each flow priced alone
    // Without contention, both pairs take a lone pair's time.
    ReplayOptions o;
    o.contention = false;
    CHECK(replay(both, net, o).seconds == Approx(0.01).epsilon(1e-9));
    // On one leaf (ranks 0 -> 1 and 2 -> 3) nothing is shared: 0.01 s.
    const Recording local = parseRecording({"csrec 1 0 4\nsend 1 1000001 0 0\nend\n",
                                            "csrec 1 1 4\nrecv 0 1000001 0 0\nend\n",
                                            "csrec 1 2 4\nsend 3 1000001 0 0\nend\n",
                                            "csrec 1 3 4\nrecv 2 1000001 0 0\nend\n"});
    CHECK(replay(local, net).seconds == Approx(0.01).epsilon(1e-9));
}

TEST_CASE("replay: a sender's messages to two peers share its link as flows, and a flow that ends frees its "
          "share", "[recording][replay]")
{
    TwoLeaves two;
    const ReplayNetwork net = two.net();
    // Rank 0 sends 1,000,000 B (after the first) to 2 and then 3 at once (eager, g = o = 0): two flows on
    // h0's link and the uplink, 5e7 B/s each, so both arrive at 2e6 / 1e8 = 0.02 s. Priced alone they would
    // follow one another at the sender's gap: 0.01 and 0.02 s.
    // Rank 0 sends `to2` bytes to rank 2, then `to3` to rank 3; ranks 2 and 3 receive them.
    auto fanOut = [](long to2, long to3) {
        const std::string a = std::to_string(to2), b = std::to_string(to3);
        return parseRecording({"csrec 1 0 4\nsend 2 " + a + " 0 0\nsend 3 " + b + " 0 0\nend\n", "csrec 1 1 4\nend\n",
                               "csrec 1 2 4\nrecv 0 " + a + " 0 0\nend\n", "csrec 1 3 4\nrecv 0 " + b + " 0 0\nend\n"});
    };
    const Recording two_peers = fanOut(1000001, 1000001);
    const ReplayResult rs = replay(two_peers, net);
    CHECK(rs.rankSeconds[2] == Approx(0.02).epsilon(1e-9));
    CHECK(rs.rankSeconds[3] == Approx(0.02).epsilon(1e-9));
    ReplayOptions alone;
    alone.contention = false;
    CHECK(replay(two_peers, net, alone).rankSeconds[2] == Approx(0.01).epsilon(1e-9));
    // Unequal sizes: 0 -> 2 carries 500,000 B, 0 -> 3 1,000,000 B. Both at 5e7 B/s until the short one ends at
    // 5e5 / 5e7 = 0.01 s (the long one has 5e5 B left); then the long one alone at 1e8 B/s: 5e5 / 1e8 = 0.005 s
    // more, 0.015 s. (One after the other, the short one first, they would end at 0.005 and 0.015 s.)
    const Recording unequal = fanOut(500001, 1000001);
    const ReplayResult ru = replay(unequal, net);
    CHECK(ru.rankSeconds[2] == Approx(0.01).epsilon(1e-9));
    CHECK(ru.rankSeconds[3] == Approx(0.015).epsilon(1e-9));
}

TEST_CASE("replay: the halo exchange of four ranks on two leaves runs at the shared host links' rate",
          "[recording][replay]")
{
    // A 1-D halo exchange, ranks 0-1 on leaf A and 2-3 on leaf B: 0 <-> 1, 1 <-> 2, 2 <-> 3, each message
    // 1,000,000 B after the first, all posted at once. Ranks 1 and 2 each send two messages and take in two:
    // their host links carry two flows each way, 5e7 B/s per flow; the uplink carries one flow each way
    // (1 -> 2, 2 -> 1), and the flows 0 -> 1 and 3 -> 2 are held by the receivers' links to 5e7 B/s too. So
    // every message takes 1e6 / 5e7 = 0.02 s, and every rank is done at 0.02 s (the seeds' "messages on a
    // host's link share it" as the live tree's Jacobi shows it, issue 44). Priced alone and one after another
    // at each sender, ranks 1 and 2 would end at 0.02 s and 0, 3 at 0.01 s.
    TwoLeaves two;
    const ReplayNetwork net = two.net();
    auto rank = [](int r, const std::vector<int>& peers) {
        return "csrec 1 " + std::to_string(r) + " 4\n" + cs::test::haloExchange(peers, 1000001) + "end\n";
    };
    const Recording halo = parseRecording({rank(0, {1}), rank(1, {0, 2}), rank(2, {1, 3}), rank(3, {2})});
    const ReplayResult r = replay(halo, net);
    for (int i = 0; i < 4; ++i)
        CHECK(r.rankSeconds[static_cast<std::size_t>(i)] == Approx(0.02).epsilon(1e-9));
}

TEST_CASE("replay: a binomial broadcast replays to its rounds", "[recording][replay]")
{
    // 8 ranks: ceil(log2 8) = 3 rounds of one 1001-byte message, 11 us each (above): 33 us. 6 ranks: 3 rounds too.
    // 2 ranks: 1 round, 11 us.
    for (const auto& [P, rounds] : std::vector<std::pair<int, int>>{{8, 3}, {6, 3}, {2, 1}}) {
        std::vector<std::string> texts;
        for (int r = 0; r < P; ++r)
            texts.push_back("csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\nbcast 1001 0 0\nend\n");
        const ReplayResult res = replay(parseRecording(texts), plainNet());
        INFO("P = " << P);
        CHECK(res.seconds == Approx(rounds * 11e-6).epsilon(1e-12));
        CHECK(res.collectives == 1);
    }
}

TEST_CASE("replay: a collective starts when its last member enters", "[recording][replay]")
{
    // Rank 1 computes 1 ms first; the allreduce of 2 ranks (1 recursive-doubling step of 8 B: 2 + 0.007 + 5 + 3 =
    // 10.007 us) ends for both at 1 ms + 10.007 us.
    const Recording rec = parseRecording({"csrec 1 0 2\nallreduce 8 0\nend\n", "csrec 1 1 2\nc 0.001\nallreduce 8 0\nend\n"});
    const ReplayResult r = replay(rec, plainNet());
    CHECK(r.rankSeconds[0] == Approx(1e-3 + 10.007e-6).epsilon(1e-12));
    CHECK(r.rankSeconds[1] == Approx(1e-3 + 10.007e-6).epsilon(1e-12));
}

TEST_CASE("replay: recordings that cannot be replayed are refused by rank and line", "[recording][replay]")
{
    // A receive no rank's send matches.
    CHECK_THAT(refusal(parseRecording({"csrec 1 0 2\nend\n", "csrec 1 1 2\nc 1\nrecv 0 8 0 0\nend\n"}), plainNet()),
               Contains("the replay cannot go on: rank 1 waits at line 3 (recv from rank 0)"));
    // Two ranks in different collectives at the same point of their communicator.
    CHECK_THAT(refusal(parseRecording({"csrec 1 0 2\nbcast 8 0 0\nend\n", "csrec 1 1 2\nallreduce 8 0\nend\n"}),
                       plainNet()),
               Contains("meets rank 0's bcast (line 2) as the same collective of their communicator"));
}

TEST_CASE("replay: a recording's matrix and iterations, and a replay cancelled", "[recording]")
{
    // Rank 0 sends rank 1 100 B three times in a loop with 1 ms of compute
    // each, then 50 B once; rank 1 receives them.
    const rec::Recording r = rec::parseRecording(
        {"csrec 1 0 2\nc 0.5\nloop 3 2\nc 0.001\nsend 1 100 0 0\nsend 1 50 0 0\nend\n",
         "csrec 1 1 2\nloop 3 1\nrecv 0 100 0 0\nrecv 0 50 0 0\nend\n"});
    const std::vector<double> m = rec::commMatrix(r);
    CHECK(m == std::vector<double>{0, 350, 0, 0});
    const std::vector<rec::Iteration> it = rec::iterations(r);
    REQUIRE(it.size() == 2);
    CHECK(it[0].count == 3);
    CHECK(it[0].compute == Approx(0.001));
    CHECK(it[0].calls == 1);
    CHECK(it[0].firstLine == 3);
    CHECK(it[1].count == 3);
    CHECK(it[1].compute == 0);

    std::atomic<bool> cancel{true};
    rec::ReplayOptions o;
    o.cancel = &cancel;
    // A long loop, so that the replay reaches a check of the flag.
    const rec::Recording longer = rec::parseRecording({"csrec 1 0 2\nloop 100000 1\nsend 1 8 0 0\nend\n",
                                                       "csrec 1 1 2\nloop 100000 1\nrecv 0 8 0 0\nend\n"});
    CHECK_THROWS_AS(rec::replay(longer, test::plainNet(), o), rec::ReplayCancelled);
    cancel = false;
    CHECK(rec::replay(longer, test::plainNet(), o).messages == 100000);
}

TEST_CASE("replay: the span a program times itself in, between the first and the last barrier of all ranks, leaves "
          "its setup and its end out",
          "[recording][replay]")
{
    // Rank 0 sets up for 20 ms, rank 1 for 10 ms; a barrier; one ping-pong of 1001 B, then 1 ms of compute on
    // rank 0; a barrier; then 5 ms and 1 ms of compute and a reduce of 8 B to rank 0 (as the examples: barrier,
    // MPI_Wtime, loop, barrier, MPI_Wtime, checksum). On plainNet (L = 5, o_s = 2, o_r = 3 us, G = 1 ns/B):
    //  - barrier 1 (2 ranks: one recursive-doubling step of 0 B, o_s + L + o_r = 10 us) starts when rank 0 enters
    //    at 20 ms and ends at 20.010 ms;
    //  - the round trip: 2 x 11 us = 22 us, rank 0 back at 20.032 ms, then 1 ms: 21.032 ms;
    //  - barrier 2 from 21.032 ms to 21.042 ms.
    // Timed: 21.042 - 20.010 = 1.032 ms, of which rank 0 computes 1 ms. Whole: the reduce (one step of 8 B:
    // 2 + 0.007 + 5 + 3 = 10.007 us) starts when rank 0 enters at 21.042 + 5 = 26.042 ms and ends at
    // 26.052007 ms; rank 0 (the first of the two that end last) computed 20 + 1 + 5 = 26 ms.
    const Recording rec =
        parseRecording({"csrec 1 0 2\nc 0.020\nbarrier 0\nsend 1 1001 0 0\nrecv 1 1001 0 0\nc 0.001\nbarrier 0\n"
                        "c 0.005\nreduce 8 0 0\nend\n",
                        "csrec 1 1 2\nc 0.010\nbarrier 0\nrecv 0 1001 0 0\nsend 0 1001 0 0\nbarrier 0\nc 0.001\n"
                        "reduce 8 0 0\nend\n"});
    const ReplayResult r = replay(rec, plainNet());
    REQUIRE(r.barrierEnds.size() == 2);
    CHECK(r.barrierEnds[0] == Approx(20.010e-3).epsilon(1e-12));
    CHECK(r.barrierEnds[1] == Approx(21.042e-3).epsilon(1e-12));
    CHECK(timedSpan(r.barrierEnds) == Approx(1.032e-3).epsilon(1e-9));
    CHECK(timedSpan(r.aloneBarrierEnds) == Approx(1.032e-3).epsilon(1e-9));
    CHECK(r.seconds == Approx(26.052007e-3).epsilon(1e-12));
    const ReplaySpan timed = spanOf(r, false), whole = spanOf(r, true);
    CHECK(timed.timed);
    CHECK(timed.seconds == Approx(1.032e-3).epsilon(1e-9));
    CHECK(timed.compute == Approx(1e-3).epsilon(1e-9));
    CHECK_FALSE(whole.timed);
    CHECK(whole.seconds == Approx(26.052007e-3).epsilon(1e-12));
    CHECK(whole.compute == Approx(26e-3).epsilon(1e-9));
    // Fewer than two barriers of all ranks: no span (a prediction then prices the whole run).
    CHECK(std::isnan(timedSpan({})));
    CHECK(std::isnan(timedSpan({0.5})));
    // A barrier of some ranks only is not one of the program's marks: 3 ranks, a barrier of ranks 0 and 1 (comm 1)
    // between two of all three.
    const Recording sub = parseRecording(
        {"csrec 1 0 3\ncomm 1 0 2 0 1\nbarrier 0\nbarrier 1\nc 0.001\nbarrier 0\nend\n",
         "csrec 1 1 3\ncomm 1 0 2 0 1\nbarrier 0\nbarrier 1\nbarrier 0\nend\n", "csrec 1 2 3\nbarrier 0\nbarrier 0\nend\n"});
    CHECK(replay(sub, plainNet()).barrierEnds.size() == 2);
}
