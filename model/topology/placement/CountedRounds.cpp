#include "model/topology/placement/CountedRounds.h"
#include "model/core/MixBits.h"
#include "model/topology/placement/PlacedLoads.h"

#include <algorithm>
#include <bit>

namespace cs {

namespace {

// Pools above this many bytes are given back when their evaluation ends (a rare large job's; 128 nodes of
// a k = 16 fat-tree keep about 1 MB).
constexpr std::size_t kKeptPoolBytes = std::size_t{16} << 20;

} // namespace

CountedRounds::CountedRounds(const PlacedNetwork& net, int threads) : net_(net), threads_(threads), pools_(&own_)
{
    static thread_local Pools kept;
    if (!kept.inUse)
        pools_ = &kept;
    pools_->inUse = true;
}

CountedRounds::~CountedRounds()
{
    Pools& p = *pools_;
    const std::size_t bytes = p.pairs.capacity() * sizeof(std::uint64_t) +
                              p.edges.capacity() * sizeof(SparseLoads::Edge) +
                              p.segments.capacity() * sizeof(SparseLoads::Segment);
    if (bytes > kKeptPoolBytes)
        p = Pools{};
    p.pairs.clear();
    p.edges.clear();
    p.segments.clear();
    p.inUse = false;
}

std::uint32_t CountedRounds::patternOf(const Pairs& pairs)
{
    std::vector<std::uint64_t>& pairsPool = pools_->pairs;
    std::vector<SparseLoads::Edge>& edges = pools_->edges;
    std::vector<SparseLoads::Segment>& segments = pools_->segments;
    packed_.clear();
    for (const auto& [a, b] : pairs)
        packed_.push_back((std::uint64_t(a) << 32) | std::uint64_t(b));
    std::uint64_t hash = packed_.size();
    for (const std::uint64_t x : packed_)
        hash = mixBits(hash ^ mixBits(x));
    std::vector<std::uint32_t>& same = patternsByHash_[hash];
    for (const std::uint32_t k : same) {
        const Pattern& p = patterns_[k];
        if (std::equal(pairsPool.begin() + std::ptrdiff_t(p.pairsAt), pairsPool.begin() + std::ptrdiff_t(p.pairsEnd),
                       packed_.begin(), packed_.end()))
            return k;
    }
    std::vector<HostFlow> unit;
    unit.reserve(pairs.size());
    for (const auto& [a, b] : pairs)
        unit.push_back({a, b, 1.0});
    const RawLoads r = rawLoadsOf(net_, flowDemands(net_.t, net_.g, TrafficPattern::AllToAll, unit), threads_);
    Pattern p{pairsPool.size(), 0, edges.size(), 0, segments.size(), 0};
    pairsPool.insert(pairsPool.end(), packed_.begin(), packed_.end());
    SparseLoads::append(net_.t, net_.g, net_.sources, r.core, r.out, r.in, edges, segments);
    p.pairsEnd = pairsPool.size();
    p.edgesEnd = edges.size();
    p.segmentsEnd = segments.size();
    const auto k = static_cast<std::uint32_t>(patterns_.size());
    patterns_.push_back(p);
    same.push_back(k);
    return k;
}

double CountedRounds::secondsPerByte(const std::vector<HostFlow>& flows)
{
    // The round's pairs by count, in the order the counts first appear.
    std::size_t& n = groupCount_;
    n = 0;
    for (const HostFlow& f : flows) {
        auto g = std::find_if(groups_.begin(), groups_.begin() + std::ptrdiff_t(n),
                              [&](const auto& x) { return x.first == f.weight; });
        if (g == groups_.begin() + std::ptrdiff_t(n)) {
            if (n == groups_.size())
                groups_.emplace_back();
            g = groups_.begin() + std::ptrdiff_t(n++);
            g->first = f.weight;
            g->second.clear();
        }
        g->second.emplace_back(f.from, f.to);
    }
    entries_.clear();
    for (std::size_t k = 0; k < n; ++k) {
        Pairs& pairs = groups_[k].second;
        if (!std::is_sorted(pairs.begin(), pairs.end())) // a block of ranks a node: mostly in order already
            std::sort(pairs.begin(), pairs.end());
        entries_.emplace_back(groups_[k].first, patternOf(pairs));
    }
    // A round of the same sets at the same counts as one priced before (its flows listed in another order,
    // say) is given that one's figure.
    sortedEntries_ = entries_;
    std::sort(sortedEntries_.begin(), sortedEntries_.end());
    std::uint64_t hash = sortedEntries_.size();
    for (const auto& [w, k] : sortedEntries_) // w + 0.0: a -0.0 hashes as the 0.0 it equals
        hash = mixBits(hash ^ mixBits(std::bit_cast<std::uint64_t>(w + 0.0) ^ (std::uint64_t{k} << 1)));
    std::vector<Round>& same = rounds_[hash];
    for (const Round& r : same)
        if (r.key == sortedEntries_)
            return r.secondsPerByte;
    // The sum of w x each set's loads, in the order the counts first appear (as the dense vectors were
    // summed), and its bottleneck.
    sum_.edges.clear();
    sum_.segments.clear();
    for (const auto& [w, k] : entries_) {
        const Pattern& p = patterns_[k];
        addScaled(sum_, w, std::span(pools_->edges).subspan(p.edgesAt, p.edgesEnd - p.edgesAt),
                  std::span(pools_->segments).subspan(p.segmentsAt, p.segmentsEnd - p.segmentsAt), scratch_);
    }
    const double spb = maxCongestion(net_.t, sum_);
    same.push_back({sortedEntries_, spb});
    return spb;
}

} // namespace cs
