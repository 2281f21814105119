#include "model/topology/metrics/HostHops.h"
#include "model/topology/metrics/Symmetry.h"
#include "model/topology/routing/EcmpPass.h"

#include <optional>
#include <utility>

namespace cs {

namespace {

HopHistogram histogramFrom(const CoreGraph& g, std::vector<std::pair<std::uint32_t, std::uint64_t>> roots, int threads)
{
    EcmpJob job;
    job.allPairsRoots = std::move(roots);
    job.latency = false;
    job.allToAll = false;
    return runEcmpPass(g, job, threads, nullptr).hops;
}

} // namespace

HopHistogram hostHopHistogram(const CoreGraph& g, int threads)
{
    return histogramFrom(g, everyHostRoot(g), threads);
}

HopHistogram hostHopHistogram(const Topology& t, int threads)
{
    const CoreGraph g = CoreGraph::build(t);
    if (const std::optional<Symmetry> sym = findSymmetry(t, g))
        return histogramFrom(g, sym->roots, threads);
    return histogramFrom(g, everyHostRoot(g), threads);
}

HopHistogram vertexHopHistogram(const Topology& t, int threads)
{
    return hostHopHistogram(CoreGraph::plain(t), threads);
}

} // namespace cs
