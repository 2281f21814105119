#pragma once
// How each transport starts an agent on a node: the command lines only, so
// they can be tested without running anything.
//
//   local  clusterscope-agent --stdio --token-stdin --cpus C --bind B
//          (with netns: ip netns exec NS clusterscope-agent ...)
//   ssh    ssh -T -o BatchMode=yes ... -- [user@]host 'exec AGENT --stdio --token-stdin ...'
//          (with copyAgent: the agent, one static file, is first copied once per node and run to
//          ~/.cache/clusterscope/agent-<sha256>, see DeployPlan and AgentDeployer)
//   mpi    mpirun -np N --hostfile F [--allow-run-as-root] clusterscope-mpi-agent --stdio --token-stdin
//   slurm  srun -N1 -n1 --cpus-per-task=K --exact -u --immediate=S [--mem=0] [-w host] [-p partition]
//          AGENT --stdio --token-stdin ... [--cpus C --cpus-in-allocation]
//   tcp    no process: connect to an agent already listening on host:port
//
// In every case the per-run token travels as the first line of the agent's
// stdin (never in argv or the environment), then frames follow.
#include "app/runner/Node.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cs::runner {

class AgentDeployer;

// Where the controller's own files are.
struct LaunchContext {
    std::string agentPath;    // this build's clusterscope-agent
    std::string mpiAgentPath; // this build's clusterscope-mpi-agent ("" when built without MPI)
    std::string pluginDir;    // this build's probe plugins (the runner's listing; the agent has them built in)
    std::string workDir;      // a private folder for hostfiles and staging
    bool root = false;        // running as root (mpirun needs to be told)
    int cpus = 0;             // this machine's online CPUs (0 = unknown): more local MPI ranks than that yield
    std::string slurmJob;     // SLURM_JOB_ID when running inside a Slurm allocation (salloc, sbatch), else ""
    // copyAgent: the SHA-256 (64 hex digits) of agentPath, which names the copy on the node, and the
    // run's record of which nodes already have it (one per run; null outside a run).
    std::string agentSha256;
    std::shared_ptr<AgentDeployer> deployer;
};

struct Command {
    std::string program;
    std::vector<std::string> args;
    std::map<std::string, std::string> env; // added to the inherited environment
    std::string text() const;               // shell-quoted, for messages and tests
};

// copyAgent: how the one agent file reaches a node. AgentDeployer runs `check` once per node and run, and
// `copy` then `install` only when the node does not have this very file yet.
struct DeployPlan {
    std::string node;       // which remote account: [user@]host[:port], the deployer's key
    std::string remotePath; // relative to the remote home: .cache/clusterscope/agent-<first 16 hex digits>
    std::string sha256;     // of the local agent, checked on the node
    Command check;          // prints "present" when remotePath holds that content, else "missing"
    Command copy;           // scp of the agent to remotePath.part-TAG
    Command install;        // checks the part's SHA-256, makes it executable and renames it to remotePath
};

struct LaunchPlan {
    std::vector<Command> setup;    // run in order before the agent; each must exit 0
    Command agent;                 // its stdin/stdout carry the protocol (empty program for tcp)
    std::optional<DeployPlan> deploy; // copyAgent (ssh)
    std::string hostfile;          // mpi: path to write hostfileText to before launching
    std::string hostfileText;
};

// `tag` makes remote and temporary names unique to this session.
LaunchPlan planLaunch(const Node& node, const LaunchContext& ctx, const std::string& tag);

// `argv` (a program and its arguments) on an mpi node's ranks, started as the MPI agent is: mpirun -np
// ranks with the node's hostfile (or one made from its hosts, written to `hostfile`), the root flags, mpirun's
// ssh options, btl and namespace; or, with launch=srun, srun -n ranks --mpi=pmix ... as a step named `jobName`.
// The agent's launch (planLaunch) and `clusterscope-cli run-app` (apprun/AppLaunch.h) both use it.
LaunchPlan planMpi(const Node& node, const LaunchContext& ctx, const std::string& tag,
                   const std::vector<std::string>& argv, const std::string& jobName);

// The deployment of the agent to an ssh node with copyAgent (part of planLaunch). ctx.agentSha256 names
// the copy; `tag` makes the partial file's name unique to this session.
DeployPlan planDeploy(const Node& node, const LaunchContext& ctx, const std::string& tag);

// ssh to `node`'s host ([user@]host) with its connect settings (port, key, -o options), running `remote` there.
Command sshCommand(const Node& node, const std::string& remote);

// `c` run in the network namespace `netns` (ip netns exec NETNS ...); unchanged when netns is "".
void inNamespace(Command& c, const std::string& netns);

// Quotes a word for a POSIX shell ('...' with embedded quotes escaped).
std::string shellQuote(const std::string& word);

// Finds this build's executables and folders: environment overrides
// (CLUSTERSCOPE_AGENT, CLUSTERSCOPE_MPI_AGENT), then next to the running
// program, then the paths the build was configured with.
LaunchContext defaultLaunchContext();

} // namespace cs::runner
