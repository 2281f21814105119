#include "cs/sdk/ProbeRun.h"

#include <chrono>
#include <exception>

namespace cs::sdk {

ProbeRun::ProbeRun(ProbeRunEvents events) : events_(std::move(events)) {}

ProbeRun::~ProbeRun()
{
    stop();
    join();
}

bool ProbeRun::start(ProbeFunction probe, const RunRequest& request)
{
    if (running_.load() || !probe)
        return false;
    join();
    store_.clear();
    request_ = request;
    stop_ = false;
    {
        std::lock_guard lock(mutex_);
        peers_.clear();
        havePeers_ = false;
        ended_ = false;
    }
    running_ = true;
    worker_ = std::thread([this, probe = std::move(probe)] {
        RunOutcome outcome;
        try {
            outcome = probe(request_, *this);
        } catch (const std::exception& e) {
            // Probes must not throw; report it rather than terminate.
            outcome = RunOutcome::failure("failed", std::string("probe threw: ") + e.what());
        } catch (...) {
            outcome = RunOutcome::failure("failed", "probe threw an unknown exception");
        }
        if (stop_.load() && outcome.ok)
            outcome = RunOutcome::failure("cancelled", "cancelled");
        const bool ok = outcome.ok;
        store_.setOutcome(std::move(outcome));
        running_ = false;
        // Before wait() returns, so a waiter sees the callback's effects.
        if (events_.finished)
            events_.finished(ok);
        {
            std::lock_guard lock(mutex_);
            ended_ = true;
        }
        cv_.notify_all();
    });
    return true;
}

void ProbeRun::stop()
{
    stop_ = true;
    cv_.notify_all();
}

bool ProbeRun::wait(int ms)
{
    std::unique_lock lock(mutex_);
    if (ms < 0)
        cv_.wait(lock, [this] { return ended_; });
    else if (!cv_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return ended_; }))
        return false;
    return true;
}

void ProbeRun::setPeers(std::vector<PeerAddress> peers)
{
    {
        std::lock_guard lock(mutex_);
        peers_ = std::move(peers);
        havePeers_ = true;
    }
    cv_.notify_all();
}

void ProbeRun::progress(double done, double total)
{
    store_.setProgress(done, total);
    if (events_.progressed)
        events_.progressed(done, total);
}

void ProbeRun::announce(int port)
{
    if (events_.announced)
        events_.announced(port);
}

std::vector<PeerAddress> ProbeRun::waitPeers()
{
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return havePeers_ || stop_.load(); });
    return stop_.load() ? std::vector<PeerAddress>{} : peers_;
}

void ProbeRun::addSamples(const std::string& series, const std::vector<double>& values)
{
    store_.addSamples(series, values);
    if (events_.samplesAdded)
        events_.samplesAdded(series, values);
}

void ProbeRun::join()
{
    if (worker_.joinable())
        worker_.join();
}

} // namespace cs::sdk
