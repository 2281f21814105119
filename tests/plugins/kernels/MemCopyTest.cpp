// Memory-copy bandwidth in the STREAM Copy convention (small arrays here; the default is >= 4 x LLC).
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("memcpy and the copy loop both copy correctly and report STREAM-convention bandwidth",
          "[kernels][memcopy]")
{
    MemCopyParams p;
    p.arrayBytes = 8u << 20;
    p.warmups = 1;
    p.repetitions = 3;
    const MemCopyResult r = runMemCopy(p);
    CHECK(r.arrayBytes == 8u << 20);
    CHECK(r.bytesPerCopy == 16u << 20); // STREAM Copy counts read + write: 2 x 8 MiB
    CHECK(r.verified);
    CHECK(r.memcpyBandwidth.count == 3);
    CHECK(r.loopBandwidth.count == 3);
    CHECK(r.memcpyBandwidth.warmupsDiscarded == 1);
    CHECK(r.memcpyBandwidth.median > 0);
    CHECK(r.loopBandwidth.median > 0);
    CHECK(saneTime(r.memcpyTime.median));
    // bandwidth and time are reciprocal sample by sample; with 3 samples the medians correspond exactly.
    CHECK(r.memcpyBandwidth.median == Approx(static_cast<double>(r.bytesPerCopy) / r.memcpyTime.median));
    if (r.lastLevelCache_B > 0)
        CHECK(r.meetsFourTimesCache == (r.arrayBytes >= 4 * r.lastLevelCache_B));
}

TEST_CASE("the copy loop copies exactly count doubles", "[kernels][memcopy]")
{
    std::vector<double> a = {1, 2, 3, 4, 5}, b(5, 0.0);
    copyLoop(b.data(), a.data(), 3);
    CHECK(b == std::vector<double>{1, 2, 3, 0, 0});
}

TEST_CASE("memory copy with two pinned threads splits the arrays", "[kernels][memcopy]")
{
    const auto cpus = allowedCpus();
    MemCopyParams p;
    p.arrayBytes = (4u << 20) + 8; // rounded down to a multiple of 8 x threads = 16 bytes
    p.threads = 2;
    p.cpus = {cpus.front(), cpus.back()};
    p.warmups = 0;
    p.repetitions = 2;
    const MemCopyResult r = runMemCopy(p);
    CHECK(r.arrayBytes == 4u << 20);
    CHECK(r.threads == 2);
    CHECK(r.verified);
    CHECK(r.env.cpuObserved == cpus.front());
}

TEST_CASE("memory copy parameters out of bounds are rejected", "[kernels][memcopy]")
{
    MemCopyParams p;
    CHECK(p.validate().empty());
    p.arrayBytes = 100;
    CHECK(p.validate() == "arrayBytes = 100 must be 0 (4 x last-level cache) or in [4096, 68719476736]");
    p.arrayBytes = 0;
    p.threads = 2;
    p.cpus = {0};
    CHECK(p.validate() == "cpus lists 1 CPUs but threads = 2; give none or one per thread");
    CHECK_THROWS_WITH(runMemCopy(p), Catch::Contains("memory copy: cpus lists 1 CPUs"));
}

TEST_CASE("a raised stop flag cancels the memory copy between repetitions", "[kernels][memcopy][cancel]")
{
    std::atomic<bool> stop{true};
    RunControl rc;
    rc.stop = &stop;
    MemCopyParams p;
    p.arrayBytes = 1u << 20;
    p.threads = 2;
    try {
        (void)runMemCopy(p, rc);
        FAIL("should be cancelled");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
}
