// Fits of model/calibration/Fit.h against values derived by hand.
#include "model/calibration/Fit.h"
#include "model/core/ModelError.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace cs::calib;
using Catch::Contains;

namespace {
// t_{0.975, dof} from a printed t table (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2).
constexpr double kT2 = 4.302652729911275;
constexpr double kT1 = 12.706204736174698;
constexpr double kT8 = 2.306004135204166;

// A fixed, zero-mean-ish pattern standing in for measurement noise.
double noise(int i)
{
    return std::sin(1.7 * i + 0.3);
}
} // namespace

TEST_CASE("t quantiles match the printed table", "[calib]")
{
    CHECK(tQuantile95(1) == Approx(kT1).epsilon(1e-9));
    CHECK(tQuantile95(2) == Approx(kT2).epsilon(1e-9));
    CHECK(tQuantile95(8) == Approx(kT8).epsilon(1e-9));
    CHECK_THROWS_WITH(tQuantile95(0), Contains("at least 1 degree of freedom, not 0"));
}

TEST_CASE("OLS line on four points, by hand", "[calib]")
{
    // x = 1..4, y = 2, 3, 5, 6.
    // xbar = 2.5, ybar = 4; Sxx = 2.25+0.25+0.25+2.25 = 5;
    // Sxy = (-1.5)(-2) + (-0.5)(-1) + (0.5)(1) + (1.5)(2) = 7.
    // b = Sxy/Sxx = 1.4; a = ybar - b xbar = 4 - 3.5 = 0.5.
    const FitResult f = fitLine({1, 2, 3, 4}, {2, 3, 5, 6});
    REQUIRE(f.names == std::vector<std::string>{"a", "b"});
    CHECK(f.method == "ols");
    CHECK(f.values[0] == Approx(0.5));
    CHECK(f.values[1] == Approx(1.4));
    CHECK(f.n == 4);
    CHECK(f.dof == 2);
    // fitted 1.9, 3.3, 4.7, 6.1; residuals 0.1, -0.3, 0.3, -0.1; SSE = 0.2;
    // s^2 = SSE/(n-2) = 0.1.
    CHECK(f.sigma == Approx(std::sqrt(0.1)));
    CHECK(f.rmse == Approx(std::sqrt(0.2 / 4)));
    // SE(b) = sqrt(s^2/Sxx) = sqrt(0.02) = 0.1414214; t_{.975,2} = 4.302653
    // half-width 0.608487 -> [0.791513, 2.008487].
    CHECK(f.ciLow[1] == Approx(1.4 - kT2 * std::sqrt(0.02)));
    CHECK(f.ciHigh[1] == Approx(1.4 + kT2 * std::sqrt(0.02)));
    CHECK(f.ciLow[1] == Approx(0.791513).epsilon(1e-5));
    // SE(a) = sqrt(s^2 (1/n + xbar^2/Sxx)) = sqrt(0.1 (0.25 + 1.25)) = sqrt(0.15)
    // half-width 1.666410 -> [-1.166410, 2.166410].
    CHECK(f.ciLow[0] == Approx(-1.166410).epsilon(1e-5));
    CHECK(f.ciHigh[0] == Approx(2.166410).epsilon(1e-5));
    // Cov(a, b) = -xbar s^2 / Sxx = -2.5 * 0.1 / 5 = -0.05.
    CHECK(f.covariance[1] == Approx(-0.05));
    // R^2 = 1 - SSE/SST, SST = 4+1+1+4 = 10 -> 0.98.
    CHECK(f.r2 == Approx(0.98));
    // SMAPE = mean |y-f| / ((|y|+|f|)/2):
    //   0.1/1.95 + 0.3/3.15 + 0.3/4.85 + 0.1/6.05
    //   = 0.0512821 + 0.0952381 + 0.0618557 + 0.0165289 = 0.2249047; / 4 = 0.0562262
    CHECK(f.smape == Approx(0.0562262).epsilon(1e-5));
    CHECK(evaluateFit(f, 10.0) == Approx(0.5 + 14.0));
}

