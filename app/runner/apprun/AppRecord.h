#pragma once
// `run-app --record`: the first timed run of each P runs with libcsrecord.so preloaded (app/record/), which
// writes each rank's MPI calls to DIR/rank-N.csrec (and the host it ran on to DIR/rank-N.host); after the run
// the files are gathered into one recording of the results file's "recordings" array (docs/format.md,
// "Recorded runs"). This machine's ranks, and namespaces of it (an emulated cluster), share its file system;
// ranks on the other hosts of an mpi node's host list write to theirs, and run-app fetches their files over
// ssh after the run (TraceFetch.h). Ranks that still left no file (srun's, a hostfile's) are missed with a
// message that says so.
#include "app/runner/Transport.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::runner::apprun {

// The library: CLUSTERSCOPE_RECORD_LIB, else <program's folder>/../lib/clusterscope/libcsrecord.so (the build
// tree and an installed tree alike), else the path the build was configured with. "" when none exists.
std::string findRecordLibrary();

// `plan` (an mpirun or srun launch, as planAppLaunch makes it) with the library preloaded into its ranks and
// CS_RECORD_DIR = dir (and CS_RECORD_LIMIT when this process has it): mpirun -x ..., srun --export=ALL,...
// The launcher itself does not load it. Throws std::invalid_argument for a launch it cannot preload into.
void addRecording(LaunchPlan& plan, const std::string& library, const std::string& dir);

// What a recorded run gives the recording (besides what gatherRecording reads).
struct RecordingInfo {
    int P = 1;
    std::vector<std::string> argv; // the program and its arguments, as run
    std::string nodes;             // the --nodes spec
    int run = 0;                   // the index in results[] of this P's timed runs
};

// The recording of one run from dir's rank-N files: {P, program, args, nodes, hosts, compute_speed, ranks,
// truncated, run}. A rank whose trace stops without "end" (killed, or lost) gets a "truncated" line saying
// so. Throws std::runtime_error with a sentence when no rank wrote a trace (not an MPI program, or MPI linked
// statically) or some ranks did not (on other hosts).
nlohmann::json gatherRecording(const std::string& dir, const RecordingInfo& info);

} // namespace cs::runner::apprun
