// The job on the network (issue 32): a P sweep on a drawn or generated network recomputes the
// topology's figures for the hosts each P is placed on, and routes its exchange round by round.
// Target: a P sweep of 1 to 1,024 on a k = 16 fat-tree (1,024 hosts) with placement takes less
// than 3 times the same sweep without it (the topology's P pinned to 0: the whole network's figures,
// computed once), measured in the same run. Both sweeps are timed from a fresh document (no cached
// figures). bench_placement [points]: the P values, log2-spaced (default) or "all" for 1..1024.
#include "bench/BenchSupport.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <nlohmann/json.hpp>

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

double timeSweep(const json& doc, const std::vector<double>& Ps, std::size_t& failed)
{
    const DesignDocument d = documentFromJson(doc);
    const double t0 = bench::now();
    SweepOptions o;
    o.threads = 2;
    const SweepTable t = runSweep(d, {{"P", Ps}}, o);
    failed = t.errors.size();
    return bench::now() - t0;
}

} // namespace

int main(int argc, char** argv)
{
    const bool all = argc > 1 && std::string(argv[1]) == "all";
    std::vector<double> Ps;
    for (double p = 1; p <= 1024; p = all ? p + 1 : p * 2)
        Ps.push_back(p);
    const json placed = fftOnFatTree();
    json whole = placed;
    whole["topology"]["job"] = {{"P", 0}}; // pinned: the whole network's figures, as before placement
    std::printf("P sweep of %zu values (1..1024%s) on a k=16 fat-tree (1,024 hosts), 2 threads; load %s\n", Ps.size(),
                all ? "" : ", log2", bench::loadAverage().c_str());
    for (int rep = 0; rep < 3; ++rep) {
        std::size_t fw = 0, fp = 0;
        const double w = timeSweep(whole, Ps, fw);
        const double p = timeSweep(placed, Ps, fp);
        std::printf("  run %d: without placement %.3f s (%zu rows failed), with placement %.3f s (%zu failed): "
                    "%.2fx (target < 3x)\n",
                    rep + 1, w, fw, p, fp, p / w);
    }
    return 0;
}
