#include "model/topology/graph/BfsLayers.h"

#include <algorithm>

namespace cs {

BfsLayers::BfsLayers(const CoreGraph& g)
    : label_(g.n, 0), pos_(g.n, 0), queue_(g.n + 1, 0), nhBegin_(g.n + 2, 0), nhArc_(g.adj.size() + 1, 0),
      nhPos_(g.adj.size() + 1, 0)
{
    levelStart_.reserve(64);
}

void BfsLayers::start(const CoreGraph& g, std::uint32_t root, bool nextHops)
{
    if (label_.size() != g.n)
        *this = BfsLayers(g);
    // Labels of earlier searches are below the new base; before the base
    // could wrap, clear them.
    base_ = nextBase_;
    if (base_ > 0xffffffffu - g.n - 2) {
        std::fill(label_.begin(), label_.end(), 0);
        base_ = 1;
    }
    nextBase_ = base_ + 1;
    root_ = root;
    nextHops_ = nextHops;
    label_[root] = base_;
    pos_[root] = 0;
    queue_[0] = root;
    levelStart_.assign({0, 1});
    nh_ = 0;
    scanned_ = 0;
}

// AllTransit: every vertex forwards (CoreGraph::allTransit), so the two
// per-arc look-ups of transit[] fall away; a direct network's searches are
// most of its metrics' time.
template <bool NextHops, bool AllTransit>
bool BfsLayers::scan(const CoreGraph& g, bool expand)
{
    const std::uint32_t d = scanned_++;
    const std::uint32_t begin = levelStart_[d], end = levelStart_[d + 1];
    std::uint32_t tail = end;
    const std::uint32_t base = base_, here = base_ + d;
    // Locals, not members, in the loop: stores through the arrays could
    // otherwise alias them and force reloads.
    const std::uint32_t root = root_;
    std::uint32_t nh = nh_;
    std::uint32_t* label = label_.data();
    std::uint32_t* pos = pos_.data();
    std::uint32_t* queue = queue_.data();
    std::uint32_t* nhBegin = nhBegin_.data();
    std::uint32_t* nhArc = nhArc_.data();
    std::uint32_t* nhPos = nhPos_.data();
    const std::uint32_t* off = g.offset.data();
    const std::uint32_t* adj = g.adj.data();
    const std::uint8_t* transit = g.transit.data();
    for (std::uint32_t h = begin; h < end; ++h) {
        const std::uint32_t u = queue[h];
        if constexpr (NextHops)
            nhBegin[h] = nh;
        const bool grows = expand && (AllTransit || u == root || transit[u]);
        if (!grows && !NextHops)
            continue;
        for (std::uint32_t i = off[u], e = off[u + 1]; i < e; ++i) {
            const std::uint32_t v = adj[i];
            const std::uint32_t lv = label[v];
            if (lv < base) {
                if (grows) {
                    label[v] = here + 1;
                    pos[v] = tail;
                    queue[tail++] = v;
                }
            } else if constexpr (NextHops) {
                if (lv + 1 == here && (AllTransit || v == root || transit[v])) {
                    nhArc[nh] = i;
                    nhPos[nh++] = pos[v];
                }
            }
        }
    }
    if constexpr (NextHops) {
        nhBegin[end] = nh;
        nh_ = nh;
    }
    if (tail == end)
        return false;
    levelStart_.push_back(tail);
    nextBase_ = here + 2; // past the deepest label
    return true;
}

bool BfsLayers::grow(const CoreGraph& g, bool expand)
{
    if (scanned_ >= levels())
        return false;
    if (g.allTransit)
        return nextHops_ ? scan<true, true>(g, expand) : scan<false, true>(g, expand);
    return nextHops_ ? scan<true, false>(g, expand) : scan<false, false>(g, expand);
}

void BfsLayers::run(const CoreGraph& g, std::uint32_t root, bool nextHops)
{
    start(g, root, nextHops);
    while (grow(g))
        ;
}

} // namespace cs
