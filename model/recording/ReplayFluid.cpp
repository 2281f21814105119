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
} // namespace

void FluidNetwork::add(std::uint32_t src, std::uint32_t dst, double start, double bytes, double G, double L,
                       std::uint64_t id)
{
    pending_.push({std::max(start, now_), order_++, Flow{src, dst, bytes, G, L, id}});
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
            arrived.push_back({f.dst, f.id, end + f.L});
            changed = true;
            // The pair's next message, if one is waiting, goes on the connection now.
            if (auto q = queued_.find(pairKey(f.src, f.dst)); q != queued_.end()) {
                starting.push_back(q->second.front());
                q->second.pop_front();
                if (q->second.empty())
                    queued_.erase(q);
            }
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
        // Nothing after the first byte: it arrives one L after it starts, and the pair's next goes on.
        arrived.push_back({f.dst, f.id, t + f.L});
        if (auto q = queued_.find(pairKey(f.src, f.dst)); q != queued_.end()) {
            starting.push_back(q->second.front());
            q->second.pop_front();
            if (q->second.empty())
                queued_.erase(q);
        }
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
