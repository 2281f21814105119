// calibrate(): block specs matched against synthetic probe results whose
// fits are known by hand.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"

#include "CalibTestData.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace cs;
using namespace cs::calib;
using namespace cs::calibtest;
using Catch::Contains;

namespace {

const CalibratedParam* find(const CalibrationReport& r, const std::string& block, const std::string& param)
{
    for (const auto& p : r.params)
        if (p.block == block && p.param == param)
            return &p;
    return nullptr;
}

std::string allWarnings(const CalibrationReport& r)
{
    std::string s;
    for (const auto& w : r.warnings)
        s += w + "\n";
    return s;
}

CalibrationOptions noHoldOut()
{
    CalibrationOptions o;
    o.holdOutFraction = 0.0;
    o.time = "2026-11-21T21:00:00Z";
    return o;
}

const std::vector<double> kSizes{1024, 4096, 16384, 65536, 262144, 1048576};

// One-way time of the synthetic network: 20 us + (s-1) * 10 ns/B.
double oneWay(double s)
{
    return 20e-6 + (s - 1) * 1e-8;
}

} // namespace

TEST_CASE("LogGP G and L from the ping-pong size sweep", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const json results = json::array({pingpong(kSizes, oneWay)});
    const CalibrationReport r = calibrate(doc, results, noHoldOut());
    INFO(allWarnings(r));
    // LogGP one-way T(k) = o_s + (k-1) G + L + o_r (002 §3, Alexandrov 1995).
    // latency@s = 20e-6 + (s-1) 1e-8 against x = s-1: slope G = 1e-8 s/B,
    // intercept a = o_s + L + o_r = 20e-6 s.
    const CalibratedParam* G = find(r, "net", "G");
    REQUIRE(G);
    CHECK(G->value == Approx(1e-8).epsilon(1e-9));
    CHECK(G->method == "segmented");
    CHECK(G->probe == "net.pingpong");
    CHECK(G->run == "net.pingpong@2026-11-21T20:00:00.000Z");
    CHECK(G->time == "2026-11-21T20:00:00.000Z");
    CHECK(G->nodes == "n1,n2");
    CHECK(G->unit == "s/B");
    CHECK(G->previous == Approx(1.0 / 38e6)); // the block's default
    CHECK(G->r2 == Approx(1.0));
    CHECK(G->smape == Approx(0.0).margin(1e-9));
    // Noise-free points: the CI collapses onto the value.
    CHECK(G->ciLow == Approx(1e-8).epsilon(1e-6));
    CHECK(G->ciHigh == Approx(1e-8).epsilon(1e-6));
    // L = a - o_s - o_r with the block's o_s = 4 us and o_r = 5 us:
    // 20 - 4 - 5 = 11 us.
    const CalibratedParam* L = find(r, "net", "L");
    REQUIRE(L);
    CHECK(L->value == Approx(11e-6).epsilon(1e-6));
    CHECK(L->expression == "a - o_s - o_r");
    // G and L share one fit.
    CHECK(G->fit == L->fit);
    CHECK(r.fits.size() == 1);
    CHECK(r.fits[0].result.n == 6);
    CHECK(r.time == "2026-11-21T21:00:00Z");
    CHECK(r.nodes == "n1,n2");
    // Nothing held out: every validation point is in the fit, with no error.
    CHECK(r.validation.size() == 6);
    CHECK(r.meanAbsRelError == Approx(0.0).margin(1e-9));
    CHECK(std::isnan(r.heldOutMeanAbsRelError));
    // o_s, o_r, g need net.loggp, which did not run: not calibrated, no noise.
    CHECK_FALSE(find(r, "net", "o_s"));
}

