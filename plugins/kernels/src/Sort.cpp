#include "cs/probe/Sort.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

__extension__ typedef unsigned __int128 U128;

std::uint64_t splitmix(std::uint64_t& s)
{
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

} // namespace

std::string SortParams::validate() const
{
    std::ostringstream os;
    const std::uint64_t range = keyRange == 0 ? keys : keyRange;
    if (keys < 1 || keys > (1ull << 31))
        os << "keys = " << keys << " must be in [1, 2^31]";
    else if (buckets < 1 || buckets > (1u << 24))
        os << "buckets = " << buckets << " must be in [1, 2^24]";
    else if (keyRange > (1ull << 32))
        os << "keyRange = " << keyRange << " must be 0 (= keys) or in [1, 2^32]";
    else if (buckets > range)
        os << "buckets = " << buckets << " must not exceed the key range " << range;
    else if (warmups > 1000)
        os << "warmups = " << warmups << " must be in [0, 1000]";
    else if (repetitions < 1 || repetitions > 100000)
        os << "repetitions = " << repetitions << " must be in [1, 100000]";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    return os.str();
}

std::vector<std::uint32_t> uniformKeys(std::size_t n, std::uint64_t keyRange, std::uint64_t seed)
{
    std::vector<std::uint32_t> keys(n);
    for (auto& k : keys)
        // Uniform in [0, range): the high 64 bits of a 64 x 64 product (no modulo bias worth measuring).
        k = static_cast<std::uint32_t>((static_cast<U128>(splitmix(seed)) * keyRange) >> 64);
    return keys;
}

// The smallest key with key * buckets / range >= b.
std::uint64_t bucketBound(std::uint64_t b, std::uint32_t buckets, std::uint64_t range)
{
    return (b * range + buckets - 1) / buckets;
}

void bucketSort(const std::uint32_t* in, std::uint32_t* out, std::size_t n, std::uint32_t buckets,
                std::uint64_t keyRange, std::vector<std::size_t>& bucketStart, std::uint64_t lo)
{
    bucketStart.assign(std::size_t(buckets) + 1, 0);
    // Pass 1: count keys per bucket (key < 2^32, buckets <= 2^24: the product fits in 64 bits).
    for (std::size_t i = 0; i < n; ++i)
        ++bucketStart[(std::uint64_t(in[i]) - lo) * buckets / keyRange + 1];
    for (std::size_t b = 1; b <= buckets; ++b)
        bucketStart[b] += bucketStart[b - 1];
    // Pass 2: scatter (stable).
    std::vector<std::size_t> fill(bucketStart.begin(), bucketStart.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
        out[fill[(std::uint64_t(in[i]) - lo) * buckets / keyRange]++] = in[i];
}

void countSort(std::uint32_t* keys, std::size_t n, std::uint64_t lo, std::uint64_t range,
               std::vector<std::uint32_t>& histogram)
{
    if (histogram.size() < range)
        histogram.resize(range);
    std::fill_n(histogram.begin(), range, 0u);
    for (std::size_t i = 0; i < n; ++i)
        ++histogram[keys[i] - lo];
    std::size_t k = 0;
    for (std::uint64_t v = 0; v < range; ++v) {
        const std::uint32_t key = static_cast<std::uint32_t>(lo + v);
        for (std::uint32_t c = histogram[v]; c > 0; --c)
            keys[k++] = key;
    }
}

void countSortBuckets(std::uint32_t* keys, const std::vector<std::size_t>& bucketStart, std::uint32_t buckets,
                      std::uint64_t lo, std::uint64_t keyRange, std::vector<std::uint32_t>& histogram)
{
    for (std::uint32_t b = 0; b < buckets; ++b) {
        const std::uint64_t from = bucketBound(b, buckets, keyRange), to = bucketBound(b + 1, buckets, keyRange);
        countSort(keys + bucketStart[b], bucketStart[b + 1] - bucketStart[b], lo + from, to - from, histogram);
    }
}

SortResult runSort(const SortParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "sort: " + bad);
    ScopedCpuPin pin(params.cpu);
    const std::size_t n = static_cast<std::size_t>(params.keys);
    const std::uint64_t range = params.keyRange == 0 ? params.keys : params.keyRange;
    const std::uint32_t B = params.buckets;
    SortResult result;
    result.keys = params.keys;
    result.buckets = B;
    result.keyRange = range;

    const std::vector<std::uint32_t> original = uniformKeys(n, range, params.seed);
    std::vector<std::uint32_t> work(n);
    std::uint64_t sum = 0;
    for (auto k : original)
        sum += k;
    std::vector<std::size_t> starts;
    std::vector<std::uint32_t> histogram(static_cast<std::size_t>((range + B - 1) / B + 1));
    std::vector<double> tb, tc;
    for (std::uint32_t r = 0; r < params.warmups + params.repetitions; ++r) {
        rc.check("sort");
        auto t0 = SteadyClock::now();
        bucketSort(original.data(), work.data(), n, B, range, starts);
        tb.push_back(std::chrono::duration<double>(SteadyClock::now() - t0).count());
        t0 = SteadyClock::now();
        countSortBuckets(work.data(), starts, B, 0, range, histogram);
        tc.push_back(std::chrono::duration<double>(SteadyClock::now() - t0).count());
    }
    std::uint64_t outSum = 0;
    for (auto k : work)
        outSum += k;
    result.verified = std::is_sorted(work.begin(), work.end()) && outSum == sum;
    result.bucketTime = summarize(tb, params.warmups);
    result.countSortTime = summarize(tc, params.warmups);
    result.t_bucket = result.bucketTime.median / static_cast<double>(n);
    result.t_countsort = result.countSortTime.median / static_cast<double>(n);
    result.bucketRate = static_cast<double>(n) / result.bucketTime.median;
    result.countSortRate = static_cast<double>(n) / result.countSortTime.median;
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
