// Golden values for the LogP/LogGP formulas of model/blocks/loggp/LogGPMath.h,
// derived by hand. Sources:
//   LogP: 002_5a9fca780898fb85.txt §3 (o_s, o_r, L, g = 1/MessageRate)
//   LogGP (Alexandrov 1995): one-way T = o_s + (k-1)G + L + o_r
//   MPICH recursive doubling: 001_6f8c605996d22b4f.txt §4.3.2
//     ("steps ... is 2, 4, and 3, when the number of hosts is 4, 6, and 8")
#include "model/blocks/loggp/LogGPMath.h"

#include <catch2/catch.hpp>

using namespace cs::loggp;

namespace {

constexpr double us = 1e-6;

// Point A: L = 10 us, o_s = 2 us, o_r = 3 us, g = 4 us, G = 1 ns/B (1 GB/s).
const Params A{10 * us, 2 * us, 3 * us, 4 * us, 1e-9};
// Point B: L = 5 us, o_s = 1 us, o_r = 1 us, g = 2 us, G = 10 ns/B (100 MB/s).
const Params B{5 * us, 1 * us, 1 * us, 2 * us, 1e-8};
// Point C: o_s above g, so a train is paced by the send overhead.
const Params C{10 * us, 3 * us, 3 * us, 1 * us, 1e-9};

} // namespace

TEST_CASE("LogGP one-way and round-trip times", "[loggp][math]")
{
    // LogGP one-way: T = o_s + (k-1)G + L + o_r.
    // A, k = 1: 2 + 0 + 10 + 3 = 15 us (the LogP short message, 002 §3)
    CHECK(oneWay(A, 1) == Approx(15 * us));
    // A, k = 0: an empty control message costs as a 1-byte one: 15 us
    CHECK(oneWay(A, 0) == Approx(15 * us));
    // A, k = 1001: 2 + 1000 * 1 ns (= 1 us) + 10 + 3 = 16 us
    CHECK(oneWay(A, 1001) == Approx(16 * us));
    // B, k = 101: 1 + 100 * 10 ns (= 1 us) + 5 + 1 = 8 us
    CHECK(oneWay(B, 101) == Approx(8 * us));

    // Round trip of an echo (002 §4): 2 * one-way.
    // A, k = 1001: 2 * 16 = 32 us;  B, k = 101: 2 * 8 = 16 us
    CHECK(roundTrip(A, 1001) == Approx(32 * us));
    CHECK(roundTrip(B, 101) == Approx(16 * us));
}

TEST_CASE("LogGP trains are paced by max(g, o_s, (k-1)G)", "[loggp][math]")
{
    // g-limited.  A, k = 1: max(4, 2, 0) = 4 us
    CHECK(trainInterval(A, 1) == Approx(4 * us));
    // G-limited.  A, k = 10001: (k-1)G = 10000 * 1 ns = 10 us; max(4, 2, 10) = 10 us
    CHECK(trainInterval(A, 10001) == Approx(10 * us));
    // o_s-limited. C, k = 1001: max(g = 1, o_s = 3, 1000 * 1 ns = 1) = 3 us
    CHECK(trainInterval(C, 1001) == Approx(3 * us));

    // Train of n messages: (n-1) * interval + one-way.
    // A, k = 1001, n = 5: interval max(4, 2, 1) = 4; 4 * 4 + 16 = 32 us
    CHECK(trainTime(A, 1001, 5) == Approx(32 * us));
    // B, k = 1001, n = 10: interval max(2, 1, 1000 * 10 ns = 10) = 10;
    // one-way 1 + 10 + 5 + 1 = 17; 9 * 10 + 17 = 107 us
    CHECK(trainTime(B, 1001, 10) == Approx(107 * us));
    // A single message is just the one-way time: 16 us.
    CHECK(trainTime(A, 1001, 1) == Approx(16 * us));
    CHECK(trainTime(A, 1001, 0) == 0.0);
}

TEST_CASE("binomial broadcast takes ceil(log2 P) steps", "[loggp][math]")
{
    // Hosts holding the data double each step: 1 -> 2 -> 4 -> 8 ...
    CHECK(bcastSteps(1) == 0);
    CHECK(bcastSteps(2) == 1);
    CHECK(bcastSteps(3) == 2);
    CHECK(bcastSteps(4) == 2);
    CHECK(bcastSteps(5) == 3);
    CHECK(bcastSteps(8) == 3);
    CHECK(bcastSteps(9) == 4);
    CHECK(bcastSteps(1024) == 10);
    CHECK(bcastSteps(1025) == 11);
    for (int p = 1; p <= 300; ++p) {
        int expected = 0;
        while ((1 << expected) < p)
            ++expected;
        CHECK(bcastSteps(p) == expected);
    }
}

