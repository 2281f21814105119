#include "model/topology/HopHistogram.h"
#include "model/topology/ParallelFor.h"

#include <algorithm>

namespace cs {

std::uint64_t HopHistogram::pairs() const
{
    std::uint64_t s = 0;
    for (std::uint64_t c : count)
        s += c;
    return s;
}

double HopHistogram::average() const
{
    std::uint64_t n = 0;
    double sum = 0.0;
    for (std::size_t h = 0; h < count.size(); ++h) {
        n += count[h];
        sum += static_cast<double>(h) * static_cast<double>(count[h]);
    }
    return n ? sum / static_cast<double>(n) : 0.0;
}

int HopHistogram::diameter() const
{
    for (std::size_t h = count.size(); h-- > 0;)
        if (count[h])
            return static_cast<int>(h);
    return 0;
}

void HopHistogram::add(const HopHistogram& o)
{
    if (count.size() < o.count.size())
        count.resize(o.count.size(), 0);
    for (std::size_t h = 0; h < o.count.size(); ++h)
        count[h] += o.count[h];
    unreachable += o.unreachable;
}

namespace {

void trim(HopHistogram& h)
{
    while (!h.count.empty() && h.count.back() == 0)
        h.count.pop_back();
}

struct BfsWorker {
    std::vector<std::uint32_t> seen;  // stamp per vertex
    std::vector<std::uint32_t> queue;
    std::uint32_t stamp = 0;
    HopHistogram hist;

