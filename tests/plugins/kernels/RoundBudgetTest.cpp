// RoundBudget's rule and RunEstimate's arithmetic, by hand, and the budget in a real ping-pong over loopback
// (structure only: which sizes ran and how many rounds, never how long they took).
#include "KernelTestSupport.h"

#include "cs/probe/RoundBudget.h"
#include "cs/probe/RunEstimate.h"
#include "cs/probe/SizeSweep.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("RoundBudget: warm-ups shrink in proportion, the fewest rounds keep min_reps, batches fill the budget",
          "[kernels][budget]")
{
    // 10 warm-ups + 100 repetitions planned (calibration's ping-pong plan), 1 s per size, at least 3 kept.
    const RoundBudget b(1.0, 10, 100, 3);
    CHECK(b.planned() == 110);
    CHECK(b.discarded(0) == 0);
    CHECK(b.discarded(4) == 1);    // 4 x 10 / 110 = 0.36 -> at least 1 when warm-ups were planned
    CHECK(b.discarded(11) == 1);   // 11 x 10 / 110 = 1
    CHECK(b.discarded(55) == 5);   // 55 x 10 / 110 = 5
    CHECK(b.discarded(110) == 10); // all planned: all warm-ups
    // 3 rounds keep 3 - 1 = 2 < 3; 4 keep 4 - 1 = 3.
    CHECK(b.fewest() == 4);

    CHECK(b.nextBatch({}, 0.0) == 1); // the first round alone, to time it
    // One round of 0.3 s: 3 more are needed for 3 kept; 0.7 s left fits floor(0.7 / 0.3) = 2; max(3, 2) = 3.
    CHECK(b.nextBatch({0.3}, 0.3) == 3);
    // Four rounds (0.5 s, then 0.1 s each: the mean after the first is 0.1 s), 0.75 s spent:
    // floor(0.25 / 0.1) = 2 more fit.
    CHECK(b.nextBatch({0.5, 0.1, 0.1, 0.1}, 0.75) == 2);
    // Budget spent with 3 kept: done. Budget spent with only 2 kept: one more anyway.
    CHECK(b.nextBatch({0.5, 0.1, 0.1, 0.1}, 1.0) == 0);
    CHECK(b.nextBatch({0.9, 0.9, 0.9}, 2.7) == 1);

    // Skipping: the previous size's round scaled by the size ratio against the budget.
    CHECK(b.skip(4096, 1024, 0.3));        // 0.3 x 4 = 1.2 s > 1 s
    CHECK_FALSE(b.skip(2048, 1024, 0.3));  // 0.3 x 2 = 0.6 s
    CHECK_FALSE(b.skip(4096, 0, 0.0));     // nothing run yet

    // No budget: every planned round in one batch, all warm-ups discarded, nothing skipped.
    const RoundBudget none(0.0, 10, 100, 3);
    CHECK(none.nextBatch({}, 0.0) == 110);
    CHECK(none.discarded(110) == 10);
    CHECK_FALSE(none.skip(1u << 30, 1, 1e6));
}

TEST_CASE("RoundBudget: LogGP's rounds per size from the cost of the sizes before", "[kernels][budget]")
{
    // mpi.loggp's calibration plan: 3 warm-ups + 20 kept, 0.5 s per size, at least 3 kept.
    const RoundBudget b(0.5, 3, 20, 3);
    CHECK(b.fewest() == 4); // 3 kept after 1 warm-up
    CHECK(b.roundsFor({}, 1) == 23); // nothing run yet: the plan
    // One size run, 1024 B at 2 ms a round: 4096 B is predicted at 2 ms x 4 = 8 ms; 0.5 / 0.008 = 62.5 > 23.
    CHECK(b.roundsFor({{1024, 0.002}}, 4096) == 23);
    // A line through the last two: (1 MiB, 50 ms), (2 MiB, 100 ms) -> 4 MiB at 100 + 50 x 2 = 200 ms;
    // floor(0.5 / 0.2) = 2, raised to the fewest, 4.
    CHECK(b.roundsFor({{1048576, 0.05}, {2097152, 0.1}}, 4194304) == 4);
    // (64 KiB, 10 ms), (128 KiB, 20 ms) -> 256 KiB at 20 + 10 x 2 = 40 ms; floor(0.5 / 0.04) = 12.
    CHECK(b.roundsFor({{65536, 0.01}, {131072, 0.02}}, 262144) == 12);
    // A falling line is never below the last size's cost: (1 KiB, 9 ms), (2 KiB, 5 ms) -> 5 ms, 100 > 23.
    CHECK(b.roundsFor({{1024, 0.009}, {2048, 0.005}}, 4096) == 23);
    // No budget: the plan, whatever the cost.
    CHECK(RoundBudget(0.0, 3, 20, 3).roundsFor({{1048576, 10.0}}, 4194304) == 23);
}

