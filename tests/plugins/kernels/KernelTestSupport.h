#pragma once
// Test helpers: a probe server running serve() on a loopback Listener in a thread of the test process.

#include "cs/probe/Kernels.h"

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cs::probe::test {

/// Starts serve() on 127.0.0.1:<ephemeral> (TCP + UDP) in a thread; the destructor raises the stop flag and
/// joins, so a test never leaves a server behind even when it fails.
class ServerThread {
public:
    explicit ServerThread(ServeOptions opts = {}, std::string token = {}, double ioTimeout = 30.0)
        : listener_(SocketAddress{"127.0.0.1", 0}, true)
    {
        RunControl rc;
        rc.stop = &stop_;
        rc.ioTimeout_s = ioTimeout;
        rc.token = std::move(token);
        thread_ = std::thread([this, opts, rc] {
            try {
                result_ = serve(listener_, opts, rc);
            } catch (...) {
                error_ = std::current_exception();
            }
            done_ = true;
        });
    }
    ~ServerThread()
    {
        stop_ = true;
        if (thread_.joinable())
            thread_.join();
    }
    ServerThread(const ServerThread&) = delete;
    ServerThread& operator=(const ServerThread&) = delete;

    SocketAddress endpoint() const { return {"127.0.0.1", listener_.port()}; }
    void stop() { stop_ = true; }
    /// Waits for the server to return; rethrows its exception, if any.
    ServeResult join()
    {
        if (thread_.joinable())
            thread_.join();
        if (error_)
            std::rethrow_exception(error_);
        return result_.value();
    }
    /// Waits for the server and returns its error kind (nullopt when it succeeded).
    std::optional<ErrorKind> joinError(std::string* what = nullptr)
    {
        if (thread_.joinable())
            thread_.join();
        if (!error_)
            return std::nullopt;
        try {
            std::rethrow_exception(error_);
        } catch (const ProbeError& e) {
            if (what)
                *what = e.what();
            return e.kind();
        }
    }

private:
    Listener listener_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> done_{false};
    std::optional<ServeResult> result_;
    std::exception_ptr error_;
    std::thread thread_;
};

/// A RunControl for clients in tests. The defaults are RunControl's own: the unit tests run beside the live
/// ones at SCHED_IDLE (scripts/test.sh), where a thread can be off the CPU for seconds, and a 5 s limit once
/// failed a loopback ping-pong there. Tests of the timeouts pass their own, short ones.
inline RunControl quickControl(double ioTimeout = 30.0, double connectTimeout = 5.0)
{
    RunControl rc;
    rc.ioTimeout_s = ioTimeout;
    rc.connectTimeout_s = connectTimeout;
    return rc;
}

/// Runs a group kernel among P ranks as threads of this process on loopback: run(listener, peers, rank) per
/// rank, with a Listener bound for each. Returns the results by rank; errs[r] is rank r's error ("" = none).
template <typename Result, typename Run>
std::vector<Result> runGroup(std::uint32_t P, Run run, std::vector<std::string>& errs)
{
    std::vector<std::unique_ptr<Listener>> listeners;
    std::vector<SocketAddress> peers;
    for (std::uint32_t r = 0; r < P; ++r) {
        listeners.push_back(std::make_unique<Listener>(SocketAddress{"127.0.0.1", 0}, false));
        peers.push_back(listeners.back()->endpoint());
    }
    std::vector<Result> results(P);
    errs.assign(P, "");
    std::vector<std::thread> threads;
    for (std::uint32_t r = 0; r < P; ++r)
        threads.emplace_back([&, r] {
            try {
                results[r] = run(*listeners[r], peers, r);
            } catch (const std::exception& e) {
                errs[r] = e.what();
            }
        });
    for (auto& t : threads)
        t.join();
    return results;
}

/// Sanity range for a time that cannot flake: positive, finite and below one second.
inline bool saneTime(double t) { return t > 0.0 && t < 1.0; }

/// The summary's order statistics are ordered as they must be.
inline bool ordered(const Summary& s)
{
    return s.min <= s.p25 && s.p25 <= s.median && s.median <= s.p75 && s.p75 <= s.p99 && s.p99 <= s.max &&
           s.ciLow <= s.median && s.median <= s.ciHigh;
}

} // namespace cs::probe::test
