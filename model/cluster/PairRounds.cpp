#include "model/cluster/PairRounds.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace cs {

std::vector<std::vector<std::size_t>> groupRounds(const std::vector<std::vector<std::string>>& uses, std::size_t cap)
{
    if (cap < 1)
        throw std::invalid_argument("the number of jobs run at once must be at least 1, got " + std::to_string(cap));
    std::vector<std::vector<std::size_t>> rounds;
    std::vector<std::set<std::string>> held; // per round: every resource its jobs use
    for (std::size_t j = 0; j < uses.size(); ++j) {
        std::size_t r = 0;
        for (; r < rounds.size(); ++r) {
            if (rounds[r].size() >= cap)
                continue;
            const bool clash = std::any_of(uses[j].begin(), uses[j].end(),
                                           [&](const std::string& u) { return held[r].count(u) > 0; });
            if (!clash)
                break;
        }
        if (r == rounds.size()) {
            rounds.emplace_back();
            held.emplace_back();
        }
        rounds[r].push_back(j);
        held[r].insert(uses[j].begin(), uses[j].end());
    }
    return rounds;
}

} // namespace cs
