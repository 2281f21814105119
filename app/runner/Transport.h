#pragma once
// How each transport starts an agent on a node: the command lines only, so
// they can be tested without running anything.
//
//   local  clusterscope-agent --stdio --token-stdin --cpus C --bind B
//          (with netns: ip netns exec NS clusterscope-agent ...)
//   ssh    ssh -T -o BatchMode=yes ... -- [user@]host 'exec AGENT --stdio --token-stdin ...'
//          (with copyAgent: scp -r of the agent, its SDK library and plugins first)
//   mpi    mpirun -np N --hostfile F [--allow-run-as-root] clusterscope-mpi-agent --stdio --token-stdin
//   slurm  srun -N1 -n1 --cpus-per-task=K --exact -u --immediate=S [--mem=0] [-w host] [-p partition]
//          AGENT --stdio --token-stdin ... [--cpus C --cpus-in-allocation]
//   tcp    no process: connect to an agent already listening on host:port
//
// In every case the per-run token travels as the first line of the agent's
// stdin (never in argv or the environment), then frames follow.
#include "app/runner/Node.h"

#include <map>
#include <string>
#include <vector>

namespace cs::runner {

// Where the controller's own files are.
struct LaunchContext {
    std::string agentPath;    // this build's clusterscope-agent
    std::string mpiAgentPath; // this build's clusterscope-mpi-agent ("" when built without MPI)
    std::string pluginDir;    // this build's probe plugins (copied with copyAgent)
    std::string sdkLibrary;   // the SDK shared library the agent links (copied with copyAgent)
    std::string workDir;      // a private folder for hostfiles and staging
    bool root = false;        // running as root (mpirun needs to be told)
    std::string slurmJob;     // SLURM_JOB_ID when running inside a Slurm allocation (salloc, sbatch), else ""
};

struct Command {
    std::string program;
    std::vector<std::string> args;
    std::map<std::string, std::string> env; // added to the inherited environment
    std::string text() const;               // shell-quoted, for messages and tests
};

struct LaunchPlan {
    std::vector<Command> setup;    // run in order before the agent; each must exit 0 (scp)
    Command agent;                 // its stdin/stdout carry the protocol (empty program for tcp)
    std::string stageDir;          // copyAgent: local folder to fill (see stageAgentFiles) before setup
    std::string hostfile;          // mpi: path to write hostfileText to before launching
    std::string hostfileText;
};

// `tag` makes remote and temporary names unique to this session.
LaunchPlan planLaunch(const Node& node, const LaunchContext& ctx, const std::string& tag);

// Fills `dir` with bin/clusterscope-agent, lib/<sdk library> and
// probes/<plugins> for copyAgent. Returns "" or the problem.
std::string stageAgentFiles(const LaunchContext& ctx, const std::string& dir);

// Quotes a word for a POSIX shell ('...' with embedded quotes escaped).
std::string shellQuote(const std::string& word);

// Finds this build's executables and folders: environment overrides
// (CLUSTERSCOPE_AGENT, CLUSTERSCOPE_MPI_AGENT), then next to the running
// program, then the paths the build was configured with.
LaunchContext defaultLaunchContext();

} // namespace cs::runner
