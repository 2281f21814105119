#include "model/sweep/Pareto.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {
// The objective to minimise: time, or minus the speedup.
double objective(const SweepTable& t, std::size_t row, bool bySpeedup)
{
    return bySpeedup ? -t.at(row, 1) : t.at(row, 0);
}
bool usable(const SweepTable& t, std::size_t row, bool bySpeedup)
{
    return std::isfinite(t.at(row, 3)) && std::isfinite(objective(t, row, bySpeedup));
}
} // namespace

std::vector<std::size_t> paretoFront(const SweepTable& table, bool bySpeedup)
{
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < table.rows(); ++r)
        if (usable(table, r, bySpeedup))
            rows.push_back(r);
    // Sort by cost, then objective; sweep keeping rows that improve the best
    // objective seen so far.
    std::sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        const double ca = table.at(a, 3), cb = table.at(b, 3);
        if (ca != cb)
            return ca < cb;
        return objective(table, a, bySpeedup) < objective(table, b, bySpeedup);
    });
    std::vector<std::size_t> front;
    double best = INFINITY;
    for (std::size_t r : rows) {
        const double o = objective(table, r, bySpeedup);
        if (o < best) {
            front.push_back(r);
            best = o;
        }
    }
    return front;
}

std::optional<std::size_t> cheapestMeeting(const SweepTable& table, double target, bool bySpeedup)
{
    std::optional<std::size_t> best;
    for (std::size_t r = 0; r < table.rows(); ++r) {
        if (!usable(table, r, bySpeedup))
            continue;
        const bool meets = bySpeedup ? table.at(r, 1) >= target : table.at(r, 0) <= target;
        if (!meets)
            continue;
        if (!best || table.at(r, 3) < table.at(*best, 3) ||
            (table.at(r, 3) == table.at(*best, 3) && objective(table, r, bySpeedup) < objective(table, *best, bySpeedup)))
            best = r;
    }
    return best;
}

} // namespace cs
