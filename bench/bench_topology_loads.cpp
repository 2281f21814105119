// Benchmark: every topology metric on large networks.
//
//   bench_topology_loads [--threads N] [--full] [--fast-only] [--only LABEL]
//
// For the 32,768-host torus (32^3), the 100x100 torus, the k=48 fat-tree and
// two drawn 10,000-host networks without a generator record (a star of stars
// with cross links, and an irregular direct network), it times
// computeMetrics with everything on (hops, latency, all-to-all, transpose,
// nearest-neighbour, ring, bisection) and breaks the time into stages. Then,
// in the same run, two baselines:
//   generic  computeMetrics with symmetry off (one ECMP search per
//            destination root), on the same instance or, where that would
//            take too long, on a smaller one of the same family (named in
//            the table; --full uses the same instance everywhere). Not run
//            on the drawn networks: without a generator record computeMetrics
//            is the generic path.
//   plain    a straightforward all-to-all BFS/ECMP: one search per
//            destination host over the whole graph, no grouping of hosts, no
//            symmetry; same instance rule.
// Ratios are baseline / ours on the same instance (above 1 = we are faster),
// from CPU time (wall time in brackets: this machine is shared).
// All results of the fast path are checked against the baselines (1e-9
// relative); a mismatch is printed and makes the exit code 1. --fast-only
// skips the baselines (for profiling). No asserts on time: this program
// reports.
#include "bench/BenchSupport.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/routing/FlowRouter.h"
#include "model/topology/routing/CoordinateRouter.h"
#include "model/topology/routing/EcmpPass.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/Symmetry.h"
#include "model/topology/metrics/TopologyMetrics.h"
#include "model/topology/routing/TrafficDemands.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <random>
#include <tuple>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::bench;

namespace {

template <class Fn>
double timed(Fn fn)
{
    return timedBoth(fn).wall;
}

// A star of stars: `leaves` switches of `per` hosts, each switch linked to
// two of `spines` spine switches, plus `cross` links between random leaf
// switches. Drawn: no generator record.
Topology starOfStars(int leaves, int per, int spines, int cross, unsigned seed)
{
    std::mt19937 rng(seed);
    Topology t;
    const LinkProps host{125e6, 1e-6, 1, true}, up{1.25e9, 2e-6, 1, true};
    for (int s = 0; s < spines; ++s)
        t.addSwitch("spine" + std::to_string(s), 1024, 1e-6);
    for (int l = 0; l < leaves; ++l) {
        const std::size_t sw = t.addSwitch("leaf" + std::to_string(l), 1024, 1e-6);
        for (int i = 0; i < per; ++i)
            t.addLink(t.addHost("h" + std::to_string(l) + "_" + std::to_string(i)), sw, host);
        const int a = static_cast<int>(rng() % spines), b = (a + 1 + static_cast<int>(rng() % (spines - 1))) % spines;
        t.addLink(sw, static_cast<std::size_t>(a), up);
        t.addLink(sw, static_cast<std::size_t>(b), up);
    }
    for (int c = 0; c < cross; ++c) {
        const int a = static_cast<int>(rng() % leaves), b = static_cast<int>(rng() % leaves);
        if (a != b)
            t.addLink("leaf" + std::to_string(a), "leaf" + std::to_string(b), up);
    }
    return t;
}

// The plain all-to-all: for every destination host, a BFS over the whole
// topology graph (through transit vertices only); then, farthest first, each
// vertex's flow (one unit if it is a host, plus what arrives) is split evenly
// over its next hops. No grouping of hosts by attachment, no symmetry.
struct Plain {
    std::vector<double> forward, backward; // per edge
    Time time;
};

Plain plainAllToAll(const Topology& t)
{
    Plain r;
    const double w0 = now(), c0 = cpuNow();
    const std::size_t n = t.vertexCount();
    std::vector<std::uint32_t> off(n + 1, 0), adj, edge;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        ++off[a + 1];
        ++off[b + 1];
    }
    for (std::size_t i = 0; i < n; ++i)
        off[i + 1] += off[i];
    adj.resize(off[n]);
    edge.resize(off[n]);
    std::vector<std::uint32_t> fill(off.begin(), off.end() - 1);
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj[fill[a]] = static_cast<std::uint32_t>(b);
        edge[fill[a]++] = static_cast<std::uint32_t>(e);
        adj[fill[b]] = static_cast<std::uint32_t>(a);
        edge[fill[b]++] = static_cast<std::uint32_t>(e);
    }
    std::vector<char> transit(n), host(n);
    for (std::size_t v = 0; v < n; ++v) {
        transit[v] = t.isTransit(v);
        host[v] = t.attributes(v).kind == VertexKind::Host;
    }
    r.forward.assign(t.edgeCount(), 0.0);
    r.backward.assign(t.edgeCount(), 0.0);
    std::vector<int> dist(n);
    std::vector<double> F(n);
    std::vector<std::uint32_t> queue;
    for (std::size_t dst : t.hosts()) {
        std::fill(dist.begin(), dist.end(), -1);
        std::fill(F.begin(), F.end(), 0.0);
        queue.assign(1, static_cast<std::uint32_t>(dst));
        dist[dst] = 0;
        for (std::size_t h = 0; h < queue.size(); ++h) {
            const std::uint32_t u = queue[h];
            if (u != dst && !transit[u])
                continue;
            for (std::uint32_t i = off[u]; i < off[u + 1]; ++i)
                if (dist[adj[i]] < 0) {
                    dist[adj[i]] = dist[u] + 1;
                    queue.push_back(adj[i]);
                }
        }
        for (std::size_t h = queue.size(); h-- > 1;) {
            const std::uint32_t v = queue[h];
            const double f = F[v] + (host[v] ? 1.0 : 0.0);
            if (f == 0)
                continue;
            int k = 0;
            for (std::uint32_t i = off[v]; i < off[v + 1]; ++i)
                k += dist[adj[i]] == dist[v] - 1 && (adj[i] == dst || transit[adj[i]]);
            for (std::uint32_t i = off[v]; i < off[v + 1]; ++i) {
                const std::uint32_t u = adj[i];
                if (dist[u] == dist[v] - 1 && (u == dst || transit[u])) {
                    (t.endpoints(edge[i]).first == v ? r.forward : r.backward)[edge[i]] += f / k;
                    F[u] += f / k;
                }
            }
        }
    }
    r.time = {now() - w0, cpuNow() - c0};
    return r;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

