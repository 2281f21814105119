// The simulator against hand-derived times. Where the analytic models'
// assumptions hold (one switch, no contention, large messages) the simulated
// time must agree with the equations; where they do not (an oversubscribed
// tree, one shared segment) it must disagree in the direction the papers
// report.
#include "model/core/ModelError.h"
#include "sim/Patterns.h"
#include "sim/Simulator.h"
#include "tests/sim/SimTestTopologies.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <stdexcept>

using namespace cs;
using namespace cs::sim;
using cs::sim::test::bus;
using cs::sim::test::oversubscribedTree;
using cs::sim::test::star;

namespace {
constexpr double GigE = 125e6; // 1 Gbit/s in B/s
constexpr double MiB = 1048576;
} // namespace

TEST_CASE("a one-way message on one switch takes L + k/B, the LogGP time with G = 1/B", "[sim]")
{
    // 002 §3 and LogGPMath.h: T = o_s + (k-1)G + L + o_r. Two links of 5 us,
    // no switch latency: L = 10 us; G = 1/125e6 s/B; k = 1 MiB.
    //   flow level: 10e-6 + 1048576 / 125e6 = 10e-6 + 8.388608e-3 = 8.398608e-3 s
    //   LogGP:      10e-6 + 1048575 / 125e6 = 8.398600e-3 s (one byte less)
    const SimResult r = runSimulation(star(2, GigE, 5e-6), oneWay(MiB));
    CHECK(r.total == Approx(8.398608e-3).epsilon(1e-9));
    CHECK(r.total == Approx(8.398600e-3).epsilon(0.01));
    REQUIRE(r.phaseTimes.size() == 1);
    CHECK(r.phaseTimes[0] == Approx(r.total));
}

TEST_CASE("host overheads and switch latency add to a message", "[sim]")
{
    // o_s = 3 us, o_r = 4 us, links 1 us each, switch 2 us, k = 125000 B:
    // 3e-6 + (1e-6 + 2e-6 + 1e-6) + 125000 / 125e6 + 4e-6 = 11e-6 + 1e-3 = 1.011e-3 s
    const SimResult r = runSimulation(star(2, GigE, 1e-6, 2e-6), oneWay(125000, {3e-6, 4e-6}));
    CHECK(r.total == Approx(1.011e-3).epsilon(1e-9));
}

TEST_CASE("a ping-pong is two one-way messages", "[sim]")
{
    // 3 round trips of 1 MiB, L = 10 us: 6 x 8.398608e-3 = 50.391648e-3 s
    const SimResult r = runSimulation(star(2, GigE, 5e-6), pingPong(MiB, 3));
    CHECK(r.total == Approx(50.391648e-3).epsilon(1e-9));
}

TEST_CASE("the PRTT train is paced by the link, the reply is one empty message", "[sim]")
{
    // PRTT(n = 4, d = 0, k = 125000 B), L = 0: the four messages share the
    // link, so the train ends after 4 x 125000 / 125e6 = 4e-3 s; the 0-byte
    // reply takes no time (L = 0).
    const SimResult r = runSimulation(star(2, GigE, 0.0), prtt(4, 125000));
    REQUIRE(r.phaseTimes.size() == 2);
    CHECK(r.phaseTimes[0] == Approx(4e-3).epsilon(1e-9));
    CHECK(r.phaseTimes[1] == Approx(0.0).margin(1e-12));
}

TEST_CASE("the FFT transpose's all-to-all on one switch agrees with 000 eq. (8)", "[sim]")
{
    // 000 eq. (8): T_dfg = ((P - 1) S / P) / bw_cn. P = 8, S/P = 1 MiB
    // blocks, bw = 125e6 B/s, no latency: 7 x 8.388608e-3 = 58.720256e-3 s.
    // Pairwise exchange: each round every host sends one block and receives
    // one over its full-duplex link, and the switch does not block.
    const SimResult r = runSimulation(star(8, GigE, 0.0), allToAll(8, MiB));
    CHECK(r.total == Approx(58.720256e-3).epsilon(1e-9));
    // Linear: all 7 blocks posted at once share each host's link: the same.
    const SimResult lin = runSimulation(star(8, GigE, 0.0), allToAll(8, MiB, false));
    CHECK(lin.total == Approx(58.720256e-3).epsilon(1e-9));
}

TEST_CASE("a card slower than the link sets the all-to-all's rate", "[sim]")
{
    // bw_cn = 90 MiB/s = 94371840 B/s < 125e6 B/s: 7 x 1048576 / 94371840 =
    // 7 / 90 = 77.777...e-3 s (000 eq. (8) with the card's rate).
    SimOptions o;
    o.hostCap = 90 * MiB;
    const SimResult r = runSimulation(star(8, GigE, 0.0), allToAll(8, MiB), o);
    CHECK(r.total == Approx(7.0 / 90.0).epsilon(1e-9));
}