TEST_CASE("net.loggp overheads feed L, with their CIs in quadrature", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const json loggp = result("net.loggp", json::object(),
                              {{"o_s", {{"value", 2e-6}, {"ci_lo", 1.8e-6}, {"ci_hi", 2.2e-6}, {"unit", "s"}}},
                               {"o_r", {{"value", 3e-6}, {"ci_lo", 2.7e-6}, {"ci_hi", 3.3e-6}, {"unit", "s"}}},
                               {"g", {{"value", 9e-6}, {"unit", "s"}}},
                               {"G", {{"value", 2e-8}, {"unit", "s/B"}}},
                               {"L", {{"value", 1e-6}, {"unit", "s"}}}});
    const CalibrationReport r = calibrate(doc, json::array({pingpong(kSizes, oneWay), loggp}), noHoldOut());
    INFO(allWarnings(r));
    // Direct values, CIs as the probe gave them.
    REQUIRE(find(r, "net", "o_s"));
    CHECK(find(r, "net", "o_s")->value == Approx(2e-6));
    CHECK(find(r, "net", "o_s")->ciLow == Approx(1.8e-6));
    CHECK(find(r, "net", "o_s")->ciHigh == Approx(2.2e-6));
    CHECK(find(r, "net", "o_s")->method == "direct");
    CHECK(find(r, "net", "g")->value == Approx(9e-6));
    // G: the ping-pong fit comes first in the spec, so net.loggp's 2e-8 is not used.
    CHECK(find(r, "net", "G")->value == Approx(1e-8).epsilon(1e-9));
    // L = 20 - 2 - 3 = 15 us; half-width sqrt(0 + 0.2^2 + 0.3^2) us = 0.3605551 us
    // (the fit's intercept is exact; the overheads' half-widths add in quadrature).
    const CalibratedParam* L = find(r, "net", "L");
    REQUIRE(L);
    CHECK(L->value == Approx(15e-6).epsilon(1e-6));
    CHECK((L->ciHigh - L->value) == Approx(0.3605551e-6).epsilon(1e-4));
    CHECK((L->value - L->ciLow) == Approx(0.3605551e-6).epsilon(1e-4));
}

TEST_CASE("net.loggp stands in for L and G when no ping-pong ran", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const json loggp = result("net.loggp", json::object(), {{"G", {{"value", 2e-8}}}, {"L", 7e-6}});
    const CalibrationReport r = calibrate(doc, json::array({loggp}), noHoldOut());
    CHECK(find(r, "net", "G")->value == Approx(2e-8));
    CHECK(find(r, "net", "L")->value == Approx(7e-6));
    CHECK(find(r, "net", "L")->ciLow == Approx(7e-6)); // no CI given: a point
}

TEST_CASE("mpi.loggp sets every LogGP parameter ahead of the TCP probes, null CI bounds mean none", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const json tcp = result("net.loggp", json::object(),
                            {{"o_s", {{"value", 2e-6}}}, {"o_r", {{"value", 3e-6}}}, {"g", {{"value", 9e-6}}},
                             {"G", {{"value", 2e-8}}}, {"L", {{"value", 1e-6}}}});
    // As the probes write them (SummaryJson.h derived()): g and G of a fitted
    // line with ci_lo/ci_hi null.
    const json mpi = result("mpi.loggp", json::object(),
                            {{"o_s", {{"value", 0.4e-6}, {"ci_lo", 0.3e-6}, {"ci_hi", 0.5e-6}, {"unit", "s"}}},
                             {"o_r", {{"value", 0.3e-6}, {"ci_lo", 0.2e-6}, {"ci_hi", 0.4e-6}, {"unit", "s"}}},
                             {"g", {{"value", 1e-7}, {"ci_lo", nullptr}, {"ci_hi", nullptr}, {"unit", "s"}}},
                             {"G", {{"value", 5e-10}, {"ci_lo", nullptr}, {"ci_hi", nullptr}, {"unit", "s/B"}}},
                             {"L", {{"value", 0.5e-6}, {"ci_lo", 0.0}, {"ci_hi", 0.9e-6}, {"unit", "s"}}}});
    const CalibrationReport r =
        calibrate(doc, json::array({pingpong(kSizes, oneWay), tcp, mpi}), noHoldOut());
    INFO(allWarnings(r));
    // Each input takes the first spec with results; mpi.loggp's come first
    // (LogGPCalibration.cpp), so all five are MPI's as given, not the
    // ping-pong's G = 1e-8 s/B or net.loggp's values.
    for (const char* k : {"o_s", "o_r", "g", "G", "L"}) {
        INFO(k);
        REQUIRE(find(r, "net", k));
        CHECK(find(r, "net", k)->probe == "mpi.loggp");
    }
    CHECK(find(r, "net", "o_s")->value == Approx(0.4e-6));
    CHECK(find(r, "net", "o_s")->ciLow == Approx(0.3e-6));
    CHECK(find(r, "net", "G")->value == Approx(5e-10));
    CHECK(find(r, "net", "g")->value == Approx(1e-7));
    CHECK(find(r, "net", "g")->ciLow == Approx(1e-7)); // null bounds: a point, not an error
    CHECK(find(r, "net", "g")->ciHigh == Approx(1e-7));
    CHECK(find(r, "net", "L")->value == Approx(0.5e-6));
    CHECK_THAT(allWarnings(r), !Catch::Contains("null"));
}

