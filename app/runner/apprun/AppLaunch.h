#pragma once
// How `clusterscope-cli run-app` starts the user's own program on P ranks: through the node spec's own
// launcher, the one the MPI agent is started with (Transport.h, planMpi), so a program runs where and how the
// probes ran.
//
//   mpi:N[:...]           mpirun -np P --hostfile ... [root flags, ssh options, btl, netns] PROGRAM ARGS (P <= N)
//   mpi:...:launch=srun   srun -n P --mpi=pmix ... PROGRAM ARGS (a step of the Slurm job)
//   slurm:HOSTS           srun -n P --mpi=pmix -N min(P, hosts) -w HOSTS ... PROGRAM ARGS
//   ssh nodes (ssh:..., hostfile:PATH)
//                         mpirun -np P with a hostfile of their hosts (ceil(P / hosts) slots each), reaching
//                         them with the nodes' ssh settings; the program must exist there at the same path
//   local, tcp            refused: a local node is an agent pinned on this machine (use mpi:N here), a tcp
//                         node an agent already listening, which cannot start a program
#include "app/runner/Node.h"
#include "app/runner/Transport.h"

#include <string>
#include <utility>
#include <vector>

namespace cs::runner::apprun {

// --set NAME=VALUE, in the order given.
using Settings = std::vector<std::pair<std::string, std::string>>;

// The words with "{P}" replaced by P and "{NAME}" by the value of --set NAME=VALUE. A "{WORD}" whose WORD is a
// name (a letter or '_', then letters, digits, '_') and neither P nor set is refused, naming the word, so a
// mistyped placeholder never reaches the program; other braces ("{}", "{1,2}", JSON) are left as they are.
// Throws std::invalid_argument.
std::vector<std::string> substitute(const std::vector<std::string>& words, int P, const Settings& sets);

// The mpi node that launches P ranks on `nodes` (see above). Throws std::invalid_argument with a sentence:
// P above an mpi node's ranks, a mix of transports, ssh nodes whose ssh settings differ, local or tcp nodes.
Node launchNode(const std::vector<Node>& nodes, int P);

// `argv` (substituted) on P ranks of `nodes`; ctx.workDir holds the hostfile mpirun gets.
LaunchPlan planAppLaunch(const std::vector<Node>& nodes, int P, const std::vector<std::string>& argv,
                         const LaunchContext& ctx, const std::string& tag);

} // namespace cs::runner::apprun
