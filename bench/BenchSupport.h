#pragma once
// What the benchmarks share: wall and CPU clocks, the load average, and the
// drawn irregular network the topology benchmarks time.
#include "model/topology/graph/Topology.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <vector>

namespace cs::bench {

inline double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// CPU time of the whole process (all threads), s.
inline double cpuNow()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Wall and CPU seconds of fn(). On this shared, often overloaded machine
// wall time swings with other people's builds; CPU time much less.
struct Time {
    double wall = 0, cpu = 0;
};

// The 1-minute load average (/proc/loadavg), printed beside ratios so a
// reader sees how busy the machine was; "?" where it cannot be read.
inline std::string loadAverage()
{
    std::FILE* f = std::fopen("/proc/loadavg", "r");
    if (!f)
        return "?";
    double one = 0;
    const int n = std::fscanf(f, "%lf", &one);
    std::fclose(f);
    return n == 1 ? std::to_string(one).substr(0, 4) : "?";
}

// The median of v (0 for none).
inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

template <class Fn>
Time timedBoth(Fn fn)
{
    const double w0 = now(), c0 = cpuNow();
    fn();
    return {now() - w0, cpuNow() - c0};
}

// An irregular direct network: side x side forwarding hosts on a grid (no
// wrap) with a tenth of the grid links missing and `chords` random extra
// links; each host routes. Drawn: no generator record.
inline Topology irregularDirect(int side, int chords, unsigned seed)
{
    std::mt19937 rng(seed);
    Topology t;
    const LinkProps l{125e6, 1e-6, 1, true};
    for (int i = 0; i < side * side; ++i)
        t.addHost("n" + std::to_string(i), true, 2e-6);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            const std::size_t i = static_cast<std::size_t>(y * side + x);
            // Keep the first row and column whole so that it stays connected.
            if (x + 1 < side && (y == 0 || rng() % 10))
                t.addLink(i, i + 1, l);
            if (y + 1 < side && (x == 0 || rng() % 10))
                t.addLink(i, i + static_cast<std::size_t>(side), l);
        }
    for (int c = 0; c < chords; ++c) {
        const auto n = static_cast<std::size_t>(side * side);
        const std::size_t a = rng() % n, b = rng() % n;
        if (a != b)
            t.addLink(a, b, l);
    }
    return t;
}

} // namespace cs::bench
