#pragma once
// An exchange as the rounds it runs in (DESIGN.md, "Job and placement"): each
// round a set of rank-to-rank flows that start together; the next round
// starts when the round's slowest flow has finished. Its time on a network is
// the sum over its rounds of each round's slowest flow, not the time of one
// fluid pattern.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cs {

enum class Schedule {
    PairwiseXor,       // all-to-all: in round r = 1 .. P-1 rank i exchanges with rank i XOR r (P a power of
                       // two; otherwise the shift rounds below, as MPI libraries do)
    PairwiseShift,     // all-to-all: in round r = 1 .. P-1 rank i sends to i + r and receives from i - r (mod P)
    Ring,              // P-1 rounds in each of which rank i sends to rank i + 1 (mod P): ring allgather
    RecursiveDoubling, // log2 P rounds: rank i exchanges with rank i XOR 2^k (P a power of two; else
                       // the rounds of the largest power of two below P, the others idle)
    Binomial,          // ceil(log2 P) rounds: ranks i < 2^k send to i + 2^k: a binomial-tree broadcast
};

// The choice names, in enum order.
const std::vector<std::string>& scheduleNames();

struct ExchangeRound {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flows; // (source rank, destination rank)
    double repeats = 1;                                         // rounds this one stands for (equal rounds)
};

// The rounds of `s` among P ranks; each flow carries the same bytes. Rounds
// that are the same (a ring's) are returned once with their count.
std::vector<ExchangeRound> scheduleRounds(Schedule s, std::uint32_t P);

// The same one at a time, without building the others (a sweep samples a
// few of a large job's rounds): how many scheduleRounds returns, and its
// entry `index` (below that count).
std::size_t scheduleRoundCount(Schedule s, std::uint32_t P);
ExchangeRound scheduleRound(Schedule s, std::uint32_t P, std::size_t index);

// A run of a round's flows: each rank i in lo .. hi - 1 sends to rank
// i + shift.
struct FlowRun {
    std::uint32_t lo = 0, hi = 0;
    std::int64_t shift = 0;
};
struct RoundRuns {
    std::vector<FlowRun> runs; // in rank order
    double repeats = 1;
};
// scheduleRound's flows as runs, in the same order: a shift round is two
// runs rather than P flows, so a caller that counts flows by node
// (NodeFlows.h) can take a node's ranks at once.
RoundRuns scheduleRuns(Schedule s, std::uint32_t P, std::size_t index);

// Rounds the schedule has (counting repeats).
double roundCount(Schedule s, std::uint32_t P);

} // namespace cs
