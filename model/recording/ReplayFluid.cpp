#include "model/recording/ReplayFluid.h"

#include <algorithm>
#include <unordered_map>

namespace cs::rec {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
// Flow sets whose rates are kept at most; beyond, the cache starts again.
constexpr std::size_t kMaxCachedSets = std::size_t{1} << 16;

std::uint64_t pairKey(std::uint32_t src, std::uint32_t dst)
{
    return (std::uint64_t{src} << 32) | dst;
}

// The two ranks, either way.
std::uint64_t bothWays(std::uint32_t a, std::uint32_t b)
{
    return a < b ? pairKey(a, b) : pairKey(b, a);
}
} // namespace

void FluidNetwork::add(std::uint32_t src, std::uint32_t dst, double start, double bytes, double G, double L,
                       std::uint64_t id, double put)
{
    put = std::clamp(put, 0.0, bytes);
    pending_.push({std::max(start, now_), order_++, Flow{src, dst, bytes - put, G, L, id, 0, put}});
}

void FluidNetwork::takeNext(Queues& queues, std::uint64_t key, std::vector<Flow>& starting)
{
    if (auto q = queues.find(key); q != queues.end() && !q->second.empty()) {
        starting.push_back(q->second.front());
        q->second.pop_front();
    }
}

void FluidNetwork::left(const Flow& f, std::vector<Flow>& starting, std::vector<Arrival>& arrived, double at)
{
    const std::uint64_t ways = bothWays(f.src, f.dst);
    if (f.put > 0) {
        // The first part has left: its put goes once no other put of the pair is on its way.
        Flow p = f;
        p.left = f.put;
        p.put = -1;
        if (const auto [q, none] = puts_.try_emplace(ways); none)
            starting.push_back(p); // the pair's put on its way (its entry: the puts waiting after it)
        else
            q->second.push_back(p);
    } else {
        arrived.push_back({f.dst, f.id, at + f.L});
        if (f.put < 0) { // a put has arrived: the pair's next put goes on
            const auto q = puts_.find(ways);
            if (q != puts_.end() && q->second.empty())
                puts_.erase(q);
            else
                takeNext(puts_, ways, starting);
        }
    }
    takeNext(queued_, pairKey(f.src, f.dst), starting); // the pair's next message goes on the connection now
    if (auto q = queued_.find(pairKey(f.src, f.dst)); q != queued_.end() && q->second.empty())
        queued_.erase(q);
}

double FluidNetwork::next() const
{
    double t = pending_.empty() ? kInf : pending_.top().start;
    for (const Flow& f : active_)
        t = std::min(t, now_ + f.left * f.perByte);
    return t;
}

void FluidNetwork::advance(std::vector<Arrival>& arrived)
{
    const double t = next();
    if (t == kInf)
        return;
    bool changed = false;
    std::size_t kept = 0;
    std::vector<Flow> starting; // flows whose pair's connection is free from t on
    for (Flow& f : active_) {
        const double end = now_ + f.left * f.perByte;
        if (end <= t) {
            left(f, starting, arrived, end);
            changed = true;
            continue;
        }
        f.left -= f.perByte > 0 ? (t - now_) / f.perByte : f.left;
        active_[kept++] = f;
    }
    active_.resize(kept);
    now_ = t;
    while (!pending_.empty() && pending_.top().start <= t) {
        starting.push_back(pending_.top().flow);
        pending_.pop();
    }
    auto before = [](const Flow& a, const Flow& b) { return std::pair{a.src, a.dst} < std::pair{b.src, b.dst}; };
    for (std::size_t i = 0; i < starting.size(); ++i) {
        const Flow f = starting[i];
        const auto at = std::lower_bound(active_.begin(), active_.end(), f, before);
        if (at != active_.end() && at->src == f.src && at->dst == f.dst) {
            queued_[pairKey(f.src, f.dst)].push_back(f); // behind the pair's message in flight
            continue;
        }
        if (f.left > 0) {
            active_.insert(at, f);
            changed = true;
            continue;
        }
        // Nothing after the first byte: it has left at once, and the pair's next goes on.
        left(f, starting, arrived, t);
    }
    if (changed)
        reprice();
}

void FluidNetwork::reprice()
{
    if (active_.empty())
        return;
    Flows flows;
    flows.reserve(active_.size());
    std::unordered_map<std::uint32_t, std::uint32_t> from, to; // flows per sending and receiving rank
    for (const Flow& f : active_) {
        flows.emplace_back(f.src, f.dst);
        ++from[f.src];
        ++to[f.dst];
    }
    auto it = rates_.find(flows);
    if (it == rates_.end()) {
        if (rates_.size() >= kMaxCachedSets)
            rates_.clear();
        it = rates_.emplace(flows, net_.flowRates(flows)).first;
        ++priced_;
    }
    const std::vector<double>& rate = it->second;
    for (std::size_t i = 0; i < active_.size(); ++i) {
        Flow& f = active_[i];
        const double s = rate[i] > 0 && rate[i] < kInf ? 1.0 / rate[i] : 0.0;
        // The host's own per-byte time is shared by the messages it sends or takes in at once.
        const double host = f.G * std::max(from[f.src], to[f.dst]);
        f.perByte = std::max(effectiveG(net_, f.G, s), host);
    }
}

} // namespace cs::rec
