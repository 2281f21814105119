// Benchmark: million-host networks and the two cores.
//
//   bench_topology_scale [--only LABEL] [--skip-million]
//
// Part 1, million-host networks: a k=160 fat-tree (1,024,000 hosts), a 100^3
// torus (1,000,000 hosts), a dragonfly of a = 2p = 2h = 46, 1059 groups
// (1,120,422 hosts) and a hypercube of 2^20 (1,048,576 hosts). Each runs in a
// child process of its own, so that its memory is its own: the child builds
// the network (generate(), as `topo`
// does) and computes every metric (hops, latency, bisection, all-to-all,
// transpose, nearest-neighbour, ring, Valiant), and reports wall and CPU
// time of each step and the peak memory (VmHWM) above what it started
// with. The same run times the same computation on one thread, so the
// ratio 1 thread / 2 threads is a same-run figure.
//
// Part 2, a drawn irregular network (no generator record, so no symmetry:
// one ECMP search per destination, shared out over threads): 10,000
// forwarding hosts on a 100 x 100 grid with a tenth of the links missing
// and 500 random chords (bench_topology_loads' "irregular direct 10k"),
// every metric on 1 and on 2 threads in the same run, the results checked
// equal. The ratio is the 1-thread time over the 2-thread time.
//
// Part 0, the whole command (--command, or --baseline BIN): `clusterscope-cli
// topo --gen SPEC --json` for the four million-host networks, as a user runs
// it, each 5 times (--runs N); the median wall time and the peak memory of
// the child (getrusage RUSAGE_CHILDREN ru_maxrss of each run, by wait4).
// With --baseline BIN the same runs of another build (e.g. a copy of main's
// clusterscope-cli kept before the change) alternate with this build's, in
// the same run, and the two are printed side by side with their ratio. The
// goal: under 2 s and 0.5 GB for each.
//
// No asserts on time: this program reports (exit 1 only when results differ).
#include "bench/BenchSupport.h"
#include "model/os/HugePages.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::bench;

namespace {

// A line of /proc/self/status in MB ("VmHWM", "VmRSS").
double statusMB(const char* key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    const std::string k = std::string(key) + ":";
    while (std::getline(in, line))
        if (line.compare(0, k.size(), k) == 0)
            return std::atof(line.c_str() + k.size()) / 1024.0; // kB
    return 0;
}

struct Million {
    std::string label;
    std::string gen;
    NamedValues params;
};

// In a child: build, metrics on 2 threads, metrics on 1 thread; one line of
// numbers back through the pipe.
void runChild(const Million& c, int fd)
{
    const double rss0 = statusMB("VmRSS");
    Topology t;
    const Time build = timedBoth([&] { t = generate(c.gen, c.params); });
    const double afterBuild = statusMB("VmHWM");
    TopologyMetrics m2, m1;
    MetricsOptions o;
    o.threads = 2;
    const Time two = timedBoth([&] { m2 = computeMetrics(t, o); });
    const double peak = statusMB("VmHWM");
    o.threads = 1;
    const Time one = timedBoth([&] { m1 = computeMetrics(t, o); });
    const bool same = m1.hops.count == m2.hops.count && std::fabs(m1.allToAll.maxLoad - m2.allToAll.maxLoad) <=
                                                            1e-9 * std::fabs(m2.allToAll.maxLoad);
    char buf[1024];
    const int n = std::snprintf(
        buf, sizeof buf,
        "%zu %zu %zu %.3f %.3f %.3f %.3f %.3f %.3f %.0f %.0f %d %.4f %.6g %d %d %d %d \"%s\"\n", t.hosts().size(),
        t.vertexCount(), t.edgeCount(), build.wall, build.cpu, two.wall, two.cpu, one.wall, one.cpu,
        afterBuild - rss0, peak - rss0, m2.diameter(), m2.avgHops(), m2.allToAll.maxLoad, m2.transpose ? 1 : 0,
        m2.nearestNeighbour ? 1 : 0, m2.ring ? 1 : 0, same ? 1 : 0, m2.skipped.c_str());
    if (write(fd, buf, static_cast<std::size_t>(n)) != n)
        std::_Exit(3);
}

bool runMillion(const Million& c)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        try {
            runChild(c, fds[1]);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s: %s\n", c.label.c_str(), e.what());
            std::_Exit(2);
        }
        std::_Exit(0);
    }
    close(fds[1]);
    std::string out;
    char buf[512];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
        out.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    std::size_t hosts = 0, vertices = 0, links = 0;
    double bw = 0, bc = 0, tw = 0, tc = 0, ow = 0, oc = 0, mb = 0, mp = 0, avg = 0, load = 0;
    int diam = 0, tr = 0, nn = 0, ring = 0, same = 0;
    if (std::sscanf(out.c_str(), "%zu %zu %zu %lf %lf %lf %lf %lf %lf %lf %lf %d %lf %lf %d %d %d %d", &hosts,
                    &vertices, &links, &bw, &bc, &tw, &tc, &ow, &oc, &mb, &mp, &diam, &avg, &load, &tr, &nn, &ring,
                    &same) != 18) {
        std::printf("%-16s failed (exit status %d)\n", c.label.c_str(), status);
        return false;
    }
    const auto q = out.find('"');
    const std::string skipped = q == std::string::npos ? "" : out.substr(q + 1, out.rfind('"') - q - 1);
    std::printf("%-16s %8zu hosts %8zu vertices %8zu links\n", c.label.c_str(), hosts, vertices, links);
    std::printf("    build %.3f s (cpu %.3f); every metric, 2 threads: %.3f s (cpu %.3f); 1 thread: %.3f s (cpu "
                "%.3f); 1/2 threads %.2f (wall)\n",
                bw, bc, tw, tc, ow, oc, tw > 0 ? ow / tw : 0.0);
    std::printf("    build + metrics %.3f s wall; memory: %.0f MB built, %.0f MB peak (above the start)\n", bw + tw,
                mb, mp);
    std::printf("    diameter %d, avg hops %.4f, a2a max load %.6g; patterns: transpose %s, neighbour %s, ring %s%s%s\n",
                diam, avg, load, tr ? "yes" : "no", nn ? "yes" : "no", ring ? "yes" : "no",
                skipped.empty() ? "" : "; skipped: ", skipped.c_str());
    if (!same)
        std::printf("    1-thread and 2-thread results DIFFER\n");
    return same != 0;
}

