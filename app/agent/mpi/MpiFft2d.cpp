#include "app/agent/mpi/MpiFft2d.h"

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
    c.barrier = [&] { MPI_Barrier(comm); };
    c.exchange = [&](const void* send, void* recv, std::uint64_t blockBytes) {
        // Fft2dParams::validate bounds a rank's slab at 1 GiB, so a block's bytes fit an int.
        const int n = static_cast<int>(blockBytes);
        auto out = [&](std::uint32_t j) { return const_cast<std::uint8_t*>(static_cast<const std::uint8_t*>(send)) + j * blockBytes; };
        auto in = [&](std::uint32_t j) { return static_cast<std::uint8_t*>(recv) + j * blockBytes; };
        if (p.pairwise) {
            for (std::uint32_t i = 1; i < P; ++i) {
                const std::uint32_t to = (me + i) % P, from = (me + P - i) % P;
                MPI_Sendrecv(out(to), n, MPI_BYTE, static_cast<int>(to), Block, in(from), n, MPI_BYTE,
                             static_cast<int>(from), Block, comm, MPI_STATUS_IGNORE);
            }
            return;
        }
        std::vector<MPI_Request> req;
        req.reserve(2 * (P - 1));
        for (std::uint32_t j = 0; j < P; ++j)
            if (j != me) {
                req.emplace_back();
                MPI_Irecv(in(j), n, MPI_BYTE, static_cast<int>(j), Block, comm, &req.back());
            }
        for (std::uint32_t j = 0; j < P; ++j)
            if (j != me) {
                req.emplace_back();
                MPI_Isend(out(j), n, MPI_BYTE, static_cast<int>(j), Block, comm, &req.back());
            }
        MPI_Waitall(static_cast<int>(req.size()), req.data(), MPI_STATUSES_IGNORE);
    };
    c.allMax = [&](const std::vector<double>& values) { return allMaxOrStop(comm, values, stop, "2D FFT"); };
    // Rank 0 alone hears a cancel, so the kernel's own checks must not stop one rank: its RunControl has no
    // stop flag and no deadline (the runner's job timeout bounds the run).
    return cs::probe::runFft2d(P, me, p, c, cs::probe::RunControl{});
}

} // namespace cs::agent::mpi
