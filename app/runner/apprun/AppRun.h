#pragma once
// Runs the user's program at each P, `repeat` times, and times each run (AppTiming.h), in rounds: round k runs
// every P once, in the request's order. On a machine shared with other work a slow spell then touches each P
// once or twice, and each P's median stands; all of one P's runs in a row put a spell of a few seconds on that
// P alone (a held-out P = 8 once measured 1.7x what the other levels said). For --time wall it first measures
// the launch overhead at each P, before that P's first run: `true` launched the same way, `overheadRuns` times,
// whose median is taken off every run's wall time. One result per P (AppResult.h), in the request's order,
// its duration the time of its own runs. A run that fails (exit status, timeout, no time in its output) ends
// that P's runs with the reason; the other Ps go on. A cancel ends them all: a P with fewer runs than asked
// is "cancelled", and a P not yet begun has no result. Runs one process at a time, in the calling thread (a
// QCoreApplication must exist; QProcess).
#include "app/runner/JobResult.h"
#include "app/runner/Node.h"
#include "app/runner/Transport.h"
#include "app/runner/apprun/AppLaunch.h"
#include "app/runner/apprun/AppTiming.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace cs::runner::apprun {

struct AppRunRequest {
    std::vector<Node> nodes;
    std::vector<int> Ps;
    int repeat = 5;
    int overheadRuns = 5;
    Settings sets;
    Timing timing;
    std::vector<std::string> argv; // PROGRAM ARGS, with placeholders
    double timeout = 0;            // per run, seconds; 0 = none
    std::string commandLine;       // how run-app was called, recorded in each result
    // --record (AppRecord.h): the library preloaded into each P's first timed run ("" = no recording), the
    // --nodes spec the recordings name, and --record-dir: a folder every node sees at the same path (a shared
    // file system), where the traces are written and left; "" = this run's private folder (ctx.workDir), which
    // only this machine's ranks and its namespaces see.
    std::string recordLibrary;
    std::string nodesSpec;
    std::string recordDir;
};

// One process run to its end.
struct ProcessRun {
    bool started = false;
    bool timedOut = false;
    bool cancelled = false;
    int exitCode = -1;
    bool crashed = false;
    double wall = 0; // seconds from start to exit
    std::string out, err;
    std::string error; // why it did not start
    bool ok() const { return started && !timedOut && !cancelled && !crashed && exitCode == 0; }
    std::string failure() const; // "exited with status 3: <last stderr line>" etc.
};

// Runs `plan.agent` (writing plan.hostfileText to plan.hostfile first) with stdin closed; `cancel` is polled
// every 50 ms and stops the process (SIGTERM, then SIGKILL after 2 s).
ProcessRun runProcess(const LaunchPlan& plan, double timeout, const std::atomic<bool>* cancel);

using AppProgress = std::function<void(const std::string& line)>;

// Throws std::invalid_argument before running anything: a launch that cannot be planned at some P, a
// placeholder that is not set. ctx.workDir must be a writable folder (mpirun's hostfiles, and the traces of
// recorded runs). With request.recordLibrary, `recordings` (an array) gets one recording per P whose first run
// succeeded and left a trace of every rank (AppRecord.h); a recorded run without them fails its P with why.
std::vector<JobResult> runApp(const AppRunRequest& request, const LaunchContext& ctx, const AppProgress& progress,
                              const std::atomic<bool>* cancel = nullptr, nlohmann::json* recordings = nullptr);

// What the results record of the machine run-app ran on: host name, working folder, and the environment
// variables that decide how an MPI or OpenMP program runs (OMP_*, OMPI_*, PMIX_*, SLURM_*, I_MPI_*, MPICH_*,
// UCX_*, KMP_*, MKL_*, PATH, LD_LIBRARY_PATH); no other variable, so no secret of the user's gets in a file.
nlohmann::json runEnvironment();

} // namespace cs::runner::apprun
