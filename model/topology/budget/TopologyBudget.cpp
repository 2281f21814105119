#include "model/topology/budget/TopologyBudget.h"
#include "model/os/AvailableMemory.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/metrics/Bisection.h"
#include "model/topology/routing/FlowRouter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace cs {

namespace {

// Two significant digits, never in exponent form below 1e4 ("100", not "1e+02").
std::string sig(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, v >= 10 && v < 1e4 ? "%.0f" : "%.2g", v);
    return buf;
}

// A count as a whole number while it is one a reader can take in.
std::string count(double n)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, n < 1e15 ? "%.0f" : "%.3g", n);
    return buf;
}

std::string counted(double n, const char* one, const char* many)
{
    return count(n) + " " + (n == 1 ? one : many);
}

// "2 hosts", "1 switch": the kind's nouns from the one table (TopologyFields.h).
std::string counted(double n, VertexKind k)
{
    return count(n) + " " + std::string(vertexKindNoun(k, n));
}

// "45 s", "12 min", "1.7 h", "2000 days".
std::string duration(double s)
{
    if (s < 120)
        return sig(s) + " s";
    if (s < 5400)
        return sig(s / 60) + " min";
    if (s < 172800)
        return sig(s / 3600) + " h";
    return sig(s / 86400) + " days";
}

std::string describe(const GeneratorCounts& c)
{
    std::string s = counted(c.hosts, VertexKind::Host);
    if (c.switches > 0)
        s += ", " + counted(c.switches, VertexKind::Switch);
    if (c.segments > 0)
        s += ", " + counted(c.segments, VertexKind::Segment);
    return s + " and " + counted(c.links, "link", "links");
}

// Seconds per unit of each stage (TopologyCost): generate()'s and
// computeMetrics' CPU time (both threads, user and system) on this machine,
// 2 cores, RelWithDebInfo build, with huge pages as `topo` runs
// (HugePages.h). Measured with bench_topology_budget --stages: every
// generator at three sizes (42 cases, up to about a second) and 14 cases
// of 0.4 to 62 s given with --case (meshes of 150^2 to 300^2, 40^3 and
// 50^3, Beowulf meshes of 200^2 and 300^2, complete graphs of 1024 and
// 2048, a bonded network of 5000, the 1M leaf-spine, a dragonfly, HyperX
// and gfat whose cut is searched), and fitted to the least worst ratio over
// all 56 (2.1, a 50^3 mesh whose time varied from 28.7 to 42.4 s between
// two runs on the quiet machine). A search step costs more as a search's
// arrays outgrow the caches: kSearchStep and kPatternStep are the rates of
// a small search, times 1 + kCacheExtra x (the search's steps over
// kCacheSize, at most 1): a step of the 300 x 300 mesh took 1.2e-8 s, of
// the 64 x 64 mesh at most 4.4e-9. Building is 3.3e-8 s a vertex or link at every size; a
// core link 8.2e-8 s (every pattern's load both ways, two workers, fresh
// pages) where a vertex or a leaf host's link is 1e-8. Rerun that benchmark
// after changing the metrics: it fails when the estimate is more than 3x
// off.
constexpr double kStart = 3e-4;           // threads started, per-worker arrays
constexpr double kSearchStep = 3.4e-9;    // all-pairs BFS with hops, latency and loads
constexpr double kPatternStep = 5e-10;    // a destination's search for its sparse flows
constexpr double kCacheExtra = 1.4;       // a large search's step costs up to 2.4 times a small one's
constexpr double kCacheSize = 1.2e5;      // the steps of a search at which it does
constexpr double kBox = 7.2e-9;           // a coordinate router's box position
constexpr double kFlow = 2e-8;            // a transpose or ring flow routed
constexpr double kNeighbourFlow = 5.6e-8; // a nearest-neighbour flow listed, sorted and routed
constexpr double kSymmetryStep = 5e-9;    // a vertex or link mapped by an automorphism
constexpr double kPass = 1e-8;            // a vertex or leaf host's link through the linear passes
constexpr double kCoreLink = 8.2e-8;      // a core link's loads, every pattern, both ways
constexpr double kCutPass = 4.3e-6;       // a vertex or link through METIS and six max flows
constexpr double kBuild = 3.3e-8;         // a vertex or link generated (ids, properties, adjacency) and freed

} // namespace

