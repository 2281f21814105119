// Statistics on hand-worked data: the binomial order-statistic CI of the median, type-7 quantiles,
// warm-up discarding and outlier robustness. Every expected value is derived by hand in the comment.
#include "cs/probe/Statistics.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

using namespace cs::probe;

TEST_CASE("median CI for n = 10 at 95% uses order statistics 2 and 9", "[kernels][stats]")
{
    // B ~ Binomial(10, 1/2); 2^10 = 1024. C(10,0) = 1, C(10,1) = 10, C(10,2) = 45.
    // j = 1: coverage = 1 - 2 * 1 / 1024            = 1022/1024 = 0.998047
    // j = 2: coverage = 1 - 2 * (1 + 10) / 1024     = 1002/1024 = 0.978516 >= 0.95
    // j = 3: coverage = 1 - 2 * (1 + 10 + 45) / 1024 = 912/1024 = 0.890625 <  0.95
    // so j = 2 and k = n + 1 - j = 9.
    const MedianCiRanks r = medianConfidenceRanks(10, 0.95);
    CHECK(r.lower == 2);
    CHECK(r.upper == 9);
    CHECK(r.coverage == Approx(1002.0 / 1024.0).epsilon(1e-12));
    CHECK(r.reached);
}

TEST_CASE("median CI for n = 20 at 95% uses order statistics 6 and 15", "[kernels][stats]")
{
    // 2^20 = 1048576. C(20,i) for i = 0..6: 1, 20, 190, 1140, 4845, 15504, 38760.
    // j = 6: tail sum_{i<=5} = 1+20+190+1140+4845+15504 = 21700; coverage = 1 - 43400/1048576 = 0.958611
    // j = 7: tail + 38760 = 60460;                                  coverage = 1 - 120920/1048576 = 0.884682
    const MedianCiRanks r = medianConfidenceRanks(20, 0.95);
    CHECK(r.lower == 6);
    CHECK(r.upper == 15);
    CHECK(r.coverage == Approx(1.0 - 43400.0 / 1048576.0).epsilon(1e-12));
}

TEST_CASE("median CI for small n: n = 6 reaches 95% with the extremes, n = 5 cannot", "[kernels][stats]")
{
    // n = 6: j = 1 gives 1 - 2/64 = 0.96875 >= 0.95; j = 2 gives 1 - 2 * 7/64 = 0.78125. -> [x(1), x(6)].
    const MedianCiRanks six = medianConfidenceRanks(6, 0.95);
    CHECK(six.lower == 1);
    CHECK(six.upper == 6);
    CHECK(six.coverage == Approx(62.0 / 64.0));
    CHECK(six.reached);
    // n = 5: even [x(1), x(5)] only covers 1 - 2/32 = 0.9375 < 0.95: reported, flagged as not reached.
    const MedianCiRanks five = medianConfidenceRanks(5, 0.95);
    CHECK(five.lower == 1);
    CHECK(five.upper == 5);
    CHECK(five.coverage == Approx(30.0 / 32.0));
    CHECK_FALSE(five.reached);
    CHECK(medianConfidenceRanks(0, 0.95).lower == 0);
}

TEST_CASE("median CI at 99% for n = 10 widens to order statistics 1 and 10", "[kernels][stats]")
{
    // j = 1: 0.998047 >= 0.99; j = 2: 0.978516 < 0.99.
    const MedianCiRanks r = medianConfidenceRanks(10, 0.99);
    CHECK(r.lower == 1);
    CHECK(r.upper == 10);
}

TEST_CASE("median CI ranks for large n follow the normal approximation", "[kernels][stats]")
{
    // For large n, j ~ n/2 - 1.96 sqrt(n)/2: n = 10000 -> 5000 - 98 = 4902 (give or take one).
    const MedianCiRanks r = medianConfidenceRanks(10000, 0.95);
    CHECK(r.lower >= 4900);
    CHECK(r.lower <= 4903);
    CHECK(r.upper == 10001 - r.lower);
    CHECK(r.coverage >= 0.95);
}

TEST_CASE("binomial(n, 1/2) CDF on hand-worked values", "[kernels][stats]")
{
    CHECK(binomialHalfCdf(10, 1) == Approx(11.0 / 1024.0));   // (1 + 10) / 1024
    CHECK(binomialHalfCdf(4, 2) == Approx(11.0 / 16.0));      // (1 + 4 + 6) / 16
    CHECK(binomialHalfCdf(3, 3) == 1.0);
}