TEST_CASE("R^2 and SMAPE by hand", "[calib]")
{
    // y = 1, 2, 3 (mean 2, SST = 2); f = 1, 2, 4: SSE = 1 -> R^2 = 0.5.
    CHECK(rSquared({1, 2, 3}, {1, 2, 4}) == Approx(0.5));
    // SMAPE = (0 + 0 + 1/3.5) / 3 = 0.0952381.
    CHECK(smape({1, 2, 3}, {1, 2, 4}) == Approx(0.0952381).epsilon(1e-6));
    // A point where both are 0 counts as exact.
    CHECK(smape({0, 2}, {0, 2}) == 0.0);
    CHECK(rSquared({5, 5}, {5, 5}) == 1.0);
    CHECK_THROWS_WITH(rSquared({1, 2}, {1}), Contains("fitted has 1 values but y has 2"));
    CHECK_THROWS_WITH(smape({}, {}), Contains("needs at least one point"));
}

TEST_CASE("noise-free data give the exact line with zero-width intervals", "[calib]")
{
    std::vector<double> x, y;
    for (int i = 0; i < 10; ++i) {
        x.push_back(i);
        y.push_back(3.0 + 2.0 * i); // y = 3 + 2x exactly
    }
    const FitResult f = fitLine(x, y);
    CHECK(f.values[0] == Approx(3.0));
    CHECK(f.values[1] == Approx(2.0));
    CHECK(f.r2 == Approx(1.0));
    CHECK(f.smape == Approx(0.0).margin(1e-12));
    CHECK(f.ciHigh[1] - f.ciLow[1] == Approx(0.0).margin(1e-9));
}

TEST_CASE("WLS weights points by hand", "[calib]")
{
    // x = 0, 1, 2; y = 1, 3, 4; w = 1, 1, 2.
    // Sw = 4, xbar_w = (0+1+4)/4 = 1.25, ybar_w = (1+3+8)/4 = 3.
    // Sxx_w = 1(1.5625) + 1(0.0625) + 2(0.5625) = 2.75
    // Sxy_w = 1(-1.25)(-2) + 1(-0.25)(0) + 2(0.75)(1) = 4
    // b = 4/2.75 = 1.4545455; a = 3 - 1.4545455 * 1.25 = 1.1818182.
    const FitResult f = fitLine({0, 1, 2}, {1, 3, 4}, {1, 1, 2});
    CHECK(f.method == "wls");
    CHECK(f.values[1] == Approx(1.4545455));
    CHECK(f.values[0] == Approx(1.1818182));
    // Unweighted for comparison: b = Sxy/Sxx = 3/2 = 1.5, a = 8/3 - 1.5 = 1.1666667.
    const FitResult o = fitLine({0, 1, 2}, {1, 3, 4});
    CHECK(o.values[1] == Approx(1.5));
    CHECK(o.values[0] == Approx(1.1666667));
}

TEST_CASE("proportional and n log n fits by hand", "[calib]")
{
    // y = c x through the origin: c = Sxy / Sxx = (1*2 + 2*4.2 + 3*5.7) / (1+4+9)
    //   = (2 + 8.4 + 17.1) / 14 = 27.5/14 = 1.9642857.
    const FitResult p = fitProportional({1, 2, 3}, {2, 4.2, 5.7});
    CHECK(p.values[0] == Approx(1.9642857));
    CHECK(p.dof == 2);
    // y = c n log2 n with n = 2, 4, 8 -> basis 2, 8, 24; y = 1, 4, 12 = 0.5 * basis exactly.
    const FitResult q = fitNLogN({2, 4, 8}, {1, 4, 12});
    CHECK(q.values[0] == Approx(0.5));
    CHECK(evaluateFit(q, 16.0) == Approx(0.5 * 16 * 4));
    CHECK_THROWS_WITH(fitNLogN({0, 4, 8}, {1, 4, 12}), Contains("x[0] = 0 must be positive"));
}

