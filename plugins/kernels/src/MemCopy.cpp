#include "cs/probe/MemCopy.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>

namespace cs::probe {

namespace {

constexpr std::uint64_t kMinAuto = 64ull << 20;
constexpr std::uint64_t kMaxArray = 64ull << 30;

struct FreeDeleter {
    void operator()(void* p) const noexcept { std::free(p); }
};

std::unique_ptr<double, FreeDeleter> allocPages(std::uint64_t bytes)
{
    const std::uint64_t rounded = (bytes + 4095) / 4096 * 4096;
    void* p = std::aligned_alloc(4096, rounded);
    if (!p)
        throw ProbeError(ErrorKind::System, "memory copy: cannot allocate " + std::to_string(rounded) + " bytes");
    return std::unique_ptr<double, FreeDeleter>(static_cast<double*>(p));
}

enum Op : int { Init = 0, Memcpy = 1, Loop = 2, Exit = 3 };

} // namespace

std::string MemCopyParams::validate() const
{
    std::ostringstream os;
    if (arrayBytes != 0 && (arrayBytes < 4096 || arrayBytes > kMaxArray))
        os << "arrayBytes = " << arrayBytes << " must be 0 (4 x last-level cache) or in [4096, " << kMaxArray << "]";
    else if (warmups > 1000)
        os << "warmups = " << warmups << " must be in [0, 1000]";
    else if (repetitions < 1 || repetitions > 100000)
        os << "repetitions = " << repetitions << " must be in [1, 100000]";
    else if (threads < 1 || threads > 256)
        os << "threads = " << threads << " must be in [1, 256]";
    else if (!cpus.empty() && cpus.size() != threads)
        os << "cpus lists " << cpus.size() << " CPUs but threads = " << threads << "; give none or one per thread";
    else
        for (int c : cpus)
            if (c < 0) {
                os << "cpu " << c << " in cpus must be >= 0";
                break;
            }
    return os.str();
}

MemCopyResult runMemCopy(const MemCopyParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "memory copy: " + bad);
    MemCopyResult result;
    result.threads = params.threads;
    result.lastLevelCache_B = lastLevelCacheBytes();
    std::uint64_t bytes = params.arrayBytes;
    if (bytes == 0)
        bytes = std::max(4 * result.lastLevelCache_B, kMinAuto);
    const std::uint64_t unit = 8ull * params.threads;
    bytes = std::max(bytes / unit * unit, unit);
    result.arrayBytes = bytes;
    result.bytesPerCopy = 2 * bytes; // STREAM Copy: one read + one write per element
    result.meetsFourTimesCache = result.lastLevelCache_B > 0 && bytes >= 4 * result.lastLevelCache_B;

    auto a = allocPages(bytes);
    auto c = allocPages(bytes);
    const std::size_t count = bytes / 8;
    const std::size_t slice = count / params.threads;
    const unsigned T = params.threads;

    std::atomic<int> op{Init};
    std::barrier sync(static_cast<std::ptrdiff_t>(T));
    auto work = [&](unsigned t) {
        double* src = a.get() + std::size_t(t) * slice;
        double* dst = c.get() + std::size_t(t) * slice;
        switch (op.load()) {
        case Init: // first touch by the thread that copies the slice (page placement)
            for (std::size_t i = 0; i < slice; ++i) {
                src[i] = 1.0 + static_cast<double>((std::size_t(t) * slice + i) % 1000);
                dst[i] = 0.0;
            }
            break;
        case Memcpy: std::memcpy(dst, src, slice * 8); break;
        case Loop: copyLoop(dst, src, slice); break;
        default: break;
        }
    };
    std::vector<std::thread> helpers;
    std::mutex pinMutex;
    std::string pinError;
    for (unsigned t = 1; t < T; ++t) {
        helpers.emplace_back([&, t] {
            if (!params.cpus.empty()) {
                try {
                    pinThisThread(params.cpus[t]);
                } catch (const ProbeError& e) {
                    std::lock_guard<std::mutex> lock(pinMutex);
                    pinError = e.what();
                }
            }
            for (;;) {
                sync.arrive_and_wait(); // start
                if (op.load() == Exit)
                    return;
                work(t);
                sync.arrive_and_wait(); // end
            }
        });
    }
    auto runOp = [&](Op o) {
        op = o;
        const auto t0 = SteadyClock::now();
        sync.arrive_and_wait();
        work(0);
        sync.arrive_and_wait();
        return std::chrono::duration<double>(SteadyClock::now() - t0).count();
    };
    auto stopHelpers = [&] {
        op = Exit;
        sync.arrive_and_wait();
        for (auto& h : helpers)
            h.join();
    };

    std::vector<double> tm, tl;
    try {
        ScopedCpuPin pin(params.cpus.empty() ? -1 : params.cpus[0]);
        runOp(Init); // the helpers have pinned themselves before this returns
        {
            std::lock_guard<std::mutex> lock(pinMutex);
            if (!pinError.empty())
                throw ProbeError(ErrorKind::System, "memory copy: " + pinError);
        }
        for (std::uint32_t r = 0; r < params.warmups + params.repetitions; ++r) {
            rc.check("memory copy");
            // Interleaved so that drift (frequency, other load) affects both methods alike.
            tm.push_back(runOp(Memcpy));
            tl.push_back(runOp(Loop));
        }
        result.verified = std::memcmp(a.get(), c.get(), slice * T * 8) == 0;
        result.env = captureEnvironment(params.cpus.empty() ? -1 : params.cpus[0]);
    } catch (...) {
        stopHelpers();
        throw;
    }
    stopHelpers();
    std::vector<double> bm(tm.size()), bl(tl.size());
    const double moved = static_cast<double>(slice * T * 16); // 2 x bytes actually copied
    for (std::size_t i = 0; i < tm.size(); ++i) {
        bm[i] = moved / tm[i];
        bl[i] = moved / tl[i];
    }
    result.memcpyTime = summarize(tm, params.warmups);
    result.loopTime = summarize(tl, params.warmups);
    result.memcpyBandwidth = summarize(bm, params.warmups);
    result.loopBandwidth = summarize(bl, params.warmups);
    return result;
}

} // namespace cs::probe
