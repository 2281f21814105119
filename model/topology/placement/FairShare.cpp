#include "model/topology/placement/FairShare.h"

#include <algorithm>
#include <limits>

namespace cs {

FairShare::FairShare(const PlacedNetwork& net, std::vector<std::size_t> hosts) : net_(net), hosts_(std::move(hosts))
{
    const Topology& t = net.t;
    const std::size_t E = t.edgeCount();
    capacity_.assign(2 * E + t.vertexCount(), 0.0);
    for (std::size_t e = 0; e < E; ++e) {
        const LinkProps& l = t.link(e);
        capacity_[2 * e] = l.bandwidth * l.channels;
        if (l.duplex)
            capacity_[2 * e + 1] = capacity_[2 * e];
    }
    bucketOf_.assign(capacity_.size(), -1);
    for (std::size_t e = 0; e < E; ++e) {
        const LinkProps& l = t.link(e);
        if (!(l.burst > 0))
            continue;
        for (std::size_t r = 2 * e; r < 2 * e + (l.duplex ? 2 : 1); ++r)
            if (capacity_[r] > 0) {
                bucketOf_[r] = static_cast<std::int32_t>(buckets_.size());
                buckets_.push_back({l.burst, capacity_[r]});
            }
    }
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        if (t.attributes(v).kind == VertexKind::Segment)
            capacity_[2 * E + v] = t.attributes(v).bandwidth;
}

const FairShare::Path& FairShare::path(std::uint32_t a, std::uint32_t b)
{
    const std::uint64_t key = (std::uint64_t{a} << 32) | b;
    if (auto it = paths_.find(key); it != paths_.end())
        return it->second;
    Path p;
    if (hosts_[a] != hosts_[b]) {
        const LinkLoads l = rankLoads(net_, hosts_, {{a, b}});
        const Topology& t = net_.t;
        const std::size_t E = t.edgeCount();
        for (std::size_t e = 0; e < E; ++e) {
            const bool duplex = t.link(e).duplex;
            if (l.forward[e] > 0)
                p.emplace_back(static_cast<std::uint32_t>(2 * e), l.forward[e]);
            if (l.backward[e] > 0)
                p.emplace_back(static_cast<std::uint32_t>(2 * e + (duplex ? 1 : 0)), l.backward[e]);
        }
        for (std::size_t v = 0; v < l.throughSegment.size(); ++v)
            if (l.throughSegment[v] > 0)
                p.emplace_back(static_cast<std::uint32_t>(2 * E + v), l.throughSegment[v]);
        // Resources without a capacity do not limit (a link of unknown rate is not a bottleneck).
        std::erase_if(p, [&](const auto& u) { return capacity_[u.first] <= 0; });
    }
    return paths_.emplace(key, std::move(p)).first->second;
}

std::vector<std::pair<std::uint32_t, double>> FairShare::bucketsOn(std::uint32_t a, std::uint32_t b)
{
    std::vector<std::pair<std::uint32_t, double>> out;
    if (buckets_.empty())
        return out;
    for (const auto& [r, f] : path(a, b))
        if (bucketOf_[r] >= 0)
            out.emplace_back(static_cast<std::uint32_t>(bucketOf_[r]), f);
    return out;
}

std::vector<double> FairShare::rates(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows)
{
    return rates(flows, {});
}

std::vector<double> FairShare::rates(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows,
                                     const std::vector<char>& open, double ack)
{
    // A bucket that holds tokens passes its flows at the device's speed: its link is no bottleneck.
    auto limits = [&](std::uint32_t r) {
        const std::int32_t k = bucketOf_[r];
        return k < 0 || static_cast<std::size_t>(k) >= open.size() || !open[static_cast<std::size_t>(k)];
    };
    constexpr double inf = std::numeric_limits<double>::infinity();
    const std::size_t n = flows.size();
    std::vector<double> rate(n, 0.0);
    std::vector<const Path*> paths(n);
    const bool acks = ack > 0;
    if ((!open.empty() || acks) && unlimited_.size() < n)
        unlimited_.resize(n);
    std::vector<char> frozen(n, 0);
    // The resources these flows use: capacity left and the weight of the unfrozen flows on each.
    std::unordered_map<std::uint32_t, std::pair<double, double>> used;
    std::size_t active = 0;
    for (std::size_t i = 0; i < n; ++i) {
        paths[i] = &path(flows[i].first, flows[i].second);
        if (!open.empty() || acks) {
            // Only the links that limit it now: its path without the open buckets' links, and its ACKs' on the
            // reverse route (none for a flow that crosses no link).
            Path& kept = unlimited_[i];
            kept.clear();
            for (const auto& u : *paths[i])
                if (limits(u.first))
                    kept.push_back(u);
            if (acks && !paths[i]->empty())
                for (const auto& [r, f] : path(flows[i].second, flows[i].first))
                    if (limits(r))
                        kept.emplace_back(r, ack * f);
            paths[i] = &kept;
        }
        if (paths[i]->empty()) {
            rate[i] = inf;
            frozen[i] = 1;
            continue;
        }
        ++active;
        for (const auto& [r, f] : *paths[i]) {
            auto& u = used.try_emplace(r, capacity_[r], 0.0).first->second;
            u.second += f;
        }
    }
    // Progressive filling: raise every unfrozen flow's rate alike until a resource is full, freeze the flows
    // that cross it, and go on with the capacity left. Each step freezes at least one flow.
    while (active > 0) {
        double step = inf;
        for (const auto& [r, u] : used)
            if (u.second > 1e-12)
                step = std::min(step, u.first / u.second);
        for (std::size_t i = 0; i < n; ++i)
            if (!frozen[i])
                rate[i] += step;
        for (auto& [r, u] : used)
            u.first -= step * u.second;
        for (std::size_t i = 0; i < n; ++i) {
            if (frozen[i])
                continue;
            bool full = false;
            for (const auto& [r, f] : *paths[i])
                full = full || used[r].first <= 1e-9 * capacity_[r];
            if (!full)
                continue;
            frozen[i] = 1;
            --active;
            for (const auto& [r, f] : *paths[i])
                used[r].second -= f;
        }
    }
    return rate;
}

} // namespace cs
