// The SimGrid replay of a recording (sim/RecordingSim.h) against times derived
// by hand -- a ping-pong, four ranks sharing one uplink -- and against the
// analytic replay (model/recording/Replay.h) of a ring halo exchange on a
// two-level tree (issue 44: "SimGrid's replay of the same recording agrees
// with the analytic replay within 10% on the tree").
#include "model/core/ModelError.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "sim/RecordingSim.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;
using Catch::Contains;

namespace {

// `leaves` leaf switches of `perLeaf` hosts under one core switch; host links
// `hostBw` B/s, each leaf's one uplink `upBw` B/s, every link `lat` s.
Topology tree(int leaves, int perLeaf, double hostBw, double upBw, double lat)
{
    Topology t;
    t.addSwitch("core", leaves);
    for (int l = 0; l < leaves; ++l) {
        const std::string leaf = "leaf" + std::to_string(l);
        t.addSwitch(leaf, perLeaf + 1);
        t.addLink(leaf, "core", LinkProps{upBw, lat, 1, true});
    }
    for (int i = 0; i < leaves * perLeaf; ++i) {
        t.addHost("h" + std::to_string(i));
        t.addLink("h" + std::to_string(i), "leaf" + std::to_string(i / perLeaf), LinkProps{hostBw, lat, 1, true});
    }
    return t;
}

std::vector<std::size_t> onHosts(const Topology& t, const std::vector<int>& hosts)
{
    std::vector<std::size_t> v;
    for (int h : hosts)
        v.push_back(*t.find("h" + std::to_string(h)));
    return v;
}

std::string head(int r, int P)
{
    return "csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\n";
}

// The LogGP and routes of the ping-pong below, shared by the cases after it: L 10 us, o_s 2 us, o_r 3 us,
// g 1 us, G 1e-8 s/B, and 4 us of latency on each route.
ReplayNetwork pingPongNetwork()
{
    ReplayNetwork net;
    net.loggp = {10e-6, 2e-6, 3e-6, 1e-6, 1e-8};
    net.routeLatency = 4e-6;
    return net;
}

} // namespace

TEST_CASE("recording sim: a ping-pong takes 2(L + o_s + o_r + (k-1)G) per round trip", "[sim][recording]")
{
    // Ranks 0 and 1 on h0 and h2, on two leaves: the route h0 - leaf0 - core - leaf1 - h2 is four links of
    // 1 us, so routeLatency = 4 us; L = 10 us puts the other 6 us on the ranks' cap links (3 us each).
    // The links carry 1e9 B/s, the caps 1/G = 1e8 B/s, so a message's (k-1) = 100,000 bytes take
    // 100,000 x 1e-8 = 1000 us. One way: o_s + (k-1)G + L + o_r = 2 + 1000 + 10 + 3 = 1015 us; a round trip
    // 2030 us; ten of them 20.30 ms.
    const Topology t = tree(2, 2, 1e9, 1e9, 1e-6);
    ReplayNetwork net = pingPongNetwork();
    const Recording rec = parseRecording({head(0, 2) + "loop 10 2\nsend 1 100001 0 0\nrecv 1 100001 0 0\nend\n",
                                          head(1, 2) + "loop 10 2\nrecv 0 100001 0 0\nsend 0 100001 0 0\nend\n"});
    const sim::RecordingSimResult r = sim::simulateRecording(t, onHosts(t, {0, 2}), rec, net);
    CHECK(r.seconds == Approx(20.30e-3).epsilon(0.10)); // the bound
    CHECK(r.seconds == Approx(20.30e-3).epsilon(1e-6)); // CM02 without factors: exact
    CHECK(r.messages == 20);
    // The analytic replay of the same recording (no network beyond G): the same 20.30 ms.
    CHECK(replay(rec, net).seconds == Approx(20.30e-3).epsilon(1e-9));
}

