#pragma once
// Which span of a recording a prediction prices (issue 44, `replay --between`): a program times itself between
// two barriers of all its ranks, and not always the first and the last (LAMMPS's "Loop time" is between the
// third and the fourth of its five). The barriers of all ranks are counted in the order the program reaches
// them, from 1; a negative index counts from the end (-1 the last). One place picks the span from a replay's
// barrier ends for every caller: the analytic replay (Replay.h, spanOf), SimGrid's (sim/RecordingRows.h) and
// the recorded block.
#include "model/core/ModelError.h"
#include "model/recording/Recording.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs::rec {

// Two barriers of all ranks: the span runs from the end of `first` to the end of `last` (1-based; negative from
// the end). The default, {1, -1}, is the first to the last.
struct BarrierPair {
    int first = 1, last = -1;
    bool operator==(const BarrierPair&) const = default;
};

// "I:J", two nonzero integers (e.g. "3:4", "3:-2", "-3:-1"); I before J where both count from one end. Throws
// ModelError saying what is wrong with `text` (the caller names its flag or field).
BarrierPair parseBarrierPair(const std::string& text);

// "3:-2".
std::string toString(const BarrierPair& pair);

// The 0-based positions of `pair`'s two barriers among `count`, or nothing when either is not one of them or
// the first does not come before the second.
std::optional<std::pair<std::size_t, std::size_t>> barrierPositions(const BarrierPair& pair, std::size_t count);

// What a recording that lacks one of a pair's barriers throws (checkBarrierPair), so that a command can add the
// flag it came from.
struct BarrierRangeError : ModelError {
    using ModelError::ModelError;
};

// Throws BarrierRangeError unless barrierPositions(pair, count) has the pair, naming P, the recording's count
// and the pair: "P = 4: the recording has 5 barriers of all ranks; the span 3:6 asks for barrier 6, which it
// does not have (give indices from 1 to 5, or from -5 to -1 counting from the end)".
void checkBarrierPair(const BarrierPair& pair, std::size_t count, int P);

// The barriers of all ranks that `rec` (linked) holds, loops expanded: a replay that completes ends as many
// (ReplayResult::barrierEnds). Counted on rank 0, which is in every one of them; no replay is run.
std::uint64_t barriersOfAllRanks(const Recording& rec);

// From the end of `pair`'s first barrier to the end of its last (s), of `barrierEnds` in order: the span a
// program that times itself between those barriers measures. NaN when barrierPositions() has no pair.
double timedSpan(const std::vector<double>& barrierEnds, const BarrierPair& pair = {});

} // namespace cs::rec
