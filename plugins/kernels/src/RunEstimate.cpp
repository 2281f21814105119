#include "cs/probe/RunEstimate.h"
#include "cs/probe/RoundBudget.h"

#include <algorithm>
#include <cmath>

namespace cs::probe {

namespace {

// Rounds a budgeted size runs when each takes `round` seconds: what fits in the budget (the kernel runs one
// round, then the rounds that fit in the rest), never fewer than RoundBudget::fewest(), never more than
// planned.
std::uint64_t roundsWithin(const RoundBudget& b, double budget_s, double round)
{
    if (budget_s <= 0 || !(round > 0))
        return b.planned();
    const double fit = std::floor(budget_s / round);
    const std::uint64_t n = fit >= double(b.planned()) ? b.planned() : static_cast<std::uint64_t>(fit);
    return std::clamp<std::uint64_t>(n, b.fewest(), b.planned());
}

double oneWay(const LinkModel& link, double s)
{
    return link.latency + s / link.bandwidth;
}

} // namespace

RunEstimate estimatePingPong(const PingPongParams& p, const LinkModel& link)
{
    const RoundBudget budget(p.budget_s, p.warmups, p.repetitions, p.minRepetitions);
    RunEstimate e;
    std::uint32_t prevSize = 0;
    double prevRound = 0;
    for (std::uint32_t s : p.sizes) {
        SizeEstimate x;
        x.size = s;
        const double round = 2 * oneWay(link, s);
        if (!budget.skip(s, prevSize, prevRound)) {
            x.rounds = roundsWithin(budget, p.budget_s, round);
            x.seconds = double(x.rounds) * round;
            prevSize = s;
            prevRound = round;
        }
        e.seconds += x.seconds;
        e.sizes.push_back(x);
    }
    return e;
}

RunEstimate estimateLogGP(const LogGPParams& p, const LinkModel& link)
{
    const RoundBudget budget(p.budget_s, p.warmups, p.repetitions, p.minRepetitions);
    RunEstimate e;
    bool first = true;
    for (std::uint32_t s : p.sizes) {
        const double prtt1 = 2 * oneWay(link, s);
        const double prttN = 2 * link.latency + (p.n + 1.0) * s / link.bandwidth;
        const double round = prtt1 + prttN + 2.0 * p.n * prtt1;
        SizeEstimate x;
        x.size = s;
        // The kernel runs the first size in full: it has nothing to predict from.
        x.rounds = first ? budget.planned() : roundsWithin(budget, p.budget_s, round);
        x.seconds = double(x.rounds) * round;
        first = false;
        e.seconds += x.seconds;
        e.sizes.push_back(x);
    }
    return e;
}

} // namespace cs::probe
