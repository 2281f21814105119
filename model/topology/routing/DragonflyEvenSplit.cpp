#include "model/topology/routing/DragonflyEvenSplit.h"
#include "model/topology/graph/GeneratedIds.h"
#include "model/topology/graph/ParallelFor.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>

namespace cs {

std::unique_ptr<DragonflyEvenSplit> DragonflyEvenSplit::detect(const Topology& t, const CoreGraph& g, int threads)
{
    if (t.generator != "dragonfly")
        return nullptr;
    double groups = 0, a = 0;
    for (const auto& [name, v] : t.generatorParams) {
        if (name == "groups")
            groups = v;
        else if (name == "a")
            a = v;
    }
    if (groups < 2 || a < 1 || groups * a != double(g.n) || g.n == 0)
        return nullptr;
    auto r = std::make_unique<DragonflyEvenSplit>();
    r->groups_ = static_cast<std::uint32_t>(std::lround(groups));
    r->a_ = static_cast<std::uint32_t>(std::lround(a));
    const std::uint32_t A = r->a_, G = r->groups_;
    // Core vertex c is router (c / a, c % a), forwarding, not a segment.
    for (std::uint32_t c = 0; c < g.n; ++c) {
        const auto id = idNumbers(t.id(g.topoOf[c]), "r");
        if (!id || id->first != long(c / A) || id->second != long(c % A) || !g.transit[c] || g.segment[c] ||
            g.offset[c + 1] - g.offset[c] > 0xffff)
            return nullptr;
    }
    // Each router's arcs in key order: (group difference, far router).
    auto key = [&](std::uint32_t v, std::uint32_t i) {
        const std::uint32_t u = g.adj[i];
        return std::uint64_t{(u / A + G - v / A) % G} * A + u % A;
    };
    r->sortedArc_.resize(g.adj.size());
    std::iota(r->sortedArc_.begin(), r->sortedArc_.end(), 0u);
    parallelFor(g.n, threads, 0, [&](int&, std::size_t vi) {
        const auto v = static_cast<std::uint32_t>(vi);
        auto* b = r->sortedArc_.data() + g.offset[v];
        auto* e = r->sortedArc_.data() + g.offset[v + 1];
        std::sort(b, e, [&](std::uint32_t x, std::uint32_t y) { return key(v, x) < key(v, y) || (key(v, x) == key(v, y) && x < y); });
    });
    // The group shift is an automorphism when every router's keys are its
    // group-0 twin's (same degree, same far ends relative to its group).
    for (std::uint32_t v = A; v < g.n; ++v) {
        const std::uint32_t twin = v % A;
        if (g.offset[v + 1] - g.offset[v] != g.offset[twin + 1] - g.offset[twin])
            return nullptr;
        for (std::uint32_t j = 0; j < g.offset[v + 1] - g.offset[v]; ++j)
            if (key(v, r->sortedArc_[g.offset[v] + j]) != key(twin, r->sortedArc_[g.offset[twin] + j]))
                return nullptr;
    }
    // One search per router of group 0: distances, then each vertex's next
    // hops (arcs to a vertex one nearer) as positions in its key order.
    r->dist_.resize(A);
    r->nhBegin_.resize(A);
    r->nh_.resize(A);
    struct Scratch {
        std::vector<std::uint32_t> queue;
    };
    Scratch proto;
    proto.queue.reserve(g.n);
    std::atomic<bool> connected{true};
    parallelFor(A, threads, proto, [&](Scratch& s, std::size_t root) {
        std::vector<std::uint8_t>& dist = r->dist_[root];
        dist.assign(g.n, 0xff);
        dist[root] = 0;
        s.queue.assign(1, static_cast<std::uint32_t>(root));
        for (std::size_t h = 0; h < s.queue.size(); ++h) {
            const std::uint32_t u = s.queue[h];
            for (std::uint32_t i = g.offset[u]; i < g.offset[u + 1]; ++i)
                if (dist[g.adj[i]] == 0xff) {
                    dist[g.adj[i]] = static_cast<std::uint8_t>(dist[u] + 1);
                    s.queue.push_back(g.adj[i]);
                }
        }
        if (s.queue.size() != g.n || dist[s.queue.back()] >= 0xfe)
            connected = false;
        std::vector<std::uint32_t>& begin = r->nhBegin_[root];
        std::vector<std::uint16_t>& nh = r->nh_[root];
        begin.assign(g.n + 1, 0);
        for (std::uint32_t v = 0; v < g.n; ++v) {
            begin[v] = static_cast<std::uint32_t>(nh.size());
            if (dist[v] == 0 || dist[v] == 0xff)
                continue;
            for (std::uint32_t j = 0; j < g.offset[v + 1] - g.offset[v]; ++j)
                if (dist[g.adj[r->sortedArc_[g.offset[v] + j]]] + 1 == dist[v])
                    nh.push_back(static_cast<std::uint16_t>(j));
        }
        begin[g.n] = static_cast<std::uint32_t>(nh.size());
    });
    if (!connected)
        return nullptr;
    return r;
}

std::string DragonflyEvenSplit::method() const
{
    return "ECMP per flow along next hops from one search per router of one group, shifted to every group "
           "(dragonfly group shift, exact)";
}

CoreLoads DragonflyEvenSplit::route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                                 double progressShare) const
{
    struct Worker {
        std::vector<double> load, F;
        std::vector<std::uint8_t> held; // the vertex holds flow in this walk
        std::vector<std::vector<std::uint32_t>> level;
        double routed = 0;
    };
    // A worker allocates its arrays on its own thread, at its first
    // destination, rather than copying a filled prototype.
    const Worker proto;
    std::vector<std::uint32_t> dsts;
    for (std::uint32_t t = 0; t < g.n; ++t)
        if (d.dstBegin[t + 1] > d.dstBegin[t])
            dsts.push_back(t);
    if (progress)
        progress->beginStage(progressShare, dsts.size());
    auto work = [&](Worker& w, std::size_t k) {
        if (progress && progress->cancelled())
            return;
        if (w.load.empty()) {
            w.load.assign(g.adj.size(), 0.0);
            w.F.assign(g.n, 0.0);
            w.held.assign(g.n, 0);
        }
        const std::uint32_t t = dsts[k];
        const std::uint32_t grp = t / a_, rep = t % a_, back = groups_ - grp;
        const std::uint8_t* dist = dist_[rep].data();
        const std::uint32_t* begin = nhBegin_[rep].data();
        const std::uint16_t* nh = nh_[rep].data();
        std::uint32_t deepest = 0;
        for (std::uint32_t e = d.dstBegin[t]; e < d.dstBegin[t + 1]; ++e) {
            const std::uint32_t s = d.src[e];
            const std::uint32_t ds = dist[shifted(s, back)];
            if (w.level.size() <= ds)
                w.level.resize(ds + 1);
            w.F[s] += d.weight[e];
            w.routed += d.weight[e];
            if (!w.held[s]) {
                w.held[s] = 1;
                w.level[ds].push_back(s);
            }
            deepest = std::max(deepest, ds);
        }
        for (std::uint32_t lv = deepest; lv >= 1; --lv) {
            for (const std::uint32_t v : w.level[lv]) {
                const double f = w.F[v];
                w.F[v] = 0;
                w.held[v] = 0;
                const std::uint32_t fv = shifted(v, back);
                const std::uint32_t* arcs = sortedArc_.data() + g.offset[v];
                const double share = f / double(begin[fv + 1] - begin[fv]);
                for (std::uint32_t j = begin[fv]; j < begin[fv + 1]; ++j) {
                    const std::uint32_t arc = arcs[nh[j]], u = g.adj[arc];
                    w.load[arc] += share;
                    w.F[u] += share;
                    if (!w.held[u]) {
                        w.held[u] = 1;
                        w.level[lv - 1].push_back(u);
                    }
                }
            }
            w.level[lv].clear();
        }
        // Level 0 is the destination alone: what reached it stops there.
        for (const std::uint32_t v : w.level[0]) {
            w.F[v] = 0;
            w.held[v] = 0;
        }
        w.level[0].clear();
        if (progress)
            progress->step();
    };
    auto workers = parallelFor(dsts.size(), threads, proto, work);
    if (progress)
        progress->throwIfCancelled();
    return gatherCoreLoads(workers, g.n, g.adj.size(), d.local);
}

} // namespace cs