// One run of `exe args...` with its output to /dev/null: wall seconds, peak
// resident memory (MB) and exit status.
struct Run {
    double wall = 0, peakMB = 0;
    int status = -1;
};

Run runCommand(const std::string& exe, const std::vector<std::string>& args)
{
    std::vector<char*> argv{const_cast<char*>(exe.c_str())};
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);
    const double t0 = now();
    const pid_t pid = fork();
    if (pid == 0) {
        if (std::FILE* f = std::freopen("/dev/null", "w", stdout); !f)
            std::_Exit(126);
        execv(exe.c_str(), argv.data());
        std::_Exit(127);
    }
    Run r;
    rusage ru{};
    int status = 0;
    if (wait4(pid, &status, 0, &ru) != pid)
        return r;
    r.wall = now() - t0;
    r.peakMB = static_cast<double>(ru.ru_maxrss) / 1024.0; // kB
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// Part 0: the whole `topo --gen SPEC --json` command, this build against a
// baseline build when given.
bool runCommands(const std::string& exe, const std::string& baseline, int runs, const std::string& only)
{
    struct Case {
        std::string label, spec;
    };
    const std::vector<Case> cases = {
        {"fat-tree k=160", "fat-tree:k=160"},
        {"torus 100^3", "torus:k=100,dims=3"},
        {"dragonfly 1.1M", "dragonfly:groups=1059,a=46,p=23,h=23"},
        {"hypercube 2^20", "hypercube:dims=20"},
    };
    std::printf("The whole command, clusterscope-cli topo --gen SPEC --json (median of %d runs, peak memory of the "
                "child; load average %s)\n",
                runs, loadAverage().c_str());
    bool ok = true;
    for (const Case& c : cases) {
        if (!only.empty() && only != c.label)
            continue;
        std::vector<double> wall, mem, baseWall, baseMem;
        int status = 0, baseStatus = 0;
        for (int i = 0; i < runs; ++i) {
            // Alternate, so that a busy spell of the machine hits both builds.
            const Run r = runCommand(exe, {"topo", "--gen", c.spec, "--json"});
            wall.push_back(r.wall);
            mem.push_back(r.peakMB);
            status |= r.status;
            if (!baseline.empty()) {
                const Run b = runCommand(baseline, {"topo", "--gen", c.spec, "--json"});
                baseWall.push_back(b.wall);
                baseMem.push_back(b.peakMB);
                baseStatus |= b.status;
            }
        }
        std::printf("  %-16s this build: %6.2f s (min %.2f, max %.2f), %5.0f MB%s", c.label.c_str(), medianOf(wall),
                    *std::min_element(wall.begin(), wall.end()), *std::max_element(wall.begin(), wall.end()),
                    medianOf(mem), status ? " FAILED" : "");
        if (!baseline.empty())
            std::printf(";  baseline: %6.2f s, %5.0f MB%s;  speed-up %.1fx, memory %.2fx", medianOf(baseWall),
                        medianOf(baseMem), baseStatus ? " FAILED" : "", medianOf(baseWall) / medianOf(wall),
                        medianOf(mem) / medianOf(baseMem));
        std::printf("%s\n", medianOf(wall) < 2.0 && medianOf(mem) < 512 ? "  (goal met)" : "  (goal: < 2 s, < 512 MB)");
        ok = ok && status == 0;
    }
    std::printf("\n");
    return ok;
}

} // namespace

