#pragma once
// Where and on what a probe ran: CPU pinning and the environment recorded with every result.
//
// Loopback latency on this class of machine changes by about 2.5x with CPU placement, so every kernel can
// pin the calling thread (parameter `cpu`) and every result carries the Environment captured at the end of
// the run (the CPU it actually ran on, the affinity mask, CPU model, clock source, ...).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct Environment {
    std::string hostname;        ///< gethostname()
    std::string kernelRelease;   ///< uname -r
    std::string cpuModel;        ///< "model name" of the first processor in /proc/cpuinfo ("" if absent)
    int onlineCpus = 0;          ///< sysconf(_SC_NPROCESSORS_ONLN)
    int requestedCpu = -1;       ///< CPU the kernel was asked to pin to; -1 = no pinning requested
    bool pinned = false;         ///< the affinity mask of the measuring thread holds exactly one CPU
    int cpuObserved = -1;        ///< sched_getcpu() of the measuring thread when captured
    std::string affinity;        ///< affinity mask of the measuring thread as a CPU list, e.g. "0" or "0-1"
    std::string clockSource;     ///< /sys/devices/system/clocksource/clocksource0/current_clocksource (e.g. "tsc")
    std::string timer;           ///< the timer the kernels use: "steady_clock (CLOCK_MONOTONIC)"
    double timerResolution_s = 0; ///< clock_getres(CLOCK_MONOTONIC), seconds
    std::uint64_t lastLevelCache_B = 0; ///< size of the highest-level data/unified cache of cpu0, bytes (0 unknown)
    std::string kernelsVersion;  ///< version of this kernel library (kKernelsVersion)
};

/// Version of the kernel library and of its wire protocol (bumped when a hello or frame layout changes).
inline constexpr const char* kKernelsVersion = "1.1.0";
inline constexpr std::uint16_t kWireVersion = 2; // 2: ping-pong round counts on the data connection

/// Pins the calling thread to `cpu` with sched_setaffinity. Throws ProbeError(InvalidParameter) if cpu is
/// negative or >= CPU_SETSIZE, ProbeError(System) if the kernel refuses (CPU offline or outside the cgroup).
void pinThisThread(int cpu);

/// RAII: pins the calling thread to `cpu` (no-op when cpu < 0) and restores the previous affinity mask when
/// destroyed. Kernels use this for their `cpu` parameter, so a long-lived agent thread is not left pinned.
class ScopedCpuPin {
public:
    explicit ScopedCpuPin(int cpu);
    ~ScopedCpuPin();
    ScopedCpuPin(const ScopedCpuPin&) = delete;
    ScopedCpuPin& operator=(const ScopedCpuPin&) = delete;
    int cpu() const noexcept { return cpu_; }

private:
    int cpu_ = -1;
    bool restore_ = false;
    std::vector<unsigned char> saved_; // cpu_set_t bytes
};

/// Captures the environment of the calling thread. `requestedCpu` is copied into the result.
Environment captureEnvironment(int requestedCpu = -1);

/// The CPUs in the calling thread's affinity mask, ascending.
std::vector<int> allowedCpus();

/// Size in bytes of the largest cache level of cpu0 that holds data (type Data or Unified), read from
/// /sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}; 0 if unreadable.
std::uint64_t lastLevelCacheBytes();

/// Parses a sysfs cache size such as "48K", "2048K", "105M", "1G" or "512" into bytes; 0 if malformed.
std::uint64_t parseCacheSize(const std::string& text);

} // namespace cs::probe
