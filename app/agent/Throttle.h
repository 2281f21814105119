#pragma once
// Two small rate limits of the listening agent, with the clock passed in so
// that they can be tested without waiting.
#include <chrono>
#include <cstddef>
#include <map>
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

// A FailureBackoff per source address, so that wrong tokens from one
// address slow down that address only: the controller, connecting from
// another, is taken at once however many others guess. At most `capacity`
// addresses are remembered (an attacker with many addresses cannot grow it
// without bound): when full, the entries whose back-off is over are
// forgotten first, then the one that ends soonest.
class SourceBackoff {
public:
    explicit SourceBackoff(std::size_t capacity = 4096) : capacity_(capacity) {}
    void failed(const std::string& source, SteadyTime now);
    void succeeded(const std::string& source) { entries_.erase(source); }
    // True while a connection from `source` must wait.
    bool waiting(const std::string& source, SteadyTime now) const;
    // When `source` may be served again (a past time when it may now).
    SteadyTime until(const std::string& source) const;
    // Failures remembered for `source` (0 when none or forgotten).
    int failures(const std::string& source) const;
    std::size_t size() const { return entries_.size(); }

private:
    void makeRoom(SteadyTime now);
    std::size_t capacity_;
    std::map<std::string, FailureBackoff> entries_;
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
