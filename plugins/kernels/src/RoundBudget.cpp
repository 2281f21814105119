#include "cs/probe/RoundBudget.h"

#include <algorithm>
#include <cmath>

namespace cs::probe {

RoundBudget::RoundBudget(double budget_s, std::uint32_t warmups, std::uint32_t repetitions, std::uint32_t minKept)
    : budget_(budget_s > 0 && std::isfinite(budget_s) ? budget_s : 0.0),
      warmups_(warmups),
      repetitions_(repetitions),
      minKept_(std::clamp<std::uint32_t>(minKept, 1, std::max<std::uint32_t>(1, repetitions))),
      planned_(std::uint64_t(warmups) + repetitions)
{
}

bool RoundBudget::skip(std::uint32_t size, std::uint32_t prevSize, double prevRound_s) const
{
    if (budget_ <= 0 || prevSize == 0 || !(prevRound_s > 0))
        return false;
    const double predicted = prevRound_s * std::max(1.0, double(size) / double(prevSize));
    return predicted > budget_;
}

std::uint32_t RoundBudget::roundsFor(const std::vector<std::pair<double, double>>& cost, std::uint32_t s) const
{
    const auto planned = static_cast<std::uint32_t>(planned_);
    if (budget_ <= 0 || cost.empty())
        return planned;
    const auto& [s1, c1] = cost.back();
    double predicted = c1 * std::max(1.0, s / s1);
    if (cost.size() >= 2) {
        const auto& [s0, c0] = cost[cost.size() - 2];
        if (s1 > s0)
            predicted = std::max(c1, c1 + (c1 - c0) / (s1 - s0) * (s - s1));
    }
    std::uint32_t rounds = planned;
    if (predicted > 0 && budget_ / predicted < planned)
        rounds = static_cast<std::uint32_t>(budget_ / predicted);
    return std::clamp(rounds, static_cast<std::uint32_t>(fewest()), planned);
}

std::uint32_t RoundBudget::discarded(std::uint64_t done) const
{
    if (budget_ <= 0 || done >= planned_)
        return static_cast<std::uint32_t>(std::min<std::uint64_t>(warmups_, done));
    if (warmups_ == 0 || done == 0)
        return 0;
    const std::uint64_t share = done * warmups_ / planned_;
    return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(share, 1, warmups_));
}

std::uint64_t RoundBudget::fewest() const
{
    std::uint64_t n = minKept_;
    while (n < planned_ && kept(n) < minKept_)
        ++n;
    return std::min(n, planned_);
}

double RoundBudget::meanRound(const std::vector<double>& rounds)
{
    if (rounds.empty())
        return 0.0;
    if (rounds.size() == 1)
        return rounds.front();
    double sum = 0;
    std::size_t n = 0;
    for (std::size_t i = 1; i < rounds.size(); ++i)
        if (std::isfinite(rounds[i])) {
            sum += rounds[i];
            ++n;
        }
    return n > 0 ? sum / double(n) : rounds.front();
}

std::uint64_t RoundBudget::nextBatch(const std::vector<double>& rounds, double elapsed_s) const
{
    const std::uint64_t done = rounds.size();
    if (done >= planned_)
        return 0;
    if (budget_ <= 0)
        return planned_ - done;
    if (done == 0)
        return 1;
    const std::uint64_t least = fewest();
    const std::uint64_t need = done < least ? least - done : 0; // for the minimum of kept rounds
    if (elapsed_s >= budget_ && need == 0)
        return 0;
    const double t = meanRound(rounds);
    const double left = budget_ - elapsed_s;
    std::uint64_t fit = 0;
    if (left > 0 && t > 0)
        fit = static_cast<std::uint64_t>(std::min(left / t, 1e12));
    else if (left > 0)
        fit = planned_;
    const std::uint64_t batch = std::max<std::uint64_t>({need, fit, 1});
    if (fit == 0 && need == 0)
        return 0;
    return std::min(batch, planned_ - done);
}

} // namespace cs::probe
