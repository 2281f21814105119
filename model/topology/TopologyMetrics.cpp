#include "model/topology/TopologyMetrics.h"

namespace cs {

TopologyMetrics computeMetrics(const Topology& t, const MetricsOptions& o)
{
    t.validate();
    TopologyMetrics m;
    m.counts = t.counts();
    const CoreGraph g = CoreGraph::build(t);
    m.hops = hostHopHistogram(g, o.threads);
    m.bisection = bisection(t);
    m.allToAll = linkLoads(t, g, TrafficPattern::AllToAll, o.threads);
    m.a2aBandwidth = allToAllBandwidth(m.allToAll, m.counts.hosts);
    if (o.transpose)
        m.transpose = linkLoads(t, g, TrafficPattern::Transpose, o.threads);
    if (o.nearestNeighbour)
        m.nearestNeighbour = linkLoads(t, g, TrafficPattern::NearestNeighbour, o.threads);
    return m;
}

} // namespace cs
