#pragma once
// mpi.app.collectives: app.collectives' repetitions (plugins/kernels cs/probe/Collectives.h: broadcast,
// allreduce, barrier and all-to-all, each from a common start to the slowest rank's completion, repetitions
// within a time budget, every result checked) among the ranks of an MPI job, each operation the MPI call an
// application makes, with whichever algorithm the library picks for it:
//   broadcast   MPI_Bcast of `bytes` from rank 0
//   allreduce   MPI_Allreduce (MPI_IN_PLACE, MPI_SUM) of bytes / 8 doubles
//   barrier     MPI_Barrier
//   all-to-all  MPI_Alltoall of `bytes` blocks (the probe's `alltoall` parameter, logp.loggp's schedule, is
//               accepted so that verify passes the same parameters; the result's details say "MPI_Alltoall")
//   sync        MPI_Barrier before each, untimed;  max  MPI_Allreduce MAX with rank 0's stop decision.
// mpi.collectives times the same calls in batches for the LogGP-free comparison (MpiKernels.h); this probe
// reports them in app.collectives' shape, so verify compares them with logp.loggp as it does the TCP runs.
#include "app/agent/mpi/MpiKernels.h"

#include "cs/probe/Collectives.h"

namespace cs::agent::mpi {

// Every rank calls it with the same parameters (validated for the communicator's size: p.validate(P) is "").
// `stop` is asked on rank 0 once per repetition; `keep`, when given, receives the last repetition's broadcast
// message and allreduce sums (tests). Throws ProbeError: Cancelled on every rank alike when stopped, Protocol
// on the rank whose data is wrong.
cs::probe::CollectivesResult runMpiCollectives(MPI_Comm comm, const cs::probe::CollectivesParams& p,
                                               const StopCheck& stop, cs::probe::CollectivesData* keep = nullptr);

} // namespace cs::agent::mpi
