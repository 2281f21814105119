#pragma once
// Count sort and bucket sort rates (000 §3.2: each processor bucket sorts its keys, then Count Sorts each
// cache-sized bucket, after Agarwal's "super scalar sort"). Gives T_countsort and the bucket costs per key
// t_bucket1 / t_bucket2 of the sort blocks.
//
// Keys are 32-bit unsigned, uniformly distributed in [0, keyRange) (000 §3.2 uses uniform synthetic keys),
// drawn from a fixed-seed generator. Per repetition, on a fresh copy of the keys:
//   1. bucket sort into `buckets` buckets by key range (bucket = key * buckets / keyRange): one counting pass
//      and one scatter pass (a stable distribution, the usual two-pass bucket sort); time T_bucket.
//   2. Count Sort of every bucket: count occurrences of each key value of the bucket's sub-range in a
//      ceil(keyRange / buckets)-entry histogram (sized to stay in cache when buckets is chosen as 000 says),
//      then write the keys back in order; time T_countsort.
// The output is checked to be sorted and a permutation of the input (by sum and count) on the last rep.
// Reported: T_countsort (s for all keys), t_countsort = T_countsort / keys (s/key), t_bucket = T_bucket / keys
// (s/key), and the rates keys/s.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct SortParams {
    /// Keys to sort (the per-processor key count E_init / P). Bounds [1, 2^31].
    std::uint64_t keys = 1u << 20;
    /// Buckets of the bucket sort. Bounds [1, 2^24], and <= keyRange.
    std::uint32_t buckets = 128;
    /// Key range: keys are uniform in [0, keyRange); 0 = keys (a dense range, like NAS IS). Bounds 0 or
    /// [1, 2^32].
    std::uint64_t keyRange = 0;
    /// Discarded and kept repetitions. Bounds [0, 1000] and [1, 100000].
    std::uint32_t warmups = 1;
    std::uint32_t repetitions = 10;
    /// Seed of the key generator (fixed so runs are comparable).
    std::uint64_t seed = 12345;
    int cpu = -1;

    std::string validate() const;
};

struct SortResult {
    std::uint64_t keys = 0;
    std::uint32_t buckets = 0;
    std::uint64_t keyRange = 0;
    Summary bucketTime;       ///< T_bucket, seconds for all keys
    Summary countSortTime;    ///< T_countsort, seconds for all keys
    double t_bucket = 0;      ///< bucketTime.median / keys, seconds per key
    double t_countsort = 0;   ///< countSortTime.median / keys, seconds per key
    double bucketRate = 0;    ///< keys / bucketTime.median, keys/s
    double countSortRate = 0; ///< keys / countSortTime.median, keys/s
    bool verified = false;    ///< output sorted and a permutation of the input
    Environment env;
};

SortResult runSort(const SortParams& params, const RunControl& rc = {});

/// The phases as plain functions (app.sort runs the same ones among P ranks; exposed for tests and benchmarks).
/// `n` keys uniform in [0, keyRange) from the fixed-seed generator (the high 64 bits of splitmix64 x keyRange).
std::vector<std::uint32_t> uniformKeys(std::size_t n, std::uint64_t keyRange, std::uint64_t seed);
/// Lowest key of bucket b when [0, range) is cut into `buckets` by key * buckets / range: ceil(b range / buckets).
std::uint64_t bucketBound(std::uint64_t b, std::uint32_t buckets, std::uint64_t range);
/// Bucket sort of `in` into `out` (same size) by (key - lo) * buckets / keyRange, keys in [lo, lo + keyRange);
/// `bucketStart` receives buckets + 1 offsets (bucket b is out[bucketStart[b] .. bucketStart[b+1])).
void bucketSort(const std::uint32_t* in, std::uint32_t* out, std::size_t n, std::uint32_t buckets,
                std::uint64_t keyRange, std::vector<std::size_t>& bucketStart, std::uint64_t lo = 0);
/// Count sort in place of keys[0..n) known to lie in [lo, lo + range); `histogram` is resized to range.
void countSort(std::uint32_t* keys, std::size_t n, std::uint64_t lo, std::uint64_t range,
               std::vector<std::uint32_t>& histogram);
/// Count Sort of every bucket that bucketSort(..., buckets, keyRange, bucketStart, lo) left in `keys`.
void countSortBuckets(std::uint32_t* keys, const std::vector<std::size_t>& bucketStart, std::uint32_t buckets,
                      std::uint64_t lo, std::uint64_t keyRange, std::vector<std::uint32_t>& histogram);

} // namespace cs::probe
