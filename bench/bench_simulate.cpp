// Benchmark: the SimGrid back end (issue 16, "Done when").
//
//   bench_simulate [--max-k K] [--linear]
//
// Simulates the FFT transpose's all-to-all (000 eq. (8): every host sends an
// S/P block to each other host, pairwise exchange) on k-ary fat-trees of
// 1 Gbit/s links, k = 4, 8, 12, 16 (16, 128, 432 and 1,024 hosts; k = 16 is
// the target: the largest design simulated within a minute), and
// reports for each: messages, wall time, simulated seconds per wall second,
// and the wall time as a ratio to the baseline measured first in the same run
// (one message between two hosts: the fixed cost of a run, a forked child
// with its own SimGrid engine). No asserts on time: this program reports.
#include "model/topology/generators/GeneratorRegistry.h"
#include "sim/Patterns.h"
#include "sim/Simulator.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace cs;
using namespace cs::sim;

int main(int argc, char** argv)
{
    int maxK = 16;
    bool pairwise = true;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--max-k") && i + 1 < argc)
            maxK = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--linear"))
            pairwise = false;
        else {
            std::fprintf(stderr, "usage: bench_simulate [--max-k K] [--linear]\n");
            return 2;
        }
    }
    // Baseline: the fixed cost of a run (fork, engine, platform of 2 hosts).
    const Topology two = generate("star", {{"n", 2}, {"bw", 125e6}});
    double base = 0;
    constexpr int kBaseReps = 5;
    for (int r = 0; r < kBaseReps; ++r)
        base += runSimulation(two, oneWay(1e6)).wallSeconds;
    base /= kBaseReps;
    std::printf("baseline: one 1 MB message between 2 hosts, %.4f s wall (mean of %d runs)\n\n", base, kBaseReps);
    std::printf("FFT transpose all-to-all (%s) on a k-ary fat-tree, 1 Gbit/s links, rows = 16384 complex doubles\n",
                pairwise ? "pairwise exchange" : "linear, all posted at once");
    std::printf("%4s %6s %10s %12s %12s %14s %10s %12s\n", "k", "hosts", "messages", "block (B)", "simulated s",
                "wall s", "sim s/wall s", "wall/base");
    for (int k = 4; k <= maxK; k += 4) {
        const Topology t = generate("fat-tree", {{"k", k}, {"bw", 125e6}, {"lat", 1e-6}, {"switch_lat", 1e-6}});
        const std::size_t P = t.hosts().size();
        const double rows = 16384;
        const double S = rows * rows * 16 / static_cast<double>(P); // 000 eq. (5)
        const double block = S / static_cast<double>(P);
        const SimProgram prog = allToAll(P, block, pairwise);
        const SimResult r = runSimulation(t, prog);
        std::printf("%4d %6zu %10zu %12.0f %12.6f %14.2f %10.4f %12.1f\n", k, P, prog.messages(), block, r.total,
                    r.wallSeconds, r.total / r.wallSeconds, r.wallSeconds / base);
        std::fflush(stdout);
        if (k == 16)
            std::printf("\nk = 16 (1,024 hosts): %s a minute (%.1f s)\n", r.wallSeconds <= 60 ? "within" : "NOT within",
                        r.wallSeconds);
    }
    return 0;
}
