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

FluidNetwork::FluidNetwork(const ReplayNetwork& net, bool buckets, double ack) : net_(net), ack_(std::max(0.0, ack))
{
    buckets_ = buckets && !net.buckets.empty() && net.bucketsOn && net.flowRatesOpen;
    if (!buckets_)
        return;
    tokens_.resize(net.buckets.size());
    for (std::size_t k = 0; k < tokens_.size(); ++k)
        tokens_[k].tokens = net.buckets[k].burst; // full at the start
    open_.assign(net.buckets.size(), 0);
}

void FluidNetwork::add(std::uint32_t src, std::uint32_t dst, double start, double bytes, double G, double L,
                       std::uint64_t id, bool started)
{
    Flow f{src, dst, std::max(0.0, bytes), G, L, id, 0, started};
    if (buckets_) {
        const auto crossing = [&](std::uint32_t a, std::uint32_t b) -> const Crossed* {
            auto it = crossed_.find(pairKey(a, b));
            if (it == crossed_.end())
                it = crossed_.emplace(pairKey(a, b), net_.bucketsOn(a, b)).first;
            return it->second.empty() ? nullptr : &it->second; // stable: an unordered_map's nodes do not move
        };
        f.crossed = crossing(src, dst);
        if (ack_ > 0 && f.crossed)
            f.acked = crossing(dst, src);
    }
    pending_.push({std::max(start, now_), order_++, f});
}

void FluidNetwork::settle(std::uint32_t k)
{
    Tokens& b = tokens_[k];
    const ReplayNetwork::Bucket& spec = net_.buckets[k];
    // Run out exactly at its event (also when that is now: a drain of less than a rounding of now_ must not
    // open it again), else linear in time at a constant load, held at 0 or at the burst.
    if (now_ >= b.empty)
        b.tokens = 0;
    else if (b.since < now_)
        b.tokens = std::clamp(b.tokens + (spec.rate - b.load) * (now_ - b.since), 0.0, spec.burst);
    b.since = now_;
    // Within rounding of empty is empty (the moment it runs out is computed from its drain rate); it opens
    // again once it holds a frame.
    if (b.tokens <= 1e-9 * spec.burst)
        b.shut = true;
    else if (b.shut && b.tokens >= std::min(kFrame, spec.burst))
        b.shut = false;
}

bool FluidNetwork::holds(std::uint32_t k) const
{
    return !tokens_[k].shut;
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
    arrived.push_back({f.dst, f.id, at + f.L, at, false});
    takeNext(queued_, pairKey(f.src, f.dst), starting); // the pair's next message goes on the connection now
    if (auto q = queued_.find(pairKey(f.src, f.dst)); q != queued_.end() && q->second.empty())
        queued_.erase(q);
}

double FluidNetwork::next() const
{
    double t = std::min(pending_.empty() ? kInf : pending_.top().start, empty_);
    for (const Flow& f : active_)
        t = std::min(t, now_ + f.left * f.perByte);
    return t;
}

