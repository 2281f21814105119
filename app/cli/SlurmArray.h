#pragma once
// `clusterscope-cli simulate --slurm-array N`: the simulated points of a
// sweep sent to Slurm as one job array of N tasks. Task i runs this same
// program, `simulate` with the same design and options plus `--slice i/N
// --json -o DIR/task-i.json`, so it simulates the points p with p % N == i.
// The driver submits with sbatch (the command is printed first), follows the
// tasks with squeue, reads each task's rows as it ends (progress on the error
// stream), cancels the job with scancel on SIGINT or SIGTERM, and names every
// task that ended without its rows, with the end of its log.
#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace cs::cli {

struct SlurmArrayResult {
    nlohmann::json rows = nlohmann::json::array(); // every task's rows, by point, then variant
    double simulatedSeconds = 0, wallSeconds = 0;  // summed over the tasks
    std::string job;                               // the array's job id
    std::vector<std::string> failed;               // "task 2: <why>", one per task without rows
    bool cancelled = false;
};

// `taskWords`: the simulate command's words for one task, without --slice,
// -o, --csv, --json and --slurm-array. `dir`: a folder for the script, logs
// and task results (created if needed). Throws UsageError/ModelError when
// sbatch refuses the job.
SlurmArrayResult runSlurmArray(const std::vector<std::string>& taskWords, int tasks, const std::string& dir,
                               std::ostream& err);

} // namespace cs::cli
