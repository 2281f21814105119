#include "model/topology/TopologyBudget.h"
#include "model/core/AvailableMemory.h"
#include "model/topology/FlowRouter.h"
#include "model/topology/GeneratorRegistry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace cs {

namespace {

std::string sig(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2g", v);
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

std::string describe(const GeneratorCounts& c)
{
    std::string s = counted(c.hosts, "host", "hosts");
    if (c.switches > 0)
        s += ", " + counted(c.switches, "switch", "switches");
    if (c.segments > 0)
        s += ", " + counted(c.segments, "segment", "segments");
    return s + " and " + counted(c.links, "link", "links");
}

} // namespace

TopologyCost estimateTopologyCost(const GeneratorCounts& c)
{
    const double vertices = c.hosts + c.switches + c.segments;
    const double search = vertices + 2 * c.links; // one BFS: every vertex, both directions of every link
    const bool symmetric = c.orbitRoots >= 0 && c.orbitRoots < c.roots;
    TopologyCost cost;
    cost.searches = (symmetric ? c.orbitRoots : c.roots) * search;
    // Without symmetry the all-pairs searches load the sparse patterns on the
    // way; with it, the destinations the orbits skipped are searched again
    // (each only as deep as its farthest source: about half).
    if (c.coordinateRouted) // each pattern's boxes, at most kMaxPatternWork (else left out)
        cost.patterns = 3 * std::min(16 * c.hosts, kMaxPatternWork) + c.routerSearches * search;
    else if (symmetric)
        cost.patterns = 0.5 * c.roots * search;
    // A proposed automorphism is checked by mapping every vertex's arcs and
    // sorting them: a few steps per arc.
    cost.symmetry = c.symmetryChecks * 4 * search;
    // The linear passes (building the graph with its ids, the CSR snapshot,
    // the demands, finishing every link's loads): measured at about 40 BFS
    // steps per vertex and link.
    cost.passes = 40 * (vertices + c.links);
    // Six push-relabel max flows, each a few tens of passes over the graph.
    if (!c.exactBisection)
        cost.bisection = 6 * 20 * (vertices + c.links);
    cost.metricsWork = cost.searches + cost.patterns + cost.symmetry + cost.passes + cost.bisection;
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
    if (cost.metricsWork <= kMaxMetricsWork)
        return {};
    // The way out: work grows about as hosts x roots (roots with hosts), so
    // the same shape fits at about hosts x sqrt(limit / work), or, when the
    // stage that dominates is linear, hosts x limit / work.
    const double ratio = kMaxMetricsWork / cost.metricsWork;
    const bool quadratic = cost.searches + cost.patterns > 0.5 * cost.metricsWork;
    const double fits = std::floor(c.hosts * (quadratic ? std::sqrt(ratio) : ratio));
    std::string why = cost.searches >= cost.patterns ? "one BFS per root" : "a search per destination";
    if (c.orbitRoots < 0)
        why += ", with no symmetry to use";
    return "the metrics of a topology of " + describe(c) + " need about " + sig(cost.metricsWork) +
           " BFS steps (" + why + "), more than the " + sig(kMaxMetricsWork) +
           " this machine does in about a minute; about " + count(std::max(fits, 1.0)) +
           " hosts of this shape fit, or use a generator whose symmetry the metrics use";
}

GeneratorCounts countsOf(const Topology& t)
{
    const TopologyCounts k = t.counts();
    // A generated topology as generated: its generator knows the symmetry.
    if (const Generator* g = t.generator.empty() ? nullptr : GeneratorRegistry::builtin().find(t.generator)) {
        std::vector<double> p;
        for (const auto& kv : t.generatorParams)
            p.push_back(kv.second);
        if (p.size() == g->spec().params.size() && checkGeneratorParams(*g, p.data()).empty()) {
            const GeneratorCounts c = g->counts(p.data());
            if (c.hosts == double(k.hosts) && c.switches == double(k.switches) && c.segments == double(k.segments) &&
                c.links == double(k.links))
                return c;
        }
    }
    GeneratorCounts c;
    c.hosts = static_cast<double>(k.hosts);
    c.switches = static_cast<double>(k.switches);
    c.segments = static_cast<double>(k.segments);
    c.links = static_cast<double>(k.links);
    // The plain computation's roots (CoreGraph): a host on one link to a
    // non-leaf hangs off that vertex; every other host is a root itself.
    const TopologyGraph& G = t.graph();
    std::vector<char> root(t.vertexCount(), 0);
    for (std::size_t h : t.hosts()) {
        std::size_t at = h;
        if (boost::out_degree(h, G) == 1) {
            const std::size_t n = boost::target(*boost::out_edges(h, G).first, G);
            if (t.vertex(n).kind != VertexKind::Host || boost::out_degree(n, G) != 1)
                at = n;
        }
        root[at] = 1;
    }
    c.roots = static_cast<double>(std::count(root.begin(), root.end(), 1));
    c.exactBisection = t.exactBisection || t.bisectionBound;
    return c;
}

} // namespace cs
