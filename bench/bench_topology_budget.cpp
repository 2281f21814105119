// Benchmark and check: the topology budget's estimate (TopologyBudget.h)
// against the measured time of building the network and computing its
// metrics (generate, then computeMetrics).
//
//   bench_topology_budget [--runs N] [--only GENERATOR] [--stages]
//
// For every built-in generator at three sizes (small, medium, and about a
// second of metrics on this machine) it estimates the seconds from the
// generator's counts alone, times generate and computeMetrics (default
// options, 2 threads) N times each (default 3, more for short runs)
// and prints estimate, measured and their ratio. Exit status 1 when any
// ratio is more than 3x off in either direction (or a generator has no
// case here), so that `make bench` fails when the estimate drifts from what
// the metrics cost.
//
// What is measured is the process's CPU time (both threads, user and
// system), the least of the runs. The machine is shared (2 cores, other
// builds, load averages of 5 to 10): there a run's wall time was 1.5 to 4
// times its CPU time, so a wall-clock check would fail on the load, not on
// the estimate. CPU time barely moves with the load, and on an idle machine
// the wall time lies between it and half of it (two threads), so a CPU-time
// estimate is what a refusal "about a minute" can rest on. The wall time
// (least of the runs) and the load average are printed beside it.
// --stages adds the estimate's stages (for recalibration). --case
// NAME:key=value,... (repeatable) times those networks instead, e.g. one
// the estimate prices near the limit of a minute. The benchmark
// runs itself again with huge pages, as `topo` does (model/os/HugePages.h),
// so that fresh memory costs what it costs the command.
#include "bench/BenchSupport.h"
#include "model/os/HugePages.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::bench;

namespace {

struct Case {
    const char* size; // "small", "medium", "large" (about a second)
    std::string gen;
    NamedValues params;
};

std::string paramText(const NamedValues& v)
{
    std::string s;
    for (const auto& [k, x] : v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%s=%g", s.empty() ? "" : ",", k.c_str(), x);
        s += buf;
    }
    return s;
}

// Three sizes per generator, chosen by the method that runs: the linear
// passes for a star or bus, one orbit root and a coordinate router for a
// torus, hypercube or fat-tree, a search per destination for the sparse
// patterns of a leaf-spine or complete graph, many orbit roots for a mesh,
// max flows where the bisection is searched (gfat, small dragonfly and HyperX).
std::vector<Case> cases()
{
    return {
        {"small", "star", {{"n", 2000}}},
        {"medium", "star", {{"n", 40000}}},
        {"large", "star", {{"n", 400000}}},
        {"small", "bus", {{"n", 2000}}},
        {"medium", "bus", {{"n", 40000}}},
        {"large", "bus", {{"n", 400000}}},
        {"small", "hub", {{"n", 2000}}},
        {"medium", "hub", {{"n", 40000}}},
        {"large", "hub", {{"n", 400000}}},
        {"small", "bonded", {{"n", 200}, {"nets", 2}}},
        {"medium", "bonded", {{"n", 600}, {"nets", 2}, {"medium", 1}}},
        {"large", "bonded", {{"n", 2000}, {"nets", 2}}},
        {"small", "full", {{"n", 64}}},
        {"medium", "full", {{"n", 256}}},
        {"large", "full", {{"n", 640}}},
        {"small", "fat-tree", {{"k", 12}}},
        {"medium", "fat-tree", {{"k", 36}}},
        {"large", "fat-tree", {{"k", 100}}},
        {"small", "gfat", {}}, // the Berkeley NOW's 105 hosts
        {"medium", "gfat", {{"radix", 32}, {"levels", 2}, {"down1", 16}, {"up1", 16}, {"group2", 32}, {"down2", 32}, {"up2", 0}}},
        {"large", "gfat",
         {{"radix", 64}, {"levels", 3}, {"down1", 16}, {"up1", 16}, {"group2", 32}, {"down2", 32}, {"up2", 16},
          {"group3", 16}, {"down3", 32}}},
        {"small", "hyperx", {{"dims", 2}, {"s", 8}, {"p", 4}}},
        {"medium", "hyperx", {{"dims", 3}, {"s", 12}, {"p", 8}}},
        {"large", "hyperx", {{"dims", 3}, {"s", 14}, {"p", 8}}},
        {"small", "hypercube", {{"dims", 10}}},
        {"medium", "hypercube", {{"dims", 14}}},
        {"large", "hypercube", {{"dims", 18}}},
        {"small", "torus", {{"k", 32}, {"dims", 2}}},
        {"medium", "torus", {{"k", 24}, {"dims", 3}}},
        {"large", "torus", {{"k", 64}, {"dims", 3}}},
        {"small", "mesh", {{"k", 16}, {"dims", 2}}},
        {"medium", "mesh", {{"k", 64}, {"dims", 2}}},
        {"large", "mesh", {{"k", 128}, {"dims", 2}}},
        {"small", "leaf-spine", {{"leaves", 16}, {"spines", 4}, {"p", 16}}},
        {"medium", "leaf-spine", {{"leaves", 256}, {"spines", 16}, {"p", 64}}},
        {"large", "leaf-spine", {{"leaves", 1536}, {"spines", 64}, {"p", 256}}},
        {"small", "beowulf-mesh", {{"rows", 16}, {"cols", 16}}},
        {"medium", "beowulf-mesh", {{"rows", 40}, {"cols", 40}}},
        {"large", "beowulf-mesh", {{"rows", 100}, {"cols", 100}}},
        {"small", "dragonfly", {}}, // 72 hosts
        {"medium", "dragonfly", {{"groups", 129}, {"a", 16}, {"p", 8}, {"h", 8}}},
        {"large", "dragonfly", {{"groups", 513}, {"a", 32}, {"p", 16}, {"h", 16}}},
    };
}

} // namespace