TEST_CASE("recording sim: the span between the first and the last barrier of all ranks leaves the setup out, as "
          "the analytic replay's",
          "[sim][recording]")
{
    // The ping-pong above (ten round trips of 2030 us: 20.30 ms), after 20 ms and 10 ms of setup and a barrier,
    // then a barrier and 5 ms and 1 ms of compute. A barrier of two ranks is one step of 0 B each way:
    // o_s + L + o_r = 2 + 10 + 3 = 15 us. Barrier 1 ends at 20.015 ms, barrier 2 at 20.015 + 20.30 + 0.015 =
    // 40.330 ms: the span 20.315 ms; the whole run 40.330 + 5 = 45.330 ms.
    const Topology t = tree(2, 2, 1e9, 1e9, 1e-6);
    ReplayNetwork net = pingPongNetwork();
    const Recording rec = parseRecording(
        {head(0, 2) + "c 0.020\nbarrier 0\nloop 10 2\nsend 1 100001 0 0\nrecv 1 100001 0 0\nbarrier 0\nc 0.005\nend\n",
         head(1, 2) + "c 0.010\nbarrier 0\nloop 10 2\nrecv 0 100001 0 0\nsend 0 100001 0 0\nbarrier 0\nc 0.001\nend\n"});
    const sim::RecordingSimResult r = sim::simulateRecording(t, onHosts(t, {0, 2}), rec, net);
    REQUIRE(r.barrierEnds.size() == 2);
    CHECK(r.barrierEnds[0] == Approx(20.015e-3).epsilon(1e-3));
    CHECK(timedSpan(r.barrierEnds) == Approx(20.315e-3).epsilon(1e-3));
    CHECK(r.seconds == Approx(45.330e-3).epsilon(1e-3));
    const ReplayResult analytic = replay(rec, net);
    CHECK(timedSpan(analytic.barrierEnds) == Approx(20.315e-3).epsilon(1e-9));
    CHECK(analytic.seconds == Approx(45.330e-3).epsilon(1e-9));
}

TEST_CASE("recording sim: the span between barriers 2 and 3 of three, as the analytic replay's (replay --between)",
          "[sim][recording]")
{
    // The network above (a barrier of two ranks: o_s + L + o_r = 15 us after the last rank enters; one way of
    // 100,001 B: 1015 us). Rank 0: 10 ms of setup, barrier 1, 2 ms, barrier 2, a ping-pong, 1 ms, barrier 3,
    // 5 ms; rank 1: 5 ms, barrier 1, 3 ms, barrier 2, the ping-pong, barrier 3.
    //  - barrier 1: rank 0 enters last at 10 ms, ends 10.015 ms;
    //  - rank 0 at 12.015 ms, rank 1 at 13.015 ms: barrier 2 ends at 13.030 ms (rank 0, the last to leave, gets
    //    rank 1's message o_s + L + o_r after rank 1 entered);
    //  - the round trip 2 x 1015 us: rank 0 back at 15.060 ms, + 1 ms: it enters barrier 3 at 16.060 ms, which
    //    ends at 16.075 ms (rank 1 gets rank 0's message then; SimGrid lets rank 0 go on 10 us earlier, after
    //    its send's o_s and its receive's o_r of the message rank 1 sent long before).
    // Span 2:3: 16.075 - 13.030 = 3.045 ms; the first to the last, 16.075 - 10.015 = 6.060 ms.
    const Topology t = tree(2, 2, 1e9, 1e9, 1e-6);
    ReplayNetwork net = pingPongNetwork();
    const Recording rec = parseRecording(
        {head(0, 2) + "c 0.010\nbarrier 0\nc 0.002\nbarrier 0\nsend 1 100001 0 0\nrecv 1 100001 0 0\nc 0.001\n"
                      "barrier 0\nc 0.005\nend\n",
         head(1, 2) + "c 0.005\nbarrier 0\nc 0.003\nbarrier 0\nrecv 0 100001 0 0\nsend 0 100001 0 0\nbarrier 0\n"
                      "end\n"});
    const sim::RecordingSimResult r = sim::simulateRecording(t, onHosts(t, {0, 2}), rec, net);
    REQUIRE(r.barrierEnds.size() == 3);
    CHECK(r.barrierEnds[1] == Approx(13.030e-3).epsilon(1e-4));
    CHECK(r.barrierEnds[2] == Approx(16.075e-3).epsilon(1e-4));
    CHECK(timedSpan(r.barrierEnds, {2, 3}) == Approx(3.045e-3).epsilon(1e-3));
    CHECK(timedSpan(r.barrierEnds, {-2, -1}) == Approx(3.045e-3).epsilon(1e-3));
    CHECK(timedSpan(r.barrierEnds) == Approx(6.060e-3).epsilon(1e-3));
    // The analytic replay of the same recording, asked for the same pair: the same span by hand.
    ReplayOptions o;
    o.between = BarrierPair{2, 3};
    const ReplayResult analytic = replay(rec, net, o);
    CHECK(analytic.barrierEnds[1] == Approx(13.030e-3).epsilon(1e-9));
    CHECK(spanOf(analytic, false).seconds == Approx(3.045e-3).epsilon(1e-9));
    CHECK(timedSpan(analytic.barrierEnds, {2, 3}) == Approx(timedSpan(r.barrierEnds, {2, 3})).epsilon(1e-3));
}

