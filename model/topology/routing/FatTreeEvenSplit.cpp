#include "model/topology/routing/FatTreeEvenSplit.h"
#include "model/topology/graph/GeneratedIds.h"

namespace cs {

std::optional<FatTreeEvenSplit> FatTreeEvenSplit::detect(const Topology& t, const CoreGraph& g)
{
    if (t.generator != "fat-tree")
        return std::nullopt;
    std::optional<double> k;
    for (const auto& [name, v] : t.generatorParams)
        if (name == "k")
            k = v;
    if (!k || *k < 2 || static_cast<long>(*k) % 2 != 0 || *k > 4096)
        return std::nullopt;
    FatTreeEvenSplit r;
    r.k_ = static_cast<std::uint32_t>(*k);
    r.h_ = r.k_ / 2;
    const std::uint32_t K = r.k_, h = r.h_;
    if (g.n != 2 * K * h + h * h)
        return std::nullopt;
    r.role_.resize(g.n);
    r.pod_.resize(g.n);
    r.index_.resize(g.n);
    // Each (role, pod, index) once.
    std::vector<std::uint8_t> taken(g.n, 0);
    for (std::uint32_t c = 0; c < g.n; ++c) {
        if (t.kind(g.topoOf[c]) != VertexKind::Switch)
            return std::nullopt;
        const std::string_view id = t.id(g.topoOf[c]);
        std::uint32_t slot = 0;
        if (auto e = idNumbers(id, "edge")) {
            if (e->first >= K || e->second >= h)
                return std::nullopt;
            r.role_[c] = Edge;
            r.pod_[c] = static_cast<std::uint32_t>(e->first);
            r.index_[c] = static_cast<std::uint32_t>(e->second);
            slot = r.pod_[c] * h + r.index_[c];
        } else if (auto a = idNumbers(id, "agg")) {
            if (a->first >= K || a->second >= h || g.leafCount[c])
                return std::nullopt;
            r.role_[c] = Agg;
            r.pod_[c] = static_cast<std::uint32_t>(a->first);
            r.index_[c] = static_cast<std::uint32_t>(a->second);
            slot = K * h + r.pod_[c] * h + r.index_[c];
        } else if (auto j = idNumber(id, "core")) {
            if (*j >= h * h || g.leafCount[c])
                return std::nullopt;
            r.role_[c] = Core;
            r.index_[c] = static_cast<std::uint32_t>(*j);
            r.pod_[c] = r.index_[c] / h;
            slot = 2 * K * h + r.index_[c];
        } else {
            return std::nullopt;
        }
        if (taken[slot]++)
            return std::nullopt;
    }
    // Every core vertex links to exactly the vertices it should, once each:
    // with the degree right, no neighbour out of place and none twice, the
    // neighbour sets are the fat-tree's.
    std::vector<std::uint32_t> mark(g.n, 0xffffffffu);
    for (std::uint32_t v = 0; v < g.n; ++v) {
        const std::uint32_t degree = r.role_[v] == Edge ? h : r.role_[v] == Agg ? 2 * h : K;
        if (g.offset[v + 1] - g.offset[v] != degree)
            return std::nullopt;
        for (std::uint32_t i = g.offset[v]; i < g.offset[v + 1]; ++i) {
            const std::uint32_t u = g.adj[i];
            bool fits = false;
            switch (r.role_[v]) {
            case Edge: fits = r.role_[u] == Agg && r.pod_[u] == r.pod_[v]; break;
            case Agg:
                fits = (r.role_[u] == Edge && r.pod_[u] == r.pod_[v]) ||
                       (r.role_[u] == Core && r.pod_[u] == r.index_[v]);
                break;
            case Core: fits = r.role_[u] == Agg && r.index_[u] == r.pod_[v]; break;
            }
            if (!fits || mark[u] == v)
                return std::nullopt;
            mark[u] = v;
        }
    }
    // Which of route()'s sums each arc carries: an edge switch's up and down
    // sums (k h each), then each pod's out and in (k each).
    r.arcSum_.resize(g.adj.size());
    for (std::uint32_t v = 0; v < g.n; ++v)
        for (std::uint32_t i = g.offset[v]; i < g.offset[v + 1]; ++i) {
            const std::uint32_t u = g.adj[i];
            const bool edgeUp = r.role_[v] == Edge, edgeDown = r.role_[v] == Agg && r.role_[u] == Edge;
            r.arcSum_[i] = edgeUp     ? r.pod_[v] * h + r.index_[v]
                           : edgeDown ? K * h + r.pod_[u] * h + r.index_[u]
                           : r.role_[v] == Agg ? 2 * K * h + r.pod_[v]
                                               : 2 * K * h + K + r.pod_[u];
        }
    return r;
}

std::string FatTreeEvenSplit::method() const
{
    return "ECMP per flow in closed form (fat-tree pods and aggregation index, exact)";
}

CoreLoads FatTreeEvenSplit::route(const CoreGraph& g, const Demands& d, int, MetricsProgress* progress,
                               double progressShare) const
{
    if (progress) {
        progress->beginStage(progressShare, 1);
        progress->throwIfCancelled();
    }
    const std::uint32_t h = h_;
    // Flows leaving and entering each edge switch (up, down), and each pod
    // (out, in), one after the other (arcSum_).
    const std::size_t K = k_, edges = K * h;
    std::vector<double> sums(2 * edges + 2 * K, 0.0);
    double* up = sums.data();
    double* down = up + edges;
    double* podOut = down + edges;
    double* podIn = podOut + K;
    CoreLoads out;
    for (std::uint32_t t = 0; t < g.n; ++t)
        out.routed += d.local[t]; // between hosts of one edge switch
    for (std::uint32_t t = 0; t < g.n; ++t)
        for (std::uint32_t e = d.dstBegin[t]; e < d.dstBegin[t + 1]; ++e) {
            const std::uint32_t s = d.src[e];
            const double w = d.weight[e];
            up[pod_[s] * h + index_[s]] += w;
            down[pod_[t] * h + index_[t]] += w;
            if (pod_[s] != pod_[t]) {
                podOut[pod_[s]] += w;
                podIn[pod_[t]] += w;
            }
            out.routed += w;
        }
    // Each sum spread over its links (an edge switch's over its h up- or
    // down-links, a pod's over h^2 core links), once per sum rather than per arc.
    const double hd = static_cast<double>(h), hh = static_cast<double>(h) * h;
    for (std::size_t j = 0; j < sums.size(); ++j)
        sums[j] /= j < 2 * edges ? hd : hh;
    out.arc.resize(g.adj.size());
    out.through.assign(g.n, 0.0);
    for (std::size_t i = 0; i < out.arc.size(); ++i)
        out.arc[i] = sums[arcSum_[i]];
    if (progress)
        progress->step();
    return out;
}

} // namespace cs
