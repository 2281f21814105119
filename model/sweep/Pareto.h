#pragma once
#include "model/sweep/Sweep.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace cs {

// Rows of a sweep table on the Pareto front of cost against time: no other
// row is at most as costly and at most as slow while strictly better in one.
// Rows that failed are skipped. Sorted by increasing cost. When `bySpeedup`
// is set, higher speedup replaces lower time.
std::vector<std::size_t> paretoFront(const SweepTable& table, bool bySpeedup = false);

// The cheapest row whose time is at most `target` seconds (or, with
// bySpeedup, whose speedup is at least `target`); ties go to the faster row.
std::optional<std::size_t> cheapestMeeting(const SweepTable& table, double target, bool bySpeedup = false);

} // namespace cs
