#pragma once
// What the example programs (examples/jacobi, examples/cg, examples/fft2d) share: their start (MPI and the
// arguments N ITERS [poll|sleep]), the slab decomposition along z, the exchange of the two boundary planes with
// the neighbouring ranks, a one-double sum over all ranks, and how a rank waits.
//
// How a rank waits for its halo is the program's last argument, "poll" (the default) or "sleep":
//  - poll: MPI's own wait, as most programs are written; Open MPI polls while it waits;
//  - sleep: the exchange is tested every 50 us, the rank sleeping between. On a machine whose CPUs are shared
//    by more ranks than it has (the namespace cluster of the tests: 8 "hosts" on 2 CPUs), a rank polling
//    through a long exchange takes the CPU the rank it waits for needs, and the run measures the scheduler
//    instead of the network (the stencil at P = 8 took 6x its link time); a sleeping rank leaves it.
// The sums (one double over all ranks) always use MPI's own MPI_Allreduce: their waits are short, and a
// sleeping wait would add a sleep to each of their rounds (a conjugate gradient's two sums an iteration took
// 1.6 to 1.75x the model's time at 199 Mbit/s when they slept).
#include <mpi.h>
#include <sys/prctl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace example {

struct Slab {
    long nz = 0; // this rank's planes
    long z0 = 0; // the global index of its first
    int below = MPI_PROC_NULL, above = MPI_PROC_NULL;
};

// Rank r of P holds N / P planes, the first N % P ranks one more.
inline Slab slabOf(long N, int rank, int P)
{
    const long base = N / P, extra = N % P;
    Slab s;
    s.nz = base + (rank < extra ? 1 : 0);
    s.z0 = rank * base + (rank < extra ? rank : extra);
    s.below = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    s.above = rank < P - 1 ? rank + 1 : MPI_PROC_NULL;
    return s;
}

// argv[i] as the way to wait: true for "sleep"; exits with the usage on anything but "poll" or "sleep".
inline bool sleepsAt(int argc, char** argv, int i, int rank)
{
    if (argc <= i || std::strcmp(argv[i], "poll") == 0)
        return false;
    if (std::strcmp(argv[i], "sleep") == 0) {
        prctl(PR_SET_TIMERSLACK, 1000UL); // a sleep of 50 us wakes after about 50 us, not 100 (the default slack)
        return true;
    }
    if (rank == 0)
        std::fprintf(stderr, "the way to wait is 'poll' or 'sleep', not '%s'\n", argv[i]);
    MPI_Finalize();
    std::exit(2);
}

// A program's start: MPI, this rank among P, and its arguments N ITERS [poll|sleep].
struct Start {
    int rank = 0, P = 1;
    long N = 0, iters = 0;
    bool sleeping = false;
};

// MPI_Init, then N and ITERS (`defaultN`, `defaultIters` when absent) checked by `valid(N, iters, P)`: when it
// refuses them rank 0 prints "usage: NAME N ITERS [poll|sleep] (WHAT; N = .., ITERS = .., P = ..)" and the
// program exits with 2, as it does for a way to wait other than poll or sleep.
template <class Valid>
inline Start start(int& argc, char**& argv, const char* name, long defaultN, long defaultIters, const char* what,
                   Valid valid)
{
    MPI_Init(&argc, &argv);
    Start s;
    MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &s.P);
    s.N = argc > 1 ? std::atol(argv[1]) : defaultN;
    s.iters = argc > 2 ? std::atol(argv[2]) : defaultIters;
    if (!valid(s.N, s.iters, s.P)) {
        if (s.rank == 0)
            std::fprintf(stderr, "usage: %s N ITERS [poll|sleep] (%s; N = %ld, ITERS = %ld, P = %d)\n", name, what,
                         s.N, s.iters, s.P);
        MPI_Finalize();
        std::exit(2);
    }
    s.sleeping = sleepsAt(argc, argv, 3, s.rank);
    return s;
}

inline void waitAll(int n, MPI_Request* requests, bool sleeping)
{
    if (!sleeping) {
        MPI_Waitall(n, requests, MPI_STATUSES_IGNORE);
        return;
    }
    int done = 0;
    const timespec pause{0, 50000};
    for (MPI_Testall(n, requests, &done, MPI_STATUSES_IGNORE); !done;
         MPI_Testall(n, requests, &done, MPI_STATUSES_IGNORE))
        nanosleep(&pause, nullptr);
}

// The ghost planes of a slab stored as planes 0 .. nz + 1 of `plane` doubles each: my first plane to the rank
// below and its last into my plane 0; my last plane to the rank above and its first into my plane nz + 1.
inline void exchangeHalo(double* u, long plane, const Slab& s, bool sleeping)
{
    const int count = static_cast<int>(plane);
    MPI_Request r[4];
    MPI_Irecv(u, count, MPI_DOUBLE, s.below, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(u + (s.nz + 1) * plane, count, MPI_DOUBLE, s.above, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Isend(u + 1 * plane, count, MPI_DOUBLE, s.below, 0, MPI_COMM_WORLD, &r[2]);
    MPI_Isend(u + s.nz * plane, count, MPI_DOUBLE, s.above, 1, MPI_COMM_WORLD, &r[3]);
    waitAll(4, r, sleeping);
}

// The sum of `local` over all ranks (MPI_Allreduce of one double).
inline double sumAll(double local)
{
    double all = 0;
    MPI_Allreduce(&local, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return all;
}

} // namespace example
