#pragma once
// The MPI probes' timing loops. Every rank calls the same function with the
// same arguments; rank 0 gets one sample per repetition, warm-ups included
// (the caller discards them). A repetition is `batch` operations back to
// back after a barrier, as a plain benchmark loop times them (OSU, IMB): the
// sample is the slowest rank's time divided by batch. The slowest time and
// rank 0's stop decision travel in one MPI_Allreduce after the timed loop,
// so nothing else (no flag broadcast) runs between two repetitions' barrier
// and operations.
#include <mpi.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace cs::agent::mpi {

// Asked after every repetition on rank 0; all ranks learn the answer in the
// repetition's reduction and stop together: true = stop now.
using StopCheck = std::function<bool()>;

std::vector<double> timeAlltoall(MPI_Comm comm, std::uint64_t blockBytes, int count, const StopCheck& stop);
std::vector<double> timeBarrier(MPI_Comm comm, int count, int batch, const StopCheck& stop);
std::vector<double> timeBcast(MPI_Comm comm, std::uint64_t bytes, int count, int batch, const StopCheck& stop);
std::vector<double> timeAllreduce(MPI_Comm comm, std::uint64_t bytes, int count, int batch, const StopCheck& stop);

// True when the last loop ended early because StopCheck said so.
bool stoppedEarly();

// The application kernels' reduction after each repetition (mpi.app.*): the element-wise maximum over the
// ranks of `values`, with rank 0's stop decision as one more value in the same MPI_Allreduce, so every rank
// learns it at once. Throws ProbeError Cancelled on every rank alike ("<what>: cancelled") when asked to stop.
std::vector<double> allMaxOrStop(MPI_Comm comm, const std::vector<double>& values, const StopCheck& stop,
                                 const char* what);

} // namespace cs::agent::mpi