TEST_CASE("held-out sizes are not fitted and report their error", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    // ceil(0.25 * 6) = 2 of six sizes are held out. The ping-pong's G is a
    // segmented fit, which uses the segment of the largest sizes, so the
    // held-out sizes are every second one from the second smallest up:
    // 4096 and 65536 (of 1024, 4096, 16384, 65536, 262144, 1048576). They
    // measure 10% above the line, the others lie on it.
    const json results = json::array({pingpong(kSizes, [](double s) {
        return s == 4096 || s == 65536 ? 1.1 * oneWay(s) : oneWay(s);
    })});
    CalibrationOptions o;
    o.holdOutFraction = 0.25;
    const CalibrationReport r = calibrate(doc, results, o);
    INFO(allWarnings(r));
    REQUIRE(r.fits.size() == 1);
    CHECK(r.fits[0].result.n == 4);
    std::vector<double> heldX = r.fits[0].heldOutX;
    std::sort(heldX.begin(), heldX.end());
    CHECK(heldX == std::vector<double>{4096, 65536});
    // The fit on the four line points is exact: G = 1e-8.
    CHECK(find(r, "net", "G")->value == Approx(1e-8).epsilon(1e-9));
    int held = 0;
    for (const ValidationPoint& v : r.validation) {
        if (!v.heldOut) {
            CHECK(v.relError == Approx(0.0).margin(1e-9));
            continue;
        }
        ++held;
        // predicted / measured - 1 = 1/1.1 - 1 = -0.0909091
        CHECK(v.relError == Approx(-0.0909091).epsilon(1e-5));
        CHECK(v.predicted == Approx(oneWay(v.x)).epsilon(1e-9));
    }
    CHECK(held == 2);
    CHECK(r.heldOutMeanAbsRelError == Approx(0.0909091).epsilon(1e-5));
    CHECK(r.heldOutMaxAbsRelError == Approx(0.0909091).epsilon(1e-5));
    CHECK(r.meanAbsRelError == Approx(0.0).margin(1e-9));
}

TEST_CASE("too few points to hold any out: all are fitted, with a warning", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    CalibrationOptions o;
    o.holdOutFraction = 0.5;
    const CalibrationReport r = calibrate(doc, json::array({pingpong({1024, 4096, 16384, 65536}, oneWay)}), o);
    CHECK(r.fits[0].result.n == 4);
    CHECK_THAT(allWarnings(r), Contains("too few points (4) to hold any out"));
}

