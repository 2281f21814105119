#include "app/agent/mpi/MpiParallelSort.h"

#include <cstdint>
#include <vector>

namespace cs::agent::mpi {

cs::probe::ParallelSortResult runMpiParallelSort(MPI_Comm comm, const cs::probe::ParallelSortParams& p,
                                                 const StopCheck& stop, cs::probe::SortKeys* keep)
{
    int rank = 0, size = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    const auto P = static_cast<std::uint32_t>(size);
    // ParallelSortParams::validate bounds a rank's keys at 2^27 and the total at 2^31, so what one rank
    // sends or receives, and where it goes, fits an int.
    std::vector<int> sendCounts(P), sendAt(P), recvCounts(P), recvAt(P);
    auto toInts = [](const auto& from, std::vector<int>& to) {
        for (std::size_t j = 0; j < to.size(); ++j)
            to[j] = static_cast<int>(from[j]);
    };

    cs::probe::ParallelSortComm c;
    c.barrier = [&] { MPI_Barrier(comm); };
    c.exchangeCounts = [&](const std::vector<std::uint64_t>& send, std::vector<std::uint64_t>& recv) {
        MPI_Alltoall(send.data(), 1, MPI_UINT64_T, recv.data(), 1, MPI_UINT64_T, comm);
    };
    c.exchangeKeys = [&](const std::uint32_t* send, const std::vector<std::uint64_t>& sc,
                         const std::vector<std::size_t>& sa, std::uint32_t* recv, const std::vector<std::uint64_t>& rc,
                         const std::vector<std::size_t>& ra) {
        toInts(sc, sendCounts);
        toInts(sa, sendAt);
        toInts(rc, recvCounts);
        toInts(ra, recvAt);
        MPI_Alltoallv(send, sendCounts.data(), sendAt.data(), MPI_UINT32_T, recv, recvCounts.data(), recvAt.data(),
                      MPI_UINT32_T, comm);
    };
    c.allMax = [&](const std::vector<double>& values) { return allMaxOrStop(comm, values, stop, "parallel sort"); };
    c.allGather = [&](const std::vector<double>& values) {
        std::vector<double> all(values.size() * P);
        MPI_Allgather(values.data(), static_cast<int>(values.size()), MPI_DOUBLE, all.data(),
                      static_cast<int>(values.size()), MPI_DOUBLE, comm);
        return all;
    };
    // Rank 0 alone hears a cancel, so the kernel's own checks must not stop one rank: its RunControl has no
    // stop flag and no deadline (the runner's job timeout bounds the run).
    return cs::probe::runParallelSort(P, static_cast<std::uint32_t>(rank), p, c, cs::probe::RunControl{}, keep);
}

} // namespace cs::agent::mpi
