#include "cs/probe/Fft2d.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"
#include "cs/probe/Fft.h"
#include "cs/probe/GroupReps.h"
#include "cs/probe/Mesh.h"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint16_t kFft2dMarker = 0xF2D0; // hello marker of an app.fft2d mesh connection
constexpr std::uint64_t kMaxSlab = 1ull << 30;  // bytes of one rank's slab; three are held

using Complex = std::complex<double>;

double seconds(SteadyClock::time_point a, SteadyClock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

// FFTW's buffers and the in-place plan of M rows of length N.
struct RowPlan {
    fftw_complex* slab = nullptr;
    fftw_plan plan = nullptr;
    RowPlan(std::uint32_t M, std::uint32_t N)
    {
        std::lock_guard<std::mutex> lock(fftwPlannerMutex());
        slab = fftw_alloc_complex(static_cast<std::size_t>(M) * N);
        if (!slab)
            throw ProbeError(ErrorKind::System, "2D FFT: cannot allocate the slab");
        int n = static_cast<int>(N);
        // FFTW_MEASURE, as cpu.fft plans the t_fft1d it calibrates (it overwrites the buffer: filled later).
        plan = fftw_plan_many_dft(1, &n, static_cast<int>(M), slab, nullptr, 1, n, slab, nullptr, 1, n, FFTW_FORWARD,
                                  FFTW_MEASURE);
        if (!plan) {
            fftw_free(slab);
            throw ProbeError(ErrorKind::System, "2D FFT: FFTW could not plan the row FFTs");
        }
    }
    ~RowPlan()
    {
        std::lock_guard<std::mutex> lock(fftwPlannerMutex());
        fftw_destroy_plan(plan);
        fftw_free(slab);
    }
    RowPlan(const RowPlan&) = delete;
    RowPlan& operator=(const RowPlan&) = delete;
    Complex* data() { return reinterpret_cast<Complex*>(slab); }
};

// x[r][c] = cos(r) + i sin(c): fixed, cheap, and its sum is known in closed form per axis.
void fill(Complex* slab, std::uint32_t firstRow, std::uint32_t M, std::uint32_t N)
{
    for (std::uint32_t i = 0; i < M; ++i) {
        const double re = std::cos(static_cast<double>(firstRow + i));
        Complex* row = slab + static_cast<std::size_t>(i) * N;
        for (std::uint32_t c = 0; c < N; ++c)
            row[c] = Complex(re, std::sin(static_cast<double>(c)));
    }
}

// Local transpose: block j (columns j*M .. j*M+M-1 of the slab) transposed into send + j*M*M, in tiles of
// kTile x kTile (16 KiB in, 16 KiB out) so that both sides stay in the cache, as FFTW's own transposes are
// blocked: element by element along a row, every store went to another cache line (a stride of M x 16
// bytes), and the transpose took 18x the final permutation's time for the same bytes (1024 rows, P = 2).
void localTranspose(const Complex* slab, Complex* send, std::uint32_t M, std::uint32_t N, std::uint32_t P)
{
    constexpr std::uint32_t kTile = 32;
    const std::size_t MM = static_cast<std::size_t>(M) * M;
    for (std::uint32_t j = 0; j < P; ++j) {
        Complex* block = send + j * MM;
        const Complex* src = slab + static_cast<std::size_t>(j) * M;
        for (std::uint32_t i0 = 0; i0 < M; i0 += kTile)
            for (std::uint32_t c0 = 0; c0 < M; c0 += kTile) {
                const std::uint32_t i1 = std::min(M, i0 + kTile), c1 = std::min(M, c0 + kTile);
                for (std::uint32_t i = i0; i < i1; ++i) {
                    const Complex* row = src + static_cast<std::size_t>(i) * N;
                    for (std::uint32_t c = c0; c < c1; ++c)
                        block[static_cast<std::size_t>(c) * M + i] = row[c];
                }
            }
    }
}

// Final permutation: row c of the new slab is, for each source rank s, row c of block s (M values).
void permute(const Complex* recv, Complex* slab, std::uint32_t M, std::uint32_t N, std::uint32_t P)
{
    const std::size_t MM = static_cast<std::size_t>(M) * M;
    for (std::uint32_t c = 0; c < M; ++c)
        for (std::uint32_t s = 0; s < P; ++s)
            std::memcpy(slab + static_cast<std::size_t>(c) * N + static_cast<std::size_t>(s) * M,
                        recv + s * MM + static_cast<std::size_t>(c) * M, M * sizeof(Complex));
}

} // namespace

std::string Fft2dParams::validate(std::size_t P) const
{
    if (std::string bad = meshRanksProblem(P, rank, "the 2D FFT needs"); !bad.empty())
        return bad;
    std::ostringstream os;
    if (rows < P || rows > 65536 || rows % P != 0)
        os << "rows = " << rows << " must be in [P, 65536] and a multiple of P = " << P;
    else if (static_cast<std::uint64_t>(rows) * rows * 16 / P > kMaxSlab)
        os << "rows = " << rows << " gives " << static_cast<std::uint64_t>(rows) * rows * 16 / P
           << " B per rank; at most 1 GiB";
    else if (const std::string reps = RepBudget{warmups, repetitions, minReps, budget_s}.validate(); !reps.empty())
        os << reps;
    return os.str().empty() ? meshSetupProblem(setupTimeout_s, cpu) : os.str();
}

