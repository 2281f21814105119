#pragma once
// A full mesh of TCP connections among P processes, and the two operations the group kernels build on it
// (net.alltoall, app.fft2d): an exchange of one buffer with every other rank at once, and an all-gather of
// a few doubles (also the barrier).
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

/// Connects the mesh (non-blocking sockets, socks[rank] invalid). `own` must be bound to peers[rank]'s port.
std::vector<Socket> connectMesh(Listener& own, const MeshSetup& setup, const RunControl& rc);

/// Sends `bytes` from out[j] to every rank j != rank and receives `bytes` from each into in[j], all at once
/// through poll(), so no send order can deadlock. Throws Timeout when nothing moves for rc.ioTimeout_s.
/// A null out[j] (in[j]) sends nothing to (receives nothing from) rank j.
void meshExchange(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint8_t*>& in, std::uint64_t bytes, const RunControl& rc,
                  const char* what);

/// Every rank sends its `values` (the same count on every rank, at most 64) to every other; returns P x
/// values.size() numbers, rank-major. With one value of 0 it is the barrier.
std::vector<double> meshAllGather(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<double>& values,
                                  const RunControl& rc, const char* what);

} // namespace cs::probe
