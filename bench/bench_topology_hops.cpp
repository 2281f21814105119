// Benchmark: host-to-host hop histograms.
//
//   bench_topology_hops [PATH/igraph_hops.py] [--threads N] [--reps N] [--no-igraph] [--igraph-k48]
//
// Times, on the k=16 fat-tree (1,024 hosts, 320 switches), the 64x64 torus and
// the k=48 fat-tree (27,648 hosts):
//   ours hosts  the host-to-host histogram over ordered host pairs (BFS per
//               distinct root on the compact core graph, 2 std::threads);
//   ours all    the plain all-vertex histogram (a BFS from every vertex), the
//               same work igraph's path_length_hist does;
// and runs bench/igraph_hops.py on the same graph (written to a temporary
// edge file) in the same run, printing igraph's times and the ratios
// ours / igraph (below 1 = we are faster). The histograms are compared for
// equality. k=48 is not given to igraph unless --igraph-k48 (its all-vertex
// pass is ~6e9 BFS steps). No asserts on time: this program reports.
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/HostHops.h"
#include "model/topology/routing/HopHistogram.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace cs;
namespace fs = std::filesystem;

namespace {

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <class Fn>
double best(int reps, Fn fn)
{
    double b = 1e300;
    for (int i = 0; i < reps; ++i) {
        const double t0 = now();
        fn();
        b = std::min(b, now() - t0);
    }
    return b;
}

std::string python()
{
    if (const char* p = std::getenv("CS_PYTHON"))
        return p;
    // Debian's interpreter has python3-igraph; a pyenv shim may not.
    return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

fs::path defaultScript(const char* argv0)
{
    // Next to this source file (absolute under CMake), else relative to the
    // working directory or the executable.
    for (const fs::path& p : {fs::path(__FILE__).parent_path() / "igraph_hops.py", fs::path("bench/igraph_hops.py"),
                              fs::path(argv0).parent_path() / "../../bench/igraph_hops.py"})
        if (fs::exists(p))
            return p;
    return "bench/igraph_hops.py";
}

std::optional<nlohmann::json> runIgraph(const Topology& t, const fs::path& script, bool hosts)
{
    const fs::path edges = fs::temp_directory_path() / ("cs_hops_" + std::to_string(::getpid()) + ".txt");
    const fs::path out = fs::temp_directory_path() / ("cs_hops_" + std::to_string(::getpid()) + ".json");
    {
        std::ofstream f(edges);
        f << t.vertexCount() << "\n";
        for (std::size_t h : t.hosts())
            f << h << " ";
        f << "\n";
        for (std::size_t e = 0; e < t.edgeCount(); ++e) {
            const auto [a, b] = t.endpoints(e);
            f << a << " " << b << "\n";
        }
    }
    const std::string cmd = python() + " '" + script.string() + "' '" + edges.string() + "'" +
                            (hosts ? "" : " --no-hosts") + " > '" + out.string() + "'";
    const int rc = std::system(cmd.c_str());
    fs::remove(edges);
    if (rc != 0) {
        std::cout << "    igraph: `" << cmd << "` failed (exit " << rc << ")\n";
        fs::remove(out);
        return std::nullopt;
    }
    std::ifstream in(out);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    fs::remove(out);
    if (j.is_discarded())
        return std::nullopt;
    return j;
}

std::string hist(const HopHistogram& h)
{
    std::ostringstream s;
    for (std::size_t d = 0; d < h.count.size(); ++d)
        if (h.count[d])
            s << d << ":" << h.count[d] << " ";
    return s.str();
}

struct Case {
    const char* label;
    const char* gen;
    NamedValues params;
    bool big;
};

} // namespace

int main(int argc, char** argv)
{
    fs::path script = defaultScript(argv[0]);
    int threads = 2, reps = 3;
    bool igraph = true, igraphK48 = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--threads" && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (a == "--reps" && i + 1 < argc)
            reps = std::max(1, std::atoi(argv[++i]));
        else if (a == "--no-igraph")
            igraph = false;
        else if (a == "--igraph-k48")
            igraphK48 = true;
        else if (a.rfind("--", 0) == 0) {
            std::cerr << "usage: bench_topology_hops [igraph_hops.py] [--threads N] [--reps N] [--no-igraph] "
                         "[--igraph-k48]\n";
            return 2;
        } else
            script = a;
    }
    std::cout << "bench_topology_hops: " << threads << " threads, best of " << reps << "; igraph script "
              << (igraph ? script.string() : std::string("(off)")) << "\n\n";

