#pragma once
// How many rounds of one message size a kernel runs when it has a time budget per size.
//
// OSU's osu_latency cuts its iterations for large messages by a fixed rule (loop 10000 -> 100 and skip
// 1000 -> 10 above 8 KiB). A fixed rule is right for one link speed only; RoundBudget cuts by time, from
// what the size itself measures: the first round of a size is run alone and timed; then the rounds that fit in what
// is left of the budget run in one batch, re-estimated from the mean of the rounds after the first (the
// first pays TCP's slow start and so overestimates). A size stops when its rounds are done, or when the
// budget is spent and at least `minKept` rounds are kept. Warm-ups shrink with the rounds actually run, in
// the planned proportion (10 of 110 planned, 1 of 11 run), and there is at least one when any were planned:
// the first round of a size is always discarded when warm-ups were asked for.
//
// A size whose round trip, predicted from the previous size's (time grows at most linearly with size once
// latency is paid), exceeds the budget is skipped: on a slow link the largest sizes would cost minutes, and
// the sizes below already show the slope. Budget 0 = no budget: every planned round, no size skipped.
#include <cstdint>
#include <utility>
#include <vector>

namespace cs::probe {

class RoundBudget {
public:
    /// budget_s: seconds per size, >= 0 (0 = none). warmups, repetitions: planned rounds discarded and kept.
    /// minKept: fewest kept rounds when the budget cuts a size short, clamped to [1, repetitions].
    RoundBudget(double budget_s, std::uint32_t warmups, std::uint32_t repetitions, std::uint32_t minKept);

    /// Planned rounds per size (warm-ups + repetitions).
    std::uint64_t planned() const { return planned_; }
    /// Fewest rounds a size runs under a budget: minKept kept after their warm-ups (at most planned()).
    std::uint64_t fewest() const;

    /// True when a size of `size` bytes should be skipped, given the previous size run and its mean round
    /// time (prevSize 0 = none run yet).
    bool skip(std::uint32_t size, std::uint32_t prevSize, double prevRound_s) const;

    /// Rounds of the next batch, given the round times so far in this size and the seconds spent on it;
    /// 0 = the size is done.
    std::uint64_t nextBatch(const std::vector<double>& rounds, double elapsed_s) const;

    /// Rounds of every PRTT kind at size s, fixed before the size starts (LogGP, over TCP and over MPI): all
    /// planned ones without a budget, else as many as the budget allows at the cost per round predicted from
    /// the sizes run before, `cost` = (size, seconds per round) in the order run: a line through the last
    /// two, never below the last one's cost; proportional to s from a single size. At least fewest().
    std::uint32_t roundsFor(const std::vector<std::pair<double, double>>& cost, std::uint32_t s) const;

    /// Rounds discarded as warm-ups when `done` rounds ran.
    std::uint32_t discarded(std::uint64_t done) const;

    /// Mean round time for the estimate: of the rounds after the first, or the first alone.
    static double meanRound(const std::vector<double>& rounds);

private:
    std::uint64_t kept(std::uint64_t done) const { return done - discarded(done); }

    double budget_;
    std::uint32_t warmups_;
    std::uint32_t repetitions_;
    std::uint32_t minKept_;
    std::uint64_t planned_;
};

} // namespace cs::probe
