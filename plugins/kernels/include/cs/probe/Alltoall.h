#pragma once
// All-to-all transpose exchange over TCP among P processes (the data movement of a distributed 2D-FFT
// transpose or of the parallel sort's bucket exchange, 000 §3): every rank sends one block of blockBytes to
// every other rank and receives one from each. (The MPI_Alltoall variant is the runner's, under mpirun.)
//
// Setup: every rank owns a Listener at peers[rank]; rank i connects to every rank j < i and accepts from every
// rank j > i (a full mesh, one TCP connection per pair, TCP_NODELAY), with a hello carrying the rank and the
// run token. Per repetition: a barrier (a 1-byte message to and from every peer), then the timed exchange:
// all sends and receives proceed at once through non-blocking sockets and poll(), so no ordering can
// deadlock; the local time runs from the end of the barrier to the last byte received and sent. The ranks then
// exchange their local times and every rank reports the maximum (the collective's completion time) as well.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct AlltoallParams {
    /// Every rank's endpoint, indexed by rank. P = peers.size(). Bounds P in [2, 1024].
    std::vector<SocketAddress> peers;
    /// This process's rank, < P.
    std::uint32_t rank = 0;
    /// Bytes sent to each other rank per repetition. Bounds [1, 1 GiB].
    std::uint64_t blockBytes = 65536;
    /// Discarded and kept repetitions. Bounds [0, 1000], [1, 100000].
    std::uint32_t warmups = 2;
    std::uint32_t repetitions = 10;
    /// How long to wait for the whole mesh to connect, seconds. Bounds (0, 3600]. Default 30 s.
    double setupTimeout_s = 30.0;
    int cpu = -1;

    std::string validate() const;
};

struct AlltoallResult {
    std::uint32_t rank = 0;
    std::uint32_t P = 0;
    std::uint64_t blockBytes = 0;
    Summary localTime;      ///< this rank's exchange time, seconds
    Summary completionTime; ///< max over ranks of the exchange time, seconds (same on every rank)
    /// Bytes this rank sent per second of completion time: (P - 1) blockBytes / completionTime.median.
    double perRankBandwidth = 0;
    Environment env;
};

/// Runs this rank's part. `own` must be bound to peers[rank]'s port (its host may be a wildcard).
/// All P processes must call it with the same peers, blockBytes, warmups, repetitions and token.
AlltoallResult runTcpAlltoall(Listener& own, const AlltoallParams& params, const RunControl& rc);

} // namespace cs::probe
