#pragma once
// The rounds of a job's exchange where hosts hold several ranks (issue 45:
// the sweep of 1 to 128 nodes at 32 ranks a node), priced round by round
// for exchangeFigures (PlacedMetrics.h).
//
// A round is a set of node flows, each with the count of its rank flows
// (NodeFlows.h). The even-split loads are linear in the counts, so the round
// is the sum over its distinct counts w of w x the loads of the node pairs
// that carry w flows, each such set of pairs routed once with a count of
// one. A shift round of a block of r ranks a node sends r - s flows to the
// node q ahead and s to the one after: its two sets recur for every s, so r
// rounds cost two routings where they cost r.
//
// Each set's loads are kept on the links it loads alone (SparseLoads.h), and
// a round's sum and bottleneck are taken over those: a round costs the links
// it loads, not a pass over every link of the network. Rounds of the same
// sets with the same counts are priced once.
//
// Exact: a round's figure is the one the sum of its sets' per-link vectors
// gives (in the order its counts first appear among its flows), to the last
// bit; a round priced before gives the figure it was first given.
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/routing/SparseLoads.h"
#include "model/topology/routing/TrafficDemands.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs {

class CountedRounds {
public:
    // `net` must outlive this; `threads` route each set.
    CountedRounds(const PlacedNetwork& net, int threads);
    ~CountedRounds();
    CountedRounds(const CountedRounds&) = delete;
    CountedRounds& operator=(const CountedRounds&) = delete;

    // The round's slowest flow, seconds per byte (0 for a round without
    // flows). `flows`: flows between distinct nodes (host vertices), no pair
    // of nodes twice, each weighted by its count (NodeFlowCounter::take).
    double secondsPerByte(const std::vector<HostFlow>& flows);

    // Sets of node pairs routed so far.
    std::size_t routed() const { return patterns_.size(); }

private:
    using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;
    // A set of node pairs and its loads, as ranges of the pools below (one
    // allocation each for all the sets, rather than several a set).
    struct Pattern {
        std::size_t pairsAt, pairsEnd;       // Pools::pairs: host vertices (32 bits, as CoreGraph's), sorted
        std::size_t edgesAt, edgesEnd;       // Pools::edges
        std::size_t segmentsAt, segmentsEnd; // Pools::segments
    };
    // A round as its (count, set) entries, sorted.
    using RoundKey = std::vector<std::pair<double, std::uint32_t>>;
    struct Round {
        RoundKey key;
        double secondsPerByte;
    };

    // The index of the set of these pairs (sorted), routed when new.
    std::uint32_t patternOf(const Pairs& pairs);

    // The sets' pairs and loads, one pool each. A job of 128 nodes keeps
    // about a megabyte in them; fresh pages for it at every evaluation were
    // a tenth of a sweep's time, so each thread keeps its pools from one
    // evaluation to the next (one CountedRounds at a time uses them; another
    // alive on the thread at once has pools of its own).
    struct Pools {
        std::vector<std::uint64_t> pairs; // (from << 32) | to
        std::vector<SparseLoads::Edge> edges;
        std::vector<SparseLoads::Segment> segments;
        bool inUse = false;
    };

    const PlacedNetwork& net_;
    int threads_;
    Pools own_;
    Pools* pools_;
    std::vector<Pattern> patterns_;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> patternsByHash_;
    std::unordered_map<std::uint64_t, std::vector<Round>> rounds_; // by a hash of their keys
    // Reused round after round: the round's pairs by count (the first
    // `groupCount_`, in the order their counts first appear), its entries
    // and its loads.
    std::vector<std::pair<double, Pairs>> groups_;
    std::size_t groupCount_ = 0;
    std::vector<std::uint64_t> packed_;
    RoundKey entries_, sortedEntries_;
    SparseLoads sum_, scratch_;
};

} // namespace cs
