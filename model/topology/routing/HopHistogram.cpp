#include "model/topology/routing/HopHistogram.h"

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

void trimHistogram(HopHistogram& h)
{
    while (!h.count.empty() && h.count.back() == 0)
        h.count.pop_back();
}

void addRootPairs(const CoreGraph& g, const BfsLayers& b, std::uint64_t weight, HopHistogram& hist)
{
    auto bump = [&](std::size_t d, std::uint64_t n) {
        if (!n)
            return;
        if (hist.count.size() <= d)
            hist.count.resize(d + 1, 0);
        hist.count[d] += n * weight;
    };
    const std::uint32_t s = b.root();
    const std::uint64_t H = g.hosts;
    const std::uint64_t a = g.selfHost[s]; // the root as a host
    const std::uint64_t L = g.leafCount[s];
    const bool tr = g.transit[s] != 0;
    const std::uint64_t bl = tr ? L : 0;   // leaves that can route through s
    if (L && !tr) {
        // Leaves of a host that does not forward reach only that host.
        bump(1, L);
        hist.unreachable += weight * L * (H - 2);
    }
    if (a + bl == 0)
        return;
    // Pairs that stay at the root: self - its leaves, leaf - self, leaf - other leaves.
    bump(1, a * L + bl * a);
    bump(2, bl * (L ? L - 1 : 0));
    std::uint64_t placed = a * L + bl * a + bl * (L ? L - 1 : 0);
    const std::uint8_t* selfHost = g.selfHost.data();
    const std::uint8_t* transit = g.transit.data();
    const std::uint32_t* leafCount = g.leafCount.data();
    for (std::uint32_t d = 1; d < b.levels(); ++d) {
        std::uint64_t selfAt = 0, leafAt = 0; // hosts at core distance d
        for (std::uint32_t pos = b.levelBegin(d); pos < b.levelEnd(d); ++pos) {
            const std::uint32_t v = b.at(pos);
            selfAt += selfHost[v];
            leafAt += transit[v] ? leafCount[v] : 0;
        }
        bump(d, a * selfAt);
        bump(d + 1, bl * selfAt + a * leafAt);
        bump(d + 2, bl * leafAt);
        placed += (a + bl) * (selfAt + leafAt);
    }
    hist.unreachable += weight * ((a + bl) * (H - 1) - placed);
}

} // namespace cs