Fft2dResult runFft2d(std::uint32_t P, std::uint32_t me, const Fft2dParams& params, const Fft2dComm& comm,
                     const RunControl& rc)
{
    if (const std::string bad = params.validate(P); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "2D FFT: " + bad);
    if (me >= P)
        throw ProbeError(ErrorKind::InvalidParameter, "2D FFT: rank " + std::to_string(me) + " must be below P");
    ScopedCpuPin pin(params.cpu);
    const std::uint32_t N = params.rows;
    const std::uint32_t M = N / P;
    const std::size_t MM = static_cast<std::size_t>(M) * M;
    const std::uint64_t blockBytes = MM * sizeof(Complex);

    RowPlan rowsPlan(M, N);
    Complex* slab = rowsPlan.data();
    std::vector<Complex> send(static_cast<std::size_t>(M) * N), recv(static_cast<std::size_t>(M) * N);

    // One transpose: local, barrier, exchange, permutation; adds to the phase times.
    auto transpose = [&](double& local, double& a2a, double& perm) {
        auto t0 = SteadyClock::now();
        localTranspose(slab, send.data(), M, N, P);
        std::memcpy(recv.data() + me * MM, send.data() + me * MM, blockBytes); // the own block stays
        local += seconds(t0, SteadyClock::now());
        rc.check("2D FFT");
        comm.barrier();
        t0 = SteadyClock::now();
        comm.exchange(send.data(), recv.data(), blockBytes);
        a2a += seconds(t0, SteadyClock::now());
        t0 = SteadyClock::now();
        permute(recv.data(), slab, M, N, P);
        perm += seconds(t0, SteadyClock::now());
    };

    enum Phase { kT, kCompute, kTrans, kLocal, kA2a, kPerm, kPhases };
    PhaseSeries series(kPhases, RepBudget{params.warmups, params.repetitions, params.minReps, params.budget_s});
    for (std::uint32_t r = 0;; ++r) {
        fill(slab, me * M, M, N);
        comm.barrier();
        const auto start = SteadyClock::now();
        double compute = 0, local = 0, a2a = 0, perm = 0;
        auto t0 = SteadyClock::now();
        fftw_execute(rowsPlan.plan);
        compute += seconds(t0, SteadyClock::now());
        transpose(local, a2a, perm);
        t0 = SteadyClock::now();
        fftw_execute(rowsPlan.plan);
        compute += seconds(t0, SteadyClock::now());
        transpose(local, a2a, perm);
        const double T = seconds(start, SteadyClock::now());
        // The maximum over the ranks: the same numbers on every rank, so all stop after the same repetition.
        if (series.record(r, comm.allMax({T, compute, local + a2a + perm, local, a2a, perm})))
            break;
    }

    Fft2dResult result;
    if (me == 0) {
        // DC term = sum over the matrix: N sum_r cos(r) + i N sum_c sin(c).
        double sumCos = 0, sumSin = 0;
        for (std::uint32_t k = 0; k < N; ++k) {
            sumCos += std::cos(static_cast<double>(k));
            sumSin += std::sin(static_cast<double>(k));
        }
        const Complex expected(N * sumCos, N * sumSin);
        result.dcError = std::abs(slab[0] - expected) / std::max(1.0, std::abs(expected));
        if (!(result.dcError < 1e-6))
            throw ProbeError(ErrorKind::Protocol, "2D FFT: the result is wrong (DC term off by a relative " +
                                                      std::to_string(result.dcError) + "): the exchange corrupted data");
    }
    result.rank = me;
    result.P = P;
    result.rows = N;
    result.blockBytes = blockBytes;
    result.kept = series.kept();
    result.warmups = params.warmups;
    result.T = series.summary(kT);
    result.compute = series.summary(kCompute);
    result.trans = series.summary(kTrans);
    result.local = series.summary(kLocal);
    result.a2a = series.summary(kA2a);
    result.perm = series.summary(kPerm);
    result.env = captureEnvironment(params.cpu);
    return result;
}


Fft2dResult runTcpFft2d(Listener& own, const Fft2dParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "2D FFT: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "2D FFT: " + bad);
    const std::uint32_t P = static_cast<std::uint32_t>(params.peers.size());
    const std::uint32_t me = params.rank;
    MeshSetup m;
    m.peers = params.peers;
    m.rank = me;
    m.marker = kFft2dMarker;
    m.agree = params.rows;
    m.agreeName = "rows";
    m.setupTimeout_s = params.setupTimeout_s;
    m.what = "2D FFT";
    std::vector<Socket> socks = connectMesh(own, m, rc);

    Fft2dComm comm;
    comm.barrier = [&] { meshBarrier(socks, me, rc, "2D FFT barrier"); };
    comm.exchange = [&](const void* send, void* recv, std::uint64_t block) {
        meshAlltoall(socks, me, send, recv, block, params.pairwise, rc,
                     params.pairwise ? "2D FFT pairwise exchange" : "2D FFT all-to-all");
    };
    comm.allMax = [&](const std::vector<double>& v) { return meshAllMax(socks, me, v, rc, "2D FFT gather"); };
    return runFft2d(P, me, params, comm, rc);
}

} // namespace cs::probe
