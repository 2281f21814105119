#pragma once
// Cancellation, time limits and the per-run token shared by every kernel.

#include <atomic>
#include <chrono>
#include <optional>
#include <string>

namespace cs::probe {

/// How a kernel may be stopped. Every blocking operation inside a kernel waits in slices of at most
/// RunControl::pollSlice and checks the stop flag and the deadline between slices, so a kernel returns
/// (by throwing ProbeError Cancelled / Timeout) within about pollSlice of either being reached.
struct RunControl {
    /// Raised by another thread to cancel the run; nullptr = cannot be cancelled. Not owned.
    const std::atomic<bool>* stop = nullptr;

    /// Absolute limit for the whole run (steady clock); empty = none. Exceeding it throws Timeout.
    std::optional<std::chrono::steady_clock::time_point> deadline;

    /// Limit for any single socket operation (connect excluded), seconds. Bounds: (0, 3600]. Default 30 s.
    /// A peer that stops answering makes the kernel throw Timeout after this long. Not 5 s: a peer on a busy
    /// node can be off the CPU that long (CI saw a loopback ping-pong at SCHED_IDLE stall past 5 s while
    /// other work held both CPUs), and a probe that fails there tells the user nothing about the network.
    double ioTimeout_s = 30.0;

    /// How long a client keeps retrying a refused/unreachable connect before giving up, seconds.
    /// Bounds: [0, 3600]. Default 5 s: a server started at the same moment in another process has time to
    /// bind. 0 = a single attempt.
    double connectTimeout_s = 5.0;

    /// Per-run token. The client sends it in its hello; a server with a non-empty token rejects a hello whose
    /// token differs (ErrorKind::Protocol, "wrong token"). At most 256 bytes.
    std::string token;

    /// Granularity of stop/deadline checks, seconds. Bounds: [0.001, 1]. Default 0.05 s.
    double pollSlice_s = 0.05;

    /// Convenience: a control whose deadline is `seconds` from now.
    static RunControl withTimeout(double seconds, const std::atomic<bool>* stopFlag = nullptr)
    {
        RunControl c;
        c.stop = stopFlag;
        c.deadline = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(seconds));
        return c;
    }

    bool stopRequested() const noexcept { return stop != nullptr && stop->load(std::memory_order_relaxed); }

    /// Throws ProbeError(Cancelled) if stop is raised, ProbeError(Timeout) if the deadline passed.
    /// `what` names the operation in the message.
    void check(const char* what) const;

    /// "" when the fields are within bounds, else a sentence naming the field and its value.
    std::string validate() const;
};

} // namespace cs::probe