// Every figure the fast and generic computations share, compared.
std::string compare(const TopologyMetrics& a, const TopologyMetrics& b)
{
    if (a.hops.count != b.hops.count || a.hops.unreachable != b.hops.unreachable)
        return "hop histograms differ";
    if (!near(a.avgLatency, b.avgLatency) || !near(a.maxLatency, b.maxLatency))
        return "latency differs";
    auto loads = [](const LinkLoads& x, const LinkLoads& y) {
        if (x.flows != y.flows || x.unroutable != y.unroutable || !near(x.maxLoad, y.maxLoad) ||
            !near(x.maxCongestion, y.maxCongestion))
            return false;
        for (std::size_t e = 0; e < x.forward.size(); ++e)
            if (!near(x.forward[e], y.forward[e]) || !near(x.backward[e], y.backward[e]))
                return false;
        return true;
    };
    if (!loads(a.allToAll, b.allToAll))
        return "all-to-all loads differ";
    for (auto m : {&TopologyMetrics::transpose, &TopologyMetrics::nearestNeighbour, &TopologyMetrics::ring})
        if ((a.*m).has_value() != (b.*m).has_value() || ((a.*m) && !loads(*(a.*m), *(b.*m))))
            return "sparse-pattern loads differ";
    return "";
}

std::string compare(const TopologyMetrics& m, const Plain& p)
{
    for (std::size_t e = 0; e < p.forward.size(); ++e)
        if (!near(m.allToAll.forward[e], p.forward[e]) || !near(m.allToAll.backward[e], p.backward[e]))
            return "all-to-all loads differ from the plain BFS/ECMP";
    return "";
}

// Where each baseline runs: the case's own instance, a smaller one of the
// same family, or (generic on a drawn network, which is what computeMetrics
// runs anyway) nowhere.
enum class On { Full, Small, Skip };

struct Case {
    std::string label;
    std::function<Topology()> make;
    std::string smallLabel;
    std::function<Topology()> makeSmall;
    On generic, plain;
};

