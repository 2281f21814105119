#pragma once
// A full mesh of TCP connections among P processes, and the operations the group kernels build on it
// (net.alltoall, app.fft2d, app.sort, app.collectives): an exchange of one buffer with every other rank at
// once, the all-to-all in the two schedules the LogGP model knows (pairwise rounds or all at once), and an
// all-gather of a few doubles (also the barrier that starts a timed phase, and the maximum over the ranks).
//
// Setup: every rank owns a Listener at peers[rank]; rank i connects to every rank j < i and accepts from every
// rank j > i (one TCP connection per pair, TCP_NODELAY), with a hello carrying a marker (which kernel), the
// run token, the rank, P and one number both sides must agree on (the block size, the matrix rows), so a
// stray connection or a rank started with other parameters is refused with a sentence.
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct MeshSetup {
    std::vector<SocketAddress> peers; ///< every rank's endpoint, indexed by rank; P = peers.size()
    std::uint32_t rank = 0;
    std::uint16_t marker = 0;         ///< which kernel's mesh (a connection with another marker is refused)
    std::uint64_t agree = 0;          ///< a parameter every rank must share (checked in the hello)
    const char* agreeName = "parameters";
    double setupTimeout_s = 30.0;
    const char* what = "mesh";        ///< the kernel's name in messages ("all-to-all")
};

/// "" or the first problem with a group kernel's ranks: P in [2, 1024] ("peers lists 1 ranks; " + needs +
/// " 2 to 1024", needs = "the all-to-all needs"), rank below P.
std::string meshRanksProblem(std::size_t P, std::uint32_t rank, const std::string& needs);
/// "" or the problem with the mesh's set-up time, (0, 3600] s, or the cpu to pin to (-1 = none).
std::string meshSetupProblem(double setupTimeout_s, int cpu);

/// Connects the mesh (non-blocking sockets, socks[rank] invalid). `own` must be bound to peers[rank]'s port.
std::vector<Socket> connectMesh(Listener& own, const MeshSetup& setup, const RunControl& rc);

/// Sends `bytes` from out[j] to every rank j != rank and receives `bytes` from each into in[j], all at once
/// through poll(), so no send order can deadlock. Throws Timeout when nothing moves for rc.ioTimeout_s.
/// A null out[j] (in[j]) sends nothing to (receives nothing from) rank j.
void meshExchange(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint8_t*>& in, std::uint64_t bytes, const RunControl& rc,
                  const char* what);

/// As above with a size per peer: outBytes[j] to rank j, inBytes[j] from rank j (0 = nothing that way).
void meshExchange(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint64_t>& outBytes, const std::vector<std::uint8_t*>& in,
                  const std::vector<std::uint64_t>& inBytes, const RunControl& rc, const char* what);

/// Blocks above this size go by rendezvous in the pairwise all-to-all. Open MPI's TCP transport sends
/// messages up to its eager limit (btl_tcp_eager_limit, 64 KiB) at once and larger ones only after the
/// receiver has matched them, as FFTW's transposes over MPI meet it.
constexpr std::uint64_t kMeshEagerLimit = 65536;

/// An all-to-all: out[j] (outBytes[j] bytes) to every rank j != rank, in[j] (inBytes[j]) from each. Pairwise:
/// P-1 rounds, in round i to rank + i and from rank - i (mod P), one flow per link direction at a time;
/// blocks above kMeshEagerLimit by rendezvous; otherwise every block at once (linear). These are the two
/// algorithms of loggp::AllToAll (LogGPMath.h).
void meshAlltoall(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint64_t>& outBytes, const std::vector<std::uint8_t*>& in,
                  const std::vector<std::uint64_t>& inBytes, bool pairwise, const RunControl& rc, const char* what);

/// The same for contiguous buffers of P blocks of `block` bytes: block j of `send` to rank j, block j of
/// `recv` from rank j (the own block is not touched).
void meshAlltoall(std::vector<Socket>& socks, std::uint32_t rank, const void* send, void* recv, std::uint64_t block,
                  bool pairwise, const RunControl& rc, const char* what);

/// Every rank sends its `values` (the same count on every rank, at most 64) to every other; returns P x
/// values.size() numbers, rank-major. With one value of 0 it is the barrier.
std::vector<double> meshAllGather(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<double>& values,
                                  const RunControl& rc, const char* what);

/// The barrier: an all-gather of one number.
void meshBarrier(std::vector<Socket>& socks, std::uint32_t rank, const RunControl& rc, const char* what);

/// Element-wise maximum over the ranks of `values` (at most 64); every rank gets the same numbers.
std::vector<double> meshAllMax(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<double>& values,
                               const RunControl& rc, const char* what);

} // namespace cs::probe
