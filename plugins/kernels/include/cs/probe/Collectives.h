#pragma once
// The collectives of 001_6f8c605996d22b4f.txt §4.3 (barrier, broadcast, allreduce) and the all-to-all, run
// for real among P processes (the repetitions, timing and checks in runCollectives, the operations from a
// CollectivesComm). Over a TCP mesh (cs/probe/Mesh.h, app.collectives) with the peer-to-peer algorithms the
// logp.loggp block predicts (model/blocks/loggp/LogGPMath.h), so each series compares with one of its outputs;
// under MPI (clusterscope-mpi-agent's mpi.app.collectives) with MPI_Bcast, MPI_Allreduce, MPI_Barrier and
// MPI_Alltoall, whichever algorithms the library picks:
//
//   broadcast  of `bytes` from rank 0, MPICH's binomial tree: relative rank r receives from r - lowbit(r),
//              then sends to r + 2^j for 2^j < lowbit(r), largest first; ceil(log2 P) steps   -> T_bcast
//              (over TCP each send is synchronous: it ends when the receiver answers that it holds the
//              whole message, so a parent's sends follow one another on its link as the model's steps do)
//   allreduce  sum of bytes / 8 doubles, MPICH's recursive doubling: with P' the largest power of two
//              <= P and rem = P - P', ranks below 2 rem pair up (the even one hands its data to the odd
//              one), the P' remaining exchange with partner newrank ^ 2^i for log2 P' steps, and the
//              result goes back to the even ranks; log2 P' (+2) steps                            -> T_allreduce
//   barrier    the same recursive doubling with 1-byte messages and nothing to combine           -> T_barrier
//   all-to-all a block of `bytes` to every other rank, pairwise in P-1 rounds or all at once      -> T_alltoall
//
// Each operation starts after a barrier of the mesh (an all-gather, not the one measured), is timed on every
// rank from there to its own completion, and a repetition's value is the maximum over the ranks (the
// slowest node decides when the collective is complete). Repetitions follow a time budget on their sum
// (GroupReps.h). Correctness: every repetition, untimed, each rank checks the broadcast bytes, the allreduce
// sums and the all-to-all blocks it received; a wrong value fails the run.
#include "cs/probe/Environment.h"
#include "cs/probe/GroupReps.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cs::probe {

struct CollectivesParams {
    std::vector<SocketAddress> peers; ///< TCP: every rank's endpoint; P = peers.size(), 2..1024 (MPI: unused)
    std::uint32_t rank = 0;
    /// k: the broadcast message, each rank's allreduce contribution (bytes / 8 doubles) and the all-to-all
    /// block, bytes. [8, 2^26] and a multiple of 8; (P - 1) x bytes at most 2^30.
    std::uint64_t bytes = 8;
    bool pairwise = true;             ///< the all-to-all's schedule: P-1 rounds (true) or all at once
    RepBudget reps{10, 1000, 10, 5.0};
    double setupTimeout_s = 30.0;
    int cpu = -1;

    /// "" or the first problem, for P ranks.
    std::string validate(std::size_t P) const;
    std::string validate() const { return validate(peers.size()); }
};

struct CollectivesResult {
    std::uint32_t rank = 0, P = 0;
    std::uint64_t bytes = 0;
    // Per kept repetition, max over ranks, seconds. total = the four added (what the budget counts).
    Summary total, bcast, allreduce, barrier, alltoall;
    std::uint32_t kept = 0, warmups = 0;
    Environment env;
};

/// The schedules, as pure functions (exposed for tests). Binomial broadcast from rank 0: the rank this one
/// receives from (-1 for the root) and the ranks it sends to, in order.
int binomialParent(std::uint32_t rank);
std::vector<std::uint32_t> binomialChildren(std::uint32_t rank, std::uint32_t P);
/// Recursive doubling: the partner of `rank` in each exchange step (empty for the even ranks below 2 rem,
/// which sit out), and the rank it hands its data to or receives the hand-over from (-1: none).
std::vector<std::uint32_t> doublingPartners(std::uint32_t rank, std::uint32_t P);
int doublingHandover(std::uint32_t rank, std::uint32_t P);

/// The operations the collectives time, from a transport. Every function is collective.
struct CollectivesComm {
    std::function<void()> sync; ///< the untimed barrier that starts each operation
    /// `bytes` of buf from rank 0 to every rank.
    std::function<void(std::uint8_t* buf, std::uint64_t bytes)> bcast;
    /// The sum over the ranks of the bytes / 8 doubles in buf, into buf on every rank (tmp: as large, scratch).
    std::function<void(std::uint8_t* buf, std::uint8_t* tmp, std::uint64_t bytes)> allreduceSum;
    std::function<void()> barrier; ///< the barrier that is measured
    /// Block j (`block` bytes) of send to rank j, block j of recv from rank j (the own block need not move).
    std::function<void(const std::uint8_t* send, std::uint8_t* recv, std::uint64_t block)> alltoall;
    /// Element-wise maximum over the ranks of `values` (every rank gets it).
    std::function<std::vector<double>(const std::vector<double>& values)> allMax;
};

/// The last repetition's broadcast message and allreduce sums on this rank, for tests that check them.
struct CollectivesData {
    std::vector<std::uint8_t> bcast;
    std::vector<double> allreduce;
};

/// Runs this rank's part over `comm` among P ranks. All ranks call it with equal parameters; `keep`, when
/// given, receives the last repetition's data.
CollectivesResult runCollectives(std::uint32_t P, std::uint32_t rank, const CollectivesParams& params,
                                 const CollectivesComm& comm, const RunControl& rc, CollectivesData* keep = nullptr);

/// Runs this rank's part over a TCP mesh. `own` must be bound to peers[rank]'s port. All ranks call it with equal parameters.
CollectivesResult runTcpCollectives(Listener& own, const CollectivesParams& params, const RunControl& rc);

} // namespace cs::probe