int main(int argc, char** argv)
{
    // As `topo` runs: with huge pages (HugePages.h).
    cs::reexecWithHugePages(argv);
    cs::restoreTunables();
    std::string only, baseline;
#ifdef CS_CLI_EXE
    std::string exe = CS_CLI_EXE;
#else
    std::string exe = "clusterscope-cli";
#endif
    bool skipMillion = false, command = false;
    int runs = 5;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--only" && i + 1 < argc)
            only = argv[++i];
        else if (a == "--skip-million")
            skipMillion = true;
        else if (a == "--command")
            command = true;
        else if (a == "--baseline" && i + 1 < argc)
            baseline = argv[++i], command = true;
        else if (a == "--cli" && i + 1 < argc)
            exe = argv[++i];
        else if (a == "--runs" && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: bench_topology_scale [--only LABEL] [--skip-million] [--command] "
                                 "[--baseline BIN] [--cli BIN] [--runs N]\n");
            return 2;
        }
    }
    bool ok = true;
    if (command) {
        ok = runCommands(exe, baseline, runs, only);
        skipMillion = true;
        if (only.empty())
            only = "-"; // the whole command only
    }
    if (!skipMillion) {
        std::printf("Million-host networks: build, then every metric (one child process each)\n");
        const std::vector<Million> cases = {
            {"fat-tree k=160", "fat-tree", {{"k", 160}}},
            {"torus 100^3", "torus", {{"k", 100}, {"dims", 3}}},
            {"dragonfly 1.1M", "dragonfly", {{"groups", 1059}, {"a", 46}, {"p", 23}, {"h", 23}}},
            {"hypercube 2^20", "hypercube", {{"dims", 20}}},
        };
        for (const Million& c : cases)
            if (only.empty() || only == c.label)
                ok = runMillion(c) && ok;
        std::printf("\n");
    }
    if (only.empty() || only == "irregular") {
        const Topology t = irregularDirect(100, 500, 11);
        std::printf("Drawn irregular network: %zu hosts, %zu links, no symmetry\n", t.hosts().size(),
                    t.edgeCount());
        TopologyMetrics m1, m2;
        MetricsOptions o;
        o.threads = 1;
        const Time one = timedBoth([&] { m1 = computeMetrics(t, o); });
        o.threads = 2;
        const Time two = timedBoth([&] { m2 = computeMetrics(t, o); });
        bool same = m1.hops.count == m2.hops.count && m1.allToAll.forward.size() == m2.allToAll.forward.size();
        for (std::size_t e = 0; same && e < m1.allToAll.forward.size(); ++e)
            same = std::fabs(m1.allToAll.forward[e] - m2.allToAll.forward[e]) <=
                   1e-9 * std::max(1.0, std::fabs(m1.allToAll.forward[e]));
        std::printf("    every metric: 1 thread %.3f s (cpu %.3f), 2 threads %.3f s (cpu %.3f); ratio 1/2 threads "
                    "%.2f (wall); %s\n",
                    one.wall, one.cpu, two.wall, two.cpu, one.wall / two.wall,
                    same ? "results equal" : "RESULTS DIFFER");
        ok = ok && same;
    }
    return ok ? 0 : 1;
}
