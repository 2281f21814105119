#include "app/agent/mpi/MpiAppCollectives.h"

#include <cstdint>

namespace cs::agent::mpi {

cs::probe::CollectivesResult runMpiCollectives(MPI_Comm comm, const cs::probe::CollectivesParams& p,
                                               const StopCheck& stop, cs::probe::CollectivesData* keep)
{
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    // CollectivesParams::validate bounds bytes at 2^26: every count below fits an int.
    cs::probe::CollectivesComm c;
    c.sync = [&] { MPI_Barrier(comm); };
    c.bcast = [&](std::uint8_t* buf, std::uint64_t bytes) {
        MPI_Bcast(buf, static_cast<int>(bytes), MPI_BYTE, 0, comm);
    };
    c.allreduceSum = [&](std::uint8_t* buf, std::uint8_t*, std::uint64_t bytes) {
        // buf is a std::vector's storage (new[]: aligned for a double).
        MPI_Allreduce(MPI_IN_PLACE, buf, static_cast<int>(bytes / sizeof(double)), MPI_DOUBLE, MPI_SUM, comm);
    };
    c.barrier = [&] { MPI_Barrier(comm); };
    c.alltoall = [&](const std::uint8_t* send, std::uint8_t* recv, std::uint64_t block) {
        MPI_Alltoall(send, static_cast<int>(block), MPI_BYTE, recv, static_cast<int>(block), MPI_BYTE, comm);
    };
    c.allMax = [&](const std::vector<double>& values) { return allMaxOrStop(comm, values, stop, "collectives"); };
    // As in runMpiParallelSort: no stop flag in the kernel's RunControl, so no rank stops alone.
    return cs::probe::runCollectives(static_cast<std::uint32_t>(size), static_cast<std::uint32_t>(rank), p, c,
                                     cs::probe::RunControl{}, keep);
}

} // namespace cs::agent::mpi
