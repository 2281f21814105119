#pragma once
// The MPI probes' timing loops. Every rank calls the same function with the
// same arguments; rank 0 gets one sample per repetition: the slowest rank's
// time (MPI_Reduce MAX), warm-ups included (the caller discards them).
#include <mpi.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace cs::agent::mpi {

// Asked before every repetition on rank 0 and broadcast, so all ranks stop
// together: true = stop now.
using StopCheck = std::function<bool()>;

std::vector<double> timeAlltoall(MPI_Comm comm, std::uint64_t blockBytes, int count, const StopCheck& stop);
std::vector<double> timeBarrier(MPI_Comm comm, int count, const StopCheck& stop);
std::vector<double> timeBcast(MPI_Comm comm, std::uint64_t bytes, int count, const StopCheck& stop);
std::vector<double> timeAllreduce(MPI_Comm comm, std::uint64_t bytes, int count, const StopCheck& stop);

// True when the last loop ended early because StopCheck said so.
bool stoppedEarly();

} // namespace cs::agent::mpi