TEST_CASE("recording sim: four ranks across one shared uplink run at half the rate", "[sim][recording]")
{
    // Two leaves of two hosts, every link 1e8 B/s, no latency, and LogGP all 0 (G = 0: no cap on a rank).
    // One pair alone (0 -> 2): 1,000,000 bytes (after the first) over 1e8 B/s: 0.01 s. Two pairs (0 -> 2,
    // 1 -> 3) share the uplink leaf0 -> core, 5e7 B/s each: 0.02 s.
    const Topology t = tree(2, 2, 1e8, 1e8, 0.0);
    ReplayNetwork net;
    const auto place = onHosts(t, {0, 1, 2, 3});
    const Recording both = parseRecording({head(0, 4) + "send 2 1000001 0 0\nend\n",
                                           head(1, 4) + "send 3 1000001 0 0\nend\n",
                                           head(2, 4) + "recv 0 1000001 0 0\nend\n",
                                           head(3, 4) + "recv 1 1000001 0 0\nend\n"});
    const Recording one = parseRecording({head(0, 4) + "send 2 1000001 0 0\nend\n", head(1, 4) + "end\n",
                                          head(2, 4) + "recv 0 1000001 0 0\nend\n", head(3, 4) + "end\n"});
    CHECK(sim::simulateRecording(t, place, one, net).seconds == Approx(0.01).epsilon(1e-6));
    CHECK(sim::simulateRecording(t, place, both, net).seconds == Approx(0.02).epsilon(1e-6));
    // Ranks 0 -> 1 and 2 -> 3, each pair on one leaf: nothing shared, 0.01 s.
    const Recording local = parseRecording({head(0, 4) + "send 1 1000001 0 0\nend\n",
                                            head(1, 4) + "recv 0 1000001 0 0\nend\n",
                                            head(2, 4) + "send 3 1000001 0 0\nend\n",
                                            head(3, 4) + "recv 2 1000001 0 0\nend\n"});
    CHECK(sim::simulateRecording(t, place, local, net).seconds == Approx(0.01).epsilon(1e-6));
    // A message a rank sends itself crosses nothing: o_s + o_r = 0 here.
    const Recording self = parseRecording({head(0, 1) + "send 0 1000001 0 0\nrecv 0 1000001 0 0\nend\n"});
    CHECK(sim::simulateRecording(t, onHosts(t, {0}), self, net).seconds == Approx(0.0).margin(1e-12));
    // Two ranks on one host (h0): their message crosses only their own cap links, which G = 0 leaves
    // unlimited: it takes no time.
    CHECK(sim::simulateRecording(t, onHosts(t, {0, 0, 2, 3}), local, net).rankSeconds[1] == Approx(0.0).margin(1e-9));
}

TEST_CASE("recording sim: a rank's messages to one peer go one after another, as on its one connection",
          "[sim][recording]")
{
    // Two ranks on one switch, links 1e9 B/s, no latency, LogGP 0 but G = 1e-8 (a rank's cap 1e8 B/s): a message
    // of 1,000,001 bytes takes 1,000,000 x 1e-8 = 10 ms. Each rank computes, then twice: irecv from the peer,
    // send to it, wait (LAMMPS's ghost exchanges). Rank 1 computes 0.5 ms, rank 0 2 ms, by hand in ms:
    //   S1a 0.5 -> 10.5; S0a 2 -> 12. Rank 0's first wait ends at 10.5 (S1a) and it sends S0b, which goes after
    //   S0a on their one connection: 12 -> 22. Rank 1's first wait ends at 12 (S0a); S1b 12 -> 22. Both end at 22.
    // Had S0b shared rank 0's link with S0a from 10.5, S0a (1.5 ms of its bytes left) would end at 13.5 and S1b
    // 23.5: 23.5 ms, as the simulation gave before each pair's messages were kept in order.
    const Topology t = tree(1, 2, 1e9, 1e9, 0.0);
    ReplayNetwork net;
    net.loggp = {0, 0, 0, 0, 1e-8};
    const std::string twice = "irecv P 1000001 0 0 0\nsend P 1000001 0 0\nwait 0\n"
                              "irecv P 1000001 0 0 0\nsend P 1000001 0 0\nwait 0\nend\n";
    const auto with = [&](std::string text, const char* peer) {
        for (std::size_t at = text.find('P'); at != std::string::npos; at = text.find('P', at))
            text.replace(at, 1, peer);
        return text;
    };
    const Recording rec = parseRecording({head(0, 2) + "c 0.002\n" + with(twice, "1"),
                                          head(1, 2) + "c 0.0005\n" + with(twice, "0")});
    CHECK(sim::simulateRecording(t, onHosts(t, {0, 1}), rec, net).seconds == Approx(22e-3).epsilon(1e-6));
    CHECK(replay(rec, net).seconds == Approx(22e-3).epsilon(1e-6));
}

