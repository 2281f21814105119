#pragma once
// Time of one 1D complex FFT per row length, with FFTW 3 (double precision). Gives t_fft1d, the "time of one
// 1D-FFT of a row of length rows" of the FFT blocks (000 eq. (4)).
//
// Method per length n: plan an out-of-place forward c2c transform (planning time measured and reported
// apart: FFTW_MEASURE and FFTW_PATIENT run trial transforms while planning), fill the input with a fixed
// pseudo-random signal, then time batches of `batch` executions of the plan (the input is preserved, so
// every execution does the same work). One sample = batch time / batch. The batch is chosen so a sample lasts
// at least minSampleTime_s, far above the timer resolution. Also reported: 5 n log2(n) / t, the conventional
// FFT flop rate. FFTW's planner is not thread-safe: kernels serialise planning with a process-wide mutex.

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
    /// CPU to pin to, -1 = none.
    int cpu = -1;

    std::string validate() const;
};

struct FftLengthResult {
    std::uint32_t n = 0;
    double planTime_s = 0;    ///< time spent in fftw_plan_dft_1d (kept apart from execution)
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

FftResult runFft(const FftParams& params, const RunControl& rc = {});

} // namespace cs::probe