TEST_CASE("RunEstimate: ping-pong and LogGP times from the plan and the link, by hand", "[kernels][budget]")
{
    // A link of 2^20 B/s and no latency: t(s) = s / 2^20, so every round below is an exact binary fraction.
    LinkModel link;
    link.bandwidth = 1048576.0;
    link.latency = 0.0;

    PingPongParams pp;
    pp.sizes = {1024, 16384, 131072, 1048576};
    pp.warmups = 10;
    pp.repetitions = 100;
    pp.budget_s = 1.0;
    pp.minRepetitions = 3;
    const RunEstimate e = estimatePingPong(pp, link);
    REQUIRE(e.sizes.size() == 4);
    // 1 KiB: round 2 x 1024 / 2^20 = 1/512 s; all 110 fit (512 would): 110 / 512 = 0.21484375 s.
    CHECK(e.sizes[0].rounds == 110);
    CHECK(e.sizes[0].seconds == Approx(0.21484375));
    // 16 KiB: round 1/32 s; 32 fit in 1 s (between fewest 4 and 110): 1 s.
    CHECK(e.sizes[1].rounds == 32);
    CHECK(e.sizes[1].seconds == Approx(1.0));
    // 128 KiB: predicted 1/32 x 8 = 0.25 s <= 1 s, so it runs; round 0.25 s, 4 fit (= fewest): 1 s.
    CHECK(e.sizes[2].rounds == 4);
    CHECK(e.sizes[2].seconds == Approx(1.0));
    // 1 MiB: predicted 0.25 x 8 = 2 s > 1 s: skipped.
    CHECK(e.sizes[3].rounds == 0);
    CHECK(e.seconds == Approx(2.21484375));

    LogGPParams lp;
    lp.sizes = {1024, 2048, 3072};
    lp.n = 10;
    lp.warmups = 5;
    lp.repetitions = 50;
    lp.budget_s = 0.5;
    lp.minRepetitions = 3;
    const RunEstimate g = estimateLogGP(lp, link);
    REQUIRE(g.sizes.size() == 3);
    // A round: PRTT(1,0,s) = 2 s/bw; PRTT(n,0,s) = (n+1) s/bw = 11 s/bw; PRTT(n,d,s) and the o_r round
    // 10 x 2 s/bw each: 2 + 11 + 40 = 53 s/bw.
    // 1 KiB: 53/1024 s, the first size runs all 55 rounds: 2915/1024 = 2.8466796875 s.
    CHECK(g.sizes[0].rounds == 55);
    CHECK(g.sizes[0].seconds == Approx(2.8466796875));
    // 2 KiB: 106/1024 = 0.103515625 s; floor(0.5 / 0.1035) = 4 = fewest (3 kept + 1 warm-up): 0.4140625 s.
    CHECK(g.sizes[1].rounds == 4);
    CHECK(g.sizes[1].seconds == Approx(0.4140625));
    // 3 KiB: 159/1024 = 0.1552734375 s; floor(3.2) = 3 < fewest 4, so 4: 0.62109375 s.
    CHECK(g.sizes[2].rounds == 4);
    CHECK(g.sizes[2].seconds == Approx(0.62109375));
    CHECK(g.seconds == Approx(2.8466796875 + 0.4140625 + 0.62109375)); // 3.8818359375 s
}

TEST_CASE("size sweeps: geometric and stepped", "[kernels][budget]")
{
    CHECK(geometricSizes(1024, 4194304, 4) ==
          std::vector<std::uint32_t>{1024, 4096, 16384, 65536, 262144, 1048576, 4194304});
    CHECK(geometricSizes(1000, 5000, 2) == std::vector<std::uint32_t>{1000, 2000, 4000, 5000});
    CHECK(steppedSizes(1, 4096, 1024) == std::vector<std::uint32_t>{1, 1024, 2048, 3072, 4096});
    CHECK(steppedSizes(1, 2500, 1024) == std::vector<std::uint32_t>{1, 1024, 2048, 2500});
}

TEST_CASE("TCP ping-pong under a time budget reports the rounds it ran and the sizes it skipped",
          "[kernels][pingpong][budget]")
{
    ServerThread server;
    PingPongParams p;
    p.sizes = {1, 1024, 65536};
    p.warmups = 10;
    p.repetitions = 100;
    p.minRepetitions = 3;
    SECTION("a budget far below one round trip: the first size runs its fewest rounds, the rest are skipped")
    {
        // 1 ns: spent after the first round, so the first size runs fewest() = 4 rounds (1 warm-up, 3 kept);
        // the next size's predicted round (a loopback round trip x 1024) is far above 1 ns.
        p.budget_s = 1e-9;
        std::vector<std::uint32_t> begun;
        p.onSize = [&](std::size_t, std::uint32_t s) { begun.push_back(s); };
        const PingPongResult r = runPingPongClient(server.endpoint(), p, quickControl());
        REQUIRE(r.sizes.size() == 1);
        CHECK(r.sizes[0].size == 1);
        CHECK(r.sizes[0].rounds == 4);
        CHECK(r.sizes[0].warmups == 1);
        CHECK(r.sizes[0].rtt.count == 3);
        CHECK(r.skipped == std::vector<std::uint32_t>{1024, 65536});
        CHECK(begun == std::vector<std::uint32_t>{1});
        const ServeResult sr = server.join();
        REQUIRE(sr.sessions.size() == 1);
        CHECK(sr.sessions[0].messages == 4); // the server echoed exactly the rounds the client asked for
    }
    SECTION("a budget of an hour: every planned round of every size")
    {
        p.budget_s = 3600;
        const PingPongResult r = runPingPongClient(server.endpoint(), p, quickControl());
        REQUIRE(r.sizes.size() == 3);
        for (const auto& s : r.sizes) {
            CHECK(s.rounds == 110);
            CHECK(s.warmups == 10);
            CHECK(s.rtt.count == 100);
        }
        CHECK(r.skipped.empty());
        const ServeResult sr = server.join();
        REQUIRE(sr.sessions.size() == 1);
        CHECK(sr.sessions[0].messages == 3 * 110);
    }
    SECTION("bad budgets are refused naming the field")
    {
        p.budget_s = -1;
        CHECK(p.validate() == "budget_s = -1 must be in [0, 3600] seconds");
        p.budget_s = 1;
        p.minRepetitions = 0;
        CHECK(p.validate() == "minRepetitions = 0 must be in [1, 1000000]");
    }
}
