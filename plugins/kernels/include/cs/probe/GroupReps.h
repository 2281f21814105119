#pragma once
// The repetitions of an application kernel run among P ranks (app.fft2d, app.sort, app.collectives), under a
// time budget as the pair probes' (RoundBudget.h) but decided alike on every rank: each repetition's phase
// times are first reduced to the maximum over the ranks (the slowest rank decides when a phase completes), so
// every rank records the same numbers and stops after the same repetition without another message.
//
// A run keeps at most `repetitions` repetitions after `warmups` discarded ones, and stops early once the kept
// repetitions' totals (phase 0) add up to `budget_s` and at least `minReps` are kept. Every kept repetition
// stays in the series (Summary::samples).
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct RepBudget {
    std::uint32_t warmups = 1;      ///< discarded repetitions, [0, 100]
    std::uint32_t repetitions = 20; ///< most kept repetitions, [1, 10000]
    std::uint32_t minReps = 3;      ///< fewest kept repetitions when the budget runs out, [1, repetitions]
    double budget_s = 10.0;         ///< seconds of kept repetitions (sum of phase 0), [0, 86400]; 0 = all

    /// "" or the first problem, naming the field and its value.
    std::string validate() const;
};

class PhaseSeries {
public:
    /// `phases` series; phase 0 is the repetition's total, which the budget counts.
    PhaseSeries(std::size_t phases, const RepBudget& budget);

    /// Records repetition `rep` (0-based, warm-ups first) from values[phase], already the maximum over the
    /// ranks. Returns true when the run is done.
    bool record(std::uint32_t rep, const std::vector<double>& values);

    /// The kept repetitions of one phase, summarised with their samples.
    Summary summary(std::size_t phase) const;
    std::uint32_t kept() const { return kept_; }

private:
    RepBudget budget_;
    std::vector<std::vector<double>> series_;
    double keptTime_ = 0;
    std::uint32_t kept_ = 0;
};

} // namespace cs::probe