TEST_CASE("confidence intervals shrink with more data and contain the truth", "[calib]")
{
    // y = 1 + 0.5 x + 0.2 noise, x spread over [0, 10] with n points.
    double previous = std::numeric_limits<double>::infinity();
    for (int n : {8, 32, 128, 512}) {
        std::vector<double> x, y;
        for (int i = 0; i < n; ++i) {
            const double xi = 10.0 * i / (n - 1);
            x.push_back(xi);
            y.push_back(1.0 + 0.5 * xi + 0.2 * noise(i));
        }
        const FitResult f = fitLine(x, y);
        INFO("n = " << n);
        CHECK(f.ciLow[0] <= 1.0);
        CHECK(f.ciHigh[0] >= 1.0);
        CHECK(f.ciLow[1] <= 0.5);
        CHECK(f.ciHigh[1] >= 0.5);
        const double width = f.ciHigh[1] - f.ciLow[1];
        CHECK(width < previous);
        previous = width;
    }
}

TEST_CASE("segmented fit finds a known breakpoint", "[calib]")
{
    // y = 1 + 2x for x = 0..9, y = 5 + 0.5x for x = 10..19 (a protocol switch).
    std::vector<double> x, y;
    for (int i = 0; i < 20; ++i) {
        x.push_back(i);
        y.push_back(i < 10 ? 1.0 + 2.0 * i : 5.0 + 0.5 * i);
    }
    const FitResult f = fitSegmented(x, y);
    CHECK(f.method == "segmented");
    REQUIRE(f.segments.size() == 2);
    REQUIRE(f.breakpoints.size() == 1);
    CHECK(f.breakpoints[0] == Approx(9.5)); // between x = 9 and x = 10
    CHECK(f.names == std::vector<std::string>{"a1", "b1", "a2", "b2"});
    CHECK(f.values[0] == Approx(1.0));
    CHECK(f.values[1] == Approx(2.0));
    CHECK(f.values[2] == Approx(5.0));
    CHECK(f.values[3] == Approx(0.5));
    CHECK(evaluateFit(f, 3.0) == Approx(7.0));
    CHECK(evaluateFit(f, 15.0) == Approx(12.5));

    // The same with noise of +-0.05 still splits at 9.5, and the truth lies in the CIs.
    for (int i = 0; i < 20; ++i)
        y[static_cast<std::size_t>(i)] += 0.05 * noise(i);
    const FitResult g = fitSegmented(x, y);
    REQUIRE(g.breakpoints.size() == 1);
    CHECK(g.breakpoints[0] == Approx(9.5));
    CHECK(g.ciLow[1] <= 2.0);
    CHECK(g.ciHigh[1] >= 2.0);
    CHECK(g.ciLow[3] <= 0.5);
    CHECK(g.ciHigh[3] >= 0.5);
}

TEST_CASE("segmented fit keeps one segment for a noisy straight line", "[calib]")
{
    std::vector<double> x, y;
    for (int i = 0; i < 30; ++i) {
        x.push_back(i);
        y.push_back(2.0 + 0.3 * i + 0.1 * noise(i));
    }
    const FitResult f = fitSegmented(x, y);
    CHECK(f.segments.size() == 1);
    CHECK(f.breakpoints.empty());
    CHECK(f.values[1] == Approx(0.3).epsilon(0.02));
    // And a noise-free line is never split by rounding.
    for (int i = 0; i < 30; ++i)
        y[static_cast<std::size_t>(i)] = 2e-5 + 1e-8 * i * 1000.0;
    CHECK(fitSegmented(x, y).segments.size() == 1);
}

