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