int main(int argc, char** argv)
{
    // As `topo` runs: with huge pages (HugePages.h).
    cs::reexecWithHugePages(argv);
    cs::restoreTunables();
    int runs = 3;
    std::string only;
    bool stages = false;
    std::vector<Case> given; // --case GEN:key=value,...: these instead of the built-in three sizes
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--only" && i + 1 < argc)
            only = argv[++i];
        else if (a == "--stages")
            stages = true;
        else if (a == "--case" && i + 1 < argc) {
            // NAME:key=value,... as topo --gen takes it.
            const std::string spec = argv[++i];
            Case c{"given", spec.substr(0, spec.find(':')), {}};
            std::size_t at = spec.find(':');
            while (at != std::string::npos && at + 1 < spec.size()) {
                const std::size_t end = spec.find(',', at + 1), eq = spec.find('=', at + 1);
                if (eq == std::string::npos || eq > end)
                    break;
                c.params.emplace_back(spec.substr(at + 1, eq - at - 1), std::atof(spec.c_str() + eq + 1));
                at = end;
            }
            if (!GeneratorRegistry::builtin().find(c.gen)) {
                std::fprintf(stderr, "bench_topology_budget: no generator '%s'\n", c.gen.c_str());
                return 2;
            }
            given.push_back(std::move(c));
        } else {
            std::fprintf(stderr, "usage: bench_topology_budget [--runs N] [--only GENERATOR] [--stages] "
                                 "[--case NAME:key=value,... ...]\n");
            return 2;
        }
    }
    std::printf("topology budget: estimated against measured CPU seconds of generate and computeMetrics (least of %d or more runs, 2 "
                "threads); load average %s\n",
                runs, loadAverage().c_str());
    std::printf("%-13s %-7s %-52s %9s %9s %9s %9s %7s\n", "generator", "size", "parameters", "hosts", "estimate",
                "cpu", "wall", "cpu/est");
    int bad = 0;
    std::set<std::string> covered;
    for (const Case& c : given.empty() ? cases() : given) {
        if (!only.empty() && c.gen != only)
            continue;
        const Generator& g = GeneratorRegistry::builtin().get(c.gen);
        const std::vector<double> p = generatorParams(g, c.params);
        if (const std::string why = checkGeneratorParams(g, p.data()); !why.empty()) {
            std::printf("%-13s %-7s %s: %s\n", c.gen.c_str(), c.size, paramText(c.params).c_str(), why.c_str());
            ++bad;
            continue;
        }
        const GeneratorCounts counts = g.counts(p.data());
        const TopologyCost cost = estimateTopologyCost(counts);
        // At least `runs` runs, and more of a short one (up to 20, or a
        // second in all): a few milliseconds are easily lost to a thread
        // that waits for a core.
        const auto leastOf = [runs](const auto& work) {
            Time best{1e300, 1e300};
            double spent = 0;
            for (int r = 0; r < runs || (r < 20 && spent < 1.0); ++r) {
                const Time one = timedBoth(work);
                spent += one.wall;
                best.wall = std::min(best.wall, one.wall);
                best.cpu = std::min(best.cpu, one.cpu);
            }
            return best;
        };
        // Building (generating the vertices and links, their ids and
        // properties, and freeing them) is timed apart from the metrics:
        // a design's evaluation and `topo` pay both.
        const Time build = leastOf([&] { (void)generate(g, p.data()); });
        const Topology t = generate(g, p.data());
        Time best = leastOf([&] { (void)computeMetrics(t); });
        best.cpu += build.cpu;
        best.wall += build.wall;
        const double ratio = best.cpu / cost.seconds;
        const bool off = !(ratio <= 3.0 && ratio >= 1.0 / 3.0);
        bad += off;
        covered.insert(c.gen);
        std::printf("%-13s %-7s %-52s %9.0f %8.3fs %8.3fs %8.3fs %7.2f%s\n", c.gen.c_str(), c.size,
                    paramText(c.params).c_str(), counts.hosts, cost.seconds, best.cpu, best.wall, ratio,
                    off ? "  OFF BY MORE THAN 3x" : "");
        if (stages)
            std::printf("    stages: searches %.4g patterns %.4g (steps x %.3g) boxes %.4g flows %.4g neighbours %.4g "
                        "symmetry %.4g passes %.4g core links %.4g bisection %.4g build %.4g; vertices %.4g links "
                        "%.4g hosts %.4g leaves %.4g; built in %.3gs, in all %.4gs cpu\n",
                        cost.searches, cost.patterns, cost.stepFactor, cost.boxes, cost.flows, cost.neighbourFlows,
                        cost.symmetry, cost.passes, cost.coreLinks, cost.bisection, cost.build,
                        counts.hosts + counts.switches + counts.segments, counts.links, counts.hosts,
                        counts.leafHosts, build.cpu, best.cpu);
        std::fflush(stdout);
    }
    if (only.empty() && given.empty())
        for (const Generator* g : GeneratorRegistry::builtin().all())
            if (!covered.count(g->spec().name)) {
                std::printf("%s: no case here\n", g->spec().name.c_str());
                ++bad;
            }
    std::printf("%s (load average now %s)\n", bad ? "FAILED: estimate and measured time disagree" : "all within 3x",
                loadAverage().c_str());
    return bad ? 1 : 0;
}