TEST_CASE("segmented fit finds three regimes when no single split pays for itself alone", "[calib]")
{
    // An MPI ping-pong on two ranks of one host, PRTT(1,0,s) against s - 1 (mpi.loggp, 1 B to 4 MiB, every
    // other size), in relative errors: eager below 4 KiB, rendezvous up to 512 KiB, bulk single-copy above.
    // With weights 1/y^2, by the SSEs of the lines through each range (computed apart from this code):
    //   one line 1.081; best two ([1, 1024] | [4096, 4 Mi]) 0.384, F = ((1.081 - 0.384)/3) / (0.384/12) = 7.2;
    //   best three (| 4096 ... 512 Ki | 1 Mi ...) 0.119, F = ((1.081 - 0.119)/6) / (0.119/9) = 12.1.
    // The best single split falls short of F = 10, so splitting one at a time stopped at one segment; the
    // three-segment partition beats one segment by both the BIC and F.
    const std::vector<double> s = {1,     4,      16,     64,     256,    1024,    4096,    8192,   16384,
                                   32768, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304};
    const std::vector<double> oneWay_us = {0.44,   0.433,  0.491,   0.561,   0.786,   0.901,   5.726,  8.082,  13.953,
                                           23.78,  40.61,  85.039,  151.976, 290.885, 533.22,  969.146, 1457.216};
    std::vector<double> x, y, w;
    for (std::size_t i = 0; i < s.size(); ++i) {
        x.push_back(s[i] - 1);
        y.push_back(2e-6 * oneWay_us[i]);
        w.push_back(1.0 / (y.back() * y.back()));
    }
    // Greedy splitting stops at one segment.
    CHECK(fitSegmented(x, y, {}, w).segments.size() == 1);
    SegmentOptions optimal;
    optimal.optimal = true;
    const FitResult f = fitSegmented(x, y, optimal, w);
    REQUIRE(f.segments.size() == 3);
    CHECK(f.segments[0] == std::pair<double, double>(0, 1023));
    CHECK(f.segments[1] == std::pair<double, double>(4095, 524287));
    CHECK(f.segments[2] == std::pair<double, double>(1048575, 4194303));
    // One segment when only two are allowed: the best two do not pass F = 10.
    SegmentOptions two = optimal;
    two.maxSegments = 2;
    CHECK(fitSegmented(x, y, two, w).segments.size() == 1);
}

TEST_CASE("segmented fit: one noisy bulk size does not hide a tbf link's burst regime (relative splits)", "[calib]")
{
    // net.pingpong's one-way medians over a 117 Mbit/s tbf link (burst 94,786 B), the nine sizes calibrate
    // fitted (every second one from 2 KiB held out), from a clean clone's make test (seed 1393872146). The
    // 2 MiB median is about 10 ms above the line of the other bulk sizes.
    const std::vector<double> x = {1024, 4096, 16384, 65536, 262144, 524288, 1048576, 2097152, 4194304};
    const std::vector<double> us = {8.1, 140.0, 591.7, 2354.1, 12324.5, 31079.2, 70948.3, 164007.5, 299440.1};
    std::vector<double> y;
    for (double v : us)
        y.push_back(v * 1e-6);
    // By the SSEs of the lines through each range (computed apart from this code, in s^2):
    //   absolute errors: one line 2.616e-4; the bulk line [256 Ki, 4 Mi] alone 2.398e-4, so the best split
    //   (| 256 Ki) leaves 2.398e-4 + 4.3e-10: F = ((2.616 - 2.398)/3) / (2.398/4) = 0.12, far below 10.
    SegmentOptions greedy;
    CHECK(fitSegmented(x, y, greedy).segments.size() == 1);
    //   relative errors (1/y^2), the partition relativeSplits adds: one line 0.559; split | 256 Ki 0.0216, F = ((0.559 - 0.0216)/3) /
    //   (0.0216/4) = 33.2, and the BIC falls (-43.3 against -20.6); the best three (| 64 Ki | 1 Mi) 0.0307
    //   is worse than two.
    SegmentOptions rel; // greedy in absolute errors (one segment, above), and the relative errors' partition
    rel.relativeSplits = true;
    const FitResult f = fitSegmented(x, y, rel);
    REQUIRE(f.segments.size() == 2);
    CHECK(f.segments[0] == std::pair<double, double>(1024, 65536));
    CHECK(f.segments[1] == std::pair<double, double>(262144, 4194304));
    // The lines stay unweighted: the bulk slope is the least-squares slope of its five points,
    //   mean x = 1,625,292.8, mean y = 115,559.9 us; Sxy / Sxx = 7.3808e-8 s/B (73.8 ns/B; the link's rate
    //   is 8 / 117e6 = 68.4 ns/B); intercept 115,559.9 us - 73.808 ns/B x 1,625,292.8 B = -4,399 us.
    CHECK(f.values[3] == Approx(7.3808e-8).epsilon(1e-3));
    CHECK(f.values[2] == Approx(-4.399e-3).epsilon(2e-3));
    // And the burst regime's slope, 36.2 ns/B, about half the bulk's (the bucket refills during the reply).
    CHECK(f.values[1] == Approx(3.618e-8).epsilon(1e-3));
    // A size with no positive time cannot be weighed in relative errors.
    std::vector<double> bad = y;
    bad[2] = 0.0;
    CHECK_THROWS_WITH(fitSegmented(x, bad, rel), Contains("y = 0 at x = 16384"));
}