// Stage times of one computeMetrics, by calling its parts as it does.
void stages(const Topology& t, int threads)
{
    double tCore = 0, tSym = 0, tRouter = 0, tDem = 0, tPass = 0, tRoute = 0, tCut = 0, tValid = 0;
    tValid = timed([&] { t.validate(); });
    CoreGraph g;
    tCore = timed([&] { g = CoreGraph::build(t); });
    std::optional<Symmetry> sym;
    tSym = timed([&] { sym = findSymmetry(t, g); });
    std::unique_ptr<FlowRouter> router;
    tRouter = timed([&] { router = coordinateRouter(t, g); });
    std::vector<Demands> ds;
    tDem = timed([&] {
        for (TrafficPattern p : {TrafficPattern::Transpose, TrafficPattern::NearestNeighbour, TrafficPattern::Ring})
            ds.push_back(trafficDemands(t, g, p));
    });
    EcmpJob job;
    job.allPairsRoots = sym ? sym->roots : everyHostRoot(g);
    if (!router)
        for (const Demands& d : ds)
            job.sparse.push_back(&d);
    tPass = timed([&] { (void)runEcmpPass(g, job, threads, nullptr); });
    if (router)
        tRoute = timed([&] {
            for (const Demands& d : ds)
                (void)router->route(g, d, threads, nullptr, 0);
        });
    tCut = timed([&] { (void)bisection(t); });
    std::printf("    stages: validate %.3f, core graph %.3f, symmetry %.3f (%s), coordinate router %.3f (%s),\n"
                "            demands %.3f, ECMP pass %.3f (%zu roots%s), routing by coordinates %.3f,\n"
                "            bisection %.3f s\n",
                tValid, tCore, tSym, sym ? "found" : "none", tRouter, router ? "yes" : "no", tDem, tPass,
                job.allPairsRoots.size(), router ? "" : " + sparse", tRoute, tCut);
}

} // namespace

