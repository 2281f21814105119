// A conjugate-gradient solver, the second example "your own application" of the README (presets/cg.json
// models it). It solves A x = b for the 7-point Laplacian A of an N^3 grid (Dirichlet boundary: the cells
// outside the grid are zero), b = 1 everywhere, from x = 0, for ITERS iterations. The grid is cut into slabs
// along z as in examples/jacobi (rank r holds N / P planes, the first N % P ranks one more).
//
// Each iteration is the textbook one (Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed.,
// Algorithm 6.18; Shewchuk 1994, "An Introduction to the Conjugate Gradient Method Without the Agonizing
// Pain", B2):
//   q = A p                  a sparse matrix-vector product: the two boundary planes of p exchanged with
//                            the neighbouring ranks (sent and received at once), then 7 terms a cell
//   alpha = rr / (p . q)     a dot product: MPI_Allreduce of one double
//   x += alpha p, r -= alpha q
//   rr' = r . r              a dot product: MPI_Allreduce of one double
//   p = r + (rr' / rr) p
// so two allreduces and one halo exchange an iteration.
//
//   cs-example-cg N ITERS [poll|sleep]   prints "time_s T" (the timed loop on rank 0, after a barrier) and
//                                        "residual R" (the last |r|, the same whatever P, up to round-off);
//                                        poll|sleep: how a rank waits for its halo (ExampleMpi.h)
#include "../common/ExampleMpi.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double dot(const std::vector<double>& a, const std::vector<double>& b, long from, long to)
{
    double s = 0;
    for (long c = from; c < to; ++c)
        s += a[c] * b[c];
    return example::sumAll(s);
}

} // namespace

int main(int argc, char** argv)
{
    const example::Start run = example::start(argc, argv, "cs-example-cg", 64, 20,
                                              "N >= 2 and at least one plane a rank",
                                              [](long n, long it, int p) { return n >= 2 && it >= 1 && n >= p; });
    const int rank = run.rank, P = run.P;
    const long N = run.N, iters = run.iters;
    const bool sleeping = run.sleeping;
    const example::Slab slab = example::slabOf(N, rank, P);
    const long nz = slab.nz;
    const long plane = N * N;
    // Planes 1..nz are this rank's; 0 and nz + 1 are ghosts (zero beyond the grid's faces).
    const long first = plane, last = (nz + 1) * plane;
    std::vector<double> x((nz + 2) * plane, 0.0), r((nz + 2) * plane, 0.0), p((nz + 2) * plane, 0.0),
        q((nz + 2) * plane, 0.0);
    for (long c = first; c < last; ++c)
        r[c] = p[c] = 1.0; // r = b - A x = b
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    double rr = dot(r, r, first, last);
    for (long it = 0; it < iters; ++it) {
        example::exchangeHalo(p.data(), plane, slab, sleeping);
        for (long k = 1; k <= nz; ++k)
            for (long j = 0; j < N; ++j)
                for (long i = 0; i < N; ++i) {
                    const long c = k * plane + j * N + i;
                    double s = 6.0 * p[c] - p[c - plane] - p[c + plane];
                    if (i > 0)
                        s -= p[c - 1];
                    if (i < N - 1)
                        s -= p[c + 1];
                    if (j > 0)
                        s -= p[c - N];
                    if (j < N - 1)
                        s -= p[c + N];
                    q[c] = s;
                }
        const double alpha = rr / dot(p, q, first, last);
        for (long c = first; c < last; ++c) {
            x[c] += alpha * p[c];
            r[c] -= alpha * q[c];
        }
        const double next = dot(r, r, first, last);
        const double beta = next / rr;
        rr = next;
        for (long c = first; c < last; ++c)
            p[c] = r[c] + beta * p[c];
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const double t = MPI_Wtime() - t0;
    if (rank == 0)
        std::printf("time_s %.9g\nresidual %.17g\n", t, std::sqrt(rr));
    MPI_Finalize();
    return 0;
}