TEST_CASE("segmented fit: with relative splits the absolute errors' split still stands where relative errors find "
          "none (1 Gbit/s)", "[calib]")
{
    // net.pingpong's one-way medians over a 1 Gbit/s tbf link (burst 256 KiB), the nine sizes calibrate fitted
    // (x = size - 1), from a clean clone's make test. The small sizes are flat (30.9 and 31.1 us at 1 and 4 KiB).
    const std::vector<double> x = {1023, 4095, 16383, 65535, 262143, 524287, 1048575, 2097151, 4194303};
    const std::vector<double> us = {30.8515, 31.075, 67.8455, 274.54675, 1096.6505, 2357.441, 6756.446, 15534.91075,
                                    33135.94625};
    std::vector<double> y;
    for (double v : us)
        y.push_back(v * 1e-6);
    // By the SSEs of the lines through each range (computed apart from this code): in relative errors one line
    // 0.677 and the best split (| 512 Ki) 0.1123, F = ((0.677 - 0.1123)/3) / (0.1123/4) = 6.7 < 10, and the
    // best three (| 64 Ki | 1 Mi) 0.0315, F = 3.4: one segment, whose line is G = 7.91 ns/B, 5.4% under the
    // link's 8.36 ns/B with framing. Greedy in absolute errors splits at 512 Ki: [512 Ki, 4 Mi] at 8.39 ns/B.
    SegmentOptions optimalRel;
    optimalRel.optimal = true;
    std::vector<double> w;
    for (double v : y)
        w.push_back(1.0 / (v * v));
    CHECK(fitSegmented(x, y, optimalRel, w).segments.size() == 1);
    SegmentOptions rel;
    rel.relativeSplits = true;
    const FitResult f = fitSegmented(x, y, rel);
    REQUIRE(f.segments.size() == 2);
    CHECK(f.segments[1] == std::pair<double, double>(524287, 4194303));
    CHECK(f.values[3] == Approx(8.39e-9).epsilon(2e-3));
}

TEST_CASE("segmented fit: six sizes are not split 3 + 3 on one residual degree of freedom", "[calib]")
{
    // The GUI's calibration flow sweeps an 80 Mbit/s tbf link from 256 KiB to 4 MiB in factors of 1.5 and
    // holds out every second size from the second: six sizes are fitted. Here they lie on G = 104.56 ns/B
    // (80 Mbit/s with TCP's framing) past a 64 KiB burst, y = G (x - 65536), each off by a few per cent
    // (+2.7, -1.4, -2.2, +1.8, +2.3, +1.8%), as a run's medians are.
    const std::vector<double> x = {262144, 589824, 1327104, 1990656, 2985984, 4194304};
    const std::vector<double> us = {21112.4, 54052.1, 129007.5, 204913.8, 312385.4, 439474.7};
    std::vector<double> y;
    for (double v : us)
        y.push_back(v * 1e-6);
    // By the SSEs of the lines through each range (computed apart from this code): in relative errors one
    // line 2.0952e-3 and the best split (| 1944 Ki, three sizes a side) 2.980e-5,
    //   F = ((2.0952e-3 - 2.980e-5)/3) / (2.980e-5/(6 - 5)) = 23.1, and the BIC falls (-44.2 to -64.3);
    // in absolute errors F = 4.8. F = 23.1 passes fThreshold = 10, but on one residual degree of freedom
    // the 1% point of F(3, 1) is 5403: one line.
    CHECK(fQuantile99(3, 1) == Approx(5403.35).epsilon(1e-4));
    CHECK(fQuantile99(3, 4) == Approx(16.694).epsilon(1e-3));
    SegmentOptions rel;
    rel.relativeSplits = true;
    const FitResult f = fitSegmented(x, y, rel);
    REQUIRE(f.segments.size() == 1);
    // Its slope, Sxy / Sxx over the six (mean x 1,891,669.3 B, mean y 193,491.0 us): 107.04 ns/B, 2.4% over
    // the link's 104.56.
    CHECK(f.values[1] == Approx(1.07035e-7).epsilon(1e-4));
    CHECK_THROWS_WITH(fQuantile99(0, 4), Contains("(0, 4)"));
}