int main(int argc, char** argv)
{
    int threads = 2;
    bool full = false, fastOnly = false;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--threads" && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (a == "--full")
            full = true;
        else if (a == "--fast-only")
            fastOnly = true;
        else if (a == "--only" && i + 1 < argc)
            only = argv[++i];
        else {
            std::cerr << "usage: bench_topology_loads [--threads N] [--full] [--fast-only] [--only LABEL]\n";
            return 2;
        }
    }
    const std::vector<Case> cases = {
        {"torus 32^3", [] { return generate("torus", {{"k", 32}, {"dims", 3}}); }, "torus 16^3",
         [] { return generate("torus", {{"k", 16}, {"dims", 3}}); }, On::Small, On::Small},
        {"torus 100^2", [] { return generate("torus", {{"k", 100}, {"dims", 2}}); }, "torus 50^2",
         [] { return generate("torus", {{"k", 50}, {"dims", 2}}); }, On::Full, On::Small},
        {"fat-tree k=48", [] { return generate("fat-tree", {{"k", 48}}); }, "fat-tree k=24",
         [] { return generate("fat-tree", {{"k", 24}}); }, On::Full, On::Small},
        {"star of stars 10k", [] { return starOfStars(250, 40, 10, 100, 7); }, "", nullptr, On::Skip, On::Full},
        {"irregular direct 10k", [] { return irregularDirect(100, 500, 11); }, "irregular direct 2.5k",
         [] { return irregularDirect(50, 125, 11); }, On::Skip, On::Small},
    };
    std::printf("bench_topology_loads: %d threads; every metric on (hops, latency, all-to-all, transpose,\n"
                "nearest-neighbour, ring, bisection). Ratios: baseline / computeMetrics on the same instance.\n\n",
                threads);
    struct Row {
        std::string label, base, plainBase;
        std::size_t hosts;
        Time ours, oursBase, generic, plain, plainOurs;
    };
    std::vector<Row> rows;
    bool ok = true;
    for (const Case& c : cases) {
        if (!only.empty() && c.label != only)
            continue;
        Topology t;
        const double tMake = timed([&] { t = c.make(); });
        std::printf("%s: %zu hosts, %zu vertices, %zu links (built in %.3f s)\n", c.label.c_str(), t.hosts().size(),
                    t.vertexCount(), t.edgeCount(), tMake);
        TopologyMetrics fast;
        MetricsOptions o;
        o.threads = threads;
        const Time tFast = timedBoth([&] { fast = computeMetrics(t, o); });
        std::printf("    computeMetrics %.3f s (cpu %.3f s); %s\n", tFast.wall, tFast.cpu, fast.method.c_str());
        std::printf("    avg hops %.4f, diameter %d, avg latency %.4g s, max latency %.4g s, a2a max load %.6g\n",
                    fast.avgHops(), fast.diameter(), fast.avgLatency, fast.maxLatency, fast.allToAll.maxLoad);
        stages(t, threads);
        if (fastOnly) {
            std::printf("\n");
            continue;
        }
        const On genericOn = full && c.generic == On::Small ? On::Full : c.generic;
        const On plainOn = full && c.plain == On::Small ? On::Full : c.plain;
        const bool needSmall = genericOn == On::Small || plainOn == On::Small;
        const Topology small = needSmall ? c.makeSmall() : Topology();
        // Ours on the small instance, when a baseline runs there.
        TopologyMetrics fastSmall;
        Time tFastSmall;
        if (needSmall)
            tFastSmall = timedBoth([&] { fastSmall = computeMetrics(small, o); });
        auto pick = [&](On on) -> std::tuple<const Topology&, const TopologyMetrics&, Time, std::string> {
            if (on == On::Small)
                return {small, fastSmall, tFastSmall, c.smallLabel};
            return {t, fast, tFast, c.label};
        };
        Row row{c.label, "-", "-", t.hosts().size(), tFast, {}, {}, {}, {}};
        if (genericOn != On::Skip) {
            const auto [base, mine, tMine, label] = pick(genericOn);
            MetricsOptions og = o;
            og.symmetry = false;
            TopologyMetrics generic;
            const Time tGeneric = timedBoth([&] { generic = computeMetrics(base, og); });
            const std::string diff = compare(mine, generic);
            std::printf("    generic (%s): %.3f s (cpu %.3f) against %.3f s (cpu %.3f): %s\n", label.c_str(),
                        tGeneric.wall, tGeneric.cpu, tMine.wall, tMine.cpu,
                        diff.empty() ? "all results equal" : diff.c_str());
            ok = ok && diff.empty();
            row.base = label;
            row.oursBase = tMine;
            row.generic = tGeneric;
        } else {
            std::printf("    generic: not run (no generator record: computeMetrics is the generic path)\n");
        }
        if (plainOn != On::Skip) {
            const auto [base, mine, tMine, label] = pick(plainOn);
            const Plain plain = plainAllToAll(base);
            const std::string diff = compare(mine, plain);
            std::printf("    plain all-to-all BFS/ECMP (%s): %.3f s (cpu %.3f) against %.3f s (cpu %.3f): %s\n",
                        label.c_str(), plain.time.wall, plain.time.cpu, tMine.wall, tMine.cpu,
                        diff.empty() ? "loads equal" : diff.c_str());
            ok = ok && diff.empty();
            row.plainBase = label;
            row.plain = plain.time;
            row.plainOurs = tMine;
        }
        std::printf("\n");
        rows.push_back(row);
    }
    if (fastOnly)
        return 0;
    std::printf("Times in s, wall/cpu; ratios baseline/ours from cpu time (wall in brackets).\n");
    std::printf("%-20s %6s %12s | %-13s %12s %12s %11s | %-21s %12s %12s %11s\n", "case", "hosts", "ours",
                "generic on", "ours", "generic", "ratio", "plain a2a on", "ours", "plain", "ratio");
    auto wc = [](const Time& x) {
        if (x.wall == 0)
            return std::string("-");
        char b[32];
        std::snprintf(b, sizeof b, "%.3f/%.3f", x.wall, x.cpu);
        return std::string(b);
    };
    auto ratio = [](const Time& a, const Time& b) {
        if (a.wall == 0)
            return std::string("-");
        char r[32];
        std::snprintf(r, sizeof r, "%.1f (%.1f)", a.cpu / b.cpu, a.wall / b.wall);
        return std::string(r);
    };
    for (const Row& r : rows)
        std::printf("%-20s %6zu %12s | %-13s %12s %12s %11s | %-21s %12s %12s %11s\n", r.label.c_str(), r.hosts,
                    wc(r.ours).c_str(), r.base.c_str(), wc(r.oursBase).c_str(), wc(r.generic).c_str(),
                    ratio(r.generic, r.oursBase).c_str(), r.plainBase.c_str(), wc(r.plainOurs).c_str(),
                    wc(r.plain).c_str(), ratio(r.plain, r.plainOurs).c_str());
    std::printf("(plain a2a computes all-to-all loads only; ours computes every metric.)\n");
    std::printf(ok ? "all results match their baselines\n" : "SOME RESULTS DIFFER\n");
    return ok ? 0 : 1;
}
