#pragma once
// What a recording shows before any replay (the GUI's Recording window): the
// bytes each rank sends each other rank, and each rank's main loop, the
// program's iteration.
#include "model/recording/Recording.h"

#include <cstdint>
#include <vector>

namespace cs::rec {

// Point-to-point bytes from rank i to rank j at [i * P + j], loops expanded
// (send, isend and sendrecv's send; collectives are not in it: their
// messages depend on the algorithm the replay takes).
std::vector<double> commMatrix(const Recording& rec);

// A rank's iteration: its top-level loop that goes through the most events
// (the loop expanded), or the whole text when it has no loop.
struct Iteration {
    double count = 1;           // repetitions of the loop (1: no loop)
    double compute = 0;         // s: the recorded compute of one repetition, nested loops expanded
    std::uint64_t calls = 0;    // MPI calls in one repetition, nested loops expanded
    std::uint32_t firstLine = 0; // the loop's line in the rank's text (0: no loop)
};
std::vector<Iteration> iterations(const Recording& rec);

} // namespace cs::rec
