// CPU pinning and the recorded environment.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

#include <sched.h>

using namespace cs::probe;

TEST_CASE("cache sizes from sysfs text", "[kernels][env]")
{
    CHECK(parseCacheSize("48K") == 48u * 1024);
    CHECK(parseCacheSize("107520K") == 107520ull * 1024); // this machine's L3: 105 MiB
    CHECK(parseCacheSize("2M") == 2u << 20);
    CHECK(parseCacheSize("1G") == 1ull << 30);
    CHECK(parseCacheSize("512") == 512);
    CHECK(parseCacheSize("") == 0);
    CHECK(parseCacheSize("K") == 0);
    CHECK(parseCacheSize("12X") == 0);
    CHECK(parseCacheSize("12KB") == 0);
}

TEST_CASE("environment records host, CPU, clock and library version", "[kernels][env]")
{
    const Environment e = captureEnvironment();
    CHECK_FALSE(e.hostname.empty());
    CHECK_FALSE(e.kernelRelease.empty());
    CHECK(e.onlineCpus >= 1);
    CHECK(e.cpuObserved >= 0);
    CHECK(e.requestedCpu == -1);
    CHECK_FALSE(e.affinity.empty());
    CHECK(e.timer == "steady_clock (CLOCK_MONOTONIC)");
    CHECK(e.timerResolution_s > 0);
    CHECK(e.timerResolution_s < 1e-3);
    CHECK(e.kernelsVersion == kKernelsVersion);
    // /proc/cpuinfo and the clock source exist on any Linux this runs on.
    CHECK_FALSE(e.cpuModel.empty());
    CHECK_FALSE(e.clockSource.empty());
}

TEST_CASE("pinning moves the thread to the CPU and restores the mask afterwards", "[kernels][env]")
{
    const std::vector<int> before = allowedCpus();
    REQUIRE_FALSE(before.empty());
    const int target = before.back();
    {
        ScopedCpuPin pin(target);
        const Environment e = captureEnvironment(target);
        CHECK(e.pinned);
        CHECK(e.requestedCpu == target);
        CHECK(e.cpuObserved == target);
        CHECK(e.affinity == std::to_string(target));
        CHECK(allowedCpus() == std::vector<int>{target});
    }
    CHECK(allowedCpus() == before);
    {
        ScopedCpuPin none(-1); // no-op
        CHECK(allowedCpus() == before);
    }
}

TEST_CASE("pinning to an impossible CPU fails with a clear error", "[kernels][env]")
{
    CHECK_THROWS_WITH(pinThisThread(-3), Catch::Contains("cpu = -3 must be in [0, "));
    try {
        pinThisThread(CPU_SETSIZE - 1); // no machine here has 1024 CPUs
        FAIL("pinning to CPU_SETSIZE - 1 should fail");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::System);
        CHECK_THAT(e.what(), Catch::Contains("cannot pin the thread to cpu"));
    }
}

TEST_CASE("the last-level cache is the largest data cache level", "[kernels][env]")
{
    const std::uint64_t llc = lastLevelCacheBytes();
    if (llc == 0) {
        WARN("no cache information in sysfs here; skipping");
        return;
    }
    CHECK(llc >= 32u * 1024);
    CHECK(captureEnvironment().lastLevelCache_B == llc);
}
