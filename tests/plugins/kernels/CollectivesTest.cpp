// The collectives among P ranks, as threads of this process on loopback: the schedules are MPICH's (derived
// by hand below), the results are right (the kernel checks them every repetition and would throw), and every
// rank holds the same per-collective series.
#include "KernelTestSupport.h"

#include "cs/probe/Collectives.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

namespace {

std::vector<CollectivesResult> runRanks(std::uint32_t P, std::uint64_t bytes, bool pairwise,
                                        std::vector<std::string>& errs)
{
    return runGroup<CollectivesResult>(
        P,
        [&](Listener& own, const std::vector<SocketAddress>& peers, std::uint32_t r) {
            CollectivesParams p;
            p.peers = peers;
            p.rank = r;
            p.bytes = bytes;
            p.pairwise = pairwise;
            p.reps = RepBudget{1, 5, 1, 0};
            p.setupTimeout_s = 10;
            RunControl rc = quickControl();
            rc.token = "t";
            return runTcpCollectives(own, p, rc);
        },
        errs);
}

} // namespace

TEST_CASE("the binomial broadcast tree is MPICH's", "[kernels][collectives]")
{
    // P = 8: the root sends to 0 + 4, 0 + 2, 0 + 1 (largest first); rank 4 (lowest bit 4) to 6 and 5;
    // rank 6 (lowest bit 2) to 7; odd ranks are leaves. Parents: r - lowbit(r).
    CHECK(binomialChildren(0, 8) == std::vector<std::uint32_t>{4, 2, 1});
    CHECK(binomialChildren(4, 8) == std::vector<std::uint32_t>{6, 5});
    CHECK(binomialChildren(6, 8) == std::vector<std::uint32_t>{7});
    CHECK(binomialChildren(5, 8).empty());
    CHECK(binomialParent(0) == -1);
    CHECK(binomialParent(6) == 4);
    CHECK(binomialParent(7) == 6);
    CHECK(binomialParent(3) == 2);
    // P = 6: 4 + 2 = 6 is past the end, so rank 4 sends to 5 only; the root still sends ceil(log2 6) = 3.
    CHECK(binomialChildren(0, 6) == std::vector<std::uint32_t>{4, 2, 1});
    CHECK(binomialChildren(4, 6) == std::vector<std::uint32_t>{5});
    CHECK(binomialChildren(2, 6) == std::vector<std::uint32_t>{3});
}

TEST_CASE("recursive doubling pairs ranks as MPICH does, with hand-overs when P is not a power of two",
          "[kernels][collectives]")
{
    // P = 8: no hand-over; rank 5 exchanges with 5^1 = 4, 5^2 = 7, 5^4 = 1 (3 steps, 001 §4.3.2).
    CHECK(doublingPartners(5, 8) == std::vector<std::uint32_t>{4, 7, 1});
    CHECK(doublingHandover(5, 8) == -1);
    // P = 6: P' = 4, rem = 2. Ranks 0 and 2 hand their data to 1 and 3 and sit out; new ranks 1 -> 0, 3 -> 1,
    // 4 -> 2, 5 -> 3. New rank 0 exchanges with 1 (rank 1 * 2 + 1 = 3) and 2 (rank 2 + 2 = 4); new rank 3 with
    // 2 (rank 4) and 1 (rank 3). 2 exchange steps + 2 hand-overs = the block's 4 steps for 6 hosts.
    CHECK(doublingPartners(0, 6).empty());
    CHECK(doublingHandover(0, 6) == 1);
    CHECK(doublingHandover(1, 6) == 0);
    CHECK(doublingPartners(1, 6) == std::vector<std::uint32_t>{3, 4});
    CHECK(doublingPartners(5, 6) == std::vector<std::uint32_t>{4, 3});
    CHECK(doublingHandover(4, 6) == -1);
}

TEST_CASE("three and four ranks run every collective, pairwise and linear, and agree on every series",
          "[kernels][collectives]")
{
    for (std::uint32_t P : {3u, 4u})
        for (bool pairwise : {true, false}) {
            INFO("P = " << P << (pairwise ? " pairwise" : " linear"));
            std::vector<std::string> errs;
            // 1000 bytes: 125 doubles to sum, and blocks that are not one segment's worth.
            const auto res = runRanks(P, 1000, pairwise, errs);
            for (const auto& e : errs)
                CHECK(e.empty());
            for (std::uint32_t r = 0; r < P; ++r) {
                CHECK(res[r].P == P);
                CHECK(res[r].kept == 5);
                CHECK(res[r].bcast.samples.size() == 5);
                CHECK(res[r].bcast.samples == res[0].bcast.samples);
                CHECK(res[r].allreduce.samples == res[0].allreduce.samples);
                CHECK(res[r].barrier.samples == res[0].barrier.samples);
                CHECK(res[r].alltoall.samples == res[0].alltoall.samples);
            }
            CHECK(ordered(res[0].alltoall));
        }
}

TEST_CASE("collectives parameters out of bounds are refused, naming the field", "[kernels][collectives]")
{
    CollectivesParams p;
    p.peers.resize(4);
    CHECK(p.validate().empty());
    p.bytes = 12;
    CHECK(p.validate() == "bytes = 12 must be in [8, 2^26] and a multiple of 8 (the allreduce sums doubles)");
    p.bytes = 8;
    p.reps.minReps = 2000;
    CHECK(p.validate() == "minReps = 2000 must be in [1, repetitions = 1000]");
    p.peers.resize(1);
    CHECK(p.validate() == "peers lists 1 ranks; the collectives need 2 to 1024");
}
