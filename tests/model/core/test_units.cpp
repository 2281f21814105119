#include "model/core/ModelError.h"
#include "model/core/ParamSpec.h"
#include "model/core/FormatOptions.h"
#include "model/core/Unit.h"

#include <catch2/catch.hpp>

#include <limits>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

using namespace cs;

TEST_CASE("parseQuantity reads SI numbers and display units", "[core][units]")
{
    CHECK(parseQuantity("1024", Unit::Count) == 1024.0);
    CHECK(parseQuantity("2^20", Unit::Count) == 1048576.0);
    // 80 MiB/s = 80 * 1048576 B/s = 83886080 B/s
    CHECK(parseQuantity("80MiB/s", Unit::BytesPerSecond) == 83886080.0);
    // 100 Mbit/s = 100e6 / 8 = 12.5e6 B/s
    CHECK(parseQuantity("100 Mbit/s", Unit::BytesPerSecond) == Approx(12.5e6));
    CHECK(parseQuantity("15us", Unit::Seconds) == Approx(15e-6));
    CHECK(parseQuantity("4 KiB", Unit::Bytes) == 4096.0);
}

TEST_CASE("parseQuantity rejects bad text with a message naming it", "[core][units]")
{
    CHECK_THROWS_WITH(parseQuantity("abc", Unit::Count), Catch::Contains("'abc' is not a number"));
    CHECK_THROWS_WITH(parseQuantity("5 furlongs", Unit::Seconds), Catch::Contains("unknown unit 'furlongs'"));
    CHECK_THROWS_WITH(parseQuantity("5 MiB", Unit::Seconds), Catch::Contains("B but s is expected"));
    CHECK_THROWS_AS(parseQuantity("", Unit::Seconds), ModelError);
    CHECK_THROWS_AS(parseQuantity("1e999", Unit::Seconds), ModelError);
}

TEST_CASE("ParamSpec range problems name the value and range", "[core][units]")
{
    const ParamSpec p = countParam("P", 8, 1, 1024, "processors", "test");
    CHECK(p.rangeProblem(8).empty());
    CHECK(p.rangeProblem(0) == "= 0 is out of range [1, 1024]");
    CHECK(p.rangeProblem(2.5) == "= 2.5 must be a whole number");
    CHECK_FALSE(p.rangeProblem(std::numeric_limits<double>::quiet_NaN()).empty());

    const ParamSpec c = choiceParam("sched", {"SRR", "WSRR", "WD"}, 0, "scheduler", "test");
    CHECK(c.parse("WD") == 2.0);
    CHECK(c.parse("1") == 1.0);
    CHECK_THROWS_WITH(c.parse("FIFO"), Catch::Contains("one of SRR (0), WSRR (1), WD (2)"));
}

// accepts() is the range rule the plan, the generators and the forms share;
// rangeProblem() words a refusal of exactly the values accepts() refuses.
TEST_CASE("ParamSpec::accepts takes the bounds, refuses NaN, and wants counts whole", "[core][units]")
{
    const ParamSpec p = countParam("P", 8, 1, 1024, "processors", "test");
    const ParamSpec l = param("L", Unit::Seconds, "us", 5e-6, 0.0, 1.0, "latency", "test");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(p.accepts(1));
    CHECK(p.accepts(1024)); // both bounds are inclusive
    CHECK_FALSE(p.accepts(0));
    CHECK_FALSE(p.accepts(1025));
    CHECK_FALSE(p.accepts(2.5)); // a count is whole
    CHECK(l.accepts(2.5e-6));   // a time need not be
    CHECK_FALSE(l.accepts(nan));
    CHECK_FALSE(l.accepts(inf));
    CHECK_FALSE(l.accepts(-inf));
    for (double v : {-1.0, 0.0, 0.5, 1.0, 2.0, 1024.0, 1024.5, 1025.0, nan, inf}) {
        INFO(v);
        CHECK(p.accepts(v) == p.rangeProblem(v).empty());
        CHECK(l.accepts(v) == l.rangeProblem(v).empty());
    }
}

TEST_CASE("formatNumber round-trips", "[core][units]")
{
    CHECK(formatNumber(0.1) == "0.1");
    CHECK(formatNumber(1048576) == "1048576");
    CHECK(std::stod(formatNumber(1.0 / 3.0)) == 1.0 / 3.0);
    // printf's %g style, not to_chars' shortest: 1e5 is "100000" (%.6g), 1e-5 "1e-05".
    CHECK(formatNumber(1e5) == "100000");
    CHECK(formatNumber(1e-5) == "1e-05");
    CHECK(formatNumber(123456789) == "123456789"); // 9 digits: %.9g
    CHECK(formatNumber(-0.0) == "-0");
    CHECK(formatNumber(INFINITY) == "inf");
}

TEST_CASE("formatNumber writes what the printf search it replaced wrote", "[core][units]")
{
    // The definition, written the slow way: the smallest precision from 6 to
    // 17 whose %.*g text reads back as v.
    auto reference = [](double v) {
        char buf[64];
        for (int precision = 6; precision <= 17; ++precision) {
            std::snprintf(buf, sizeof buf, "%.*g", precision, v);
            if (std::strtod(buf, nullptr) == v || precision == 17)
                break;
        }
        return std::string(buf);
    };
    std::mt19937_64 rng(35);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    std::uniform_int_distribution<int> exponent(-310, 308);
    for (int i = 0; i < 200000; ++i) {
        // Random bit patterns (every digit count), decimal-looking values
        // (few digits: the %.6g floor) and their neighbours.
        double v = 0;
        switch (i % 3) {
        case 0: {
            const std::uint64_t bits = rng();
            std::memcpy(&v, &bits, sizeof v);
            break;
        }
        case 1: v = std::round(mantissa(rng) * 1000) / 1000 * std::pow(10.0, exponent(rng) / 10); break;
        default: v = std::nextafter(std::round(mantissa(rng) * 100) * std::pow(10.0, exponent(rng) / 20), 0.0); break;
        }
        if (std::isnan(v))
            continue;
        INFO(reference(v));
        REQUIRE(formatNumber(v) == reference(v));
        char buf[kNumberChars];
        REQUIRE(std::string(buf, formatNumberTo(v, buf)) == reference(v));
    }
}

