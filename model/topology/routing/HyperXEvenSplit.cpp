#include "model/topology/routing/HyperXEvenSplit.h"
#include "model/topology/routing/HypercubeEvenSplit.h"
#include "model/topology/graph/ParallelFor.h"

#include <bit>
#include <cmath>

namespace cs {

std::optional<HyperXEvenSplit> HyperXEvenSplit::detect(const Topology& t, const CoreGraph& g)
{
    if (t.generator != "hyperx")
        return std::nullopt;
    std::optional<double> dims, s;
    for (const auto& [name, v] : t.generatorParams) {
        if (name == "dims")
            dims = v;
        if (name == "s")
            s = v;
    }
    if (!dims || !s || *dims < 1 || *dims > 6 || *s < 2 || *s > 1024)
        return std::nullopt;
    HyperXEvenSplit r;
    r.dims_ = static_cast<std::uint32_t>(*dims);
    r.s_ = static_cast<std::uint32_t>(*s);
    std::uint64_t n = 1;
    for (std::uint32_t d = 0; d < r.dims_; ++d) {
        r.stride_[d] = static_cast<std::uint32_t>(n);
        n *= r.s_;
    }
    const std::uint64_t perRouter = std::uint64_t{r.dims_} * (r.s_ - 1);
    if (g.n != n || g.adj.size() != n * perRouter || g.hosts == 0)
        return std::nullopt;
    r.n_ = g.n;
    for (std::uint32_t v = 0; v < g.n; ++v) {
        if (!g.transit[v] || g.segment[v] || g.selfHost[v] || g.offset[v] != v * perRouter)
            return std::nullopt;
        for (std::uint32_t d = 0; d < r.dims_; ++d) {
            const std::uint32_t own = r.coord(v, d);
            for (std::uint32_t c = 0; c < r.s_; ++c)
                if (c != own && g.adj[r.arc(v, d, c)] != v - own * r.stride_[d] + c * r.stride_[d])
                    return std::nullopt;
        }
    }
    return r;
}

std::string HyperXEvenSplit::method() const
{
    return "ECMP per flow over the orders of its differing coordinates (hyperx coordinates, exact)";
}

double HyperXEvenSplit::work(const CoreGraph&, const Demands& d, int threads) const
{
    struct Sum {
        double total = 0;
    };
    const auto parts = parallelFor(n_, threads, Sum{}, [&](Sum& sum, std::size_t tv) {
        const auto t = static_cast<std::uint32_t>(tv);
        for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k) {
            std::uint32_t j = 0;
            for (std::uint32_t x = 0; x < dims_; ++x)
                j += coord(d.src[k], x) != coord(t, x);
            sum.total += evenSplitSteps(j);
        }
    });
    double total = 0;
    for (const Sum& p : parts)
        total += p.total;
    return total;
}

CoreLoads HyperXEvenSplit::route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                                 double progressShare) const
{
    struct Worker {
        std::vector<double> load;
        double routed = 0;
    };
    std::vector<std::uint32_t> dsts;
    for (std::uint32_t t = 0; t < n_; ++t)
        if (d.dstBegin[t + 1] > d.dstBegin[t])
            dsts.push_back(t);
    if (progress)
        progress->beginStage(progressShare, dsts.size());
    const std::size_t arcs = g.adj.size();
    auto work = [&](Worker& w, std::size_t i) {
        if (progress && progress->cancelled())
            return;
        if (w.load.empty()) // on the worker's own thread, at its first destination
            w.load.assign(arcs, 0.0);
        const std::uint32_t t = dsts[i];
        std::uint32_t to[7];
        for (std::uint32_t x = 0; x < dims_; ++x)
            to[x] = coord(t, x);
        for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k) {
            const std::uint32_t s = d.src[k];
            // The differing dimensions, the index step to set each, and the
            // arc along it (from any router that has not set it yet: its own
            // coordinate there is still s's).
            std::uint32_t D = 0, offsetAlong[7] = {};
            std::int64_t step[7] = {};
            for (std::uint32_t x = 0; x < dims_; ++x) {
                const std::uint32_t from = coord(s, x);
                if (from == to[x])
                    continue;
                D |= 1u << x;
                step[x] = (std::int64_t{to[x]} - from) * stride_[x];
                offsetAlong[x] = to[x] < from ? to[x] : to[x] - 1;
            }
            const auto j = static_cast<std::uint32_t>(std::popcount(D));
            for (std::uint32_t S = 0; S != D; S = (S - D) & D) {
                std::int64_t v = s;
                for (std::uint32_t b = S; b; b &= b - 1)
                    v += step[std::countr_zero(b)];
                const double share = d.weight[k] * evenSplitShare(j, static_cast<std::uint32_t>(std::popcount(S)));
                for (std::uint32_t b = D & ~S; b; b &= b - 1) {
                    const auto x = static_cast<std::uint32_t>(std::countr_zero(b));
                    w.load[(static_cast<std::size_t>(v) * dims_ + x) * (s_ - 1) + offsetAlong[x]] += share;
                }
            }
            w.routed += d.weight[k];
        }
        if (progress)
            progress->step();
    };
    auto workers = parallelFor(dsts.size(), threads, Worker{}, work);
    if (progress)
        progress->throwIfCancelled();
    return gatherCoreLoads(workers, g.n, arcs, d.local);
}

} // namespace cs
