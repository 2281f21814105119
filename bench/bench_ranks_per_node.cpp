// Nodes with many cores (issue 45): a job of P ranks at ranks_per_node a node on a k = 16 fat-tree
// (1,024 hosts), its all-to-all priced by comm.collective (pairwise) from the topology's exchange
// bandwidth (xchg_bw: the schedule's rounds routed over the placed ranks) and latency.
// Targets, each measured in the same run as its baseline (this machine is small and shared):
//  1. the all-to-all of 64 nodes x 32 ranks (P = 2,048) evaluates in under 1 s: a fresh document
//     (no cached figures) read, compiled and run once, wall time. Printed beside it: the same
//     evaluation at one rank a node on the same 64 nodes (P = 64), and their ratio.
//  2. a sweep of 1 to 128 nodes at 32 ranks a node (P = 32, 64, ..., 4,096) takes less than 3 times
//     the same sweep at one rank a node (P = 1, 2, ..., 128): each from a fresh document, 2 threads,
//     the ratio of CPU time (all threads; wall in brackets) of the fastest run of each.
// Where the 32-ranks-a-node sweep's time goes: every figure is routed as flows between the job's nodes,
// each with the count of its rank flows (NodeFlows.h), so a node's 32 ranks cost what one does (the
// nearest neighbours: one search per node, not per rank; a round of the exchange: about 2 node flows a
// node, counted a node's block of ranks at once). The exchange has more rounds at 32 ranks a node: P - 1 >=
// 31 (256 evenly spaced ones routed) against N - 1 at one rank a node, and a round's node flows carry
// counts that differ from round to round, so few load the network alike. A round is the sum of its
// node-pair sets at their counts, each set routed once (9,085 sets over the sweep, against 7,852 rounds
// routed at one rank a node) and kept on the links it loads (CountedRounds.h, SparseLoads.h), so a round
// costs those links rather than a pass over all 3,072 of the fat-tree's, the same figures to the last bit
// (test_sparse_loads.cpp).
// Measured 2026-11-27, 09:52-10:02 UTC, load average 11-15 (the machine busy with other builds and
// tests), RelWithDebInfo build (the dev preset) at idle priority, against 7599822's build run alternately
// in the same minutes, 5 invocations of `bench_ranks_per_node 5` each:
//  - the full sweep: 1.91x (median of the invocations' fastest-of-5 ratios; 1.89x to 1.92x); run by run
//    1.92x (1.74x to 2.15x, 25 runs); 32 ranks a node 0.483 s CPU, one rank a node 0.252 s (medians).
//    7599822: 3.54x (3.48x to 3.89x); run by run 3.54x (2.84x to 3.97x); 0.892 s and 0.249 s. (3.1-3.3x
//    on busy cores when the node-pair sets came, 29x before the node flows.)
//  - the log2 sweep: 1.85x, 1.86x, 1.91x (7599822: 2.23x, 2.17x, 2.25x; 31x before the node flows).
//  - the 64 x 32 evaluation: 0.0041 s CPU (0.0038 to 0.0062, 25 runs; 7599822 0.0048 s), wall 0.067 s
//    median and 0.49 s at the most at idle priority on the busy machine: under 1 s in every run (0.05 s CPU
//    before the node flows).
//  - the whole bench process (`bench_ranks_per_node 1`, 5 runs each, alternating): 0.75 s CPU against
//    7599822's 1.17 s (0.64x; 0.62x to 0.66x).
// The nodes are swept through P (P = nodes x ranks_per_node): the job's P gives its nodes,
// ceil(P / ranks_per_node). bench_ranks_per_node [log2] [runs]: log2 sweeps 1, 2, 4, ..., 128 nodes
// instead of every count (a quick run); runs alternate the two sides (default 3).
#include "bench/BenchSupport.h"
#include "bench/SweepTiming.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;

namespace {

// One all-to-all of 64 KiB blocks among P ranks at `ranksPerNode` a node, packed, on a k = 16
// fat-tree; the design's P is the job's size (wired to the topology when read).
json allToAllOnFatTree(int ranksPerNode, double P)
{
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "all-to-all on a k=16 fat-tree"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"min", 1}, {"max", 65536}, {"value", P}}}},
            {"topology",
             {{"generator", "fat-tree"}, {"params", {{"k", 16}}}, {"job", {{"ranks_per_node", ranksPerNode}}}}},
            {"blocks",
             {{{"name", "a2a"},
               {"type", "comm.collective"},
               {"values", {{"op", "alltoall"}, {"algorithm", "pairwise"}, {"k", 65536}}}}}},
            {"wires",
             {{{"from", "P"}, {"to", "a2a.P"}},
              {{"from", "topology.xchg_bw"}, {"to", "a2a.B_net"}},
              {{"from", "topology.L"}, {"to", "a2a.L"}}}},
            {"variants", {{{"name", "alltoall"}, {"total", "a2a.T"}}}}};
}

