#pragma once
// What app.sort (the parallel integer sort among agents over a TCP mesh) and mpi.app.sort (the same under
// mpirun in clusterscope-mpi-agent, the exchange with MPI_Alltoallv) share: the application's parameters,
// the block outputs it validates, the kernel's parameters from them and the result's shape, so that verify
// reads either. Qt-free, so the MPI agent compiles it.
#include "app/AppShared.h"
#include "cs/probe/ParallelSort.h"

#include <string>
#include <vector>

namespace cs::probeplugin {

// keys, buckets, warmups, reps, min_reps, budget, alltoall: the problem (E_init), the second pass's buckets,
// the repetitions within a time budget and the exchange's schedule (0 linear, 1 pairwise).
std::vector<sdk::ParamDef> sortParams();

// sort.parallel.{T, T_bucket1, T_xchg, T_bucket2, T_count}.
std::vector<std::string> sortValidates();

// The summary's text for a descriptor (after the statistics convention).
extern const char* const kSortSummaryText;

// The kernel's parameters from resolved probe parameters (by name). peers and rank are the caller's.
cs::probe::ParallelSortParams sortParamsFrom(const AppParamLookup& param);

// The result as summary and details:
//   summary {"series": {T, T_bucket1, T_xchg, T_bucket2, T_count}, "derived": the same medians}
//   details {"rank", "P", "keys", "keys_here", "buckets", "kept", "warmups", "verified", "transport", "alltoall"}
// `alltoall` is the exchange as it ran: "pairwise" or "linear" over TCP, the MPI call under MPI.
AppJson sortJson(const cs::probe::ParallelSortResult& r, const std::string& alltoall, const std::string& transport,
                 const SeriesJsonOf& series);

} // namespace cs::probeplugin