    void bump(std::size_t d, std::uint64_t n)
    {
        if (!n)
            return;
        if (hist.count.size() <= d)
            hist.count.resize(d + 1, 0);
        hist.count[d] += n;
    }
};

// All host pairs whose source is at core root s (the root itself when it is
// a host, and the leaf hosts hanging off it).
void fromRoot(const CoreGraph& g, std::uint32_t s, BfsWorker& w)
{
    const std::uint64_t H = g.hosts;
    const std::uint64_t a = g.selfHost[s];   // the root as a source host
    const std::uint64_t L = g.leafCount[s];
    const bool tr = g.transit[s] != 0;
    const std::uint64_t b = tr ? L : 0;      // leaf sources that can route through s
    if (L && !tr) {
        // Leaves of a host that does not forward reach only that host.
        w.bump(1, L);
        w.hist.unreachable += L * (H - 2);
    }
    if (a + b == 0)
        return;
    std::uint64_t placed = 0;
    // Pairs that stay at the root: self -> its leaves, leaf -> self, leaf -> other leaves.
    w.bump(1, a * L + b * a);
    w.bump(2, b * (L - (L ? 1 : 0)));
    placed += a * L + b * a + b * (L ? L - 1 : 0);

    if (++w.stamp == 0) { // wrapped: clear
        std::fill(w.seen.begin(), w.seen.end(), 0);
        w.stamp = 1;
    }
    const std::uint32_t stamp = w.stamp;
    std::uint32_t* seen = w.seen.data();
    std::uint32_t* queue = w.queue.data();
    const std::uint32_t* off = g.offset.data();
    const std::uint32_t* adj = g.adj.data();
    const std::uint8_t* transit = g.transit.data();
    const std::uint8_t* selfHost = g.selfHost.data();
    const std::uint32_t* leafCount = g.leafCount.data();

    seen[s] = stamp;
    queue[0] = s;
    std::size_t head = 0, tail = 1;
    std::size_t d = 0;
    while (head < tail) {
        const std::size_t end = tail;
        ++d;
        std::uint64_t selfAt = 0, leafAt = 0; // targets at core distance d
        for (; head < end; ++head) {
            const std::uint32_t u = queue[head];
            if (u != s && !transit[u])
                continue; // a host that does not forward ends a route
            for (std::uint32_t i = off[u], e = off[u + 1]; i < e; ++i) {
                const std::uint32_t v = adj[i];
                if (seen[v] == stamp)
                    continue;
                seen[v] = stamp;
                queue[tail++] = v;
                selfAt += selfHost[v];
                leafAt += transit[v] ? leafCount[v] : 0;
            }
        }
        w.bump(d, a * selfAt);
        w.bump(d + 1, b * selfAt + a * leafAt);
        w.bump(d + 2, b * leafAt);
        placed += (a + b) * (selfAt + leafAt);
    }
    w.hist.unreachable += (a + b) * (H - 1) - placed;
}

// A direct network (every core vertex a forwarding host, no leaf hosts):
// every vertex reached at distance d is one host pair at d hops.
void fromRootDirect(const CoreGraph& g, std::uint32_t s, BfsWorker& w)
{
    if (++w.stamp == 0) {
        std::fill(w.seen.begin(), w.seen.end(), 0);
        w.stamp = 1;
    }
    const std::uint32_t stamp = w.stamp;
    std::uint32_t* seen = w.seen.data();
    std::uint32_t* queue = w.queue.data();
    const std::uint32_t* off = g.offset.data();
    const std::uint32_t* adj = g.adj.data();
    seen[s] = stamp;
    queue[0] = s;
    std::size_t head = 0, tail = 1, d = 0;
    while (head < tail) {
        const std::size_t end = tail;
        ++d;
        for (; head < end; ++head) {
            const std::uint32_t u = queue[head];
            for (std::uint32_t i = off[u], e = off[u + 1]; i < e; ++i) {
                const std::uint32_t v = adj[i];
                if (seen[v] != stamp) {
                    seen[v] = stamp;
                    queue[tail++] = v;
                }
            }
        }
        w.bump(d, tail - end);
    }
    w.hist.unreachable += g.hosts - tail;
}

} // namespace

HopHistogram hostHopHistogram(const CoreGraph& g, int threads)
{
    std::vector<std::uint32_t> roots;
    bool direct = g.hosts == g.n;
    for (std::uint32_t c = 0; c < g.n; ++c) {
        if (g.selfHost[c] || g.leafCount[c])
            roots.push_back(c);
        direct = direct && g.selfHost[c] && g.transit[c] && !g.leafCount[c];
    }
    BfsWorker proto;
    proto.seen.assign(g.n, 0);
    proto.queue.assign(g.n + 1, 0);
    auto workers = parallelFor(roots.size(), threads, proto, [&](BfsWorker& w, std::size_t i) {
        if (direct)
            fromRootDirect(g, roots[i], w);
        else
            fromRoot(g, roots[i], w);
    });
    HopHistogram h;
    for (const auto& w : workers)
        h.add(w.hist);
    trim(h);
    return h;
}

HopHistogram hostHopHistogram(const Topology& t, int threads)
{
    return hostHopHistogram(CoreGraph::build(t), threads);
}

HopHistogram vertexHopHistogram(const Topology& t, int threads)
{
    const std::size_t n = t.vertexCount();
    std::vector<std::uint32_t> off(n + 1, 0), adj;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        ++off[a + 1];
        ++off[b + 1];
    }
    for (std::size_t i = 0; i < n; ++i)
        off[i + 1] += off[i];
    adj.resize(off[n]);
    std::vector<std::uint32_t> fill(off.begin(), off.end() - 1);
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        adj[fill[a]++] = static_cast<std::uint32_t>(b);
        adj[fill[b]++] = static_cast<std::uint32_t>(a);
    }
    BfsWorker proto;
    proto.seen.assign(n, 0);
    proto.queue.assign(n + 1, 0);
    auto workers = parallelFor(n, threads, proto, [&](BfsWorker& w, std::size_t src) {
        if (++w.stamp == 0) {
            std::fill(w.seen.begin(), w.seen.end(), 0);
            w.stamp = 1;
        }
        const std::uint32_t stamp = w.stamp;
        std::uint32_t* seen = w.seen.data();
        std::uint32_t* queue = w.queue.data();
        seen[src] = stamp;
        queue[0] = static_cast<std::uint32_t>(src);
        std::size_t head = 0, tail = 1, d = 0;
        while (head < tail) {
            const std::size_t end = tail;
            ++d;
            for (; head < end; ++head) {
                const std::uint32_t u = queue[head];
                for (std::uint32_t i = off[u], e = off[u + 1]; i < e; ++i) {
                    const std::uint32_t v = adj[i];
                    if (seen[v] != stamp) {
                        seen[v] = stamp;
                        queue[tail++] = v;
                    }
                }
            }
            w.bump(d, tail - end);
        }
        w.hist.unreachable += (n - tail);
    });
    HopHistogram h;
    for (const auto& w : workers)
        h.add(w.hist);
    trim(h);
    return h;
}

} // namespace cs
