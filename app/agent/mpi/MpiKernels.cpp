#include "app/agent/mpi/MpiKernels.h"

#include "cs/probe/Error.h"

#include <algorithm>

namespace cs::agent::mpi {

namespace {

bool gStopped = false;

template <typename Op>
std::vector<double> timeLoop(MPI_Comm comm, int count, int batch, const StopCheck& stop, Op op)
{
    gStopped = false;
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    batch = std::max(1, batch);
    std::vector<double> samples;
    for (int i = 0; i < count; ++i) {
        MPI_Barrier(comm);
        const double t0 = MPI_Wtime();
        for (int k = 0; k < batch; ++k)
            op();
        // {this rank's time per operation, rank 0's "stop"}: MAX gives rank
        // 0 the slowest rank's time and every rank the decision.
        double mine[2] = {(MPI_Wtime() - t0) / batch, (rank == 0 && stop && stop()) ? 1.0 : 0.0};
        double all[2] = {0, 0};
        MPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, comm);
        if (rank == 0)
            samples.push_back(all[0]);
        if (all[1] != 0.0) {
            gStopped = true;
            break;
        }
    }
    return samples;
}

} // namespace

bool stoppedEarly()
{
    return gStopped;
}

std::vector<double> allMaxOrStop(MPI_Comm comm, const std::vector<double>& values, const StopCheck& stop,
                                 const char* what)
{
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    std::vector<double> mine = values, all(values.size() + 1, 0.0);
    mine.push_back(rank == 0 && stop && stop() ? 1.0 : 0.0); // 1 = stop
    MPI_Allreduce(mine.data(), all.data(), static_cast<int>(mine.size()), MPI_DOUBLE, MPI_MAX, comm);
    if (all.back() != 0.0)
        throw cs::probe::ProbeError(cs::probe::ErrorKind::Cancelled, std::string(what) + ": cancelled");
    all.pop_back();
    return all;
}

std::vector<double> timeAlltoall(MPI_Comm comm, std::uint64_t blockBytes, int count, const StopCheck& stop)
{
    int size = 1;
    MPI_Comm_size(comm, &size);
    std::vector<char> send(blockBytes * static_cast<std::uint64_t>(size), 1);
    std::vector<char> recv(send.size(), 0);
    const int block = static_cast<int>(blockBytes);
    return timeLoop(comm, count, 1, stop, [&] {
        MPI_Alltoall(send.data(), block, MPI_BYTE, recv.data(), block, MPI_BYTE, comm);
    });
}

std::vector<double> timeBarrier(MPI_Comm comm, int count, int batch, const StopCheck& stop)
{
    return timeLoop(comm, count, batch, stop, [&] { MPI_Barrier(comm); });
}

std::vector<double> timeBcast(MPI_Comm comm, std::uint64_t bytes, int count, int batch, const StopCheck& stop)
{
    std::vector<char> buf(bytes, 2);
    return timeLoop(comm, count, batch, stop, [&] { MPI_Bcast(buf.data(), static_cast<int>(bytes), MPI_BYTE, 0, comm); });
}

std::vector<double> timeAllreduce(MPI_Comm comm, std::uint64_t bytes, int count, int batch, const StopCheck& stop)
{
    const std::size_t n = std::max<std::uint64_t>(1, bytes / 8);
    std::vector<double> in(n, 1.0);
    std::vector<double> out(n, 0.0);
    return timeLoop(comm, count, batch, stop, [&] {
        MPI_Allreduce(in.data(), out.data(), static_cast<int>(n), MPI_DOUBLE, MPI_SUM, comm);
    });
}

} // namespace cs::agent::mpi
