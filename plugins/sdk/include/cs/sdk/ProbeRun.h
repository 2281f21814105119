#pragma once
// Runs one process's share of a probe on a worker thread: start / stop /
// isRunning, a thread-safe result store, and callbacks. Qt-free, so the node
// agent (a static binary without Qt) drives its probes through it; the Qt
// wrapper PluginRun turns the callbacks into signals.
//
// The callbacks are called on the worker thread.
#include "cs/sdk/ResultStore.h"
#include "cs/sdk/RunContext.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace cs::sdk {

// The body of a probe: runs `request` and returns its outcome (see ProbePlugin::run for the contract).
using ProbeFunction = std::function<RunOutcome(const RunRequest& request, RunContext& context)>;

struct ProbeRunEvents {
    std::function<void(int port)> announced;
    std::function<void(const std::string& series, const std::vector<double>& values)> samplesAdded;
    std::function<void(double done, double total)> progressed;
    std::function<void(bool ok)> finished; // after the outcome is in the store
};

class ProbeRun : private RunContext {
public:
    explicit ProbeRun(ProbeRunEvents events = {});
    ~ProbeRun() override; // stops and joins
    ProbeRun(const ProbeRun&) = delete;
    ProbeRun& operator=(const ProbeRun&) = delete;

    // Starts `probe` on `request` (parameters already resolved). Returns
    // false when a run is still going or `probe` is empty.
    bool start(ProbeFunction probe, const RunRequest& request);
    // Asks the run to stop; returns at once. The run ends within ~0.1 s and
    // its outcome is a "cancelled" failure.
    void stop();
    bool isRunning() const { return running_.load(); }
    // Blocks until the run ended (or `ms` passed; -1 = forever). True when ended.
    bool wait(int ms = -1);
    // Gives a waiting group probe its peers (see RunContext::waitPeers).
    void setPeers(std::vector<PeerAddress> peers);

    const ResultStore& store() const { return store_; }
    const RunRequest& request() const { return request_; }

private:
    bool cancelled() const override { return stop_.load(); }
    const std::atomic<bool>* stopFlag() const override { return &stop_; }
    void progress(double done, double total) override;
    void announce(int port) override;
    std::vector<PeerAddress> waitPeers() override;
    void addSamples(const std::string& series, const std::vector<double>& values) override;

    void join();

    ProbeRunEvents events_;
    ResultStore store_;
    RunRequest request_;
    std::thread worker_;
    std::atomic<bool> running_{false};
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<PeerAddress> peers_;
    bool havePeers_ = false;
    bool ended_ = true;
};

} // namespace cs::sdk
