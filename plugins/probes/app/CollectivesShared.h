#pragma once
// What app.collectives (broadcast, allreduce, barrier and all-to-all among agents over a TCP mesh, with the
// peer-to-peer algorithms logp.loggp models) and mpi.app.collectives (the same repetitions under mpirun in
// clusterscope-mpi-agent, with MPI_Bcast, MPI_Allreduce, MPI_Barrier and MPI_Alltoall) share: the parameters,
// the block outputs they validate, the kernel's parameters and the result's shape, so that verify reads
// either. Qt-free, so the MPI agent compiles it.
#include "app/AppShared.h"
#include "cs/probe/Collectives.h"

#include <string>
#include <vector>

namespace cs::probeplugin {

// bytes, warmups, reps, min_reps, budget, alltoall: the message size k, the repetitions within a time budget
// and the all-to-all's schedule (logp.loggp's alltoall: 0 linear, 1 pairwise).
std::vector<sdk::ParamDef> collectivesParams();

// logp.loggp.{T_bcast, T_allreduce, T_barrier, T_alltoall}.
std::vector<std::string> collectivesValidates();

// The summary's text for a descriptor (after the statistics convention).
extern const char* const kCollectivesSummaryText;

// The kernel's parameters from resolved probe parameters (by name). peers and rank are the caller's.
cs::probe::CollectivesParams collectivesParamsFrom(const AppParamLookup& param);

// The result as summary and details:
//   summary {"series": {T_bcast, T_allreduce, T_barrier, T_alltoall}, "derived": the same medians}
//   details {"rank", "P", "bytes", "kept", "warmups", "transport", "alltoall"}
// `alltoall` is the all-to-all as it ran: "pairwise" or "linear" over TCP, the MPI call under MPI.
AppJson collectivesJson(const cs::probe::CollectivesResult& r, const std::string& alltoall,
                        const std::string& transport, const SeriesJsonOf& series);

} // namespace cs::probeplugin
