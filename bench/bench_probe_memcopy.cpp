// Benchmark: our memory-copy probe against a STREAM-style copy compiled here.
//
//   bench_probe_memcopy [--mib N] [--reps N] [--rounds N] [--cpu C]
//
// Both copy the same array size (default: the probe's own, max(4 x LLC,
// 64 MiB)) on the same CPU, counting 2 x array bytes per copy (STREAM's Copy
// convention). The STREAM-style copy is STREAM's loop `c[j] = a[j]` built
// with this program's flags; STREAM reports its best rate. We print our
// probe's figure (median memcpy bandwidth, what mem.copy reports) against
// STREAM's best and against STREAM's median. Rounds alternate. Target:
// ours >= 95% of STREAM. No asserts: this reports.
#include "cs/probe/Environment.h"
#include "cs/probe/MemCopy.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace cs::probe;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

// STREAM's Copy kernel, as STREAM writes it.
__attribute__((noinline)) void streamCopy(double* __restrict c, const double* __restrict a, std::size_t n)
{
    for (std::size_t j = 0; j < n; ++j)
        c[j] = a[j];
}

// Per repetition: bytes/second with STREAM's 2 x array bytes.
std::vector<double> streamRates(std::size_t bytes, int reps)
{
    const std::size_t n = bytes / sizeof(double);
    std::vector<double> a(n, 1.0), c(n, 0.0);
    streamCopy(c.data(), a.data(), n); // touch
    std::vector<double> rates;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        streamCopy(c.data(), a.data(), n);
        const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rates.push_back(2.0 * static_cast<double>(n * sizeof(double)) / t);
    }
    if (c[n / 2] != 1.0)
        std::fprintf(stderr, "STREAM copy check failed\n");
    return rates;
}

} // namespace

int main(int argc, char** argv)
{
    std::uint64_t mib = 0;
    int reps = 10, rounds = 3, cpu = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--mib")
            mib = std::strtoull(argv[i + 1], nullptr, 10);
        else if (a == "--reps")
            reps = std::atoi(argv[i + 1]);
        else if (a == "--rounds")
            rounds = std::atoi(argv[i + 1]);
        else if (a == "--cpu")
            cpu = std::atoi(argv[i + 1]);
    }
    std::uint64_t bytes = mib * 1048576;
    if (bytes == 0)
        bytes = std::max<std::uint64_t>(4 * lastLevelCacheBytes(), 64ull << 20);
    pinThisThread(cpu);
    std::printf("memory copy, arrays of %.1f MiB (LLC %.1f MiB), cpu %d, %d rounds x %d repetitions\n",
                static_cast<double>(bytes) / 1048576.0, static_cast<double>(lastLevelCacheBytes()) / 1048576.0, cpu,
                rounds, reps);
    std::vector<double> oursMedian, streamBest, streamMedian, loopMedian;
    for (int r = 0; r < rounds; ++r) {
        MemCopyParams p;
        p.arrayBytes = bytes;
        p.repetitions = static_cast<std::uint32_t>(reps);
        p.warmups = 2;
        p.cpus = {cpu};
        const MemCopyResult m = runMemCopy(p);
        oursMedian.push_back(m.memcpyBandwidth.median);
        loopMedian.push_back(m.loopBandwidth.median);
        const std::vector<double> s = streamRates(bytes, reps + 2);
        const std::vector<double> kept(s.begin() + 2, s.end());
        streamBest.push_back(*std::max_element(kept.begin(), kept.end()));
        streamMedian.push_back(median(kept));
    }
    const double ours = median(oursMedian), loop = median(loopMedian);
    const double best = median(streamBest), med = median(streamMedian);
    std::printf("ours  mem.copy memcpy median %.1f MiB/s, copy loop median %.1f MiB/s\n", ours / 1048576.0,
                loop / 1048576.0);
    std::printf("STREAM-style copy: best %.1f MiB/s, median %.1f MiB/s\n", best / 1048576.0, med / 1048576.0);
    std::printf("ratio ours/STREAM (median vs median) = %.3f (target >= 0.95: %s)\n", ours / med,
                ours / med >= 0.95 ? "met" : "NOT met");
    std::printf("ratio ours/STREAM (our median vs STREAM's reported best) = %.3f\n", ours / best);
    return 0;
}
