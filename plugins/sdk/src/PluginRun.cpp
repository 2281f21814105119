#include "cs/sdk/PluginRun.h"

#include <chrono>
#include <exception>

namespace cs::sdk {

PluginRun::PluginRun(QObject* parent) : QObject(parent) {}

PluginRun::~PluginRun()
{
    stop();
    join();
}

bool PluginRun::start(const ProbePlugin* plugin, const RunRequest& request)
{
    if (running_.load() || plugin == nullptr)
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
    worker_ = std::thread([this, plugin] {
        RunOutcome outcome;
        try {
            outcome = plugin->run(request_, *this);
        } catch (const std::exception& e) {
            // Plugins must not throw; report it rather than terminate.
            outcome = RunOutcome::failure("failed", std::string("probe threw: ") + e.what());
        } catch (...) {
            outcome = RunOutcome::failure("failed", "probe threw an unknown exception");
        }
        if (stop_.load() && outcome.ok)
            outcome = RunOutcome::failure("cancelled", "cancelled");
        const bool ok = outcome.ok;
        store_.setOutcome(std::move(outcome));
        running_ = false;
        // Before wait() returns, so a waiter sees the signal's effects.
        emit finished(ok);
        {
            std::lock_guard lock(mutex_);
            ended_ = true;
        }
        cv_.notify_all();
    });
    return true;
}

void PluginRun::stop()
{
    stop_ = true;
    cv_.notify_all();
}

bool PluginRun::wait(int ms)
{
    std::unique_lock lock(mutex_);
    if (ms < 0)
        cv_.wait(lock, [this] { return ended_; });
    else if (!cv_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return ended_; }))
        return false;
    return true;
}

void PluginRun::setPeers(std::vector<PeerAddress> peers)
{
    {
        std::lock_guard lock(mutex_);
        peers_ = std::move(peers);
        havePeers_ = true;
    }
    cv_.notify_all();
}

void PluginRun::progress(double done, double total)
{
    store_.setProgress(done, total);
    emit progressed(done, total);
}

void PluginRun::announce(int port)
{
    emit announced(port);
}

std::vector<PeerAddress> PluginRun::waitPeers()
{
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return havePeers_ || stop_.load(); });
    return stop_.load() ? std::vector<PeerAddress>{} : peers_;
}

void PluginRun::addSamples(const std::string& series, const std::vector<double>& values)
{
    store_.addSamples(series, values);
    emit samplesAdded(series, values);
}

void PluginRun::join()
{
    if (worker_.joinable())
        worker_.join();
}

} // namespace cs::sdk
