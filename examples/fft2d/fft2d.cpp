// A distributed 2-D FFT of an N x N complex matrix, the third example "your own application" of the README:
// the FFT of Underwood, Sass and Ligon, "A Reconfigurable Extension to the Network Interface of Beowulf
// Clusters" (IEEE Cluster 2001), section 3.1, whose run time section 4.1 models as T = T_compute + T_trans
// (eq. (3)): 2 x N / P row FFTs of length N a rank (eq. (4)) and two transposes of S = 16 N^2 / P bytes a
// rank (eq. (5)-(10)). The matrix is cut into blocks of rows (rank r holds the M = N / P rows r M .. r M + M - 1;
// N must be a multiple of P) and each 2-D FFT is the paper's four steps, as FFTW lays them out:
//   1. a 1-D FFT of each of my M rows (FFTW, one fftw_plan_many_dft for the M rows, FFTW_ESTIMATE)
//   2. transpose: my rows' columns j M .. j M + M - 1 packed as one contiguous M x M block for rank j, an
//      MPI_Alltoall of those blocks (M^2 complex doubles to each rank), then the local transpose of the
//      received blocks: element (i, k) of the block from rank s is my row k's element s M + i
//   3. a 1-D FFT of each of my M rows again (the original matrix's columns)
//   4. the same transpose again, which puts the result back in the input's layout (rank r holds the rows
//      r M .. r M + M - 1 of the 2-D transform)
// so two all-to-alls a 2-D FFT. Each repetition transforms the same input (step 1 is out of place), so every
// repetition does the same work and the result does not grow with ITERS.
//
// The input is the plane wave x[r][c] = exp(2 pi i (r + 2 c) / N) = cos(t) + i sin(t), t = 2 pi (r + 2 c) / N,
// a function of the global index alone, so the result does not depend on P. With FFTW's forward sign,
// Y[a][b] = sum_r sum_c x[r][c] exp(-2 pi i (a r + b c) / N) = sum_r exp(2 pi i (1 - a) r / N) *
// sum_c exp(2 pi i (2 - b) c / N), and each factor is N when its frequency is 0 (mod N) and 0 otherwise: Y is
// N^2 at (1, 2 mod N) and 0 elsewhere, and the checksum (the sum of |Y| over the matrix) is N^2 exactly, for
// every N and P, up to round-off. The wave is not symmetric in r and c, so a missing or misplaced transpose in
// step 2 spreads it (without step 2's transpose the sum is N^3).
//
//   cs-example-fft2d N ITERS [poll|sleep]   prints "time_s T" (the timed loop of ITERS 2-D FFTs on rank 0,
//                              after a barrier) and "checksum C" (the sum of |Y| over all ranks, MPI_Reduce:
//                              N^2, whatever P, up to round-off); N must be a multiple of the number of ranks.
//                              poll (the default): the transpose is one MPI_Alltoall; sleep: an isend to and
//                              an irecv from every other rank at once (the sends first), tested every 50 us,
//                              the rank sleeping between (ExampleMpi.h: for ranks that share CPUs, as the namespace cluster's do)
#include "../common/ExampleMpi.h"

#include <fftw3.h>
#include <mpi.h>

#include <climits>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <vector>

