#pragma once
// Runs one process's share of a probe on a worker thread, shaped like
// PlotJuggler's streamer plugins: start / stop / isRunning, a thread-safe
// result store, and signals. The agent drives its probes through it.
//
// Signals are emitted from the worker thread; connect with
// Qt::DirectConnection when the receiver has no event loop (the agent), or
// with the default (queued) connection from a GUI.
#include "cs/sdk/ProbePlugin.h"
#include "cs/sdk/ResultStore.h"

#include <QObject>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace cs::sdk {

class PluginRun : public QObject, private RunContext {
    Q_OBJECT
public:
    explicit PluginRun(QObject* parent = nullptr);
    ~PluginRun() override; // stops and joins

    // Starts `plugin` on `request` (parameters already resolved). Returns
    // false when a run is still going.
    bool start(const ProbePlugin* plugin, const RunRequest& request);
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

signals:
    void announced(int port);
    void samplesAdded(const std::string& series, const std::vector<double>& values);
    void progressed(double done, double total);
    void finished(bool ok);

private:
    // RunContext, as seen by the plugin.
    bool cancelled() const override { return stop_.load(); }
    const std::atomic<bool>* stopFlag() const override { return &stop_; }
    void progress(double done, double total) override;
    void announce(int port) override;
    std::vector<PeerAddress> waitPeers() override;
    void addSamples(const std::string& series, const std::vector<double>& values) override;

    void join();

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
