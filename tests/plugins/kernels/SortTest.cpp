// Bucket sort and Count Sort (000 §3.2): hand-worked small cases and a timed run.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("bucket sort distributes by key range, stably", "[kernels][sort]")
{
    // range 10, 2 buckets: bucket = key * 2 / 10 -> 5:1, 1:0, 9:1, 3:0, 7:1, 0:0
    const std::vector<std::uint32_t> in = {5, 1, 9, 3, 7, 0};
    std::vector<std::uint32_t> out(in.size());
    std::vector<std::size_t> starts;
    bucketSort(in.data(), out.data(), in.size(), 2, 10, starts);
    CHECK(out == std::vector<std::uint32_t>{1, 3, 0, 5, 9, 7}); // input order kept inside each bucket
    CHECK(starts == std::vector<std::size_t>{0, 3, 6});
}

TEST_CASE("count sort orders keys of a sub-range", "[kernels][sort]")
{
    // keys in [10, 15): histogram of 5 counters.
    std::vector<std::uint32_t> k = {13, 10, 14, 13, 11};
    std::vector<std::uint32_t> hist;
    countSort(k.data(), k.size(), 10, 5, hist);
    CHECK(k == std::vector<std::uint32_t>{10, 11, 13, 13, 14});
    CHECK(hist.size() >= 5);
}

TEST_CASE("the sort kernel sorts, verifies and reports per-key costs", "[kernels][sort]")
{
    SortParams p;
    p.keys = 100000;
    p.buckets = 16;
    p.warmups = 1;
    p.repetitions = 3;
    const SortResult r = runSort(p);
    CHECK(r.verified);
    CHECK(r.keyRange == 100000); // keyRange 0 means a dense range of `keys` values
    CHECK(r.countSortTime.count == 3);
    CHECK(saneTime(r.countSortTime.median));
    CHECK(saneTime(r.bucketTime.median));
    CHECK(r.t_countsort == Approx(r.countSortTime.median / 100000));
    CHECK(r.t_bucket == Approx(r.bucketTime.median / 100000));
    CHECK(r.countSortRate == Approx(1.0 / r.t_countsort));
}

TEST_CASE("bucket sort over the full 32-bit key range does not overflow", "[kernels][sort]")
{
    // range 2^32, 2 buckets: bucket = key * 2 / 2^32, i.e. the top bit of the key.
    // 0xFFFFFFFF -> 1, 0 -> 0, 0x80000000 -> 1, 0x7FFFFFFF -> 0
    const std::vector<std::uint32_t> in = {0xFFFFFFFFu, 0u, 0x80000000u, 0x7FFFFFFFu};
    std::vector<std::uint32_t> out(in.size());
    std::vector<std::size_t> starts;
    bucketSort(in.data(), out.data(), in.size(), 2, 1ull << 32, starts);
    CHECK(out == std::vector<std::uint32_t>{0u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0x80000000u});
    CHECK(starts == std::vector<std::size_t>{0, 2, 4});
}

TEST_CASE("sort over a sparse key range with many buckets", "[kernels][sort]")
{
    // 2^26 key values over 2^14 buckets: 4096 counters per bucket, 2^26 counter visits per repetition.
    SortParams p;
    p.keys = 20000;
    p.buckets = 1u << 14;
    p.keyRange = 1ull << 26;
    p.repetitions = 1;
    p.warmups = 0;
    const SortResult r = runSort(p);
    CHECK(r.verified);
    CHECK(r.keyRange == 1ull << 26);
}

TEST_CASE("sort parameters out of bounds are rejected", "[kernels][sort]")
{
    SortParams p;
    CHECK(p.validate().empty());
    p.keys = 100;
    p.buckets = 128;
    CHECK(p.validate() == "buckets = 128 must not exceed the key range 100");
    p.keyRange = (1ull << 32) + 1;
    CHECK(p.validate() == "keyRange = 4294967297 must be 0 (= keys) or in [1, 2^32]");
    p.keyRange = 0;
    p.keys = 0;
    CHECK(p.validate() == "keys = 0 must be in [1, 2^31]");
}
