#include "model/topology/placement/JobPlacement.h"
#include "model/core/ModelError.h"
#include "model/topology/routing/Routing.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <random>

namespace cs {

const std::vector<std::string>& placementNames()
{
    static const std::vector<std::string> names{"packed", "spread", "random", "listed"};
    return names;
}

double coresOfJob(const Topology& t, const std::vector<std::size_t>& rankHosts)
{
    std::vector<std::size_t> sorted = rankHosts;
    std::sort(sorted.begin(), sorted.end());
    double share = 1.0; // ranks a core runs on the busiest node
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j < sorted.size() && sorted[j] == sorted[i])
            ++j;
        if (const int c = t.attributes(sorted[i]).cores; c > 0)
            share = std::max(share, double(j - i) / c);
        i = j;
    }
    return double(rankHosts.size()) / share;
}

const std::vector<std::string>& rankOrderNames()
{
    static const std::vector<std::string> names{"block", "cyclic"};
    return names;
}

std::vector<std::size_t> rankHosts(const Topology& t, const std::vector<std::uint32_t>& order, const JobShape& job)
{
    if (job.ranksPerNode == 0)
        throw ModelError("a job needs at least one rank a node");
    const std::size_t nodes = job.nodes();
    if (order.size() < nodes)
        throw ModelError("the placement has " + std::to_string(order.size()) + " host(s), fewer than the " +
                         std::to_string(nodes) + " node(s) of a job of " + std::to_string(job.ranks) + " ranks at " +
                         std::to_string(job.ranksPerNode) + " a node");
    std::vector<std::size_t> hosts;
    hosts.reserve(job.ranks);
    for (std::size_t r = 0; r < job.ranks; ++r) {
        const std::size_t node = job.order == RankOrder::Block ? r / job.ranksPerNode : r % nodes;
        hosts.push_back(t.hosts()[order[node]]);
    }
    return hosts;
}

std::vector<std::size_t> attachmentOf(const Topology& t)
{
    std::vector<std::size_t> at;
    at.reserve(t.hosts().size());
    for (std::size_t h : t.hosts())
        at.push_back(t.degree(h) == 1 ? t.opposite(t.incident(h)[0], h) : h);
    return at;
}

namespace {

// Host ordinals grouped by the vertex they hang off, groups in the order of
// their first host, hosts in drawing order within a group.
std::vector<std::vector<std::uint32_t>> leafGroups(const Topology& t)
{
    const std::vector<std::size_t> at = attachmentOf(t);
    std::vector<std::vector<std::uint32_t>> groups;
    std::map<std::size_t, std::size_t> index;
    for (std::uint32_t i = 0; i < at.size(); ++i) {
        const auto [it, added] = index.emplace(at[i], groups.size());
        if (added)
            groups.emplace_back();
        groups[it->second].push_back(i);
    }
    return groups;
}

// Groups farthest first: each next group is the one whose attachment vertex
// is farthest (in hops) from the nearest group already taken; ties in
// drawing order. On a tree this takes one leaf per pod before a second leaf
// of any pod.
std::vector<std::size_t> farthestFirst(const Topology& t, const std::vector<std::vector<std::uint32_t>>& groups)
{
    const std::vector<std::size_t> at = attachmentOf(t);
    const std::size_t n = groups.size();
    std::vector<std::size_t> order;
    std::vector<int> nearest(n, std::numeric_limits<int>::max());
    std::vector<bool> taken(n, false);
    for (std::size_t k = 0; k < n; ++k) {
        std::size_t pick = 0;
        int best = -1;
        for (std::size_t i = 0; i < n; ++i)
            if (!taken[i] && nearest[i] > best) {
                best = nearest[i];
                pick = i;
            }
        taken[pick] = true;
        order.push_back(pick);
        const std::vector<int> d = hopDistances(t, at[groups[pick].front()]);
        for (std::size_t i = 0; i < n; ++i) {
            const int di = d[at[groups[i].front()]];
            nearest[i] = std::min(nearest[i], di < 0 ? std::numeric_limits<int>::max() - 1 : di);
        }
    }
    return order;
}

} // namespace

std::vector<std::uint32_t> placementOrder(const Topology& t, Placement p, const std::vector<std::uint32_t>& listed,
                                          int sample)
{
    const auto H = static_cast<std::uint32_t>(t.hosts().size());
    std::vector<std::uint32_t> order;
    switch (p) {
    case Placement::Packed:
        for (const auto& grp : leafGroups(t))
            order.insert(order.end(), grp.begin(), grp.end());
        break;
    case Placement::Spread: {
        const auto groups = leafGroups(t);
        const std::vector<std::size_t> leaves = farthestFirst(t, groups);
        for (std::size_t round = 0; order.size() < H; ++round)
            for (std::size_t gi : leaves)
                if (round < groups[gi].size())
                    order.push_back(groups[gi][round]);
        break;
    }
    case Placement::Random: {
        order.resize(H);
        std::iota(order.begin(), order.end(), 0u);
        // A fixed generator and seed: the same design gives the same figures everywhere.
        std::mt19937_64 rng(0x5eed0000u + static_cast<unsigned>(sample));
        for (std::uint32_t i = H; i > 1; --i)
            std::swap(order[i - 1], order[std::uniform_int_distribution<std::uint32_t>(0, i - 1)(rng)]);
        break;
    }
    case Placement::Listed:
        if (listed.empty())
            throw ModelError("placement 'listed': the design's node list names none of the topology's hosts");
        for (std::uint32_t h : listed)
            if (h >= H)
                throw ModelError("placement 'listed': host ordinal " + std::to_string(h) + " is not in the network");
        order = listed;
        break;
    }
    return order;
}

} // namespace cs
