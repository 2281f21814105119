#include "model/topology/ExchangeSchedule.h"

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

ExchangeRound scheduleRound(Schedule s, std::uint32_t P, std::size_t index)
{
    ExchangeRound round;
    switch (effective(s, P)) {
    case Schedule::PairwiseXor:
    case Schedule::PairwiseShift: {
        const auto r = static_cast<std::uint32_t>(index + 1);
        const bool xr = effective(s, P) == Schedule::PairwiseXor;
        round.flows.reserve(P);
        for (std::uint32_t i = 0; i < P; ++i)
            round.flows.emplace_back(i, xr ? i ^ r : (i + r) % P);
        break;
    }
    case Schedule::Ring:
        round.flows.reserve(P);
        for (std::uint32_t i = 0; i < P; ++i)
            round.flows.emplace_back(i, (i + 1) % P);
        round.repeats = P - 1;
        break;
    case Schedule::RecursiveDoubling: {
        const std::uint32_t p2 = largestPowerOfTwo(P), bit = std::uint32_t{1} << index;
        for (std::uint32_t i = 0; i < p2; ++i)
            round.flows.emplace_back(i, i ^ bit);
        break;
    }
    case Schedule::Binomial: {
        const std::uint32_t span = std::uint32_t{1} << index;
        for (std::uint32_t i = 0; i < span && i + span < P; ++i)
            round.flows.emplace_back(i, i + span);
        break;
    }
    }
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
