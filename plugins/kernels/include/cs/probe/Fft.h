#pragma once
// Time of one 1D complex FFT per row length, with FFTW 3 (double precision). Gives t_fft1d, the "time of one
// 1D-FFT of a row of length rows" of the FFT blocks (000 eq. (4)).
//
// t_fft1d is one row's FFT inside the row pass of a 2D FFT, so the probe times rows of a slab, not one
// row over and over: per length n, an out-of-place forward c2c transform of `rows` rows of length n at once
// (fftw_plan_many_dft, as the 2D FFT kernel plans its slab), rows = n (the n x n array) or as many as fit
// in slabBytes per array, at least one. A row that stays in the first-level caches is 2-4x faster: on this
// project's 2-core machine one 1024-point row repeated took 1.3-3.3 us, a 512 x 1024 slab 7.5 us a row, and
// app.fft2d's row passes at rows = 1024 measured 7.5-7.8 us a row (issue 22: calibrated from the repeated
// row, verify's T_compute was 74-82% short).
//
// Planning time is measured and reported apart (FFTW_MEASURE and FFTW_PATIENT run trial transforms while
// planning); the input is a fixed pseudo-random signal, preserved by the out-of-place transform so every
// execution does the same work. A sample is a batch of executions, chosen so it lasts at least
// minSampleTime_s, divided by batch x rows. The lengths are planned first and then sampled in turn, one
// sample of each per round, so a change in the machine's speed hits every length alike. Also reported:
// 5 n log2(n) / t, the conventional FFT flop rate. FFTW's planner is not thread-safe: kernels serialise
// planning with a process-wide mutex.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace cs::probe {

enum class FftPlanner : std::uint8_t { Estimate = 0, Measure = 1, Patient = 2 };

struct FftParams {
    /// Row lengths n (complex points). 1..64 entries, each in [2, 2^24].
    std::vector<std::uint32_t> lengths = {1024};
    FftPlanner planner = FftPlanner::Measure;
    /// Discarded samples per length. Bounds [0, 10000]. Default 3.
    std::uint32_t warmups = 3;
    /// Kept samples per length. Bounds [1, 1000000]. Default 30.
    std::uint32_t repetitions = 30;
    /// Minimum duration of one sample, seconds. Bounds [1e-6, 10]. Default 0.2 ms: 10^4 times the cost of a
    /// clock read, yet short enough that most samples fit between two scheduler preemptions on a busy node.
    double minSampleTime_s = 2e-4;
    /// Bytes of each of the slab's two arrays (input, output): rows = min(n, slabBytes / (16 n)), at least 1.
    /// Bounds [0, 1 GiB]; 0 = one row (the cache-resident transform). Default 8 MiB: rows = 512 at n = 1024,
    /// the slab of app.fft2d at rows = 1024 on two nodes.
    std::uint64_t slabBytes = 8u << 20;
    /// CPU to pin to, -1 = none.
    int cpu = -1;

    std::string validate() const;
};

struct FftLengthResult {
    std::uint32_t n = 0;
    double planTime_s = 0;    ///< time spent in fftw_plan_dft_1d (kept apart from execution)
    std::uint32_t rows = 1;   ///< rows transformed per execution (rowsPerSlab)
    std::uint32_t batch = 0;  ///< executions per sample
    Summary time;             ///< seconds per transform: t_fft1d = time.median
    double flopRate = 0;      ///< 5 n log2(n) / time.median, flop/s
};

struct FftResult {
    std::string fftwVersion;  ///< fftw_version
    FftPlanner planner = FftPlanner::Measure;
    std::vector<FftLengthResult> lengths;
    Environment env;
};

/// FFTW's planner is not thread-safe (fftw_execute is): every kernel that plans or destroys a plan holds this.
std::mutex& fftwPlannerMutex();

/// Rows of length n per slab of slabBytes per array: min(n, slabBytes / (16 n)), at least 1.
std::uint32_t rowsPerSlab(std::uint32_t n, std::uint64_t slabBytes);

FftResult runFft(const FftParams& params, const RunControl& rc = {});

} // namespace cs::probe