TEST_CASE("segmented fit rejects bad options and too few points", "[calib]")
{
    SegmentOptions o;
    o.minPoints = 2;
    CHECK_THROWS_WITH(fitSegmented({1, 2, 3}, {1, 2, 3}, o), Contains("minPoints = 2"));
    CHECK_THROWS_WITH(fitSegmented({1, 2}, {1, 2}), Contains("at least 3 points, got 2"));
}

TEST_CASE("Levenberg-Marquardt recovers an exponential", "[calib]")
{
    // y = 2 exp(-0.3 x), x = 0..9, noise-free; start from (1, -0.1).
    NonlinearModel m;
    m.form = "exp";
    m.names = {"A", "k"};
    m.f = [](double x, const double* p) { return p[0] * std::exp(p[1] * x); };
    std::vector<double> x, y;
    for (int i = 0; i < 10; ++i) {
        x.push_back(i);
        y.push_back(2.0 * std::exp(-0.3 * i));
    }
    const FitResult f = fitLevenbergMarquardt(m, x, y, {1.0, -0.1});
    CHECK(f.method == "lm");
    CHECK(f.values[0] == Approx(2.0).epsilon(1e-6));
    CHECK(f.values[1] == Approx(-0.3).epsilon(1e-6));
    CHECK(f.r2 == Approx(1.0));

    // With 1% multiplicative noise the CIs (from the Jacobian) hold the truth,
    // with an analytic Jacobian given this time.
    m.jacobian = [](double xv, const double* p, double* g) {
        g[0] = std::exp(p[1] * xv);
        g[1] = p[0] * xv * std::exp(p[1] * xv);
    };
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] *= 1.0 + 0.01 * noise(static_cast<int>(i));
    const FitResult g = fitLevenbergMarquardt(m, x, y, {1.0, -0.1});
    CHECK(g.ciLow[0] <= 2.0);
    CHECK(g.ciHigh[0] >= 2.0);
    CHECK(g.ciLow[1] <= -0.3);
    CHECK(g.ciHigh[1] >= -0.3);
    CHECK(g.ciHigh[1] - g.ciLow[1] < 0.02);
}

TEST_CASE("Levenberg-Marquardt names a coefficient the data do not determine", "[calib]")
{
    // y = p0 + 0 * p1: p1 has a zero Jacobian column.
    NonlinearModel m;
    m.form = "flat";
    m.names = {"p0", "p1"};
    m.f = [](double, const double* p) { return p[0] + 0.0 * p[1]; };
    CHECK_THROWS_WITH(fitLevenbergMarquardt(m, {1, 2, 3}, {1, 1.1, 0.9}, {1, 1}),
                      Contains("do not determine coefficient p1"));
    CHECK_THROWS_WITH(fitLevenbergMarquardt(m, {1, 2, 3}, {1, 1.1, 0.9}, {1}),
                      Contains("initial has 1 values but the model 'flat' has 2 coefficients"));
}

TEST_CASE("fits reject bad input naming the argument and value", "[calib]")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH(fitLine({1, 2}, {1, 2}), Contains("needs at least 3 points, got 2"));
    CHECK_THROWS_WITH(fitLine({1, 2, 3}, {1, 2}), Contains("x has 3 values but y has 2"));
    CHECK_THROWS_WITH(fitLine({1, 2, 3}, {1, nan, 3}), Contains("y[1] = nan is not a finite number"));
    CHECK_THROWS_WITH(fitLine({1, 2, 3}, {1, 2, 3}, {1, 0, 1}), Contains("weights[1] = 0 must be positive"));
    CHECK_THROWS_WITH(fitLine({1, 2, 3}, {1, 2, 3}, {1, 1}), Contains("weights has 2 values but y has 3"));
    CHECK_THROWS_WITH(fitLine({2, 2, 2}, {1, 2, 3}), Contains("do not determine every coefficient"));
    CHECK_THROWS_WITH(fitProportional({1}, {1}), Contains("needs at least 2 points, got 1"));
}
