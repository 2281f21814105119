#pragma once
// mpi.app.sort: the parallel integer sort of 000_e9da438bafb3289f.txt §3.2.1 among the ranks of an MPI job,
// the same kernel as app.sort (plugins/kernels cs/probe/ParallelSort.h: bucket sort into P buckets, the key
// exchange, the bucket sort into cache-sized buckets, the Count Sort, each phase timed apart, the slowest rank
// per repetition, repetitions within a time budget, the result checked) with MPI as its transport instead of
// a TCP mesh:
//   barrier   MPI_Barrier
//   exchange  the counts with MPI_Alltoall (one uint64 per rank), then the keys with MPI_Alltoallv, as an MPI
//             sort (NAS IS) exchanges them. The library picks the schedule: Open MPI's tuned alltoallv is
//             pairwise below 4 ranks, and basic linear (every message at once) from 4 to 63 ranks in 4.1;
//             the probe's `alltoall` parameter (sort.parallel's schedule) is accepted so that verify passes
//             the same parameters, and the result's details say "MPI_Alltoallv".
//   max       MPI_Allreduce MAX, which also carries rank 0's stop decision (allMaxOrStop).
//   check     MPI_Allgather of each rank's key count, key sum and order.
#include "app/agent/mpi/MpiKernels.h"

#include "cs/probe/ParallelSort.h"

namespace cs::agent::mpi {

// Every rank calls it with the same parameters (validated for the communicator's size: p.validate(P) is "").
// Every rank's result holds the maximum over the ranks per repetition; `stop` is asked on rank 0 once per
// repetition; `keep`, when given, receives this rank's keys (tests). Throws ProbeError: Cancelled on every
// rank alike when stopped, Protocol on every rank when the result is wrong.
cs::probe::ParallelSortResult runMpiParallelSort(MPI_Comm comm, const cs::probe::ParallelSortParams& p,
                                                 const StopCheck& stop, cs::probe::SortKeys* keep = nullptr);

} // namespace cs::agent::mpi
