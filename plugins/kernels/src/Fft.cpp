#include "cs/probe/Fft.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <sstream>
#include <vector>

namespace cs::probe {

namespace {

std::mutex& plannerMutex()
{
    return fftwPlannerMutex();
}

unsigned plannerFlag(FftPlanner p)
{
    switch (p) {
    case FftPlanner::Estimate: return FFTW_ESTIMATE;
    case FftPlanner::Measure: return FFTW_MEASURE;
    case FftPlanner::Patient: return FFTW_PATIENT;
    }
    return FFTW_MEASURE;
}

struct Buffers {
    Buffers() = default;
    Buffers(const Buffers&) = delete;
    Buffers& operator=(const Buffers&) = delete;
    fftw_complex* in = nullptr;
    fftw_complex* out = nullptr;
    fftw_plan plan = nullptr;
    ~Buffers()
    {
        std::lock_guard<std::mutex> lock(plannerMutex());
        if (plan)
            fftw_destroy_plan(plan);
        fftw_free(in);
        fftw_free(out);
    }
};

} // namespace

std::uint32_t rowsPerSlab(std::uint32_t n, std::uint64_t slabBytes)
{
    const std::uint64_t rows = slabBytes / (sizeof(fftw_complex) * static_cast<std::uint64_t>(n));
    return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(rows, 1, n));
}

std::string FftParams::validate() const
{
    std::ostringstream os;
    if (lengths.empty() || lengths.size() > 64)
        os << "lengths has " << lengths.size() << " entries; it needs 1 to 64";
    else if (planner != FftPlanner::Estimate && planner != FftPlanner::Measure && planner != FftPlanner::Patient)
        os << "planner = " << static_cast<int>(planner) << " must be estimate (0), measure (1) or patient (2)";
    else if (warmups > 10000)
        os << "warmups = " << warmups << " must be in [0, 10000]";
    else if (repetitions < 1 || repetitions > 1000000)
        os << "repetitions = " << repetitions << " must be in [1, 1000000]";
    else if (!(minSampleTime_s >= 1e-6 && minSampleTime_s <= 10))
        os << "minSampleTime_s = " << minSampleTime_s << " must be in [1e-6, 10] seconds";
    else if (slabBytes > (1ull << 30))
        os << "slabBytes = " << slabBytes << " must be at most 1 GiB";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    else
        for (auto n : lengths)
            if (n < 2 || n > (1u << 24)) {
                os << "row length " << n << " must be in [2, 2^24]";
                break;
            }
    return os.str();
}

std::mutex& fftwPlannerMutex()
{
    static std::mutex m;
    return m;
}

FftResult runFft(const FftParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "FFT: " + bad);
    ScopedCpuPin pin(params.cpu);
    FftResult result;
    result.fftwVersion = fftw_version;
    result.planner = params.planner;
    // Every length is planned and batched first, then the repetitions go round the lengths: one sample of
    // each length per round. A shared or virtual machine changes speed for seconds at a time (two modes
    // about 3x apart were measured on this project's 2-core machine), and lengths timed one after the other
    // each fell into one mode: t(32768) came out below t(16384) in one run, and the n log2 n fit over them
    // had R^2 = 0.28. Interleaved, every length's median sees the same mix.
    const std::size_t count = params.lengths.size();
    std::vector<Buffers> buffers(count);
    std::vector<FftLengthResult> lengths(count);
    for (std::size_t k = 0; k < count; ++k) {
        const std::uint32_t n = params.lengths[k];
        rc.check("FFT");
        Buffers& b = buffers[k];
        FftLengthResult& lr = lengths[k];
        lr.n = n;
        lr.rows = rowsPerSlab(n, params.slabBytes);
        const std::size_t points = static_cast<std::size_t>(lr.rows) * n;
        b.in = fftw_alloc_complex(points);
        b.out = fftw_alloc_complex(points);
        if (!b.in || !b.out)
            throw ProbeError(ErrorKind::System, "FFT: cannot allocate buffers for n = " + std::to_string(n) + " x " +
                                                    std::to_string(lr.rows) + " rows");
        {
            std::lock_guard<std::mutex> lock(plannerMutex());
            const auto t0 = SteadyClock::now();
            int len = static_cast<int>(n);
            b.plan = fftw_plan_many_dft(1, &len, static_cast<int>(lr.rows), b.in, nullptr, 1, len, b.out, nullptr, 1,
                                        len, FFTW_FORWARD, plannerFlag(params.planner));
            lr.planTime_s = std::chrono::duration<double>(SteadyClock::now() - t0).count();
        }
        if (!b.plan)
            throw ProbeError(ErrorKind::System, "FFT: FFTW could not plan n = " + std::to_string(n));
        // Fill after planning (MEASURE/PATIENT overwrite the arrays). Out-of-place c2c preserves the input,
        // so every execution does the same work on the same data.
        std::uint64_t x = 0x9e3779b97f4a7c15ull;
        for (std::size_t i = 0; i < points; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b.in[i][0] = static_cast<double>(x % 2001) / 1000.0 - 1.0;
            b.in[i][1] = static_cast<double>((x >> 20) % 2001) / 1000.0 - 1.0;
        }
        // Batch so that one sample lasts at least minSampleTime_s.
        std::uint32_t batch = 1;
        for (;;) {
            rc.check("FFT");
            const auto t0 = SteadyClock::now();
            for (std::uint32_t i = 0; i < batch; ++i)
                fftw_execute(b.plan);
            const double t = std::chrono::duration<double>(SteadyClock::now() - t0).count();
            if (t >= params.minSampleTime_s || batch >= (1u << 24))
                break;
            const double grow = t > 0 ? params.minSampleTime_s / t * 1.2 : 16.0;
            batch = static_cast<std::uint32_t>(
                std::min<double>(std::max<double>(batch * 2.0, std::ceil(batch * grow)), 1u << 24));
        }
        lr.batch = batch;
    }
    std::vector<std::vector<double>> samples(count);
    for (std::uint32_t r = 0; r < params.warmups + params.repetitions; ++r)
        for (std::size_t k = 0; k < count; ++k) {
            rc.check("FFT");
            const std::uint32_t batch = lengths[k].batch;
            const auto t0 = SteadyClock::now();
            for (std::uint32_t i = 0; i < batch; ++i)
                fftw_execute(buffers[k].plan);
            samples[k].push_back(std::chrono::duration<double>(SteadyClock::now() - t0).count() / batch /
                                 lengths[k].rows);
        }
    for (std::size_t k = 0; k < count; ++k) {
        FftLengthResult& lr = lengths[k];
        lr.time = summarize(samples[k], params.warmups);
        lr.flopRate = 5.0 * lr.n * std::log2(static_cast<double>(lr.n)) / lr.time.median;
        result.lengths.push_back(lr);
    }
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
