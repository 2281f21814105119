#include "model/topology/placement/ExchangeSchedule.h"

#include <algorithm>

namespace cs {

const std::vector<std::string>& scheduleNames()
{
    static const std::vector<std::string> names{"pairwise", "shift", "ring", "recursive doubling", "binomial"};
    return names;
}

namespace {

bool powerOfTwo(std::uint32_t P)
{
    return P && (P & (P - 1)) == 0;
}

// The schedule as run: a pairwise XOR on a P that is no power of two runs
// the shift rounds.
Schedule effective(Schedule s, std::uint32_t P)
{
    return s == Schedule::PairwiseXor && !powerOfTwo(P) ? Schedule::PairwiseShift : s;
}

std::uint32_t largestPowerOfTwo(std::uint32_t P)
{
    std::uint32_t p2 = 1;
    while (p2 * 2 <= P)
        p2 *= 2;
    return p2;
}

} // namespace

std::size_t scheduleRoundCount(Schedule s, std::uint32_t P)
{
    if (P < 2)
        return 0;
    switch (effective(s, P)) {
    case Schedule::PairwiseXor:
    case Schedule::PairwiseShift:
        return P - 1;
    case Schedule::Ring:
        return 1;
    case Schedule::RecursiveDoubling: {
        std::size_t n = 0;
        for (std::uint32_t bit = 1; bit < largestPowerOfTwo(P); bit *= 2)
            ++n;
        return n;
    }
    case Schedule::Binomial: {
        std::size_t n = 0;
        for (std::uint64_t span = 1; span < P; span *= 2)
            ++n;
        return n;
    }
    }
    return 0;
}

RoundRuns scheduleRuns(Schedule s, std::uint32_t P, std::size_t index)
{
    RoundRuns round;
    auto run = [&](std::uint32_t lo, std::uint32_t hi, std::int64_t shift) {
        if (lo < hi)
            round.runs.push_back({lo, hi, shift});
    };
    // Rank i ^ x is i + shift on each aligned block of 2^(lowest set bit of x) ranks.
    auto xorRuns = [&](std::uint32_t n, std::uint32_t x) {
        const std::uint32_t block = x & (~x + 1);
        for (std::uint32_t base = 0; base < n; base += block)
            run(base, base + block, std::int64_t{base ^ x} - std::int64_t{base});
    };
    switch (effective(s, P)) {
    case Schedule::PairwiseXor:
        xorRuns(P, static_cast<std::uint32_t>(index + 1));
        break;
    case Schedule::PairwiseShift: {
        const auto r = static_cast<std::uint32_t>(index + 1);
        run(0, P - r, r);
        run(P - r, P, std::int64_t{r} - std::int64_t{P});
        break;
    }
    case Schedule::Ring:
        run(0, P - 1, 1);
        run(P - 1, P, 1 - std::int64_t{P});
        round.repeats = P - 1;
        break;
    case Schedule::RecursiveDoubling:
        xorRuns(largestPowerOfTwo(P), std::uint32_t{1} << index);
        break;
    case Schedule::Binomial: {
        const std::uint32_t span = std::uint32_t{1} << index;
        run(0, std::min(span, P - span), span);
        break;
    }
    }
    return round;
}

ExchangeRound scheduleRound(Schedule s, std::uint32_t P, std::size_t index)
{
    const RoundRuns runs = scheduleRuns(s, P, index);
    ExchangeRound round;
    round.repeats = runs.repeats;
    for (const FlowRun& r : runs.runs)
        for (std::uint32_t i = r.lo; i < r.hi; ++i)
            round.flows.emplace_back(i, static_cast<std::uint32_t>(i + r.shift));
    return round;
}

std::vector<ExchangeRound> scheduleRounds(Schedule s, std::uint32_t P)
{
    std::vector<ExchangeRound> rounds;
    const std::size_t n = scheduleRoundCount(s, P);
    rounds.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        rounds.push_back(scheduleRound(s, P, i));
    return rounds;
}

double roundCount(Schedule s, std::uint32_t P)
{
    // Only a ring's one round stands for several.
    const double n = double(scheduleRoundCount(s, P));
    return effective(s, P) == Schedule::Ring && P >= 2 ? double(P - 1) : n;
}

} // namespace cs
