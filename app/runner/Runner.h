#pragma once
// Schedules probes over nodes and pairs of nodes off the GUI thread, in
// rounds: the jobs of a round share no node and no link of the design's
// network (PairRounds.h), so they cannot disturb each other's timing, and run
// at the same time, at most RunPlan::parallel of them; the next round starts
// when the round has ended. Shaped like the probe sessions: start / cancel /
// isRunning, a thread-safe result list, and signals.
//
// A failed job (unreachable node, killed agent, timeout) is recorded with
// its reason and the other jobs run. A node whose agent did not start is not
// tried again by this runner: its later jobs end "skipped" with a reason
// naming it, so a dead node costs one timeout, not one per job. cancel()
// stops the running jobs within a second and marks the jobs not yet started
// as cancelled. Every finished result is kept.
#include "app/runner/JobEstimate.h"
#include "app/runner/JobExecutor.h"
#include "app/runner/JobResult.h"
#include "app/runner/Node.h"
#include "app/runner/Transport.h"
#include "model/cluster/PathClasses.h"

#include "cs/sdk/PluginLoader.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <map>
#include <memory>
#include <optional>
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
    // Per job, seconds; 0 = follow the plan: jobTimeout() of the job's sizes,
    // rounds and budget on `link` (JobEstimate.h).
    double timeout = 0.0;
    // The link the estimates and the timeout assume (payload B/s, latency).
    probe::LinkModel link = assumedLink().link;
    // Pair probes: "all" = every pair (i < j, i serves), "chain" = 0-1, 1-2, ...,
    // "first" = node 0 serves every other node, "paths" = the pairs in
    // `pairs` (one per path class of the design's network, pairsByPathClass).
    std::string pairing = "all";
    std::vector<PairChoice> pairs;
    // Jobs run at once at most (>= 1; 1 = one after another).
    int parallel = kDefaultParallel;
    // The design's network and the host each node runs on (hosts[i] for
    // nodes[i]); when set, pairs whose routes share a link never overlap.
    // Without it only jobs on different machines overlap.
    std::shared_ptr<const Topology> topology;
    std::vector<std::string> hosts;
    // MPI probes: ranks a host each mpi node runs the probe with (its slots=),
    // and as many ranks: 2 is a pair probe's two ranks on one host (the
    // intra-node LogGP); 0: the node as it is.
    int ranksPerHost = 0;

    static constexpr int kDefaultParallel = 8;
    static constexpr int kMaxParallel = 1024;
};

// Splits a plan into jobs. Throws std::invalid_argument with a sentence:
// unknown probe, parameter out of bounds, too few nodes, an MPI probe
// without an mpi node (or the reverse).
std::vector<Job> planJobs(const RunPlan& plan, const sdk::PluginLoader& plugins);

// The machine a node's processes run on, as jobs hold it (Job::uses):
// every local node without a namespace is this machine; a local node in a
// namespace is that namespace (its own network stack, the simulated cluster
// of scripts/netns-cluster.sh); ssh, slurm and tcp nodes are their host.
std::string machineOf(const Node& n);

// The jobs' rounds (indices into `jobs`), at most `parallel` jobs each:
// groupRounds over Job::uses.
std::vector<std::vector<std::size_t>> planRounds(const std::vector<Job>& jobs, int parallel);

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
    // Nodes whose agent did not start stay skipped in later start()s of
    // this runner (the plans of one calibration) until this is called.
    void forgetDeadNodes();

    // Thread-safe copies: the finished jobs' results in plan order, and
    // one job's result (nullopt until it has finished).
    std::vector<JobResult> results() const;
    std::optional<JobResult> result(int index) const;
    int jobCount() const { return jobCount_.load(); }

signals:
    // From the worker thread. `done` jobs of `total` have ended; `fraction`
    // is the current job's progress.
    void progress(int done, int total, double fraction, const QString& message);
    void jobStarted(int index, const QString& label);
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
    std::vector<std::pair<std::size_t, JobResult>> results_; // (job index, result) as they finish
    std::map<std::string, std::string> deadNodes_;            // node name -> why its agent did not start
};

} // namespace cs::runner
