#include "app/agent/mpi/MpiFft2d.h"

#include "app/agent/mpi/MpiWait.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cs::agent::mpi {

cs::probe::Fft2dResult runMpiFft2d(MPI_Comm comm, const cs::probe::Fft2dParams& p, const StopCheck& stop)
{
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const auto P = static_cast<std::uint32_t>(size);
    const auto me = static_cast<std::uint32_t>(rank);
    enum Tag : int { Block = 201 };

    cs::probe::Fft2dComm c;
    c.barrier = [&] { barrier(comm); };
    c.exchange = [&](const void* send, void* recv, std::uint64_t blockBytes) {
        // Fft2dParams::validate bounds a rank's slab at 1 GiB, so a block's bytes fit an int.
        const int n = static_cast<int>(blockBytes);
        auto out = [&](std::uint32_t j) { return const_cast<std::uint8_t*>(static_cast<const std::uint8_t*>(send)) + j * blockBytes; };
        auto in = [&](std::uint32_t j) { return static_cast<std::uint8_t*>(recv) + j * blockBytes; };
        if (p.pairwise) {
            // Each round sends before it receives (MPI_Isend, then MPI_Irecv), not MPI_Sendrecv, which Open MPI
            // runs as a receive first. Above the eager limit a block goes by rendezvous: the receiver's ACK
            // releases the data. A receive posted first matches a partner's request that has already arrived
            // and sends its ACK at once, before this rank's own request; the partner, ACKed, pushes its whole
            // block into the one TCP connection the pair shares, and this rank's ACK to it then waits behind
            // that block, so the two directions run one after the other (measured on tbf-shaped namespaces at
            // 60 Mbit/s: 4 MiB blocks at P = 2 took 1.15 s, 1.97x the link's 0.585 s, in 3 of 4 repetitions;
            // sent first, 0.585-0.625 s). Sent first, every rank's request leaves before its ACK, whatever
            // the ranks' skew (docs/calibration.md, "Over MPI on the emulated cluster").
            for (std::uint32_t i = 1; i < P; ++i) {
                const std::uint32_t to = (me + i) % P, from = (me + P - i) % P;
                MPI_Request req[2];
                MPI_Isend(out(to), n, MPI_BYTE, static_cast<int>(to), Block, comm, &req[0]);
                MPI_Irecv(in(from), n, MPI_BYTE, static_cast<int>(from), Block, comm, &req[1]);
                waitAll(2, req);
            }
            return;
        }
        // Linear: every block at once, the sends posted first for the same reason as the pairwise rounds'.
        std::vector<MPI_Request> req;
        req.reserve(2 * (P - 1));
        for (std::uint32_t j = 0; j < P; ++j)
            if (j != me) {
                req.emplace_back();
                MPI_Isend(out(j), n, MPI_BYTE, static_cast<int>(j), Block, comm, &req.back());
            }
        for (std::uint32_t j = 0; j < P; ++j)
            if (j != me) {
                req.emplace_back();
                MPI_Irecv(in(j), n, MPI_BYTE, static_cast<int>(j), Block, comm, &req.back());
            }
        waitAll(static_cast<int>(req.size()), req.data());
    };
    c.allMax = [&](const std::vector<double>& values) { return allMaxOrStop(comm, values, stop, "2D FFT"); };
    // Rank 0 alone hears a cancel, so the kernel's own checks must not stop one rank: its RunControl has no
    // stop flag and no deadline (the runner's job timeout bounds the run).
    return cs::probe::runFft2d(P, me, p, c, cs::probe::RunControl{});
}

} // namespace cs::agent::mpi
