// The collectives in the analytic replay (Replay.h): priced by their algorithms on the placed hosts.
#include "model/recording/ReplayEngine.h"

#include <algorithm>

namespace cs::rec::detail {

double Engine::collectivePrice(std::int32_t comm, const CollectivePlan& plan)
{
    const std::uint64_t key = (std::uint64_t(static_cast<std::uint32_t>(comm)) << 16) ^
                              (static_cast<std::uint64_t>(plan.algo) << 8) ^ (static_cast<std::uint64_t>(plan.op) << 4) ^
                              (plan.inward ? 1u : 0u);
    auto it = collPrices_.find(key);
    if (it != collPrices_.end())
        return it->second;
    const std::vector<std::int32_t>& m = rec_.members(comm);
    const std::vector<Flows> rounds = collectiveRounds(plan, static_cast<int>(m.size()));
    double sum = 0;
    std::size_t counted = 0; // rounds with a flow across the network
    for (Flows f : rounds) {
        for (auto& [a, b] : f) {
            a = static_cast<std::uint32_t>(m[a]);
            b = static_cast<std::uint32_t>(m[b]);
        }
        // A flow between two ranks of one node is no flow of the network.
        f.erase(std::remove_if(f.begin(), f.end(), [&](const auto& ab) { return net_.sameNode(ab.first, ab.second); }),
                f.end());
        if (f.empty())
            continue;
        std::sort(f.begin(), f.end());
        f.erase(std::unique(f.begin(), f.end()), f.end());
        sum += prices_.set(f);
        ++counted;
    }
    const double s = counted == 0 ? 0.0 : sum / static_cast<double>(counted);
    collPrices_.emplace(key, s);
    return s;
}

bool Engine::sharesNode(std::int32_t comm)
{
    if (net_.nodeOf.empty())
        return false;
    auto it = sharesNode_.find(comm);
    if (it != sharesNode_.end())
        return it->second;
    std::vector<std::uint32_t> nodes;
    for (std::int32_t m : rec_.members(comm))
        nodes.push_back(static_cast<std::size_t>(m) < net_.nodeOf.size() ? net_.nodeOf[static_cast<std::size_t>(m)]
                                                                         : ~static_cast<std::uint32_t>(m));
    std::sort(nodes.begin(), nodes.end());
    const bool shares = std::adjacent_find(nodes.begin(), nodes.end()) != nodes.end();
    return sharesNode_.emplace(comm, shares).first->second;
}

// A collective whose members share a node, step by step: each step takes its slowest message, the intra-node
// one-way time for a message within a node, the network's (p) for one across it.
double Engine::steppedSeconds(std::int32_t comm, const CollectivePlan& plan, const loggp::Params& p)
{
    const std::vector<std::int32_t>& m = rec_.members(comm);
    const std::uint64_t key = (std::uint64_t(static_cast<std::uint32_t>(comm)) << 16) ^
                              (static_cast<std::uint64_t>(plan.algo) << 8) ^ (static_cast<std::uint64_t>(plan.op) << 4) ^
                              (plan.halving ? 2u : 0u) ^ (plan.inward ? 1u : 0u);
    auto it = collSteps_.find(key);
    if (it == collSteps_.end()) {
        CollectivePlan unit = plan;
        unit.k = 1.0; // the steps' bytes are proportional to k
        std::vector<StepKind> kinds;
        for (const CollectiveStep& st : collectiveSteps(unit, static_cast<int>(m.size()))) {
            StepKind k{st.bytes};
            for (const auto& [a, b] : st.flows)
                (net_.sameNode(static_cast<std::uint32_t>(m[a]), static_cast<std::uint32_t>(m[b])) ? k.local
                                                                                                    : k.remote) = true;
            kinds.push_back(k);
        }
        it = collSteps_.emplace(key, std::move(kinds)).first;
    }
    double t = 0;
    for (const StepKind& k : it->second) {
        const double bytes = k.perK * plan.k;
        t += std::max(k.local ? loggp::oneWay(net_.node, bytes) : 0.0, k.remote ? loggp::oneWay(p, bytes) : 0.0);
    }
    return t;
}

bool Engine::collective(std::int32_t r, const Event& e)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    std::uint32_t& seq = R.seqOf(e.comm);
    const std::uint64_t key = (std::uint64_t(static_cast<std::uint32_t>(e.comm)) << 32) | seq;
    Instance& I = instances_[key];
    const std::vector<std::int32_t>& members = rec_.members(e.comm);
    const auto n = static_cast<std::uint32_t>(members.size());
    if (R.partial == 0) { // entering
        if (I.arrived == 0) {
            I.kind = e.kind;
            I.line = e.line;
            I.firstRank = r;
        } else if (I.kind != e.kind) {
            throw ModelError("rank " + std::to_string(r) + ", line " + std::to_string(e.line) + ": its " +
                             kindName(e.kind) + " meets rank " + std::to_string(I.firstRank) + "'s " +
                             kindName(I.kind) + " (line " + std::to_string(I.line) +
                             ") as the same collective of their communicator: the ranks' recordings disagree");
        }
        ++I.arrived;
        I.maxT = std::max(I.maxT, R.t);
        I.bytes = std::max(I.bytes, e.value);
        R.partial = 1;
        if (I.arrived == n) {
            const CollectivePlan plan = collectivePlan(e.kind, I.bytes, static_cast<int>(n));
            loggp::Params p = loggp::forSize(net_.loggp, plan.k);
            p.G = effectiveG(net_, p.G, collectivePrice(e.comm, plan));
            I.finish = I.maxT + (sharesNode(e.comm) ? steppedSeconds(e.comm, plan, p)
                                                    : collectiveSeconds(plan, p, static_cast<int>(n)));
            I.finished = true;
            ++res_.collectives;
            if (e.kind == Kind::Barrier && n == static_cast<std::uint32_t>(rec_.P())) {
                // Every rank is in it: their compute so far is all they do before it.
                res_.barrierEnds.push_back(I.finish);
                const std::size_t at = res_.barrierEnds.size() - 1;
                if (spanAt_ && (at == spanAt_->first || at == spanAt_->second)) {
                    std::vector<double>& into = at == spanAt_->first ? res_.computeAtSpanStart : res_.computeAtSpanEnd;
                    into.resize(ranks_.size());
                    for (std::size_t k = 0; k < ranks_.size(); ++k)
                        into[k] = ranks_[k].compute;
                }
            }
            for (std::int32_t m : members)
                if (m != r)
                    wake(m);
        }
    }
    if (!I.finished)
        return false;
    R.t = I.finish;
    R.partial = 0;
    ++seq;
    if (++I.left == n)
        instances_.erase(key);
    return true;
}

} // namespace cs::rec::detail
