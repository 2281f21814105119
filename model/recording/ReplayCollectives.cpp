#include "model/recording/ReplayCollectives.h"

#include <cmath>
#include <cstdint>

namespace cs::rec {

namespace {

bool powerOfTwo(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

// Binomial tree from member 0: in round i, members below 2^i send to the one 2^i above.
Flows binomialRound(int n, int i, bool inward)
{
    Flows f;
    const int step = 1 << i;
    for (int r = 0; r < step && r + step < n; ++r)
        f.emplace_back(inward ? r + step : r, inward ? r : r + step);
    return f;
}

// Recursive doubling among the largest power of two P' <= n: member r with r xor 2^i.
Flows doublingRound(int n, int i)
{
    Flows f;
    const auto p2 = static_cast<int>(loggp::largestPowerOfTwoAtMost(n));
    for (int r = 0; r < p2; ++r)
        f.emplace_back(r, r ^ (1 << i));
    return f;
}

} // namespace

CollectivePlan collectivePlan(Kind kind, double bytes, int n)
{
    using comm::Algo;
    using comm::Op;
    const double N = n;
    CollectivePlan c;
    switch (kind) {
    case Kind::Bcast: c = {Op::Broadcast, Algo::Binomial, bytes}; break;
    case Kind::Reduce: c = {Op::Broadcast, Algo::Binomial, bytes, false, true}; break;
    case Kind::Gather: c = {Op::Broadcast, Algo::Binomial, bytes, true, true}; break;
    case Kind::Scatter: c = {Op::Broadcast, Algo::Binomial, bytes, true, false}; break;
    case Kind::Allreduce: c = {Op::Allreduce, Algo::RecursiveDoubling, bytes}; break;
    case Kind::Allgather:
        c = {Op::Allgather, powerOfTwo(n) ? Algo::RecursiveDoubling : Algo::Ring, bytes * N};
        break;
    case Kind::ReduceScatter:
        c = {Op::ReduceScatter, powerOfTwo(n) ? Algo::RecursiveHalving : Algo::Pairwise, bytes * N};
        break;
    case Kind::Alltoall:
    case Kind::Alltoallv: c = {Op::Alltoall, Algo::Pairwise, bytes}; break;
    default: c = {Op::Barrier, Algo::RecursiveDoubling, 0.0}; break;
    }
    return c;
}

double collectiveSeconds(const CollectivePlan& plan, const loggp::Params& p, int n)
{
    if (n < 2)
        return 0.0;
    if (plan.halving) { // steps of k, 2k, 4k, ... bytes (gather up the tree; scatter the same down it)
        const double lg = loggp::ceilLog2(n);
        return comm::halvingTime(p, plan.k * std::ldexp(1.0, static_cast<int>(lg)), lg);
    }
    return comm::collectiveCost(plan.op, plan.algo, p, plan.k, n, 0.0).time;
}

std::vector<Flows> collectiveRounds(const CollectivePlan& plan, int n, std::size_t maxRounds)
{
    using comm::Algo;
    std::vector<Flows> rounds;
    if (n < 2)
        return rounds;
    const int lg = static_cast<int>(loggp::ceilLog2(n));
    switch (plan.algo) {
    case Algo::Binomial:
        for (int i = 0; i < lg; ++i)
            rounds.push_back(binomialRound(n, i, plan.inward));
        break;
    case Algo::RecursiveDoubling:
    case Algo::RecursiveHalving: {
        const auto p2 = static_cast<int>(loggp::largestPowerOfTwoAtMost(n));
        for (int i = 0; (1 << i) < p2; ++i)
            rounds.push_back(doublingRound(n, i));
        if (n > p2) { // MPICH's hand-over to and from the members beyond P'
            Flows f;
            for (int r = p2; r < n; ++r)
                f.emplace_back(r, r - p2);
            rounds.push_back(f);
        }
        break;
    }
    case Algo::Ring: {
        Flows f;
        for (int r = 0; r < n; ++r)
            f.emplace_back(r, (r + 1) % n);
        rounds.push_back(f);
        break;
    }
    default: { // pairwise: in round i member r sends to r + i
        const std::size_t count = static_cast<std::size_t>(n - 1);
        const std::size_t taken = std::min(count, maxRounds);
        for (std::size_t j = 0; j < taken; ++j) {
            const int i = 1 + static_cast<int>(j * count / taken);
            Flows f;
            for (int r = 0; r < n; ++r)
                f.emplace_back(r, (r + i) % n);
            rounds.push_back(f);
        }
        break;
    }
    }
    if (rounds.size() > maxRounds) {
        std::vector<Flows> kept;
        for (std::size_t j = 0; j < maxRounds; ++j)
            kept.push_back(rounds[j * rounds.size() / maxRounds]);
        rounds = std::move(kept);
    }
    return rounds;
}

std::vector<CollectiveStep> collectiveSteps(const CollectivePlan& plan, int n)
{
    using comm::Algo;
    using comm::Op;
    std::vector<CollectiveStep> steps;
    if (n < 2)
        return steps;
    const int lg = static_cast<int>(loggp::ceilLog2(n));
    const double share = plan.k / n;
    switch (plan.algo) {
    case Algo::Binomial:
        for (int j = 0; j < lg; ++j) {
            // Inward (reduce, gather) runs the broadcast's tree from its last round back to its first.
            const int i = plan.inward ? lg - 1 - j : j;
            // The data halving (scatter, gather): a round-i message carries the 2^(lg-1-i) blocks of its subtree.
            const double bytes = plan.halving ? plan.k * std::ldexp(1.0, lg - 1 - i) : plan.k;
            steps.push_back({binomialRound(n, i, plan.inward), bytes});
        }
        break;
    case Algo::RecursiveDoubling: {
        const auto p2 = static_cast<int>(loggp::largestPowerOfTwoAtMost(n));
        const bool gather = plan.op == Op::Allgather; // the block doubles each step
        Flows in, out;
        for (int r = p2; r < n; ++r) {
            in.emplace_back(r, r - p2);
            out.emplace_back(r - p2, r);
        }
        if (!in.empty())
            steps.push_back({in, plan.k});
        for (int i = 0; (1 << i) < p2; ++i)
            steps.push_back({doublingRound(n, i), gather ? share * std::ldexp(1.0, i) : plan.k});
        if (!out.empty())
            steps.push_back({out, plan.k});
        break;
    }
    case Algo::RecursiveHalving:
        for (int i = 0; i < lg; ++i) {
            Flows f;
            for (int r = 0; r < n; ++r)
                if ((r ^ (n >> (i + 1))) < n)
                    f.emplace_back(r, r ^ (n >> (i + 1)));
            steps.push_back({f, plan.k * std::ldexp(1.0, -(i + 1))});
        }
        break;
    default: { // ring (to r + 1 every step) and pairwise (to r + i at step i)
        const bool ring = plan.algo == Algo::Ring;
        const double bytes = plan.op == Op::Alltoall ? plan.k : share;
        for (int i = 1; i < n; ++i) {
            Flows f;
            for (int r = 0; r < n; ++r)
                f.emplace_back(r, (r + (ring ? 1 : i)) % n);
            steps.push_back({f, bytes});
        }
        break;
    }
    }
    return steps;
}

} // namespace cs::rec
