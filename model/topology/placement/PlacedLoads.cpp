#include "model/topology/placement/PlacedLoads.h"
#include "model/topology/routing/EcmpPass.h"

namespace cs {

RawLoads rawLoadsOf(const PlacedNetwork& net, const Demands& d, int threads)
{
    const CoreGraph& g = net.g;
    RawLoads r;
    r.flows = d.flows;
    if (net.router) {
        std::size_t dsts = 0;
        for (std::uint32_t c = 0; c < g.n; ++c)
            dsts += d.dstBegin[c + 1] > d.dstBegin[c];
        // The weights TopologyMetrics uses to share its progress among the two.
        const double search = 0.5 * double(dsts) * double(g.n + g.adj.size());
        if (net.router->work(g, d, threads) <= search) {
            r.core = net.router->route(g, d, threads, nullptr, 0.0);
            accessLoads(d, {}, r.out, r.in);
            return r;
        }
    }
    EcmpJob job;
    job.hops = job.latency = job.allToAll = false;
    job.sparse.push_back(&d);
    EcmpResult res = runEcmpPass(g, job, threads, nullptr);
    accessLoads(d, res.entryRouted.empty() ? std::vector<std::uint8_t>{} : res.entryRouted[0], r.out, r.in);
    if (!res.sparse.empty())
        r.core = std::move(res.sparse[0]);
    return r;
}

} // namespace cs