TEST_CASE("autoDisplayUnit picks the largest scale not above the magnitude", "[core][units]")
{
    // 2.1e-5 s: 1e-6 <= 2.1e-5 < 1e-3, so us; 2.1e-5 / 1e-6 = 21.
    CHECK(autoDisplayUnit(2.1e-5, Unit::Seconds).name == "us");
    CHECK(autoDisplayUnit(1.5, Unit::Seconds).name == "s");
    CHECK(autoDisplayUnit(-3e-3, Unit::Seconds).name == "ms"); // by magnitude
    CHECK(autoDisplayUnit(0.0, Unit::Seconds).name == "ns");   // below every scale: the smallest
    // 906.7 MiB/s = 906.7 x 1048576 = 950,744,678 B/s, below 1 GiB/s = 1,073,741,824 B/s.
    CHECK(autoDisplayUnit(950744678.0, Unit::BytesPerSecond).name == "MiB/s");
    CHECK(autoDisplayUnit(1073741824.0, Unit::BytesPerSecond).name == "GiB/s");
    CHECK(autoDisplayUnit(4096.0, Unit::Bytes).name == "KiB");
    // 5.116e-10 s/B is below 1 ns/B (1e-9) and above 1 ps/B (1e-12).
    CHECK(autoDisplayUnit(5.116e-10, Unit::SecondsPerByte).name == "ps/B");
    const DisplayUnit count = autoDisplayUnit(12345, Unit::Count);
    CHECK(count.scale == 1.0);
}

TEST_CASE("autoDisplayUnit and formatMeasured write bytes in the prefixes the caller passes", "[core][units]")
{
    FormatOptions si, binary;
    si.bytePrefixes = BytePrefixes::SI;
    binary.bytePrefixes = BytePrefixes::Binary;
    // 2048 B: 2.048 KB in powers of 1000, 2 KiB in powers of 1024 (the default, the command line's).
    CHECK(autoDisplayUnit(2048.0, Unit::Bytes, si).name == "KB");
    CHECK(autoDisplayUnit(2048.0, Unit::Bytes, binary).name == "KiB");
    CHECK(autoDisplayUnit(2048.0, Unit::Bytes).name == "KiB");
    // 104857600 B/s = 100 x 2^20: 104.9 MB/s (/ 1e6) or 100 MiB/s.
    CHECK(formatMeasured(104857600, "B/s", si) == "104.9 MB/s");
    CHECK(formatMeasured(104857600, "B/s", binary) == "100 MiB/s");
    CHECK(formatMeasured(104857600, "B/s") == "100 MiB/s");
    // Times are alike under every option.
    CHECK(formatMeasured(2.1e-5, "s", si) == "21 us");
}

TEST_CASE("formatMeasured prints 4 significant digits at the automatic unit", "[core][units]")
{
    CHECK(formatMeasured(2.1e-5, "s") == "21 us");
    CHECK(formatMeasured(950744678.0, "B/s") == "906.7 MiB/s"); // 950744678 / 1048576 = 906.700...
    CHECK(formatMeasured(5.116e-10, "s/B") == "511.6 ps/B");    // 5.116e-10 / 1e-12 = 511.6
    CHECK(formatMeasured(123456.0, "count") == "1.235e+05");    // a count is a bare number
    CHECK(formatMeasured(1.5e9, "flop/s") == "1.5e+09 flop/s"); // an unknown symbol is kept as is
    CHECK(formatMeasured(std::nan(""), "s") == "-");
}

TEST_CASE("a range without a bound says so in words, not as the largest double", "[units]")
{
    ParamSpec p;
    p.unit = Unit::Seconds;
    p.min = std::numeric_limits<double>::lowest();
    p.max = std::numeric_limits<double>::max();
    CHECK(p.rangeText() == "any value");
    p.min = 1e-9;
    CHECK(p.rangeText() == "[1e-09, inf) s");
    p.min = std::numeric_limits<double>::lowest();
    p.max = 2;
    CHECK(p.rangeText() == "(-inf, 2] s");
    p.min = 0;
    CHECK(p.rangeText() == "[0, 2] s");
}

TEST_CASE("formatFlows: a load in flows for people, one decimal, singular at one", "[units]")
{
    // Issue 34, defect 13: "1 flows", "466.667 flows" and "0.999999 flows" were printed.
    CHECK(cs::formatFlows(1) == "1 flow");
    CHECK(cs::formatFlows(0.999999) == "1 flow");
    CHECK(cs::formatFlows(15) == "15 flows");
    CHECK(cs::formatFlows(466.6667) == "466.7 flows");
    CHECK(cs::formatFlows(2097150) == "2097150 flows");
    CHECK(cs::formatFlows(0.5) == "0.5 flows");
    CHECK(cs::formatFlows(0) == "0 flows");
}
