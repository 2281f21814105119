#include "model/topology/TopologyMetrics.h"

#include <algorithm>

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
    // Interim: every hop costs the mean link latency.
    double lat = 0.0, latMax = 0.0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        lat += t.link(e).latency;
        latMax = std::max(latMax, t.link(e).latency);
    }
    lat = t.edgeCount() ? lat / static_cast<double>(t.edgeCount()) : 0.0;
    m.avgLatency = m.avgHops() * lat;
    m.maxLatency = m.diameter() * latMax;
    if (o.transpose)
        m.transpose = linkLoads(t, g, TrafficPattern::Transpose, o.threads);
    if (o.nearestNeighbour)
        m.nearestNeighbour = linkLoads(t, g, TrafficPattern::NearestNeighbour, o.threads);
    return m;
}

} // namespace cs
