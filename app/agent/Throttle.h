#pragma once
// Two small rate limits of the listening agent, with the clock passed in so
// that they can be tested without waiting.
#include <chrono>
#include <string>

namespace cs::agent {

using SteadyTime = std::chrono::steady_clock::time_point;

// After each failed handshake (a wrong token) the next one waits: 100 ms,
// then twice as long after each further failure, at most 5 s. A success
// starts over. Guessing a token costs time; the real controller, which
// knows it, waits at most once.
class FailureBackoff {
public:
    void failed(SteadyTime now);
    void succeeded() { failures_ = 0; until_ = {}; }
    // True while the next handshake must wait.
    bool waiting(SteadyTime now) const { return now < until_; }
    SteadyTime until() const { return until_; }
    int failures() const { return failures_; }
    std::chrono::milliseconds currentDelay() const;

private:
    int failures_ = 0;
    SteadyTime until_{};
};

// At most one line a second; lines held back are counted and the count is
// told with the next line that passes (or by pending()).
class LogThrottle {
public:
    // The line to write now ("" when it is held back).
    std::string pass(const std::string& line, SteadyTime now);
    // "(N more like it)" for what was held back since the last line, or "".
    std::string pending();

private:
    SteadyTime last_{};
    bool any_ = false;
    int held_ = 0;
};

} // namespace cs::agent
