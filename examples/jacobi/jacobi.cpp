// A 3-D Jacobi stencil on N^3 cells, the example "your own application" of the README (presets/jacobi.json
// models it). The grid is cut into slabs along z (a 1-D decomposition: rank r holds N / P planes, the first
// N % P ranks one more). Each iteration exchanges the two boundary planes with the neighbouring ranks (both
// sent and received at once, MPI_Isend and MPI_Irecv), updates every interior cell to the mean of its six
// neighbours (the 7-point stencil; the outer faces stay fixed at their boundary values), and sums the squared
// change over all ranks (MPI_Allreduce), the residual. See Gropp, Lusk and Skjellum, "Using MPI", 3rd ed.,
// ch. 4 (the Jacobi iteration with a 1-D decomposition, and its non-blocking exchange).
//
//   cs-example-jacobi N ITERS [poll|sleep]   prints "time_s T" (the timed loop on rank 0, after a barrier)
//                                            and "residual R" (the last iteration's, the same whatever P, up
//                                            to round-off); poll|sleep: how a rank waits for its halo (ExampleMpi.h)
#include "../common/ExampleMpi.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv)
{
    const example::Start run = example::start(argc, argv, "cs-example-jacobi", 64, 20,
                                              "N >= 3 and at least one plane a rank",
                                              [](long n, long it, int p) { return n >= 3 && it >= 1 && n >= p; });
    const int rank = run.rank, P = run.P;
    const long N = run.N, iters = run.iters;
    const bool sleeping = run.sleeping;
    // This rank's planes [z0, z0 + nz) of the N planes, with a ghost plane on each side.
    const example::Slab slab = example::slabOf(N, rank, P);
    const long nz = slab.nz, z0 = slab.z0;
    const long plane = N * N;
    std::vector<double> u((nz + 2) * plane), v((nz + 2) * plane);
    // Boundary values on the outer faces (x, y or z at 0 or N - 1): a smooth function, 0 inside.
    for (long k = 0; k < nz; ++k)
        for (long j = 0; j < N; ++j)
            for (long i = 0; i < N; ++i) {
                const long z = z0 + k;
                const bool face = i == 0 || j == 0 || z == 0 || i == N - 1 || j == N - 1 || z == N - 1;
                u[(k + 1) * plane + j * N + i] = face ? std::sin(0.1 * i) + std::cos(0.2 * j) + 0.01 * z : 0.0;
            }
    v = u;
    double residual = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (long it = 0; it < iters; ++it) {
        example::exchangeHalo(u.data(), plane, slab, sleeping);
        double local = 0;
        for (long k = 1; k <= nz; ++k) {
            const long z = z0 + k - 1;
            if (z == 0 || z == N - 1)
                continue;
            for (long j = 1; j < N - 1; ++j)
                for (long i = 1; i < N - 1; ++i) {
                    const long c = k * plane + j * N + i;
                    const double next =
                        (u[c - 1] + u[c + 1] + u[c - N] + u[c + N] + u[c - plane] + u[c + plane]) / 6.0;
                    local += (next - u[c]) * (next - u[c]);
                    v[c] = next;
                }
        }
        residual = example::sumAll(local);
        u.swap(v);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const double t = MPI_Wtime() - t0;
    if (rank == 0)
        std::printf("time_s %.9g\nresidual %.17g\n", t, std::sqrt(residual));
    MPI_Finalize();
    return 0;
}
