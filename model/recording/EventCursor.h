#pragma once
// Walks one rank's events (Recording.h) in program order with its loops
// expanded, as every replay of a recording does (the analytic one, Replay.h,
// and SimGrid's, sim/RecordingSim.h): a loop line with a count of one or more
// enters its body, and a body's end goes back to its start until the count is
// spent.
#include "model/recording/Recording.h"

#include <cstdint>
#include <vector>

namespace cs::rec {

struct EventCursor {
    struct Frame {
        std::uint32_t begin, end;
        std::uint64_t left;
    };
    std::uint32_t pc = 0; // the event at hand; events.size() when the rank is done
    std::vector<Frame> loops;

    // Moves past events[pc].
    void advance(const std::vector<Event>& events)
    {
        const Event& e = events[pc];
        if (e.kind == Kind::Loop) {
            const std::uint32_t begin = pc + 1, end = begin + e.count;
            if (e.value >= 1.0 && e.count > 0) {
                loops.push_back({begin, end, static_cast<std::uint64_t>(e.value)});
                pc = begin;
            } else {
                pc = end;
            }
        } else {
            ++pc;
        }
        while (!loops.empty() && pc == loops.back().end) {
            if (--loops.back().left > 0) {
                pc = loops.back().begin;
                break;
            }
            loops.pop_back();
        }
    }
};

} // namespace cs::rec
