#pragma once
// mpi.app.fft2d: the parallel 2D FFT of 000_e9da438bafb3289f.txt §3.1.1 among the ranks of an MPI job, the
// same kernel as app.fft2d (plugins/kernels cs/probe/Fft2d.h: row FFTs with FFTW, local transposes, the
// all-to-all, the permutation, each phase timed apart, the slowest rank per repetition, repetitions within a
// time budget) with MPI as its transport instead of a TCP mesh:
//   barrier   MPI_Barrier
//   exchange  pairwise: P-1 rounds of MPI_Sendrecv, in round i to rank r+i and from rank r-i (Open MPI's
//             pairwise all-to-all); linear: every block at once, MPI_Isend and then MPI_Irecv to all,
//             one MPI_Waitall (its linear one, but sends first: MpiFft2d.cpp says why). Both as fftw.transpose's `alltoall` says, rather than
//             MPI_Alltoall, whose schedule the library picks by message size and P.
//   max       MPI_Allreduce MAX, which also carries rank 0's stop decision: every rank stops after the
//             same repetition.
#include "app/agent/mpi/MpiKernels.h"

#include "cs/probe/Fft2d.h"

namespace cs::agent::mpi {

// Every rank calls it with the same parameters (validated for the communicator's size: p.validate(P) is "").
// Rank 0's result holds the maximum over the ranks per repetition and the DC check; `stop` is asked on rank
// 0 once per repetition. Throws ProbeError: Cancelled on every rank alike when stopped, Protocol on rank 0
// when the result is wrong.
cs::probe::Fft2dResult runMpiFft2d(MPI_Comm comm, const cs::probe::Fft2dParams& p, const StopCheck& stop);

} // namespace cs::agent::mpi