void FluidNetwork::advance(std::vector<Arrival>& arrived)
{
    const double t = next();
    if (t == kInf)
        return;
    ++steps_;
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
    if (t >= empty_)
        changed = true; // a bucket has run out: its link limits again
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
        if (f.started)
            arrived.push_back({f.dst, f.id, t, t, true});
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
    // The buckets' tokens up to now at the loads so far; the loads are set again below.
    for (std::uint32_t k : loaded_) {
        settle(k);
        tokens_[k].load = 0;
        tokens_[k].empty = kInf;
    }
    loaded_.clear();
    empty_ = kInf;
    if (active_.empty())
        return;
    Flows flows;
    flows.reserve(active_.size());
    std::vector<std::uint32_t> open; // the buckets on these flows that hold tokens, sorted
    std::unordered_map<std::uint32_t, std::uint32_t> from, to; // flows per sending and receiving rank
    for (const Flow& f : active_) {
        flows.emplace_back(f.src, f.dst);
        ++from[f.src];
        ++to[f.dst];
        for (const Crossed* c : {f.crossed, f.acked})
            if (c)
                for (const auto& [k, share] : *c) {
                    settle(k);
                    if (holds(k) && !open_[k]) {
                        open_[k] = 1;
                        open.push_back(k);
                    }
                }
    }
    std::sort(open.begin(), open.end());
    auto key = std::pair{std::move(flows), open};
    auto it = rates_.find(key);
    if (it == rates_.end()) {
        if (rates_.size() >= kMaxCachedSets)
            rates_.clear();
        std::vector<double> r =
            open.empty() ? net_.flowRates(key.first, ack_) : net_.flowRatesOpen(key.first, open_, ack_);
        it = rates_.emplace(std::move(key), std::move(r)).first;
        ++priced_;
    }
    const std::vector<double>& rate = it->second;
    // G_floor = scaled: G is a lone flow's through the links (see the header), so a flow the buckets speed up
    // past the host's injection rate (B_pair s < 1) takes G B_cal s, and the host's own part is the
    // intra-node G.
    const bool scaled = net_.gMode == 3 && net_.B_pair > 0.0;
    for (std::size_t i = 0; i < active_.size(); ++i) {
        Flow& f = active_[i];
        const double s = rate[i] > 0 && rate[i] < kInf ? 1.0 / rate[i] : 0.0;
        bool credited = false; // it crosses a bucket that holds tokens
        if (f.crossed)
            for (const auto& [k, share] : *f.crossed)
                credited = credited || open_[k];
        // The host's own per-byte time is shared by the messages it sends or takes in at once.
        const double shared = static_cast<double>(std::max(from[f.src], to[f.dst]));
        if (!credited) {
            f.perByte = std::max(effectiveG(net_, f.G, s), f.G * shared);
            continue;
        }
        const double own = scaled ? net_.node.G : f.G;
        const double g = scaled ? f.G * net_.B_pair * s * (net_.B_cal > 0.0 ? net_.B_cal / net_.B_pair : 1.0)
                                : effectiveG(net_, f.G, s);
        f.perByte = std::max({g, own * shared, kDevicePerByte});
    }
    for (std::uint32_t k : open)
        open_[k] = 0;
    // The loads on the buckets, in the link's bytes, and when the first of those that drain runs out. With
    // G_floor = scaled a byte of a message takes G B_cal of the link's bytes (TCP's framing: G was a lone
    // flow's time through a link of B_cal, 1448 B of payload in a frame of 1514 at 4.6% more than the rate's
    // time); a bucket counts those. Counted in payload bytes, a link its flows kept busy carried 4.4% less
    // than its rate, so its bucket refilled while it was full and opened again: every transfer longer than a
    // burst ran at the link's rate instead of the payload's, the replay 5-7% fast (issue 44).
    // A flow's ACKs load its reverse route's buckets with ack_ of its link bytes.
    for (const Flow& f : active_)
        if (f.crossed) {
            const double framing = scaled && net_.B_cal > 0.0 ? std::max(1.0, f.G * net_.B_cal) : 1.0;
            for (const auto& [c, weight] : {std::pair{f.crossed, 1.0}, std::pair{f.acked, ack_}})
                if (c)
                    for (const auto& [k, share] : *c) {
                        if (tokens_[k].load == 0)
                            loaded_.push_back(k);
                        tokens_[k].load += weight * share * framing / f.perByte;
                    }
        }
    for (std::uint32_t k : loaded_) {
        Tokens& b = tokens_[k];
        const double r = net_.buckets[k].rate;
        if (!holds(k)) {
            // Shut, its link limits: it carries its rate at most. Within rounding of that it refills nothing.
            if (b.load >= r * (1 - 1e-9))
                b.load = r;
        } else if (b.load > r) {
            b.empty = now_ + b.tokens / (b.load - r);
            empty_ = std::min(empty_, b.empty);
        }
    }
}

} // namespace cs::rec