TEST_CASE("t_fft1d from the FFT probe by c n log2 n where the design's rows were not measured", "[calib]")
{
    const DesignDocument doc = design(
        R"([{"name": "fft", "type": "inic.fft2d"}, {"name": "big", "type": "inic.fft2d", "values": {"rows": 4096}}])");
    // t(n) = 5e-10 n log2 n for n = 2048 .. 65536: rows = 1024 lies below them, so the line decides.
    json series = json::object();
    for (double n = 2048; n <= 65536; n *= 2)
        series["t@" + std::to_string(static_cast<int>(n))] = stat(5e-10 * n * std::log2(n));
    const CalibrationReport r =
        calibrate(doc, json::array({result("cpu.fft", series, {{"t_fft1d", 1.0}})}), noHoldOut());
    // rows = 1024: 5e-10 * 1024 * 10 = 5.12e-6 s, from the line; rows = 4096 was measured:
    // 5e-10 * 4096 * 12 = 2.4576e-5 s, read directly.
    REQUIRE(find(r, "fft", "t_fft1d"));
    CHECK(find(r, "fft", "t_fft1d")->value == Approx(5.12e-6).epsilon(1e-9));
    CHECK(find(r, "fft", "t_fft1d")->method == "wls");
    CHECK(find(r, "fft", "t_fft1d")->form == "nlogn");
    REQUIRE(find(r, "big", "t_fft1d"));
    CHECK(find(r, "big", "t_fft1d")->value == Approx(2.4576e-5).epsilon(1e-9));
    CHECK(find(r, "big", "t_fft1d")->method == "direct");
}

TEST_CASE("t_fft1d is the probe's median at the design's rows when it measured them, not the line's value", "[calib]")
{
    // cpu.fft off the n log2 n line at 1024 (FFTW's cache regimes): t(n) = 5e-10 n log2 n except
    // t(1024) = 1.5 x 5e-10 x 1024 x 10 = 7.68e-6 s. A design of rows = 1024 takes 7.68e-6 s as measured,
    // with the median's interval, stat()'s +-1%: [7.6032e-6, 7.7568e-6]; the line would give about 5.3e-6.
    const DesignDocument doc = design(R"([{"name": "fft", "type": "inic.fft2d"}])");
    json series = json::object();
    for (double n = 1024; n <= 8192; n *= 2)
        series["t@" + std::to_string(static_cast<int>(n))] = stat((n == 1024 ? 1.5 : 1.0) * 5e-10 * n * std::log2(n));
    CalibrationOptions o = noHoldOut();
    o.holdOutFraction = 0.25; // calibrate's default: 8192 held out, and the line misses it
    const CalibrationReport r = calibrate(doc, json::array({result("cpu.fft", series, {{"t_fft1d", 1.0}})}), o);
    INFO(allWarnings(r));
    const CalibratedParam* t = find(r, "fft", "t_fft1d");
    REQUIRE(t);
    CHECK(t->value == Approx(7.68e-6).epsilon(1e-9));
    CHECK(t->ciLow == Approx(7.6032e-6).epsilon(1e-6));
    CHECK(t->ciHigh == Approx(7.7568e-6).epsilon(1e-6));
    CHECK(t->method == "direct");
    CHECK(t->trusted);
    // The n log2 n fit is still made and reported, as the check of the form, with 8192 held out.
    const auto line = std::find_if(r.fits.begin(), r.fits.end(), [](const FitRecord& f) { return f.result.method == "wls"; });
    REQUIRE(line != r.fits.end());
    CHECK(line->heldOutX == std::vector<double>{8192});
    CHECK(r.fits[static_cast<std::size_t>(t->fit)].read == "series:t@1024");
}