TEST_CASE("SimGrid sends every message whole: with S_put it agrees with the replay without its put protocol",
          "[sim][recording]")
{
    // Two ranks on one switch, links 1e9 B/s, no latency, LogGP 0 but G = 1e-8 (a rank's cap 1e8 B/s). Each
    // sends the other k = 1,048,577 bytes at once (irecv, isend, waitall): 1,048,576 after the first, 10.48576 ms
    // each alone, both ways at once on their own directions of the links.
    const Topology t = tree(1, 2, 1e9, 1e9, 0.0);
    const std::vector<std::size_t> hosts = onHosts(t, {0, 1});
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork placed(t, g);
    FairShare share(placed, hosts);
    ReplayNetwork net;
    net.loggp = {0, 0, 0, 0, 1e-8};
    net.secondsPerByte = [&](const Flows& f) { return roundSecondsPerByte(placed, hosts, f); };
    net.flowRates = [&](const Flows& f, double ack) { return share.rates(f, {}, ack); };
    const auto both = [](int r) {
        const std::string peer = std::to_string(1 - r);
        return head(r, 2) + "irecv " + peer + " 1048577 0 0 0\nisend " + peer + " 1048577 0 0 1\nwaitall 2 0 1\nend\n";
    };
    const Recording rec = parseRecording({both(0), both(1)});
    CHECK(replay(rec, net).seconds == Approx(10.48576e-3).epsilon(1e-6));
    CHECK(sim::simulateRecording(t, hosts, rec, net).seconds == Approx(10.48576e-3).epsilon(1e-6));
    // With S_put (Open MPI's put protocol) SimGrid still sends each message whole, as the analytic replay does
    // with ReplayOptions::protocol false (ReplayCommand compares the two so).
    net.putFrom = 65000;
    ReplayOptions whole;
    whole.protocol = false;
    CHECK(replay(rec, net, whole).seconds == Approx(10.48576e-3).epsilon(1e-6));
    CHECK(sim::simulateRecording(t, hosts, rec, net).seconds == Approx(10.48576e-3).epsilon(1e-6));
}

namespace {

// A ring halo exchange of P ranks, as a recorded program's: 10 iterations of 1 ms compute, an irecv and an
// isend of `bytes` with each ring neighbour, a waitall and an 8-byte allreduce.
Recording ringHalo(int P, long long bytes)
{
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r) {
        const std::string left = std::to_string((r + P - 1) % P), right = std::to_string((r + 1) % P);
        const std::string b = " " + std::to_string(bytes) + " 0 0 ";
        texts.push_back(head(r, P) + "loop 10 7\nc 0.001\nirecv " + left + b + "0\nirecv " + right + b +
                        "1\nisend " + left + b + "2\nisend " + right + b + "3\nwaitall 4 0 1 2 3\nallreduce 8 0\nend\n");
    }
    return parseRecording(texts);
}

} // namespace