TEST_CASE("MPICH recursive doubling: 2, 4 and 3 steps for 4, 6 and 8 hosts (001 §4.3.2)", "[loggp][math]")
{
    // 001_6f8c605996d22b4f.txt §4.3.2: "The number of communication steps in these
    // experiments is 2, 4, and 3, when the number of hosts is 4, 6, and 8".
    CHECK(allreduceSteps(4) == 2); // P' = 4: log2 4 = 2
    CHECK(allreduceSteps(6) == 4); // P' = 4: log2 4 + 2 = 4
    CHECK(allreduceSteps(8) == 3); // P' = 8: log2 8 = 3
    CHECK(barrierSteps(4) == 2);
    CHECK(barrierSteps(6) == 4);
    CHECK(barrierSteps(8) == 3);
    // "the time of MMP with 6 hosts is the longest": more steps than 8 hosts.
    CHECK(allreduceSteps(6) > allreduceSteps(8));

    // Other counts by the same rule, log2 P' (+2 when P != P').
    CHECK(allreduceSteps(1) == 0);  // nothing to combine
    CHECK(allreduceSteps(2) == 1);  // log2 2
    CHECK(allreduceSteps(3) == 3);  // P' = 2: 1 + 2
    CHECK(allreduceSteps(5) == 4);  // P' = 4: 2 + 2
    CHECK(allreduceSteps(7) == 4);  // P' = 4: 2 + 2
    CHECK(allreduceSteps(16) == 4); // log2 16
    CHECK(allreduceSteps(17) == 6); // P' = 16: 4 + 2
    CHECK(allreduceSteps(1000) == 11); // P' = 512: 9 + 2
    CHECK(largestPowerOfTwoAtMost(1000) == 512);
    CHECK(largestPowerOfTwoAtMost(1024) == 1024);
}

TEST_CASE("all-to-all rounds: pairwise P-1, linear 1", "[loggp][math]")
{
    CHECK(alltoallSteps(1, AllToAll::Pairwise) == 0);
    CHECK(alltoallSteps(2, AllToAll::Pairwise) == 1);
    CHECK(alltoallSteps(6, AllToAll::Pairwise) == 5);
    CHECK(alltoallSteps(8, AllToAll::Pairwise) == 7);
    for (int p = 2; p <= 64; ++p)
        CHECK(alltoallSteps(p, AllToAll::Pairwise) == p - 1);
    CHECK(alltoallSteps(1, AllToAll::Linear) == 0);
    CHECK(alltoallSteps(8, AllToAll::Linear) == 1);
    CHECK(alltoallMessages(8) == 7);
    CHECK(alltoallMessages(1) == 0);
}

TEST_CASE("collective times are steps times message costs", "[loggp][math]")
{
    // A, k = 1001: one-way 16 us; empty message 15 us.
    SECTION("broadcast")
    {
        CHECK(bcastTime(A, 1001, 8) == Approx(48 * us)); // 3 steps * 16
        CHECK(bcastTime(A, 1001, 9) == Approx(64 * us)); // 4 steps * 16
        CHECK(bcastTime(B, 101, 16) == Approx(32 * us)); // 4 steps * 8
        CHECK(bcastTime(A, 1001, 1) == 0.0);
    }
    SECTION("allreduce")
    {
        CHECK(allreduceTime(A, 1001, 4) == Approx(32 * us)); // 2 * 16
        CHECK(allreduceTime(A, 1001, 6) == Approx(64 * us)); // 4 * 16
        CHECK(allreduceTime(A, 1001, 8) == Approx(48 * us)); // 3 * 16
        CHECK(allreduceTime(B, 101, 12) == Approx(40 * us)); // P' = 8: 3 + 2 = 5 steps * 8
    }
    SECTION("barrier")
    {
        CHECK(barrierTime(A, 6) == Approx(60 * us));  // 4 steps * 15
        CHECK(barrierTime(A, 8) == Approx(45 * us));  // 3 steps * 15
        CHECK(barrierTime(B, 12) == Approx(35 * us)); // 5 steps * (1 + 5 + 1)
    }
    SECTION("pairwise all-to-all")
    {
        CHECK(alltoallTime(A, 1001, 8, AllToAll::Pairwise) == Approx(112 * us)); // 7 * 16
        // k = 100001: 2 + 100000 * 1 ns (100 us) + 10 + 3 = 115 us; 3 * 115
        CHECK(alltoallTime(A, 100001, 4, AllToAll::Pairwise) == Approx(345 * us));
        CHECK(alltoallTime(B, 101, 4, AllToAll::Pairwise) == Approx(24 * us)); // 3 * 8
    }
    SECTION("linear all-to-all")
    {
        // slot = max(g, o_s + o_r, (k-1)G); time = (P-2) slot + one-way.
        // A, k = 1001, P = 8: slot max(4, 5, 1) = 5; 6 * 5 + 16 = 46 us
        CHECK(alltoallTime(A, 1001, 8, AllToAll::Linear) == Approx(46 * us));
        // A, k = 100001, P = 4: slot max(4, 5, 100) = 100; 2 * 100 + 115 = 315 us
        CHECK(alltoallTime(A, 100001, 4, AllToAll::Linear) == Approx(315 * us));
        // B, k = 101, P = 4: slot max(2, 2, 1) = 2; 2 * 2 + 8 = 12 us
        CHECK(alltoallTime(B, 101, 4, AllToAll::Linear) == Approx(12 * us));
    }
    SECTION("two hosts: both algorithms are one message; one host: nothing")
    {
        CHECK(alltoallTime(A, 1001, 2, AllToAll::Linear) == Approx(16 * us));
        CHECK(alltoallTime(A, 1001, 2, AllToAll::Pairwise) == Approx(16 * us));
        CHECK(alltoallTime(A, 1001, 1, AllToAll::Linear) == 0.0);
        CHECK(alltoallTime(A, 1001, 1, AllToAll::Pairwise) == 0.0);
    }
}