namespace {

using Complex = std::complex<double>;

fftw_complex* asFftw(std::vector<Complex>& v)
{
    return reinterpret_cast<fftw_complex*>(v.data());
}

// Step 2 (and 4): the transpose of the N x N matrix held as M rows of N a rank in `rows`, into `out` (the same
// layout; it may be `rows` itself, which is all packed before `out` is written), through `send` and `recv`
// (M x N each).
void transpose(const std::vector<Complex>& rows, std::vector<Complex>& out, std::vector<Complex>& send,
               std::vector<Complex>& recv, long N, long M, int P, bool sleeping)
{
    // Block j (for rank j): my M rows' columns j M .. j M + M - 1, row after row.
    for (int j = 0; j < P; ++j)
        for (long i = 0; i < M; ++i)
            std::memcpy(&send[(j * M + i) * M], &rows[i * N + j * M], M * sizeof(Complex));
    const int count = static_cast<int>(M * M);
    if (!sleeping) {
        MPI_Alltoall(send.data(), count, MPI_C_DOUBLE_COMPLEX, recv.data(), count, MPI_C_DOUBLE_COMPLEX,
                     MPI_COMM_WORLD);
    } else {
        int me = 0;
        MPI_Comm_rank(MPI_COMM_WORLD, &me);
        // The sends are posted before the receives. Above Open MPI's TCP eager limit (64 KiB) a block goes by
        // put: a header, the receiver's request, the bytes. A receive posted first matches a header that has
        // already come in (its sender's waitall ended earlier) and sends its request at once, before this
        // rank's own header; the partner then pushes its whole block into the pair's one TCP connection, and
        // this rank's request to it waits behind that block, so the two directions go one after the other.
        // Whether a run falls into that state is chance (how far apart two ranks' waits end): with the
        // receives first the transposes took 1.0 to 1.8 times the links' time from run to run. Sent first,
        // every rank's header leaves before its request, whatever the skew (README, "Your program, recorded").
        std::vector<MPI_Request> r;
        for (int j = 0; j < P; ++j)
            if (j != me)
                MPI_Isend(&send[j * M * M], count, MPI_C_DOUBLE_COMPLEX, j, 3, MPI_COMM_WORLD, &r.emplace_back());
        for (int j = 0; j < P; ++j)
            if (j != me)
                MPI_Irecv(&recv[j * M * M], count, MPI_C_DOUBLE_COMPLEX, j, 3, MPI_COMM_WORLD, &r.emplace_back());
        std::memcpy(&recv[me * M * M], &send[me * M * M], M * M * sizeof(Complex));
        example::waitAll(static_cast<int>(r.size()), r.data(), true);
    }
    // The block from rank s holds its rows s M + i, my columns k: my row k, column s M + i.
    for (int s = 0; s < P; ++s)
        for (long i = 0; i < M; ++i)
            for (long k = 0; k < M; ++k)
                out[k * N + s * M + i] = recv[(s * M + i) * M + k];
}

} // namespace

int main(int argc, char** argv)
{
    const example::Start run = example::start(
        argc, argv, "cs-example-fft2d", 256, 10, "N >= 1, a multiple of the number of ranks",
        [](long n, long it, int p) { return n >= 1 && it >= 1 && n % p == 0 && (n / p) * (n / p) <= INT_MAX; });
    const int rank = run.rank, P = run.P;
    const long N = run.N, iters = run.iters;
    const bool sleeping = run.sleeping;
    const long M = N / P;     // my rows
    const long r0 = rank * M; // the global index of the first
    std::vector<Complex> x(M * N), a(M * N), y(M * N), send(M * N), recv(M * N);
    for (long i = 0; i < M; ++i)
        for (long c = 0; c < N; ++c)
            x[i * N + c] = std::polar(1.0, 2 * std::numbers::pi * static_cast<double>(((r0 + i) + 2 * c) % N) / N);
    // The M row FFTs of step 1 (x into a) and of step 3 (a in place). The plans are made before the loop.
    const int n = static_cast<int>(N), howmany = static_cast<int>(M);
    fftw_plan rowsOfX =
        fftw_plan_many_dft(1, &n, howmany, asFftw(x), nullptr, 1, n, asFftw(a), nullptr, 1, n, FFTW_FORWARD,
                           FFTW_ESTIMATE);
    fftw_plan rowsOfA =
        fftw_plan_many_dft(1, &n, howmany, asFftw(a), nullptr, 1, n, asFftw(a), nullptr, 1, n, FFTW_FORWARD,
                           FFTW_ESTIMATE);
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (long it = 0; it < iters; ++it) {
        fftw_execute(rowsOfX);                          // 1. the rows, x into a
        transpose(a, a, send, recv, N, M, P, sleeping); // 2. transpose, a in place
        fftw_execute(rowsOfA);                          // 3. the rows again (the columns), a in place
        transpose(a, y, send, recv, N, M, P, sleeping); // 4. transpose back, a into y
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const double t = MPI_Wtime() - t0;
    double local = 0, checksum = 0;
    for (const Complex& v : y)
        local += std::abs(v);
    MPI_Reduce(&local, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        std::printf("time_s %.9g\nchecksum %.17g\n", t, checksum);
    fftw_destroy_plan(rowsOfX);
    fftw_destroy_plan(rowsOfA);
    MPI_Finalize();
    return 0;
}
