#pragma once
// Runs one process's share of a Qt probe plugin on a worker thread, shaped
// like PlotJuggler's streamer plugins: start / stop / isRunning, a
// thread-safe result store, and signals. A thin QObject over the Qt-free
// cs::sdk::ProbeRun (which the node agent uses directly).
//
// Signals are emitted from the worker thread; connect with
// Qt::DirectConnection when the receiver has no event loop, or with the
// default (queued) connection from a GUI.
#include "cs/sdk/ProbePlugin.h"
#include "cs/sdk/ProbeRun.h"

#include <QObject>

namespace cs::sdk {

class PluginRun : public QObject {
    Q_OBJECT
public:
    explicit PluginRun(QObject* parent = nullptr);
    ~PluginRun() override; // stops and waits, while the signals can still be emitted

    // Starts `plugin` on `request` (parameters already resolved). Returns
    // false when a run is still going.
    bool start(const ProbePlugin* plugin, const RunRequest& request);
    void stop() { run_.stop(); }
    bool isRunning() const { return run_.isRunning(); }
    bool wait(int ms = -1) { return run_.wait(ms); }
    void setPeers(std::vector<PeerAddress> peers) { run_.setPeers(std::move(peers)); }

    const ResultStore& store() const { return run_.store(); }
    const RunRequest& request() const { return run_.request(); }

signals:
    void announced(int port);
    void samplesAdded(const std::string& series, const std::vector<double>& values);
    void progressed(double done, double total);
    void finished(bool ok);

private:
    ProbeRun run_;
};

} // namespace cs::sdk