struct Eval {
    bench::Time read, run;
    double T = 0, placed = 0;
    bool ok = false;
};

// Reads the document (fresh: nothing cached), then compiles and runs its plan once.
Eval evaluateOnce(const json& doc)
{
    Eval e;
    DesignDocument d;
    e.read = bench::timedBoth([&] { d = documentFromJson(doc); });
    e.run = bench::timedBoth([&] {
        const Plan plan = d.design.compile();
        std::vector<double> slots = plan.initialSlots();
        EvalError err;
        e.ok = plan.run(slots.data(), &err);
        if (!e.ok)
            std::printf("  (failed: %s)\n", err.message.c_str());
        e.T = slots[static_cast<std::size_t>(plan.slotOf("a2a.T"))];
        e.placed = slots[static_cast<std::size_t>(plan.slotOf("topology.placed"))];
    });
    return e;
}

} // namespace

int main(int argc, char** argv)
{
    bool log2 = false;
    int runs = 3;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "log2")
            log2 = true;
        else
            runs = std::max(1, std::stoi(a));
    }

    // 1) One evaluation: 64 nodes x 32 ranks against 64 nodes x 1 rank, alternating.
    std::printf("all-to-all on a k=16 fat-tree (1,024 hosts), 64 nodes, fresh document each; load %s\n",
                bench::loadAverage().c_str());
    const int evalRuns = std::max(runs, 5);
    double best1 = 1e300, best32 = 1e300, best32cpu = 1e300;
    for (int rep = 0; rep < evalRuns; ++rep) {
        const Eval one = evaluateOnce(allToAllOnFatTree(1, 64));
        const Eval many = evaluateOnce(allToAllOnFatTree(32, 2048));
        const double w1 = one.read.wall + one.run.wall, w32 = many.read.wall + many.run.wall;
        best1 = std::min(best1, w1);
        best32 = std::min(best32, w32);
        best32cpu = std::min(best32cpu, many.read.cpu + many.run.cpu);
        std::printf("  run %d: 64 x 1 (P = 64) %.4f s wall (read %.4f, evaluate %.4f; %.4f cpu), T %.4g s; "
                    "64 x 32 (P = 2048, %.0f nodes) %.4f s wall (read %.4f, evaluate %.4f; %.4f cpu), T %.4g s: "
                    "%.1fx; load %s\n",
                    rep + 1, w1, one.read.wall, one.run.wall, one.read.cpu + one.run.cpu, one.T, many.placed, w32,
                    many.read.wall, many.run.wall, many.read.cpu + many.run.cpu, many.T, w32 / w1,
                    bench::loadAverage().c_str());
    }
    std::printf("  fastest of %d: 64 x 32 %.4f s wall (%.4f cpu), 64 x 1 %.4f s wall: %.1fx; target 64 x 32 < 1 s: %s\n",
                evalRuns, best32, best32cpu, best1, best32 / best1, best32 < 1.0 ? "met" : "NOT MET");

    // 2) The node sweep at 32 ranks a node against one rank a node.
    std::vector<double> nodes;
    for (double n = 1; n <= 128; n = log2 ? n * 2 : n + 1)
        nodes.push_back(n);
    std::vector<double> P1 = nodes, P32;
    for (double n : nodes)
        P32.push_back(32 * n);
    std::printf("sweep of %zu node counts (1..128%s), 2 threads, fresh document each; load %s\n", nodes.size(),
                log2 ? ", log2" : "", bench::loadAverage().c_str());
    double bestOne = 1e300, bestMany = 1e300;
    for (int rep = 0; rep < runs; ++rep) {
        std::size_t f1 = 0, f32 = 0;
        const bench::Time one = bench::timeSweep(allToAllOnFatTree(1, 1), P1, f1);
        const bench::Time many = bench::timeSweep(allToAllOnFatTree(32, 32), P32, f32);
        bestOne = std::min(bestOne, one.cpu);
        bestMany = std::min(bestMany, many.cpu);
        std::printf("  run %d: 1 rank a node %.4f s cpu (%.4f wall, %zu rows failed), 32 ranks a node %.4f s cpu "
                    "(%.4f wall, %zu failed): %.2fx (%.2fx wall); load %s\n",
                    rep + 1, one.cpu, one.wall, f1, many.cpu, many.wall, f32, many.cpu / one.cpu, many.wall / one.wall,
                    bench::loadAverage().c_str());
    }
    std::printf("  fastest of %d: 1 rank a node %.4f s cpu, 32 ranks a node %.4f s cpu: %.2fx; target < 3x: %s\n", runs,
                bestOne, bestMany, bestMany / bestOne, bestMany < 3 * bestOne ? "met" : "NOT MET");
    return 0;
}
