// A plain MPI_Send/MPI_Recv ping-pong loop as a user writes it, for the test
// that checks the MPI-calibrated LogGP against it (tests/app/runner/MpiTest.cpp).
//
//   mpirun -np 2 cs_test_mpi_pingpong SIZE...
//
// Rank 0 prints one line per size: "SIZE ONE_WAY_SECONDS", the median over 5
// loops of RTT/2 (a barrier, then `count` round trips timed with MPI_Wtime).
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<char> buf(4194304, 1);
    for (int a = 1; a < argc; ++a) {
        const int bytes = std::clamp(std::atoi(argv[a]), 1, 4194304);
        const int count = bytes >= 1048576 ? 20 : bytes >= 65536 ? 100 : 1000;
        std::vector<double> loops;
        for (int loop = 0; loop < 6; ++loop) {
            MPI_Barrier(MPI_COMM_WORLD);
            const double t0 = MPI_Wtime();
            for (int i = 0; i < count; ++i) {
                if (rank == 0) {
                    MPI_Send(buf.data(), bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
                    MPI_Recv(buf.data(), bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                } else if (rank == 1) {
                    MPI_Recv(buf.data(), bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Send(buf.data(), bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
                }
            }
            if (loop > 0) // the first loop warms up
                loops.push_back((MPI_Wtime() - t0) / count / 2.0);
        }
        std::sort(loops.begin(), loops.end());
        if (rank == 0)
            std::printf("%d %.9g\n", bytes, loops[loops.size() / 2]);
    }
    MPI_Finalize();
    return 0;
}
