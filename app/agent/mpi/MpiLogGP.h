#pragma once
// mpi.loggp: LogGP parameters of the MPI library itself, by the same
// parametrised round trip PRTT(n, d, s) as net.loggp (plugins/kernels
// cs/probe/LogGP.h has the equations), with MPI_Send/MPI_Recv between rank 0
// (the client) and rank 1 (the server) instead of a TCP socket. The points
// go through the same deriveLogGP(), so the result has net.loggp's shape and
// the LogGP fit reads either. Ranks above 1 take no part.
#include "app/agent/mpi/MpiKernels.h"

#include "cs/probe/LogGP.h"

#include <cstdint>
#include <functional>

namespace cs::agent::mpi {

// Every rank calls it with the same parameters (validated: p.validate() is
// ""). Rank 0 gets the points and segments; the others an empty result.
// `stop` is asked on rank 0 before each size. `afterSize`, when set, is
// called on ranks 0 and 1 once a size's rounds are done, outside any timed
// round, with the size in bytes: bench_mpi_pingpong times its plain loop
// there, so the probe and the loop it is compared with run moments apart and
// whatever changes the machine's speed over a run hits both alike.
using AfterSize = std::function<void(std::uint32_t)>;
cs::probe::LogGPResult measureLogGP(MPI_Comm comm, const cs::probe::LogGPParams& p, const StopCheck& stop,
                                    const AfterSize& afterSize = {});
// True when the last measureLogGP ended early because StopCheck said so.
bool stoppedLogGP();
// What the last measureLogGP took off each timed round on rank 0 as the cost of reading MPI_Wtime, s.
double timerCostLogGP();

} // namespace cs::agent::mpi
