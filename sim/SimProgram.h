#pragma once
// What a simulation runs: one program of communication operations per
// participating host, with named phases. Built by the pattern functions
// (Patterns.h) from a model's parameters; run on a SimGrid platform by
// runSimulation() (Simulator.h). Plain data, no SimGrid types.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cs::sim {

struct SimOp {
    enum class Kind : std::uint8_t {
        Send,  // post a message of `value` bytes to participant `peer` (asynchronous)
        Recv,  // post the receive of the next message from participant `peer`
        Wait,  // wait until every posted send and receive has completed; ends a step of `phase`
        Sleep, // host busy for `value` seconds (a send or receive overhead, a gap)
    };
    Kind kind = Kind::Wait;
    std::uint32_t peer = 0;
    std::uint16_t phase = 0; // index into SimProgram::phases
    double value = 0.0;      // bytes (Send) or seconds (Sleep)
};

struct SimProgram {
    std::string pattern;             // e.g. "all-to-all (pairwise)", for reports
    std::vector<std::string> phases; // phase names in time order
    // Participant i runs on topology host hosts()[hostIndex[i]] (host order).
    std::vector<std::size_t> hostIndex;
    std::vector<std::vector<SimOp>> ops; // one list per participant

    std::size_t participants() const { return ops.size(); }
    // Total bytes sent by every participant.
    double bytes() const;
    // Messages (sends) in the program.
    std::size_t messages() const;
    // "" when every peer is a participant, every message size a finite number
    // >= 0, every sleep >= 0, every phase index valid and every send matched by
    // a receive (and the other way round); otherwise what is wrong.
    std::string problem() const;
};

// Simulated times, in seconds: one per phase (the time from the end of the
// previous phase to the last host finishing this one) and the total (the last
// host finishing).
struct SimResult {
    std::vector<double> phaseTimes;
    double total = 0.0;
    double wallSeconds = 0.0; // wall time the simulation took (child process included)
};

} // namespace cs::sim
