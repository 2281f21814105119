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

} // namespace

std::vector<ExchangeRound> scheduleRounds(Schedule s, std::uint32_t P)
{
    std::vector<ExchangeRound> rounds;
    if (P < 2)
        return rounds;
    if (s == Schedule::PairwiseXor && !powerOfTwo(P))
        s = Schedule::PairwiseShift;
    switch (s) {
    case Schedule::PairwiseXor:
    case Schedule::PairwiseShift:
        rounds.reserve(P - 1);
        for (std::uint32_t r = 1; r < P; ++r) {
            ExchangeRound round;
            round.flows.reserve(P);
            for (std::uint32_t i = 0; i < P; ++i)
                round.flows.emplace_back(i, s == Schedule::PairwiseXor ? i ^ r : (i + r) % P);
            rounds.push_back(std::move(round));
        }
        break;
    case Schedule::Ring: {
        ExchangeRound round;
        for (std::uint32_t i = 0; i < P; ++i)
            round.flows.emplace_back(i, (i + 1) % P);
        round.repeats = P - 1;
        rounds.push_back(std::move(round));
        break;
    }
    case Schedule::RecursiveDoubling: {
        std::uint32_t p2 = 1;
        while (p2 * 2 <= P)
            p2 *= 2;
        for (std::uint32_t bit = 1; bit < p2; bit *= 2) {
            ExchangeRound round;
            for (std::uint32_t i = 0; i < p2; ++i)
                round.flows.emplace_back(i, i ^ bit);
            rounds.push_back(std::move(round));
        }
        break;
    }
    case Schedule::Binomial:
        for (std::uint32_t span = 1; span < P; span *= 2) {
            ExchangeRound round;
            for (std::uint32_t i = 0; i < span && i + span < P; ++i)
                round.flows.emplace_back(i, i + span);
            rounds.push_back(std::move(round));
        }
        break;
    }
    return rounds;
}

double roundCount(Schedule s, std::uint32_t P)
{
    double n = 0;
    for (const ExchangeRound& r : scheduleRounds(s, P))
        n += r.repeats;
    return n;
}

} // namespace cs