    const Case cases[] = {
        {"fat-tree k=16", "fat-tree", {{"k", 16}}, false},
        {"torus 64x64", "torus", {{"k", 64}, {"dims", 2}}, false},
        {"fat-tree k=48", "fat-tree", {{"k", 48}}, true},
    };
    bool allMatch = true;
    for (const Case& c : cases) {
        double tGen = now();
        const Topology t = generate(c.gen, c.params);
        tGen = now() - tGen;
        const auto counts = t.counts();
        std::cout << c.label << ": " << counts.hosts << " hosts, " << counts.switches << " switches, "
                  << t.vertexCount() << " vertices, " << t.edgeCount() << " edges (generated in " << tGen << " s)\n";

        HopHistogram hosts, all;
        double tCore = now();
        const CoreGraph core = CoreGraph::build(t);
        tCore = now() - tCore;
        const double tHosts = best(c.big ? 1 : reps, [&] { hosts = hostHopHistogram(core, threads); });
        std::cout << "  ours hosts:  " << tHosts << " s (+ " << tCore << " s CSR snapshot)   " << hist(hosts) << "\n";
        const bool doAll = !c.big || igraphK48;
        double tAll = 0;
        if (doAll) {
            tAll = best(c.big ? 1 : reps, [&] { all = vertexHopHistogram(t, threads); });
            std::cout << "  ours all:    " << tAll << " s   " << hist(all) << " (ordered)\n";
        }
        if (!igraph || (c.big && !igraphK48)) {
            std::cout << "\n";
            continue;
        }
        const auto j = runIgraph(t, script, !c.big);
        if (!j) {
            std::cout << "  igraph: no result\n\n";
            allMatch = false;
            continue;
        }
        const double gAll = (*j)["all"]["seconds"].get<double>();
        std::cout << "  igraph " << (*j)["igraph"].get<std::string>() << " all (path_length_hist): " << gAll << " s\n";
        // igraph counts unordered pairs: ours / 2.
        bool same = (*j)["all"]["unconnected"].get<std::uint64_t>() * 2 == all.unreachable;
        const auto& bins = (*j)["all"]["bins"];
        for (std::size_t d = 1; d < std::max(all.count.size(), bins.size() + 1); ++d) {
            const std::uint64_t ours = d < all.count.size() ? all.count[d] : 0;
            const std::uint64_t theirs = d <= bins.size() ? bins[d - 1].get<std::uint64_t>() : 0;
            same = same && ours == 2 * theirs;
        }
        std::cout << "  all-vertex histograms " << (same ? "match" : "DIFFER") << "\n";
        allMatch = allMatch && same;
        std::cout << "  ratio ours/igraph, all-vertex: " << tAll / gAll << "\n";
        std::cout << "  ratio ours hosts / igraph all-vertex: " << tHosts / gAll << "\n";
        if (j->contains("hosts")) {
            const double gHosts = (*j)["hosts"]["seconds"].get<double>();
            const auto& hb = (*j)["hosts"]["bins"];
            bool hsame = true;
            for (std::size_t d = 1; d < std::max(hosts.count.size(), hb.size()); ++d) {
                const std::uint64_t ours = d < hosts.count.size() ? hosts.count[d] : 0;
                const std::uint64_t theirs = d < hb.size() ? hb[d].get<std::uint64_t>() : 0;
                hsame = hsame && ours == theirs;
            }
            allMatch = allMatch && hsame;
            std::cout << "  igraph hosts (distances + Counter): " << gHosts << " s; host histograms "
                      << (hsame ? "match" : "DIFFER") << "; ratio ours/igraph, host-to-host: " << tHosts / gHosts
                      << "\n";
        }
        std::cout << "\n";
    }
    std::cout << (allMatch ? "all compared histograms match igraph\n" : "SOME HISTOGRAMS DIFFER FROM IGRAPH\n");
    return allMatch ? 0 : 1;
}
