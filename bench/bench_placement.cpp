// The job on the network (issue 32): a P sweep on a drawn or generated network recomputes the
// topology's figures for the hosts each P is placed on, and routes its exchange round by round.
// Target: a P sweep of 1 to 1,024 on a k = 16 fat-tree (1,024 hosts) with placement takes less
// than 3 times the same sweep without it (the topology's P pinned to 0: the whole network's figures,
// computed once), measured in the same run. Both sweeps are timed from a fresh document (no cached
// figures): reading the document computes the whole network's figures (P follows topology.hosts), so
// the time includes it. Ratios are of CPU time (all threads; wall time in brackets: this machine is
// shared). bench_placement [all] [--no-torus]: the P values log2-spaced (default) or all of 1..1024;
// --no-torus leaves out the torus below (for profiling the sweeps).
// Then, in the same run, the 32^3 torus's figures as the topology block gives them (every host,
// P = 0, from a fresh block): target under 1 s. (A job on part of it is refused by the block's work
// bound: P = 1,024 would be 3.5e10 steps.)
#include "bench/BenchSupport.h"
#include "bench/SweepTiming.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"
#include "model/topology/TopologySourceJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;

namespace {

json fftOnFatTree()
{
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "2D FFT on a k=16 fat-tree"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"min", 1}, {"max", 65536}, {"follows", "topology.hosts"}}}},
            {"topology", {{"generator", "fat-tree"}, {"params", {{"k", 16}}}}},
            {"blocks",
             {{{"name", "fft"}, {"type", "fftw.transpose"}, {"values", {{"rows", 4096}}}},
              {{"name", "net"}, {"type", "logp.loggp"}, {"values", json::object()}}}},
            {"wires",
             {{{"from", "P"}, {"to", "fft.P"}},
              {{"from", "P"}, {"to", "net.P"}},
              {{"from", "net.G_out"}, {"to", "fft.G"}},
              {{"from", "net.L_out"}, {"to", "fft.L"}},
              {{"from", "topology.xchg_bw"}, {"to", "net.B_net"}},
              {{"from", "topology.L"}, {"to", "net.L_net"}}}},
            {"variants", {{{"name", "FFTW"}, {"total", "fft.T"}}}}};
}

// The topology block's figures for the 32^3 torus with a job of P ranks
// (0: every host), packed, pairwise: a fresh block, so nothing is cached.
bench::Time torusFigures(double P, double& xchg)
{
    return bench::timedBoth([&] {
        const TopologySourceParts parts = topologySourceFrom(Network::generated("torus", {{"k", 32}, {"dims", 3}}));
        std::vector<double> in;
        for (const ParamValue& v : parts.values)
            in.push_back(v.value);
        in[parts.block->jobInput(TopologySource::job_P)] = P;
        std::vector<double> out(TopologySource::kOutputs);
        if (const std::string problem = parts.block->check(in.data()); !problem.empty())
            std::printf("  (P = %.0f refused: %s)\n", P, problem.c_str());
        else
            parts.block->evaluate(in.data(), out.data());
        xchg = out[TopologySource::xchg_bw];
    });
}

} // namespace

int main(int argc, char** argv)
{
    bool all = false, torus = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        all = all || a == "all";
        torus = torus && a != "--no-torus";
    }
    std::vector<double> Ps;
    for (double p = 1; p <= 1024; p = all ? p + 1 : p * 2)
        Ps.push_back(p);
    const json placed = fftOnFatTree();
    json whole = placed;
    whole["topology"]["job"] = {{"P", 0}}; // pinned: the whole network's figures, as before placement
    std::printf("P sweep of %zu values (1..1024%s) on a k=16 fat-tree (1,024 hosts), 2 threads; load %s\n", Ps.size(),
                all ? "" : ", log2", bench::loadAverage().c_str());
    // Runs alternate, so that both sweeps see the same load; the target is
    // judged on the fastest run of each (a 20 ms sweep on a shared machine
    // swings by half from run to run), and every run is printed.
    const int runs = all ? 3 : 7;
    double bestW = 1e300, bestP = 1e300;
    for (int rep = 0; rep < runs; ++rep) {
        std::size_t fw = 0, fp = 0;
        const bench::Time w = bench::timeSweep(whole, Ps, fw);
        const bench::Time p = bench::timeSweep(placed, Ps, fp);
        bestW = std::min(bestW, w.cpu);
        bestP = std::min(bestP, p.cpu);
        std::printf("  run %d: without placement %.4f s cpu (%.4f wall, %zu rows failed), with placement %.4f s cpu "
                    "(%.4f wall, %zu failed): %.2fx (%.2fx wall)\n",
                    rep + 1, w.cpu, w.wall, fw, p.cpu, p.wall, fp, p.cpu / w.cpu, p.wall / w.wall);
    }
    std::printf("  fastest of %d: without placement %.4f s cpu, with placement %.4f s cpu: %.2fx; target < 3x: %s\n",
                runs, bestW, bestP, bestP / bestW, bestP < 3 * bestW ? "met" : "NOT MET");
    for (int rep = 0; torus && rep < 3; ++rep) {
        double xchg = 0;
        const bench::Time t = torusFigures(0, xchg);
        std::printf("32^3 torus (32,768 hosts), topology block, every host: %.3f s wall (%.3f cpu), xchg_bw %.4g B/s; "
                    "target < 1 s: %s\n",
                    t.wall, t.cpu, xchg, t.wall < 1.0 ? "met" : "NOT MET");
    }
    return 0;
}