TopologyCost estimateTopologyCost(const GeneratorCounts& c)
{
    const double vertices = c.hosts + c.switches + c.segments;
    // One BFS: every core vertex, both directions of every core link; hosts
    // on one link to a switch or segment are not searched (CoreGraph.h).
    const double leaves = std::clamp(c.leafHosts, 0.0, std::min(c.hosts, c.links));
    const double search = (vertices - leaves) + 2 * (c.links - leaves);
    const bool symmetric = c.orbitRoots >= 0 && c.orbitRoots < c.roots;
    TopologyCost cost;
    cost.searches = (symmetric ? c.orbitRoots : c.roots) * search;
    cost.stepFactor = 1 + kCacheExtra * std::min(1.0, search / kCacheSize);
    // Transpose and ring: one flow per host; nearest-neighbour: one per
    // neighbour listed.
    const double neighbours = std::max(c.neighbourFlows, c.hosts);
    cost.flows = 2 * c.hosts;
    cost.neighbourFlows = neighbours;
    // Without symmetry the all-pairs searches load the sparse patterns on
    // the way. With it, a coordinate router routes them (16 box positions a
    // flow, FlowRouter::work; a pattern above kMaxPatternWork is left out)
    // after its table searches, or else every destination root is searched
    // again, to its farthest source; the last level's next hops make that a
    // whole search.
    if (c.coordinateRouted) {
        // A pattern above kMaxPatternWork is left out: only its work is summed.
        const double typical[3] = {16 * c.hosts, 16 * c.hosts, 16 * neighbours};
        for (int i = 0; i < 3; ++i) {
            const double work = c.patternWork[i] >= 0 ? c.patternWork[i] : typical[i];
            const double routerWork = c.patternRouterWork[i] >= 0 ? c.patternRouterWork[i] : work;
            cost.boxes += routerWork <= kMaxPatternWork ? work : 0.0;
        }
        cost.searches += c.routerSearches * search;
    } else if (symmetric) {
        cost.patterns = c.roots * search;
    }
    cost.symmetry = c.symmetryChecks * (vertices + c.links);
    cost.passes = vertices + leaves;
    cost.coreLinks = c.links - leaves;
    cost.build = vertices + c.links;
    const bool cutSearched = !c.exactBisection && !(c.bisectionBound && vertices + c.links > double(kSearchLimit));
    cost.bisection = cutSearched ? vertices + c.links : 0.0;
    const double searching = cost.stepFactor * (kSearchStep * cost.searches + kPatternStep * cost.patterns);
    cost.seconds = kStart + searching + kBox * cost.boxes +
                   kFlow * cost.flows + kNeighbourFlow * cost.neighbourFlows + kSymmetryStep * cost.symmetry +
                   kPass * cost.passes + kCoreLink * cost.coreLinks + kCutPass * cost.bisection +
                   kBuild * cost.build;
    cost.bytes = 400 * vertices + 200 * c.links;
    return cost;
}

std::string topologyBuildProblem(const GeneratorCounts& c)
{
    const double bytes = estimateTopologyCost(c).bytes;
    const double available = static_cast<double>(availableMemory());
    const double limit = std::max(0.0, available * 0.8 - 256e6);
    if (available <= 0 || bytes <= limit)
        return {};
    return "a topology of " + describe(c) + " needs about " + sig(bytes / 1e9) + " GB, more than the " +
           sig(limit / 1e9) + " GB of memory available here";
}

std::string topologyMetricsProblem(const GeneratorCounts& c)
{
    const TopologyCost cost = estimateTopologyCost(c);
    if (cost.seconds <= kMaxMetricsSeconds)
        return {};
    // The way out: searches grow about as hosts x roots (roots with hosts),
    // so the same shape fits at about hosts x sqrt(limit / time), or, when
    // the stage that dominates is linear, hosts x limit / time.
    const double ratio = kMaxMetricsSeconds / cost.seconds;
    const double quadratic = cost.stepFactor * (kSearchStep * cost.searches + kPatternStep * cost.patterns);
    const double fits = std::floor(c.hosts * (quadratic > 0.5 * cost.seconds ? std::sqrt(ratio) : ratio));
    std::string why = kSearchStep * cost.searches >= kPatternStep * cost.patterns ? "one BFS per root"
                                                                                  : "a search per destination";
    if (quadratic <= 0.5 * cost.seconds)
        why = "its patterns' flows and passes";
    else if (c.orbitRoots < 0)
        why += ", with no symmetry to use";
    return "the metrics of a topology of " + describe(c) + " would take about " + duration(cost.seconds) + " (" +
           why + "), more than the " + duration(kMaxMetricsSeconds) + " allowed; about " +
           count(std::max(fits, 1.0)) + " hosts of this shape fit, or use a generator whose symmetry the metrics use";
}

} // namespace cs
