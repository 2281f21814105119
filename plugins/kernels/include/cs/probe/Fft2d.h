#pragma once
// The parallel 2D FFT of 000_e9da438bafb3289f.txt §3.1.1 run for real among P processes over a TCP mesh
// (cs/probe/Mesh.h), with every phase the fftw.transpose block predicts timed apart
// (model/blocks/loggp/FftwTransposeBlock.h):
//
//   rows x rows complex doubles, M = rows / P rows per rank (P must divide rows).
//   1. row FFTs of the M local rows (FFTW, the plan t_fft1d is calibrated with)    -> T_compute
//   2. local transpose: the slab cut into P blocks of M x M, each transposed into
//      its send buffer (the own block too)                                          -> T_local
//   3. all-to-all: block j to rank j, one from each, over TCP, pairwise in P-1
//      rounds or all at once (linear), as the block's `alltoall` says              -> T_a2a
//      (pairwise over TCP: blocks above 64 KiB by rendezvous, as MPI sends them)
//   4. final permutation: the P received blocks interleaved into M full rows         -> T_perm
//   5. row FFTs again (the original columns), 6.-8. the second transpose, so the
//      result is the 2D FFT in the original layout.
// T_trans = T_local + T_a2a + T_perm; T is the whole repetition (barriers included).
//
// Before each all-to-all a barrier, so the exchange is timed from a common start as net.alltoall times it.
// Each rank times its phases; after every repetition the ranks all-gather them, and a repetition's value of
// each phase is the maximum over the ranks (the slowest rank decides when the next phase can complete).
// Every rank therefore holds the same numbers, and decides alike when to stop: repetitions follow a time
// budget (at least minReps kept, at most repetitions) on the sum of the kept repetitions' T.
//
// Correctness: the input is x[r][c] = cos(r) + i sin(c) with fixed values, re-filled before each
// repetition (not timed); rank 0 checks the result's DC term against the input's sum, so a wrong exchange
// fails the run instead of giving a time.
#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cs::probe {

struct Fft2dParams {
    std::vector<SocketAddress> peers; ///< TCP: every rank's endpoint; P = peers.size(), 2..1024 (MPI: unused)
    std::uint32_t rank = 0;
    std::uint32_t rows = 1024;        ///< matrix rows (= columns); [P, 65536], a multiple of P
    std::uint32_t warmups = 1;        ///< [0, 100]
    std::uint32_t repetitions = 20;   ///< most kept repetitions, [1, 10000]
    std::uint32_t minReps = 3;        ///< fewest kept repetitions when the budget runs out, [1, repetitions]
    double budget_s = 10.0;           ///< seconds of kept repetitions, [0, 86400]; 0 = run all repetitions
    double setupTimeout_s = 30.0;
    /// The all-to-all's schedule, as fftw.transpose's `alltoall` input names it (LogGPMath.h):
    /// pairwise (P-1 rounds; in round i rank r sends to r+i and receives from r-i, one flow per link
    /// direction at a time) or linear (every block at once).
    bool pairwise = true;
    int cpu = -1;

    /// "" or the first problem, for P ranks.
    std::string validate(std::size_t P) const;
    std::string validate() const { return validate(peers.size()); }
};

struct Fft2dResult {
    std::uint32_t rank = 0, P = 0, rows = 0;
    std::uint64_t blockBytes = 0; ///< M x M x 16
    // Per kept repetition, max over ranks, seconds.
    Summary T, compute, trans, local, a2a, perm;
    std::uint32_t kept = 0, warmups = 0;
    double dcError = 0; ///< |DC - expected| / |expected| on rank 0 (0 elsewhere)
    Environment env;
};

/// What the 2D FFT needs from the ranks' transport (TCP mesh or MPI).
struct Fft2dComm {
    std::function<void()> barrier;
    /// send and recv hold P blocks of blockBytes, block j for / from rank j; the own block is the caller's.
    std::function<void(const void* send, void* recv, std::uint64_t blockBytes)> exchange;
    /// Element-wise maximum over the ranks of `values` (every rank gets it).
    std::function<std::vector<double>(const std::vector<double>& values)> allMax;
};

/// Runs this rank's part over `comm` among P ranks. All ranks call it with equal parameters.
Fft2dResult runFft2d(std::uint32_t P, std::uint32_t rank, const Fft2dParams& params, const Fft2dComm& comm,
                     const RunControl& rc);

/// Runs this rank's part over a TCP mesh (cs/probe/Mesh.h). `own` must be bound to peers[rank]'s port.
Fft2dResult runTcpFft2d(Listener& own, const Fft2dParams& params, const RunControl& rc);

} // namespace cs::probe
