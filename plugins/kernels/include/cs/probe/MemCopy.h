#pragma once
// Memory-copy bandwidth in the STREAM "Copy" convention.
//
// Copy is c[j] = a[j] over two arrays of `arrayBytes` each; STREAM counts 2 x arrayBytes per copy (one read
// of a, one write of c: write-allocate traffic is not counted). Bandwidth sample = 2 x arrayBytes / time of one
// full copy. Arrays default to at least 4 x the last-level cache (STREAM's rule, so caches cannot hold them),
// are page-aligned and touched before timing (no page faults inside a timed copy). Two methods are timed,
// interleaved repetition by repetition so that drift affects both alike:
//   - Memcpy:   std::memcpy of the whole array (per thread: of its slice);
//   - CopyLoop: a plain loop over doubles, compiled with loop-to-memcpy pattern replacement disabled so it
//               stays a loop (the compiler may vectorise it, as it does STREAM's).
// With threads > 1 each thread copies a contiguous slice and one sample is the time until all finished.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct MemCopyParams {
    /// Bytes per array; 0 = max(4 x last-level cache, 64 MiB). Bounds 0 or [4 KiB, 64 GiB]; rounded down to a
    /// multiple of 8 x threads bytes.
    std::uint64_t arrayBytes = 0;
    /// Discarded repetitions. Bounds [0, 1000]. Default 2.
    std::uint32_t warmups = 2;
    /// Kept repetitions per method. Bounds [1, 100000]. Default 10 (STREAM's NTIMES).
    std::uint32_t repetitions = 10;
    /// Copy threads. Bounds [1, 256]. Thread i is pinned to cpus[i] when cpus is non-empty.
    std::uint32_t threads = 1;
    /// CPUs to pin the threads to (size must be 0 or threads). With threads = 1, cpus = {c} pins the caller.
    std::vector<int> cpus;

    std::string validate() const;
};

struct MemCopyResult {
    std::uint64_t arrayBytes = 0;       ///< bytes per array actually used
    std::uint64_t bytesPerCopy = 0;     ///< 2 x arrayBytes (STREAM Copy convention)
    std::uint64_t lastLevelCache_B = 0; ///< as read from sysfs (0 unknown)
    bool meetsFourTimesCache = false;   ///< arrayBytes >= 4 x lastLevelCache_B (false when unknown)
    std::uint32_t threads = 1;
    Summary memcpyBandwidth;            ///< bytes/second
    Summary loopBandwidth;              ///< bytes/second
    Summary memcpyTime;                 ///< seconds per copy
    Summary loopTime;                   ///< seconds per copy
    bool verified = false;              ///< the destination equalled the source after the last copy
    Environment env;
};

/// Runs the measurement in the calling thread (plus threads - 1 helpers). Throws ProbeError
/// (InvalidParameter, System on allocation failure, Cancelled, Timeout between repetitions).
MemCopyResult runMemCopy(const MemCopyParams& params, const RunControl& rc = {});

/// The copy loop used for CopyLoop (exposed so a benchmark can time exactly the same code):
/// dst[i] = src[i] for i < count.
void copyLoop(double* dst, const double* src, std::size_t count) noexcept;

} // namespace cs::probe