TEST_CASE("recording sim: a ring halo exchange on a two-level tree agrees with the analytic replay within 10%",
          "[sim][recording]")
{
    // Four leaves of two hosts (h0 .. h7), 1 GbE (1.25e8 B/s) host links and uplinks of 1 us: the ring's
    // edges 1-2, 3-4, 5-6 and 7-0 cross the uplinks, two flows each way on each uplink. LogGP: L = 30 us
    // (4 us of it the longest route's), o = 5 us, g = 5 us, G = 1 / 1.2e8 s/B. By hand, per iteration:
    // 1 ms of compute, then each rank's two 1 MB messages share its cap of 1.2e8 B/s (6e7 B/s each, below
    // the uplink's 6.25e7 B/s share): 1e6 / 6e7 = 16.7 ms; the allreduce of 8 ranks is 3 recursive-doubling
    // steps of o_s + L + o_r = 40 us. About 17.8 ms an iteration, 178 ms in all; both replays must be within
    // 10% of each other (and of this).
    const Topology t = tree(4, 2, 1.25e8, 1.25e8, 1e-6);
    const std::vector<std::size_t> hosts = onHosts(t, {0, 1, 2, 3, 4, 5, 6, 7});
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork placed(t, g);
    FairShare share(placed, hosts);
    ReplayNetwork net;
    net.loggp = {30e-6, 5e-6, 5e-6, 5e-6, 1.0 / 1.2e8};
    net.routeLatency = 4e-6;
    net.secondsPerByte = [&](const Flows& f) { return roundSecondsPerByte(placed, hosts, f); };
    net.flowRates = [&](const Flows& f, double ack) { return share.rates(f, {}, ack); };
    const Recording rec = ringHalo(8, 1000001);
    const double analytic = replay(rec, net).seconds;
    const sim::RecordingSimResult simulated = sim::simulateRecording(t, hosts, rec, net);
    INFO("analytic " << analytic << " s, simulated " << simulated.seconds << " s");
    CHECK(analytic == Approx(0.178).epsilon(0.10));
    CHECK(simulated.seconds == Approx(0.178).epsilon(0.10));
    CHECK(simulated.seconds == Approx(analytic).epsilon(0.10));
    // 8 ranks x 10 iterations x 2 messages, and the allreduces' 3 steps x 8 ranks x 10.
    CHECK(simulated.messages == 160 + 240);
}

TEST_CASE("recording sim: a recording too big for the simulator is refused with its estimate before it starts",
          "[sim][recording]")
{
    const Topology t = tree(2, 2, 1e8, 1e8, 0.0);
    const Recording rec = parseRecording({head(0, 2) + "loop 1000000 1\nsend 1 8 0 0\nend\n",
                                          head(1, 2) + "loop 1000000 1\nrecv 0 8 0 0\nend\n"});
    const sim::RecordingSimEstimate est = sim::estimateRecordingSim(rec);
    CHECK(est.events == 2e6);   // two ranks, 1e6 events each
    CHECK(est.messages == 1e6);
    CHECK(est.routes == 1);
    sim::RecordingSimOptions o;
    o.maxEvents = 1e6;
    CHECK_THROWS_WITH(sim::simulateRecording(t, onHosts(t, {0, 2}), rec, ReplayNetwork{}, o),
                      Contains("2e+06 events") && Contains("limit is 1e+06 events"));
    o.maxRanks = 1;
    CHECK_THROWS_WITH(sim::simulateRecording(t, onHosts(t, {0, 2}), rec, ReplayNetwork{}, o),
                      Contains("2 ranks, more than the SimGrid replay's limit of 1"));
    // A receive that no rank's send matches: the ranks that wait, by line.
    const Recording stuck = parseRecording({head(0, 2) + "recv 1 8 0 0\nend\n", head(1, 2) + "end\n"});
    CHECK_THROWS_WITH(sim::simulateRecording(t, onHosts(t, {0, 2}), stuck, ReplayNetwork{}),
                      Contains("rank 0 waits at line 2"));
}

namespace {

// Every rank of P runs `op` once on MPI_COMM_WORLD (comm 0); or, with `evens`, the even ranks run it once on
// their own communicator (comm 1) and the odd ones nothing.
Recording collectiveOnce(const std::string& op, int P, bool evens)
{
    std::string members;
    int n = 0;
    for (int r = 0; r < P; r += 2, ++n)
        members += " " + std::to_string(r);
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r)
        texts.push_back(head(r, P) + (!evens ? op + " 0\n" : r % 2 ? std::string() :
                        "comm 1 0 " + std::to_string(n) + members + "\n" + op + " 1\n") + "end\n");
    return parseRecording(texts);
}

} // namespace

