#pragma once
// Each event of a rank's trace with the number of times it runs: its enclosing loops' counts multiplied, a
// count below one skipping the body (as EventCursor runs it). Loop events themselves are not passed on.
#include "model/recording/Recording.h"

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace cs::rec {

template <class Fn>
void forEachEventTimes(const RankTrace& trace, Fn fn)
{
    std::vector<std::pair<std::uint32_t, double>> open; // (end of a loop's body, times its events run)
    double times = 1;
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        while (!open.empty() && i >= open.back().first) {
            open.pop_back();
            times = open.empty() ? 1 : open.back().second;
        }
        const Event& e = trace.events[i];
        if (e.kind == Kind::Loop) {
            times *= e.value >= 1.0 ? std::floor(e.value) : 0.0;
            open.emplace_back(i + 1 + e.count, times);
            continue;
        }
        fn(e, times);
    }
}

} // namespace cs::rec