TEST_CASE("an all-to-all on an oversubscribed tree is slower than the bisection-free estimate", "[sim]")
{
    // Two leaves of 4 hosts joined by one up-link each (4:1). The
    // bisection-free estimate (000 eq. (8), every host at its link rate) is
    // 7 blocks: 7 x 8.388608e-3 = 58.72e-3 s. In the pairwise exchange, round
    // r sends min(r, 8 - r) blocks from leaf 0 to leaf 1 (1+2+3+4+3+2+1 = 16
    // over the 7 rounds), and one up-link carries them one after another at
    // best: T >= 16 x 8.388608e-3 = 134.2e-3 s, i.e. >= 16/7 = 2.29 x the
    // estimate. The papers' direction: congestion makes it slower.
    const double estimate = 7 * MiB / GigE;
    const SimResult r = runSimulation(oversubscribedTree(4, GigE), allToAll(8, MiB));
    CHECK(r.total >= 16 * MiB / GigE * (1 - 1e-9));
    CHECK(r.total / estimate > 2.28);
    // The same pattern on one switch (full bisection) meets the estimate.
    CHECK(runSimulation(star(8, GigE, 0.0), allToAll(8, MiB)).total == Approx(estimate).epsilon(1e-9));
}

TEST_CASE("token exchange on one shared 10 Mbit/s segment: throughput stays flat as tokens in flight grow", "[sim]")
{
    // 004 §3, Fig. 1: contention serialises the transfers, so the aggregate
    // throughput does not grow with the tokens in flight. A contention-free
    // estimate gives every pair the whole segment: t x 1.25e6 B/s.
    // One pair, 8192-byte token, 5 round trips: 10 transfers of 8192 /
    // 1.25e6 = 6.5536e-3 s = 65.536e-3 s; throughput 10 x 8192 / 65.536e-3 =
    // 1.25e6 B/s. With t pairs each transfer gets 1/t of the segment, so the
    // run takes t x 65.536e-3 s and the aggregate stays 1.25e6 B/s: the
    // simulated / estimated ratio is 1/t.
    const double seg = 1.25e6;
    for (int tokens : {1, 2, 4, 8}) {
        std::vector<std::pair<std::size_t, std::size_t>> pairs;
        for (int p = 0; p < tokens; ++p)
            pairs.emplace_back(2 * p, 2 * p + 1);
        const SimResult r = runSimulation(bus(16, seg), tokenExchange(pairs, 8192, 5));
        const double aggregate = tokens * 10 * 8192 / r.total;
        const double contentionFree = tokens * seg;
        INFO("tokens in flight " << tokens);
        CHECK(r.total == Approx(tokens * 65.536e-3).epsilon(1e-9));
        CHECK(aggregate == Approx(seg).epsilon(1e-9));
        CHECK(aggregate / contentionFree == Approx(1.0 / tokens).epsilon(1e-9));
    }
}

TEST_CASE("token exchange with a host turnaround: the hosts' time adds to each token's", "[sim]")
{
    // The turnaround p t_host = 3 ms per token at the answering end. One pair, 8192-byte token, 5 round
    // trips: 10 x (8192 / 1.25e6 + 3e-3) = 10 x (6.5536 + 3) ms = 95.536e-3 s, mesh.routing's
    // p (t_1 + t_host) per token. Four pairs started together stay in step: each transfer takes
    // 4 x 6.5536 = 26.2144 ms, then all four turn around at once: 10 x 29.2144 ms = 292.144e-3 s. The
    // analytic T_L = max(p c t_1, p (t_1 + t_host)) = 26.2144 ms assumes pairs out of step, whose
    // turnarounds hide behind the others' transfers; the simulation is the in-step bound.
    const double seg = 1.25e6;
    const SimResult one = runSimulation(bus(16, seg), tokenExchange({{0, 1}}, 8192, 5, {}, 3e-3));
    CHECK(one.total == Approx(95.536e-3).epsilon(1e-9));
    const SimResult four =
        runSimulation(bus(16, seg), tokenExchange({{0, 1}, {2, 3}, {4, 5}, {6, 7}}, 8192, 5, {}, 3e-3));
    CHECK(four.total == Approx(292.144e-3).epsilon(1e-9));
}

