// The parallel integer sort among P ranks, as threads of this process on loopback: the keys end sorted
// across the ranks (the kernel checks it and would throw), no key is lost, every rank holds the same
// per-phase series, and no phase exceeds its repetition.
#include "KernelTestSupport.h"

#include "cs/probe/ParallelSort.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("three ranks sort keys that P does not divide, pairwise and linear", "[kernels][parallelsort]")
{
    for (bool pairwise : {true, false}) {
        INFO((pairwise ? "pairwise" : "linear"));
        std::vector<std::string> errs;
        const auto res = runGroup<ParallelSortResult>(
            3,
            [&](Listener& own, const std::vector<SocketAddress>& peers, std::uint32_t r) {
                ParallelSortParams p;
                p.peers = peers;
                p.rank = r;
                p.keys = 30001; // 10001, 10000, 10000 keys
                p.buckets = 16;
                p.pairwise = pairwise;
                p.reps = RepBudget{1, 3, 1, 0};
                p.setupTimeout_s = 10;
                RunControl rc = quickControl();
                rc.token = "t";
                return runTcpParallelSort(own, p, rc);
            },
            errs);
        for (const auto& e : errs)
            CHECK(e.empty());
        std::uint64_t total = 0;
        for (std::uint32_t r = 0; r < 3; ++r) {
            CHECK(res[r].verified);
            CHECK(res[r].kept == 3);
            CHECK(res[r].buckets == 16);
            total += res[r].keysHere;
            CHECK(res[r].T.samples == res[0].T.samples);
            CHECK(res[r].xchg.samples == res[0].xchg.samples);
        }
        CHECK(total == 30001);
        // Every rank's repetition contains each of its phases, so the maxima keep that order.
        for (std::size_t i = 0; i < res[0].T.samples.size(); ++i)
            for (const Summary* s : {&res[0].bucket1, &res[0].xchg, &res[0].bucket2, &res[0].count})
                CHECK(s->samples[i] <= res[0].T.samples[i]);
    }
}

TEST_CASE("the bucket passes and the count sort are cpu.sort's, with an offset key range", "[kernels][parallelsort]")
{
    // Keys 10..17 of the range [10, 18) into 2 buckets: (key - 10) * 2 / 8 puts 10..13 in bucket 0, 14..17 in 1.
    const std::vector<std::uint32_t> in{17, 10, 14, 13, 11, 16, 12, 15};
    std::vector<std::uint32_t> out(in.size());
    std::vector<std::size_t> starts;
    bucketSort(in.data(), out.data(), in.size(), 2, 8, starts, 10);
    CHECK(starts == std::vector<std::size_t>{0, 4, 8});
    CHECK(out == std::vector<std::uint32_t>{10, 13, 11, 12, 17, 14, 16, 15}); // stable within a bucket
    std::vector<std::uint32_t> histogram;
    countSortBuckets(out.data(), starts, 2, 10, 8, histogram);
    CHECK(out == std::vector<std::uint32_t>{10, 11, 12, 13, 14, 15, 16, 17});
    // Bounds of 3 ranks over 30001 keys: ceil(r 30001 / 3) = 0, 10001, 20001, 30001.
    CHECK(bucketBound(1, 3, 30001) == 10001);
    CHECK(bucketBound(2, 3, 30001) == 20001);
    CHECK(bucketBound(3, 3, 30001) == 30001);
}

TEST_CASE("parallel sort parameters out of bounds are refused, naming the field", "[kernels][parallelsort]")
{
    ParallelSortParams p;
    p.peers.resize(4);
    CHECK(p.validate().empty());
    p.keys = 3;
    CHECK(p.validate() == "keys = 3 must be in [P = 4, 2^31]");
    p.keys = 400;
    p.buckets = 101;
    CHECK(p.validate() == "buckets = 101 must be in [1, 2^24] and at most keys / P = 100");
    p.buckets = 100;
    p.keys = 1ull << 30;
    CHECK(p.validate() == "keys = 1073741824 gives 268435456 keys per rank; at most 2^27");
}
