#pragma once
// The parallel integer sort of 000_e9da438bafb3289f.txt §3.2.1 run for real among P processes, over a TCP mesh
// (cs/probe/Mesh.h, app.sort) or MPI (ParallelSortComm: clusterscope-mpi-agent's mpi.app.sort), with every phase the sort.parallel block predicts timed apart
// (model/blocks/inic/ParallelSortBlock.h):
//
//   E_init = keys 32-bit keys over all ranks, uniform in [0, keys) (a dense range, as cpu.sort and NAS IS);
//   rank r holds keys / P of them (the first keys mod P ranks one more) and owns the key range
//   [ceil(r keys / P), ceil((r+1) keys / P)).
//   1. bucket sort of the local keys into P buckets, bucket i the keys rank i owns      -> T_bucket1
//   2. key exchange: bucket i to rank i, the counts first, then the keys, pairwise in
//      P-1 rounds (as the block's T_xchg counts them) or all at once                     -> T_xchg
//   3. bucket sort of the received keys into `buckets` cache-sized buckets               -> T_bucket2
//   4. Count Sort of each bucket                                                          -> T_count
// T is the whole repetition (the barrier before the exchange included); the block's phases are serialized
// in the same order (Fig. 5(a)). The bucket and count passes are cpu.sort's functions (Sort.h), so what
// calibrates t_bucket1, t_bucket2 and T_countsort is the code that runs here.
//
// Repetitions: each phase's value is the maximum over the ranks (the slowest node per repetition), and the
// budget decides alike on every rank (GroupReps.h). Every repetition sorts the same keys again.
// Correctness: after the run every rank checks that its keys are sorted and within its range, and the ranks
// compare the number of keys and their sum (mod 2^32) with the input's; a wrong exchange fails the run.
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

struct ParallelSortParams {
    std::vector<SocketAddress> peers; ///< TCP: every rank's endpoint; P = peers.size(), 2..1024 (MPI: unused)
    std::uint32_t rank = 0;
    std::uint64_t keys = 1u << 22;    ///< E_init, keys over all ranks; [P, 2^31], at most 2^27 per rank
    std::uint32_t buckets = 128;      ///< cache-sized buckets of the second pass (000 §3.2.1: at least 128);
                                      ///< [1, 2^24] and at most keys / P (each bucket a key sub-range)
    bool pairwise = true;             ///< the exchange's schedule: P-1 rounds (true) or all at once
    RepBudget reps{1, 20, 3, 10.0};
    std::uint64_t seed = 12345;       ///< the key generator's seed (rank r draws from its own stream)
    double setupTimeout_s = 30.0;
    int cpu = -1;

    /// "" or the first problem, for P ranks.
    std::string validate(std::size_t P) const;
    std::string validate() const { return validate(peers.size()); }
};

struct ParallelSortResult {
    std::uint32_t rank = 0, P = 0, buckets = 0;
    std::uint64_t keys = 0;         ///< E_init
    std::uint64_t keysHere = 0;     ///< keys this rank holds after the exchange
    // Per kept repetition, max over ranks, seconds.
    Summary T, bucket1, xchg, bucket2, count;
    std::uint32_t kept = 0, warmups = 0;
    bool verified = false;          ///< sorted across the ranks, the same keys as the input
    Environment env;
};

/// What the sort needs from the ranks' transport (TCP mesh or MPI). Every function is collective.
struct ParallelSortComm {
    std::function<void()> barrier;
    /// sendCounts[j] to rank j, recvCounts[j] from rank j (one number each; the own entry is the caller's).
    std::function<void(const std::vector<std::uint64_t>& sendCounts, std::vector<std::uint64_t>& recvCounts)>
        exchangeCounts;
    /// The keys: sendCounts[j] keys from send + sendAt[j] to rank j, recvCounts[j] keys from rank j into
    /// recv + recvAt[j], the own bucket (j = rank) included.
    std::function<void(const std::uint32_t* send, const std::vector<std::uint64_t>& sendCounts,
                       const std::vector<std::size_t>& sendAt, std::uint32_t* recv,
                       const std::vector<std::uint64_t>& recvCounts, const std::vector<std::size_t>& recvAt)>
        exchangeKeys;
    /// Element-wise maximum over the ranks of `values` (every rank gets it).
    std::function<std::vector<double>(const std::vector<double>& values)> allMax;
    /// Every rank's `values` (the same count on each), rank-major, on every rank.
    std::function<std::vector<double>(const std::vector<double>& values)> allGather;
};

/// This rank's keys before and after the last repetition, for tests that check the sort themselves.
struct SortKeys {
    std::vector<std::uint32_t> input, sorted;
};

/// Runs this rank's part over `comm` among P ranks. All ranks call it with equal parameters; `keep`, when
/// given, receives this rank's keys.
ParallelSortResult runParallelSort(std::uint32_t P, std::uint32_t rank, const ParallelSortParams& params,
                                   const ParallelSortComm& comm, const RunControl& rc, SortKeys* keep = nullptr);

/// Runs this rank's part over a TCP mesh. `own` must be bound to peers[rank]'s port. All ranks call it with equal parameters.
ParallelSortResult runTcpParallelSort(Listener& own, const ParallelSortParams& params, const RunControl& rc);

} // namespace cs::probe
