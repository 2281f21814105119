#include "model/topology/TopologyBudget.h"
#include "model/core/AvailableMemory.h"
#include "model/topology/GeneratorRegistry.h"

#include <algorithm>
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
    TopologyCost cost;
    cost.metricsWork = c.roots * (vertices + 2 * c.links) + 500 * (vertices + c.links);
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
    const double work = estimateTopologyCost(c).metricsWork;
    if (work <= kMaxMetricsWork)
        return {};
    return "the metrics of a topology of " + describe(c) + " need about " + sig(work) +
           " BFS steps, more than the " + sig(kMaxMetricsWork) + " this machine does in about a minute";
}

GeneratorCounts countsOf(const Topology& t)
{
    // A generated topology: its generator knows the BFS roots.
    if (const Generator* g = t.generator.empty() ? nullptr : GeneratorRegistry::builtin().find(t.generator)) {
        std::vector<double> p;
        for (const auto& kv : t.generatorParams)
            p.push_back(kv.second);
        if (p.size() == g->spec().params.size() && checkGeneratorParams(*g, p.data()).empty())
            return g->counts(p.data());
    }
    const TopologyCounts k = t.counts();
    GeneratorCounts c;
    c.hosts = static_cast<double>(k.hosts);
    c.switches = static_cast<double>(k.switches);
    c.segments = static_cast<double>(k.segments);
    c.links = static_cast<double>(k.links);
    c.roots = c.hosts;
    return c;
}

} // namespace cs