TEST_CASE("type-7 quantiles of 1..10", "[kernels][stats]")
{
    const std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    // h = (n - 1) p = 9 p; q = x(floor h + 1) + frac(h) (next - this)
    CHECK(quantileSorted(x, 0.25) == Approx(3.25)); // h = 2.25: 3 + 0.25 * 1
    CHECK(quantileSorted(x, 0.50) == Approx(5.5));  // h = 4.5:  5 + 0.5
    CHECK(quantileSorted(x, 0.75) == Approx(7.75)); // h = 6.75: 7 + 0.75
    CHECK(quantileSorted(x, 0.99) == Approx(9.91)); // h = 8.91: 9 + 0.91
    CHECK(quantileSorted(x, 0.0) == 1.0);
    CHECK(quantileSorted(x, 1.0) == 10.0);
    CHECK(std::isnan(quantileSorted(std::vector<double>{}, 0.5)));
}

TEST_CASE("summarize discards warm-ups and reports every statistic", "[kernels][stats]")
{
    // Two warm-ups (100, 90) then 10 samples, given out of order: sorted they are 1..10.
    const std::vector<double> s = {100, 90, 7, 3, 10, 1, 9, 2, 8, 4, 6, 5};
    const Summary r = summarize(s, 2, 0.95);
    CHECK(r.warmupsDiscarded == 2);
    CHECK(r.count == 10);
    CHECK(r.min == 1);
    CHECK(r.max == 10);
    CHECK(r.median == Approx(5.5));
    CHECK(r.p25 == Approx(3.25));
    CHECK(r.p75 == Approx(7.75));
    CHECK(r.p99 == Approx(9.91));
    CHECK(r.mean == Approx(5.5)); // 55 / 10
    CHECK(r.ciLow == 2);          // x(2)
    CHECK(r.ciHigh == 9);         // x(9)
    // |x - 5.5| = 4.5, 3.5, 2.5, 1.5, 0.5, 0.5, 1.5, 2.5, 3.5, 4.5 -> sorted median = (2.5 + 2.5) / 2
    CHECK(r.mad == Approx(2.5));
    // The kept samples, in measurement order: the ten after the two warm-ups, unsorted.
    CHECK(r.samples == std::vector<double>{7, 3, 10, 1, 9, 2, 8, 4, 6, 5});
    CHECK(summarize(s, 2, 0.95, false).samples.empty());
}

TEST_CASE("summarize keeps the finite samples after the warm-ups, in order", "[kernels][stats]")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> s = {50, 4, nan, 2, std::numeric_limits<double>::infinity(), 3};
    const Summary r = summarize(s, 1);
    // Warm-up 50 dropped; NaN and inf dropped (counted); 4, 2, 3 kept in that order.
    CHECK(r.nonFiniteDropped == 2);
    CHECK(r.count == 3);
    CHECK(r.samples == std::vector<double>{4, 2, 3});
    CHECK(r.median == 3);
}

TEST_CASE("summarize is robust to an outlier and drops non-finite samples", "[kernels][stats]")
{
    std::vector<double> s = {1, 2, 3, 4, 5, 6, 7, 8, 9, 1e9};
    const Summary r = summarize(s);
    // Sorted: 1..9, 1e9. Median (5 + 6) / 2 = 5.5 whatever the outlier; CI [x(2), x(9)] = [2, 9].
    CHECK(r.median == Approx(5.5));
    CHECK(r.ciLow == 2);
    CHECK(r.ciHigh == 9);
    CHECK(r.max == 1e9);
    s.push_back(std::numeric_limits<double>::quiet_NaN());
    s.push_back(std::numeric_limits<double>::infinity());
    const Summary q = summarize(s);
    CHECK(q.count == 10);
    CHECK(q.nonFiniteDropped == 2);
    CHECK(q.median == Approx(5.5));
}

TEST_CASE("summarize of nothing gives count 0 and NaN, never a made-up number", "[kernels][stats]")
{
    const Summary r = summarize(std::vector<double>{1, 2}, 5);
    CHECK(r.warmupsDiscarded == 2);
    CHECK(r.count == 0);
    CHECK(std::isnan(r.median));
    CHECK(std::isnan(r.ciLow));
}

TEST_CASE("summarize of one sample: every statistic is that sample", "[kernels][stats]")
{
    const Summary r = summarize(std::vector<double>{0.25});
    CHECK(r.count == 1);
    CHECK(r.min == 0.25);
    CHECK(r.median == 0.25);
    CHECK(r.p99 == 0.25);
    CHECK(r.ciLow == 0.25);
    CHECK(r.ciHigh == 0.25);
    CHECK_FALSE(r.ciRanks.reached); // n = 1 covers 0%
}
