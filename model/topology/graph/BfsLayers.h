#pragma once
// Breadth-first search over a CoreGraph, level by level: the one search loop
// behind hop histograms, nearest neighbours, link loads and path latency.
//
// Routes pass only through transit vertices, so a vertex that does not
// forward is reached but not searched beyond (the root always is). With
// `nextHops`, every reached vertex also records its arcs to the level before
// that lead on toward the root: the equal-cost next hops of hop-by-hop ECMP
// routing to the root, in the order of its adjacency list.
//
// The scratch arrays are stamped (a vertex's label is the search's base
// number plus its distance), so searching again allocates nothing; one
// BfsLayers per thread.
#include "model/topology/graph/CoreGraph.h"

#include <cstdint>
#include <vector>

namespace cs {

class BfsLayers {
public:
    BfsLayers() = default;
    explicit BfsLayers(const CoreGraph& g);

    // Starts a search from `root` (level 0 is the root alone).
    void start(const CoreGraph& g, std::uint32_t root, bool nextHops);
    // Scans the deepest level found so far: records its next hops and, when
    // `expand`, finds the level after it. Returns true when a new level was
    // found (call again to scan it).
    bool grow(const CoreGraph& g, bool expand = true);
    // start() then grow() until nothing is left: every reachable vertex.
    void run(const CoreGraph& g, std::uint32_t root, bool nextHops);

    std::uint32_t root() const { return root_; }
    // Levels found: 1 + the largest distance.
    std::uint32_t levels() const { return static_cast<std::uint32_t>(levelStart_.size() - 1); }
    // Queue positions of level d: [levelBegin(d), levelEnd(d)).
    std::uint32_t levelBegin(std::uint32_t d) const { return levelStart_[d]; }
    std::uint32_t levelEnd(std::uint32_t d) const { return levelStart_[d + 1]; }
    std::uint32_t reachedCount() const { return levelStart_.back(); }
    std::uint32_t at(std::uint32_t pos) const { return queue_[pos]; }
    bool reached(std::uint32_t v) const { return label_[v] >= base_; }
    std::uint32_t dist(std::uint32_t v) const { return label_[v] - base_; } // reached vertices only
    std::uint32_t position(std::uint32_t v) const { return pos_[v]; }        // in the queue; reached only
    // Next hops of the vertex at queue position `pos` (scanned levels only):
    // entries nextHopBegin(pos) .. nextHopEnd(pos) of nextHopArcs() (the
    // arcs) and nextHopPositions() (the queue positions they lead to; per-
    // search arrays indexed by position stay local to a level or two).
    std::uint32_t nextHopBegin(std::uint32_t pos) const { return nhBegin_[pos]; }
    std::uint32_t nextHopEnd(std::uint32_t pos) const { return nhBegin_[pos + 1]; }
    const std::uint32_t* nextHopArcs() const { return nhArc_.data(); }
    const std::uint32_t* nextHopPositions() const { return nhPos_.data(); }

private:
    template <bool NextHops, bool AllTransit>
    bool scan(const CoreGraph& g, bool expand);

    std::vector<std::uint32_t> label_; // base_ + distance when reached in this search
    std::vector<std::uint32_t> pos_;   // queue position of each reached vertex
    std::vector<std::uint32_t> queue_;
    std::vector<std::uint32_t> levelStart_; // queue position where each level starts, then the end
    std::vector<std::uint32_t> nhBegin_;    // per queue position (+1)
    std::vector<std::uint32_t> nhArc_;
    std::vector<std::uint32_t> nhPos_;
    std::uint32_t base_ = 1;
    std::uint32_t nextBase_ = 1;
    std::uint32_t root_ = 0;
    std::uint32_t nh_ = 0;
    std::uint32_t scanned_ = 0; // levels scanned
    bool nextHops_ = false;
};

} // namespace cs