TEST_CASE("recording sim: every collective, on the world and on a communicator of some ranks, runs as its "
          "algorithm's messages and takes the analytic replay's time", "[sim][recording]")
{
    // Hosts on one leaf with links of 1e10 B/s and no latency, LogGP L = 5 us, o_s = 2 us, o_r = 3 us,
    // g = 1 us, G = 1 ns/B (each rank's cap, 1e9 B/s, below the links): the network adds nothing to LogGP.
    // A collective of s steps on the critical path then takes s one-way times on both replays (its steps'
    // one-way times add up to the analytic time: test_collective_steps), a member's send in a collective
    // returning once delivered. 8 ranks, and the 4 even ones: powers of two, every algorithm's critical path is
    // all its steps: the same time (a barrier's empty messages cross as 1 byte, 1 ns a step more).
    const Topology t = tree(1, 8, 1e10, 1e10, 0.0);
    ReplayNetwork net;
    net.loggp = {5e-6, 2e-6, 3e-6, 1e-6, 1e-9};
    for (const std::string op : {"barrier", "bcast 4096 0", "reduce 4096 0", "allreduce 4096", "gather 4096 0",
                                 "scatter 4096 0", "allgather 4096", "alltoall 4096", "reduce_scatter 4096"}) {
        for (const auto& [P, evens] : std::vector<std::pair<int, bool>>{{8, false}, {8, true}, {5, false}, {5, true}}) {
            std::vector<int> placed;
            for (int r = 0; r < P; ++r)
                placed.push_back(r);
            const Recording rec = collectiveOnce(op, P, evens);
            const double analytic = replay(rec, net).seconds;
            const double simulated = sim::simulateRecording(t, onHosts(t, placed), rec, net).seconds;
            INFO(op << " on " << (evens ? (P + 1) / 2 : P) << ": analytic " << analytic << " s, simulated " << simulated << " s");
            if (P == 8) { // 8 and 4 members
                CHECK(simulated == Approx(analytic).epsilon(1e-3));
            } else {
                // 5 ranks (and the 3 even ones), not powers of two. The binomial tree's critical path is shorter
                // than the formula's ceil(log2 n) steps (5: the root's send to 4 leaves after two sends of
                // o_s + L + (k-1)G, while 0 -> 1 -> 3 is two one-way times), so never more than the analytic
                // time and at least 2/3 of it. Recursive doubling's hand-over (4 -> 0) meets 1 -> 0 of the
                // first doubling step at rank 0's cap link: one (k-1)G = 4095 x 1 ns = 4.095 us more at most.
                CHECK(simulated <= analytic + 4.095e-6 + 1e-9);
                CHECK(simulated >= analytic * 0.6);
            }
        }
    }
}

TEST_CASE("recording sim: two ranks of one node ping-pong at the intra-node LogGP, through no link",
          "[sim][recording][intranode]")
{
    // Ranks 0 and 1 both on h0 (one node), 2 on h2. The node's LogGP: L 1 us, o_s 0.5 us, o_r 0.5 us,
    // G 1e-10 s/B; the network's as in the ping-pong above (L 10 us, G 1e-8 s/B: 1000 us for 100,000 bytes).
    // One way on the node: o_s + L + (k-1) G + o_r = 0.5 + 1 + 100000 x 1e-10 s (10 us) + 0.5 = 12 us;
    // a round trip 24 us, ten of them 240 us. Through the network it would be 20.30 ms.
    const Topology t = tree(2, 2, 1e9, 1e9, 1e-6);
    ReplayNetwork net = pingPongNetwork();
    net.node = {1e-6, 0.5e-6, 0.5e-6, 0.1e-6, 1e-10};
    net.nodeOf = {0, 0, 1};
    const Recording rec = parseRecording({head(0, 3) + "loop 10 2\nsend 1 100001 0 0\nrecv 1 100001 0 0\nend\n",
                                          head(1, 3) + "loop 10 2\nrecv 0 100001 0 0\nsend 0 100001 0 0\nend\n",
                                          head(2, 3) + "end\n"});
    const sim::RecordingSimResult r = sim::simulateRecording(t, onHosts(t, {0, 0, 2}), rec, net);
    CHECK(r.seconds == Approx(240e-6).epsilon(1e-6));
    CHECK(replay(rec, net).seconds == Approx(240e-6).epsilon(1e-9));
    // Across nodes (rank 1 on its own node), the network's 20.30 ms, as above.
    net.nodeOf = {0, 1, 2};
    CHECK(sim::simulateRecording(t, onHosts(t, {0, 2, 3}), rec, net).seconds == Approx(20.30e-3).epsilon(1e-6));
}
