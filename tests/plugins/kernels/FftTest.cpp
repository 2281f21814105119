// 1D FFT time per row length with FFTW, plan time apart.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("FFT timing per row length with the plan time kept apart", "[kernels][fft]")
{
    FftParams p;
    p.lengths = {64, 1024, 1000}; // powers of two and not
    p.planner = FftPlanner::Estimate;
    p.warmups = 1;
    p.repetitions = 5;
    p.minSampleTime_s = 1e-4;
    const FftResult r = runFft(p);
    CHECK_THAT(r.fftwVersion, Catch::Contains("fftw"));
    REQUIRE(r.lengths.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& l = r.lengths[i];
        CHECK(l.n == p.lengths[i]);
        CHECK(l.planTime_s >= 0);
        CHECK(l.batch >= 1);
        // The default 8 MiB slab holds every row of these n x n arrays: 64 x 64 x 16 B = 64 KiB,
        // 1024 x 1024 x 16 B = 16 MiB > 8 MiB, so 8 MiB / (16 x 1024) = 512 rows; 1000: 8388608 / 16000 = 524.
        CHECK(l.rows == (l.n == 64 ? 64u : l.n == 1024 ? 512u : 524u));
        CHECK(l.time.count == 5);
        CHECK(saneTime(l.time.median));
        CHECK(ordered(l.time));
        // flop rate = 5 n log2 n / t
        CHECK(l.flopRate == Approx(5.0 * l.n * std::log2(static_cast<double>(l.n)) / l.time.median));
    }
}

TEST_CASE("FFT with the MEASURE planner", "[kernels][fft]")
{
    FftParams p;
    p.lengths = {256};
    p.planner = FftPlanner::Measure;
    p.repetitions = 3;
    p.minSampleTime_s = 1e-4;
    const FftResult r = runFft(p);
    CHECK(r.planner == FftPlanner::Measure);
    CHECK(r.lengths.at(0).planTime_s > 0);
    CHECK(saneTime(r.lengths.at(0).time.median));
}

TEST_CASE("FFT parameters out of bounds are rejected", "[kernels][fft]")
{
    FftParams p;
    CHECK(p.validate().empty());
    p.lengths = {1};
    CHECK(p.validate() == "row length 1 must be in [2, 2^24]");
    p.lengths = {};
    CHECK(p.validate() == "lengths has 0 entries; it needs 1 to 64");
    p.lengths = {8};
    p.minSampleTime_s = 0;
    CHECK(p.validate() == "minSampleTime_s = 0 must be in [1e-6, 10] seconds");
    CHECK_THROWS_WITH(runFft(p), "FFT: minSampleTime_s = 0 must be in [1e-6, 10] seconds");
}

TEST_CASE("the FFT slab holds the n x n array's rows up to its size, and at least one", "[kernels][fft]")
{
    // rows = min(n, slabBytes / (16 n)), at least 1 (a complex double is 16 B).
    CHECK(rowsPerSlab(256, 8u << 20) == 256);           // 256 x 256 x 16 = 1 MiB: all rows
    CHECK(rowsPerSlab(2048, 8u << 20) == 256);          // 8388608 / 32768 = 256
    CHECK(rowsPerSlab(65536, 8u << 20) == 8);           // 8388608 / 1048576 = 8
    CHECK(rowsPerSlab(1u << 24, 8u << 20) == 1);        // 8388608 / 268435456 = 0 -> 1
    CHECK(rowsPerSlab(1024, 0) == 1);                   // slab 0: one row
    FftParams p;
    p.slabBytes = (1ull << 30) + 1;
    CHECK(p.validate() == "slabBytes = 1073741825 must be at most 1 GiB");
}
