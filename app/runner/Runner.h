#pragma once
// Schedules probes over nodes and pairs of nodes on a worker thread (never
// the GUI thread), one job at a time so that jobs do not disturb each
// other's timing. Shaped like the probe sessions: start / cancel /
// isRunning, a thread-safe result list, and signals.
//
// A failed job (unreachable node, killed agent, timeout) is recorded with
// its reason and the next job runs; cancel() stops the current job within a
// second and marks the jobs not yet started as cancelled. Every finished
// result is kept.
#include "app/runner/JobExecutor.h"
#include "app/runner/JobResult.h"
#include "app/runner/Node.h"
#include "app/runner/Transport.h"
#include "model/cluster/PathClasses.h"

#include "cs/sdk/PluginLoader.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class QThread;

namespace cs::runner {

// What to run: one probe over a node list.
struct RunPlan {
    std::vector<Node> nodes;
    std::string probe;                                   // descriptor id
    nlohmann::json params = nlohmann::json::object();    // name -> SI number (unresolved)
    double timeout = 120.0;                              // per job, seconds
    // Pair probes: "all" = every pair (i < j, i serves), "chain" = 0-1, 1-2, ...,
    // "first" = node 0 serves every other node, "paths" = the pairs in
    // `pairs` (one per path class of the design's network, pairsByPathClass).
    std::string pairing = "all";
    std::vector<PairChoice> pairs;
};

// Splits a plan into jobs. Throws std::invalid_argument with a sentence:
// unknown probe, parameter out of bounds, too few nodes, an MPI probe
// without an mpi node (or the reverse).
std::vector<Job> planJobs(const RunPlan& plan, const sdk::PluginLoader& plugins);

// Gives each plan the nodes of its launcher from `nodes`: an MPI probe
// (mpi.loggp, mpi.collectives, ...) the mpi nodes, every other probe the
// rest. Plans left without nodes are removed; their probes are returned
// (for a note), in order. This is how a calibration runs a design's LogGP
// probes as MPI (mpi.loggp) when its node list has an mpi node, and over
// TCP (net.loggp, net.pingpong) on the other nodes. A probe the loader does
// not know keeps every node (planJobs reports it).
std::vector<std::string> placeByLauncher(std::vector<RunPlan>& plans, const std::vector<Node>& nodes,
                                         const sdk::PluginLoader& plugins);

class Runner : public QObject {
    Q_OBJECT
public:
    explicit Runner(const sdk::PluginLoader& plugins, LaunchContext context = defaultLaunchContext(),
                    QObject* parent = nullptr);
    ~Runner() override; // cancels and waits

    // Plans and starts on the worker thread. Throws std::invalid_argument
    // (see planJobs) before starting anything; returns false if a run is
    // already going.
    bool start(const RunPlan& plan);
    // Stops within a second; finished results are kept.
    void cancel();
    bool isRunning() const { return running_.load(); }
    // Waits until the run ended (ms < 0: forever). True when it ended.
    bool wait(int ms = -1);

    // Thread-safe copies.
    std::vector<JobResult> results() const;
    int jobCount() const { return jobCount_.load(); }

signals:
    // From the worker thread. `done` jobs of `total` have ended; `fraction`
    // is the current job's progress.
    void progress(int done, int total, double fraction, const QString& message);
    void jobFinished(int index, const QString& status, const QString& reason);
    void finished();

private:
    const sdk::PluginLoader& plugins_;
    LaunchContext context_;
    std::unique_ptr<QThread> thread_;
    std::atomic<bool> running_{false};
    std::atomic<bool> cancel_{false};
    std::atomic<int> jobCount_{0};
    mutable std::mutex mutex_;
    std::vector<JobResult> results_;
};

} // namespace cs::runner