TEST_CASE("binomial broadcast and recursive doubling take the LogGP step counts", "[sim]")
{
    // LogGPMath.h: bcast = ceil(log2 P) x oneWay, allreduce = (log2 P' + 2 if
    // P != P') x oneWay. Links 5 us (L = 10 us), k = 125000 B:
    // oneWay = 10e-6 + 1e-3 = 1.01e-3 s.
    const double one = 1.01e-3;
    CHECK(runSimulation(star(8, GigE, 5e-6), binomialBroadcast(8, 125000)).total == Approx(3 * one).epsilon(1e-9));
    CHECK(runSimulation(star(6, GigE, 5e-6), binomialBroadcast(6, 125000)).total == Approx(3 * one).epsilon(1e-9));
    // P = 8: 3 exchange steps; each host sends and receives one message a
    // step over its full-duplex link: 3 x 1.01e-3.
    CHECK(runSimulation(star(8, GigE, 5e-6), recursiveDoubling(8, 125000)).total == Approx(3 * one).epsilon(1e-9));
    // P = 6 (001 §4.3.2: 4 steps): hand over, 2 exchanges, hand back.
    const SimResult r6 = runSimulation(star(6, GigE, 5e-6), recursiveDoubling(6, 125000));
    CHECK(r6.total == Approx(4 * one).epsilon(1e-9));
    CHECK(r6.phaseTimes.size() == 4);
}

TEST_CASE("the sort's bucket exchange moves each bucket once", "[sim]")
{
    // Three hosts; host 0 sends 2 MB to host 1 and nothing else: 2e6 / 125e6
    // = 16e-3 s, while 1 -> 2 and 2 -> 0 carry 1 MB (8e-3 s) in parallel.
    const SimResult r =
        runSimulation(star(3, GigE, 0.0), bucketExchange({{0, 2e6, 0}, {0, 0, 1e6}, {1e6, 0, 0}}));
    CHECK(r.total == Approx(16e-3).epsilon(1e-9));
}

TEST_CASE("bad simulation input is refused with a sentence naming it", "[sim]")
{
    CHECK_THROWS_WITH(allToAll(0, 1), Catch::Contains("P = 0"));
    CHECK_THROWS_WITH(oneWay(-1), Catch::Contains("message size = -1"));
    CHECK_THROWS_WITH(oneWay(1, {-1e-6, 0}), Catch::Contains("o_s = -1e-06"));
    CHECK_THROWS_WITH(tokenExchange({{0, 1}, {1, 2}}, 8, 1), Catch::Contains("pair (1, 2)"));
    CHECK_THROWS_WITH(tokenExchange({{0, 0}}, 8, 1), Catch::Contains("participants = 1"));
    CHECK_THROWS_WITH(runSimulation(star(4, GigE, 0), allToAll(8, 1)), Catch::Contains("has 4 hosts"));
    SimOptions o;
    o.networkModel = "XYZ";
    CHECK_THROWS_WITH(runSimulation(star(2, GigE, 0), oneWay(1), o), Catch::Contains("network model = 'XYZ'"));
    o = {};
    o.segmentEfficiency = 0;
    CHECK_THROWS_WITH(runSimulation(star(2, GigE, 0), oneWay(1), o), Catch::Contains("segment efficiency = 0"));
}

TEST_CASE("a simulation is cancelled and times out without harming the caller", "[sim]")
{
    // A large all-to-all (64 hosts, 4032 messages) runs long enough to stop.
    std::atomic<bool> cancel{true};
    SimOptions o;
    o.cancel = &cancel;
    CHECK_THROWS_WITH(runSimulation(star(64, GigE, 0), allToAll(64, MiB), o), "the simulation was cancelled");
    // A limit of 1 ms cannot hold 4032 messages (starting the child alone takes longer).
    SimOptions limit;
    limit.timeoutSeconds = 1e-3;
    CHECK_THROWS_WITH(runSimulation(star(64, GigE, 0), allToAll(64, MiB), limit),
                      Catch::Contains("longer than its limit of 0.001 s"));
    // The caller goes on simulating afterwards.
    CHECK(runSimulation(star(2, GigE, 0.0), oneWay(125e6)).total == Approx(1.0).epsilon(1e-9));
}

TEST_CASE("a simulation that crashes or throws is an error, and the caller goes on", "[sim]")
{
    SimOptions crash;
    crash.inChild = [] { std::abort(); };
    CHECK_THROWS_WITH(runSimulation(star(2, GigE, 0.0), oneWay(1), crash),
                      Catch::StartsWith("the simulation crashed (signal 6"));
    SimOptions thrower;
    thrower.inChild = [] { throw std::runtime_error("no platform today"); };
    CHECK_THROWS_WITH(runSimulation(star(2, GigE, 0.0), oneWay(1), thrower), "simulation: no platform today");
    CHECK(runSimulation(star(2, GigE, 0.0), oneWay(125e6)).total == Approx(1.0).epsilon(1e-9));
}