TEST_CASE("several nodes' runs of one x are fitted as their median, and nodes that differ are named", "[calib]")
{
    // Three nodes' cpu.fft: node a at t(n) = 5e-10 n log2 n, node b at 2x that, node c at 2.5x, one after
    // another on a machine whose speed changed. Pooled point by point, the median of {1, 2, 2.5} x t(n) is
    // 2 x t(n), so the fit is c = 1e-9 exactly (R^2 = 1), and t_fft1d at rows = 1024 is
    // 1e-9 x 1024 x log2(1024) = 1e-9 x 10240 = 1.024e-5 s. The nodes differ by 2.5 / 1 = 2.5x at every n,
    // above 1.5x: a warning names it.
    const DesignDocument doc = design(R"([{"name": "fft", "type": "inic.fft2d"}])");
    json results = json::array();
    for (double f : {1.0, 2.0, 2.5}) {
        json series = json::object();
        for (double n = 1024; n <= 65536; n *= 2)
            series["t@" + std::to_string(static_cast<int>(n))] = stat(f * 5e-10 * n * std::log2(n));
        results.push_back(result("cpu.fft", series, {{"t_fft1d", 1.0}}));
    }
    const CalibrationReport r = calibrate(doc, results, noHoldOut());
    INFO(allWarnings(r));
    const CalibratedParam* t = find(r, "fft", "t_fft1d");
    REQUIRE(t);
    CHECK(t->value == Approx(1.024e-5).epsilon(1e-9)); // rows = 1024 was measured: the pooled median there
    CHECK(t->method == "direct");
    CHECK(t->trusted);
    const auto line = std::find_if(r.fits.begin(), r.fits.end(), [](const FitRecord& f) { return f.result.method == "wls"; });
    REQUIRE(line != r.fits.end());
    CHECK(line->result.n == 7); // 1024 .. 65536: one point per length
    CHECK(line->result.values[0] == Approx(1e-9).epsilon(1e-9));
    CHECK(line->result.r2 == Approx(1.0));
    CHECK_THAT(allWarnings(r), Contains("3 results pooled to their median at each x"));
    CHECK_THAT(allWarnings(r), Contains("they differ by 2.5x (max / min)"));
}

TEST_CASE("T_countsort from sort runs at several key counts, linear in keys", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "sort", "type": "inic.sort"}])");
    json results = json::array();
    for (double keys : {65536.0, 262144.0, 1048576.0, 4194304.0})
        results.push_back(result("cpu.sort", {{"countsort", stat(1e-4 + 2e-8 * keys)}, {"bucket", stat(1e-3)}}, {},
                                 {{"keys", keys}, {"buckets", 128}}));
    CalibrationOptions o; // default: a quarter held out, so keys = 4194304 is not fitted
    const CalibrationReport r = calibrate(doc, results, o);
    INFO(allWarnings(r));
    // E_init / P = 2^25 / 8 = 4194304 keys: T = 1e-4 + 2e-8 * 4194304 = 0.08398608 s.
    const CalibratedParam* t = find(r, "sort", "T_countsort");
    REQUIRE(t);
    CHECK(t->value == Approx(0.08398608).epsilon(1e-9));
    CHECK(r.fits[0].heldOutX == std::vector<double>{4194304});
    CHECK(r.heldOutMeanAbsRelError == Approx(0.0).margin(1e-9));
}

TEST_CASE("bonding host costs from throughput against links, by Levenberg-Marquardt", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "bond", "type": "bonding.throughput"}])");
    // X(n) = min(n R, (1 - n A) / c) with R = 110e6 B/s, A = 0.04, c = 1/600e6 s/B:
    //   n    : 1    2    3    4    5    6    7    8
    //   n R  : 110  220  330  440  550  660  770  880   (MB/s)
    //   host : 576  552  528  504  480  456  432  408
    //   X    : 110  220  330  440  480  456  432  408
    json results = json::array();
    for (int n = 1; n <= 8; ++n)
        results.push_back(result("net.stream",
                                 {{"total", stat(std::min(n * 110e6, (1 - n * 0.04) * 600e6), 0.01, "B/s")}}, {},
                                 {{"sockets", n}}));
    const CalibrationReport r = calibrate(doc, results, noHoldOut());
    INFO(allWarnings(r));
    // o_irq = A / f_irq = 0.04 / 5000 = 8e-6 s.
    REQUIRE(find(r, "bond", "o_irq"));
    CHECK(find(r, "bond", "o_irq")->value == Approx(8e-6).epsilon(1e-6));
    CHECK(find(r, "bond", "o_irq")->method == "lm");
    // o_pkt = (MTU - h)(c - k_c/B_copy) = 8972 (1/600e6 - 1/1.3e9)
    //       = 8972 * 700e6 / 7.8e17 = 8972 * 8.974359e-10 = 8.0517949e-6 s.
    REQUIRE(find(r, "bond", "o_pkt"));
    CHECK(find(r, "bond", "o_pkt")->value == Approx(8.0517949e-6).epsilon(1e-6));
    // r = R (MTU + h_w) / (MTU - h) / eta_m = 110e6 * 9038 / 8972 = 110.8091841e6 B/s.
    CHECK(find(r, "bond", "r")->value == Approx(110.8091841e6).epsilon(1e-6));
    CHECK(find(r, "bond", "r")->r2 == Approx(1.0));
}

