#include "app/agent/mpi/MpiKernels.h"

#include <algorithm>

namespace cs::agent::mpi {

namespace {

bool gStopped = false;

// Rank 0 decides, everyone learns it: one int broadcast per repetition.
bool agreeToStop(MPI_Comm comm, const StopCheck& stop)
{
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    int flag = (rank == 0 && stop && stop()) ? 1 : 0;
    MPI_Bcast(&flag, 1, MPI_INT, 0, comm);
    return flag != 0;
}

template <typename Op>
std::vector<double> timeLoop(MPI_Comm comm, int count, const StopCheck& stop, Op op)
{
    gStopped = false;
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    std::vector<double> samples;
    for (int i = 0; i < count; ++i) {
        if (agreeToStop(comm, stop)) {
            gStopped = true;
            break;
        }
        MPI_Barrier(comm);
        const double t0 = MPI_Wtime();
        op();
        double t = MPI_Wtime() - t0;
        double worst = 0;
        MPI_Reduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
        if (rank == 0)
            samples.push_back(worst);
    }
    return samples;
}

} // namespace

bool stoppedEarly()
{
    return gStopped;
}

std::vector<double> timeAlltoall(MPI_Comm comm, std::uint64_t blockBytes, int count, const StopCheck& stop)
{
    int size = 1;
    MPI_Comm_size(comm, &size);
    std::vector<char> send(blockBytes * static_cast<std::uint64_t>(size), 1);
    std::vector<char> recv(send.size(), 0);
    const int block = static_cast<int>(blockBytes);
    return timeLoop(comm, count, stop, [&] {
        MPI_Alltoall(send.data(), block, MPI_BYTE, recv.data(), block, MPI_BYTE, comm);
    });
}

std::vector<double> timeBarrier(MPI_Comm comm, int count, const StopCheck& stop)
{
    return timeLoop(comm, count, stop, [&] { MPI_Barrier(comm); });
}

std::vector<double> timeBcast(MPI_Comm comm, std::uint64_t bytes, int count, const StopCheck& stop)
{
    std::vector<char> buf(bytes, 2);
    return timeLoop(comm, count, stop, [&] { MPI_Bcast(buf.data(), static_cast<int>(bytes), MPI_BYTE, 0, comm); });
}

std::vector<double> timeAllreduce(MPI_Comm comm, std::uint64_t bytes, int count, const StopCheck& stop)
{
    const std::size_t n = std::max<std::uint64_t>(1, bytes / 8);
    std::vector<double> in(n, 1.0);
    std::vector<double> out(n, 0.0);
    return timeLoop(comm, count, stop, [&] {
        MPI_Allreduce(in.data(), out.data(), static_cast<int>(n), MPI_DOUBLE, MPI_SUM, comm);
    });
}

} // namespace cs::agent::mpi
