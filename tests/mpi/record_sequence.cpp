// A program with a known sequence of MPI calls, recorded by libcsrecord.so in RecordTest.cpp, whose trace is
// checked line by line there. Run on 4 ranks: cs_record_sequence K
//   1. K round trips between ranks 0 and 1 of 1024 bytes (256 ints): rank 0 sends with tag 7 and receives
//      with tag 8; rank 1 receives from MPI_ANY_SOURCE with MPI_ANY_TAG (the trace names the real ones) and
//      answers. Ranks 2 and 3 take no part.
//   2. A send to MPI_PROC_NULL (no message: not in the trace).
//   3. 20 ms of compute (a busy loop on the clock), then a broadcast of 16 doubles (128 bytes) from rank 0 and an
//      allreduce of one double.
//   4. MPI_Comm_split into {0, 1} and {2, 3} (colour rank / 2), ordered by the key size - rank: the new ranks are
//      reversed, so the first communicator's members are world ranks 1, 0.
//   5. On it: a broadcast of 4 ints (16 bytes) from its rank 0, then each rank posts an irecv of 2 ints from
//      MPI_ANY_SOURCE with tag 5 and an isend of 2 ints to the other, and waits for both (MPI_Waitall).
//   6. MPI_Comm_free, then on MPI_COMM_WORLD:
//   7. A shift up the ranks without wrapping (MPI_Sendrecv of 3 ints, 12 bytes, tag 11, to rank + 1 from
//      rank - 1): the first rank's source and the last rank's destination are MPI_PROC_NULL.
//   8. MPI_Alltoallv with i + 1 ints (4 (i + 1) bytes) to rank i.
//   9. MPI_Gather of 2 doubles (16 bytes) a rank to rank 0, which passes MPI_IN_PLACE (its block is in place).
//  10. An irecv of one int from MPI_ANY_SOURCE with tag 99, which no rank sends, cancelled and waited for (as
//      HPCC's RandomAccess ends): its irecv line stays, and no completion (it carried no message).
//  11. A reduce of one long (8 bytes) to rank 0, and MPI_Finalize.
// Prints "sum S" on rank 0 (that reduce): what every exchange carried, the same with the recording library
// preloaded and without it.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

} // namespace

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int K = argc > 1 ? std::atoi(argv[1]) : 5;
    int buf[256];
    for (int i = 0; i < 256; ++i)
        buf[i] = rank + i;
    long check = 0;
    for (int k = 0; k < K; ++k) {
        if (rank == 0) {
            MPI_Send(buf, 256, MPI_INT, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(buf, 256, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            check += buf[255];
        } else if (rank == 1) {
            MPI_Recv(buf, 256, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            buf[255] += 1;
            MPI_Send(buf, 256, MPI_INT, 0, 8, MPI_COMM_WORLD);
        }
    }
    MPI_Send(buf, 256, MPI_INT, MPI_PROC_NULL, 9, MPI_COMM_WORLD);
    for (const double t0 = now(); now() - t0 < 0.02;) {
    }
    double values[16] = {};
    if (rank == 0)
        for (int i = 0; i < 16; ++i)
            values[i] = i * 0.5;
    MPI_Bcast(values, 16, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double mine = values[15] + rank, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    MPI_Comm pair;
    MPI_Comm_split(MPI_COMM_WORLD, rank / 2, size - rank, &pair);
    int pairRank = 0;
    MPI_Comm_rank(pair, &pairRank);
    int four[4] = {0, 0, 0, 0};
    if (pairRank == 0)
        four[0] = 100 + rank;
    MPI_Bcast(four, 4, MPI_INT, 0, pair);
    int out[2] = {rank, four[0]}, in[2] = {0, 0};
    MPI_Request requests[2];
    MPI_Irecv(in, 2, MPI_INT, MPI_ANY_SOURCE, 5, pair, &requests[0]);
    MPI_Isend(out, 2, MPI_INT, 1 - pairRank, 5, pair, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    MPI_Comm_free(&pair);

    const int up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL, down = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int shiftOut[3] = {rank, 2 * rank, 3 * rank}, shiftIn[3] = {0, 0, 0};
    MPI_Sendrecv(shiftOut, 3, MPI_INT, up, 11, shiftIn, 3, MPI_INT, down, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    std::vector<int> sendCounts(size), sendDispls(size), recvCounts(size), recvDispls(size);
    for (int i = 0, s = 0, r = 0; i < size; ++i) {
        sendCounts[i] = i + 1;
        recvCounts[i] = rank + 1;
        sendDispls[i] = s;
        recvDispls[i] = r;
        s += sendCounts[i];
        r += recvCounts[i];
    }
    std::vector<int> scattered(size * (size + 1) / 2, rank + 1), gathered(size * (rank + 1), 0);
    MPI_Alltoallv(scattered.data(), sendCounts.data(), sendDispls.data(), MPI_INT, gathered.data(), recvCounts.data(),
                  recvDispls.data(), MPI_INT, MPI_COMM_WORLD);

    std::vector<double> pairs(2 * size, 0.0);
    pairs[2 * rank] = rank;
    pairs[2 * rank + 1] = 0.5 * rank;
    if (rank == 0)
        MPI_Gather(MPI_IN_PLACE, 2, MPI_DOUBLE, pairs.data(), 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    else
        MPI_Gather(&pairs[2 * rank], 2, MPI_DOUBLE, nullptr, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    int never = 0;
    MPI_Request cancelled;
    MPI_Irecv(&never, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &cancelled);
    MPI_Cancel(&cancelled);
    MPI_Wait(&cancelled, MPI_STATUS_IGNORE);

    long total = check + static_cast<long>(sum * 2) + in[0] + in[1] + shiftIn[0] + shiftIn[1] + shiftIn[2];
    for (int g : gathered)
        total += g;
    if (rank == 0)
        for (double v : pairs)
            total += static_cast<long>(4 * v);
    long all = 0;
    MPI_Reduce(&total, &all, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf("sum %ld\n", all);
    MPI_Finalize();
    return 0;
}