TEST_CASE("a link-limited host leaves the host costs alone and sets only r", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "bond", "type": "bonding.throughput"}])");
    json results = json::array();
    for (int n = 1; n <= 4; ++n)
        results.push_back(result("net.stream", {{"total", stat(n * 110e6, 0.01, "B/s")}}, {}, {{"sockets", n}}));
    const CalibrationReport r = calibrate(doc, results, noHoldOut());
    CHECK_FALSE(find(r, "bond", "o_irq"));
    CHECK_FALSE(find(r, "bond", "o_pkt"));
    CHECK_THAT(allWarnings(r), Contains("bond.o_irq from net.stream series:total") &&
                                   Contains("the data do not determine coefficient"));
    // The line through the origin: c = 110e6, r = 110e6 * 9038 / 8972 = 110.8091841e6.
    REQUIRE(find(r, "bond", "r"));
    CHECK(find(r, "bond", "r")->value == Approx(110.8091841e6).epsilon(1e-6));
    CHECK(find(r, "bond", "r")->method == "ols");
}

TEST_CASE("direct targets take the probe's derived value and CI", "[calib]")
{
    const DesignDocument doc =
        design(R"([{"name": "fft", "type": "fftw.transpose"}, {"name": "bond", "type": "bonding.throughput"}])");
    const json mem = result("mem.copy", json::object(),
                            {{"memcpy", {{"value", 5e9}, {"ci_lo", 4.9e9}, {"ci_hi", 5.1e9}, {"unit", "B/s"}}}});
    const CalibrationReport r = calibrate(doc, json::array({mem}), noHoldOut());
    CHECK(find(r, "fft", "bw_mem")->value == 5e9);
    CHECK(find(r, "fft", "bw_mem")->ciLow == 4.9e9);
    CHECK(find(r, "fft", "bw_mem")->ciHigh == 5.1e9);
    CHECK(find(r, "bond", "B_copy")->value == 5e9);
    CHECK(r.params.size() == 2);
}

TEST_CASE("filters pick blocks, inputs and probes", "[calib]")
{
    const DesignDocument doc =
        design(R"([{"name": "a", "type": "logp.loggp"}, {"name": "b", "type": "logp.loggp"}])");
    const json results = json::array({pingpong(kSizes, oneWay)});
    CalibrationOptions o = noHoldOut();
    o.blocks = {"b"};
    CalibrationReport r = calibrate(doc, results, o);
    CHECK_FALSE(find(r, "a", "G"));
    CHECK(find(r, "b", "G"));
    o.blocks.clear();
    o.inputs = {"a.G"};
    r = calibrate(doc, results, o);
    CHECK(r.params.size() == 1);
    CHECK(find(r, "a", "G"));
}

