#pragma once
// `run-app --record` on hosts that do not share this machine's files: the ranks there write their traces
// (rank-N.csrec, rank-N.host) into DIR on their own host, and the launcher fetches them after the run, with the
// launcher the ranks came by: over ssh with the node's own ssh settings (and in its namespace, as mpirun runs
// there) for mpirun's hosts, and as a one-task srun step on each node (-w NODE, the node's partition) for
// Slurm's (slurm:NODES, mpi:allocation, launch=srun), so a cluster whose nodes have only Slurm between them needs no ssh. Before the run the launcher
// writes a marker into DIR; a host that sees it shares this machine's files and sends nothing. A host that does
// not sends its rank files as a stream of "NAME SIZE\n" then SIZE bytes, and removes DIR (and its parent when
// empty). Only names rank-<digits>.csrec and rank-<digits>.host are accepted from the stream.
#include "app/runner/Node.h"
#include "app/runner/Transport.h"

#include <string>
#include <vector>

namespace cs::runner::apprun {

// The marker's file name in DIR.
inline constexpr const char* kTraceMarker = ".clusterscope-launcher";

// One host's fetch: the command whose standard output is that host's stream.
struct TraceFetch {
    std::string host;
    Command command;
};

// One fetch per distinct host of the mpi node's host list, "localhost" and "" left out for mpirun (their ranks
// write here). Empty for a node without a host list (mpirun on this machine, a hostfile).
// `insideSlurmJob`: the launcher runs inside an allocation, whose srun steps then take no memory of their own
// (--mem=0), as the ranks' step does.
std::vector<TraceFetch> planTraceFetch(const Node& mpiNode, const std::string& dir, bool insideSlurmJob = false);

// Writes the files of one host's stream into dir. Returns how many it wrote; throws std::runtime_error with a
// sentence naming `host` for a stream that is cut, names another file, or gives a size it does not hold.
int unpackTraces(const std::string& stream, const std::string& dir, const std::string& host);

} // namespace cs::runner::apprun