TEST_CASE("calibrate rejects bad input with a clear message", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const json good = pingpong(kSizes, oneWay);
    CalibrationOptions o = noHoldOut();

    SECTION("a failed result")
    {
        json failed = good;
        failed["status"] = "failed";
        failed["reason"] = "node n2: connection refused";
        CHECK_THROWS_WITH(calibrate(doc, json::array({failed}), o),
                          Contains("no result of probe net.pingpong succeeded: results[0] (net.pingpong).status = "
                                   "\"failed\" (node n2: connection refused)"));
    }
    SECTION("a probe filter that calibrates nothing here")
    {
        o.probes = {"net.nosuch"};
        CHECK_THROWS_WITH(calibrate(doc, json::array({good}), o),
                          Contains("probe \"net.nosuch\" calibrates no block of this design"));
    }
    SECTION("unknown block and input filters")
    {
        o.blocks = {"nope"};
        CHECK_THROWS_WITH(calibrate(doc, json::array({good}), o), Contains("block \"nope\" is not in the design"));
        o.blocks.clear();
        o.inputs = {"net.Q"};
        CHECK_THROWS_WITH(calibrate(doc, json::array({good}), o),
                          Contains("input \"net.Q\": block type logp.loggp has no input Q"));
    }
    SECTION("a series the spec reads is missing")
    {
        json onlyRtt = good;
        json series = json::object();
        series["rtt@64"] = stat(1e-5);
        onlyRtt["summary"]["series"] = series;
        CHECK_THROWS_WITH(calibrate(doc, json::array({onlyRtt}), o),
                          Contains("no result of probe net.pingpong has series latency@N (series present: rtt@64)"));
    }
    SECTION("a median that is not a number")
    {
        json bad = good;
        bad["summary"]["series"]["latency@1024"]["median"] = nullptr;
        CHECK_THROWS_WITH(calibrate(doc, json::array({bad}), o),
                          Contains("results[0].summary.series.latency@1024.median = null is not a number"));
    }
    SECTION("a size suffix that is not a number")
    {
        json bad = good;
        bad["summary"]["series"]["latency@big"] = stat(1e-5);
        CHECK_THROWS_WITH(calibrate(doc, json::array({bad}), o),
                          Contains("key \"latency@big\": 'big' after '@' is not a number"));
    }
    SECTION("malformed entries")
    {
        json noProbe = good;
        noProbe.erase("probe");
        CHECK_THROWS_WITH(calibrate(doc, json::array({good, noProbe}), o), Contains("results[1].probe is missing"));
        CHECK_THROWS_WITH(calibrate(doc, json::array({42}), o), Contains("results[0] is number, not an object"));
        json badStatus = good;
        badStatus["status"] = "great";
        CHECK_THROWS_WITH(calibrate(doc, json::array({badStatus}), o),
                          Contains("results[0].status = \"great\" is not one of ok, failed, cancelled, pending"));
        CHECK_THROWS_WITH(calibrate(doc, json::object({{"x", 1}}), o), Contains("has no \"results\" array"));
        CHECK_THROWS_WITH(calibrate(doc, json::array(), o), Contains("the probe results are empty"));
    }
    SECTION("too few points")
    {
        CHECK_THROWS_WITH(calibrate(doc, json::array({pingpong({1024, 4096}, oneWay)}), o),
                          Contains("needs at least 3 points to fit, the results give 2"));
    }
    SECTION("results of a probe that calibrates nothing in the design")
    {
        const json fft = result("cpu.fft", {{"t@1024", stat(1e-5)}});
        CHECK_THROWS_WITH(calibrate(doc, json::array({fft}), o),
                          Contains("(probes cpu.fft): none of them calibrates a block of this design"));
    }
    SECTION("a hold-out fraction out of range")
    {
        o.holdOutFraction = 1.0;
        CHECK_THROWS_WITH(calibrate(doc, json::array({good}), o), Contains("holdOutFraction = 1 must be in [0, 1)"));
    }
}

TEST_CASE("a value outside the input's range is clamped with an issue, applied only when accepted", "[calib]")
{
    // Intercept 5 us < o_s + o_r = 9 us, so L = -4 us is out of [0, 1] s.
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const CalibrationReport r =
        calibrate(doc, json::array({pingpong(kSizes, [](double s) { return 5e-6 + (s - 1) * 1e-8; })}), noHoldOut());
    CHECK(find(r, "net", "G"));
    REQUIRE(find(r, "net", "L"));
    CHECK(find(r, "net", "L")->value == 0.0);
    CHECK_FALSE(find(r, "net", "L")->trusted);
    CHECK_THAT(allWarnings(r), Contains("not trusted: net.L: L = a - o_s - o_r = -4 us, clamped to 0 us: outside "
                                        "the input's range [0, 1] s"));
    const DesignDocument d = applied(doc, r).doc;
    CHECK(d.design.value({"net", "L"}).value == Approx(6e-6)); // the default stays
}

TEST_CASE("the calibration plan lists the probe runs a design needs", "[calib]")
{
    const DesignDocument doc =
        design(R"([{"name": "net", "type": "logp.loggp"}, {"name": "sort", "type": "inic.sort"}])");
    const std::vector<ProbeRun> plan = calibrationPlan(doc);
    int pingpongs = 0, sorts = 0, loggps = 0, mpiLoggps = 0;
    for (const ProbeRun& p : plan) {
        if (p.probe == "net.pingpong") {
            ++pingpongs;
            CHECK(p.params["size_max"] == 4194304);
            CHECK(std::find(p.targets.begin(), p.targets.end(), "net.G") != p.targets.end());
            CHECK(std::find(p.targets.begin(), p.targets.end(), "net.L") != p.targets.end());
        }
        if (p.probe == "net.loggp")
            ++loggps;
        if (p.probe == "mpi.loggp") {
            ++mpiLoggps;
            // One run, 1 B to 4 MiB in factors of 2, for every LogGP input and the piecewise segments.
            CHECK(p.targets == std::vector<std::string>{"net.o_s", "net.o_r", "net.g", "net.G", "net.L", "net.k_1",
                                                        "net.L_1", "net.G_1", "net.k_2", "net.L_2", "net.G_2"});
            CHECK(p.params["size_factor"] == 2);
            CHECK(p.params["size_max"] == 4194304);
        }
        if (p.probe == "cpu.sort")
            ++sorts;
    }
    CHECK(pingpongs == 1); // G and L share one run
    CHECK(loggps == 1);    // o_s, o_r, g, G, L: one run without parameters
    CHECK(mpiLoggps == 1); // the same over MPI; run only on an mpi node (runner::placeByLauncher)
    CHECK(sorts == 4);     // one per key count
}

TEST_CASE("a block whose first probe's fits are all untrusted is calibrated from the next probe, with a warning",
          "[calib][quality]")
{
    // mpi.loggp comes first for logp.loggp, but here its round trips zig-zag +-40% around 2 x (20 us + 10 ns/B):
    // no line follows them (R^2 far below 0.9), and its one-number g has no interval. net.pingpong's sweep of
    // the same link is exact: G = 1e-8 s/B, L = 20 - 4 - 5 = 11 us (the block's o_s and o_r), both trusted.
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    json series = json::object();
    int i = 0;
    for (double s = 1; s <= 1048576; s *= 4, ++i)
        series["prtt1@" + std::to_string(static_cast<long long>(s))] = stat(2 * oneWay(s) * (i % 2 ? 1.4 : 0.6));
    const json mpi = result("mpi.loggp", series, {{"g", {{"value", 9e-6}, {"unit", "s"}}}});
    const json results = json::array({mpi, pingpong(kSizes, oneWay)});

    const CalibrationReport r = calibrate(doc, results, noHoldOut());
    INFO(allWarnings(r));
    const CalibratedParam* G = find(r, "net", "G");
    REQUIRE(G);
    CHECK(G->probe == "net.pingpong");
    CHECK(G->value == Approx(1e-8).epsilon(1e-6));
    CHECK(G->trusted);
    REQUIRE(find(r, "net", "L"));
    CHECK(find(r, "net", "L")->value == Approx(11e-6).epsilon(1e-6));
    CHECK_THAT(allWarnings(r), Contains("net: mpi.loggp was passed over: its fits of "));
    CHECK_THAT(allWarnings(r), Contains("G (R^2 = "));
    CHECK_THAT(allWarnings(r), Contains("without it 2 input(s) are trusted (net.pingpong's G, net.pingpong's L)"));

    // Limited to mpi.loggp, its fits stand, not trusted, and nothing is passed over.
    CalibrationOptions only = noHoldOut();
    only.probes = {"mpi.loggp"};
    const CalibrationReport m = calibrate(doc, results, only);
    REQUIRE(find(m, "net", "G"));
    CHECK(find(m, "net", "G")->probe == "mpi.loggp");
    CHECK_FALSE(find(m, "net", "G")->trusted);
    CHECK_THAT(allWarnings(m), !Contains("passed over"));
}
