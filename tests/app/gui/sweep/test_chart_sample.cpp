// The sample a huge sweep's charts draw (app/plots/ChartSample.h): bounded in
// size, yet holding every point that changes what the charts show.
#include "app/plots/ChartSample.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace cs;

namespace {

// One axis P = 1..n, one variant; speedup P / 1000 but for a spike of 1000 at
// `spike` and a dip to 0 at `dip`; T = 1 / P; no costs.
SweepTable curve(std::size_t n, std::size_t spike, std::size_t dip)
{
    SweepTable t;
    t.axes = {"P"};
    t.variants = {"v"};
    t.totals = {{"T", Unit::Seconds, "s"}};
    t.columns = {"T", "speedup", "efficiency", "cost"};
    t.points = n;
    for (std::size_t p = 0; p < n; ++p) {
        const double P = static_cast<double>(p + 1);
        t.axisValues.push_back(P);
        const double s = p == spike ? 1000.0 : p == dip ? 0.0 : P / 1000.0;
        t.values.insert(t.values.end(), {1.0 / P, s, s / P, 0.0});
    }
    return t;
}

DesignDocument speedupAlongP()
{
    DesignDocument doc;
    doc.sweep.speedupParam = "P";
    return doc;
}

} // namespace

TEST_CASE("a small sweep is drawn whole", "[plots][sample]")
{
    const SweepTable t = curve(plots::kMaxChartPoints, 5, 6);
    CHECK(plots::chartPoints(speedupAlongP(), t).size() == plots::kMaxChartPoints);
}

TEST_CASE("a 10^6-point curve is drawn from a bounded sample that keeps its extremes", "[plots][sample]")
{
    const std::size_t n = 1000000, spike = 543210, dip = 765432;
    const SweepTable t = curve(n, spike, dip);
    const std::vector<std::size_t> kept = plots::chartPoints(speedupAlongP(), t);
    INFO(kept.size() << " points kept");
    // At most, for the curve, two points (lowest, highest) in each of 1024
    // linear and 1024 logarithmic slices and its 4 ends = 4100; for the
    // Pareto chart, one per cell of two 128 x 128 grids = 32768; the front
    // (1 point: nothing costs anything, so the fastest alone) and points 0, n-1.
    CHECK(kept.size() <= 4100 + 32768 + 3);
    CHECK(kept.size() >= 1024); // every linear slice holds points
    CHECK(std::is_sorted(kept.begin(), kept.end()));
    CHECK(std::adjacent_find(kept.begin(), kept.end()) == kept.end());
    for (std::size_t p : {std::size_t{0}, n - 1, spike, dip}) {
        INFO("point " << p);
        CHECK(std::binary_search(kept.begin(), kept.end(), p));
    }
}

TEST_CASE("the table of a sample keeps its points' rows and errors", "[plots][sample]")
{
    SweepTable t = curve(10, 3, 4);
    t.variants = {"v"};
    t.errors = {{2, "two"}, {5, "five"}, {7, "seven"}};
    const SweepTable s = plots::tableOfPoints(t, {0, 5, 7, 9});
    REQUIRE(s.points == 4);
    CHECK(s.axis(1, 0) == 6.0); // point 5 is P = 6
    CHECK(s.at(3, 0) == Approx(1.0 / 10));
    REQUIRE(s.errors.size() == 2);
    CHECK(s.errors[0] == std::pair<std::size_t, std::string>{1, "five"});
    CHECK(s.errors[1] == std::pair<std::size_t, std::string>{2, "seven"});
}

TEST_CASE("the sample for the charts shares a small table and finds the breakdown levels", "[plots][sample]")
{
    auto small = std::make_shared<const SweepTable>(curve(100, 3, 4));
    const plots::ChartSample s = plots::sampleForCharts(speedupAlongP(), small);
    CHECK(s.shown == small);
    REQUIRE(s.levels.size() == 100);
    CHECK(s.levels.front() == 1.0);
    CHECK(s.levels.back() == 100.0);
    CHECK(s.defaultAt == 100.0); // no current value of P in the design: the largest level
}

TEST_CASE("the breakdown offers only the values some variant was evaluated at (issue 34, defect 3)", "[plots][sample]")
{
    // P = 1..8 on a network of 4 hosts: P = 5 to 8 failed for the one variant, so the breakdown's choices are
    // 1 to 4 and it shows 4, not 8.
    SweepTable t = curve(8, 100, 100);
    for (std::size_t p = 4; p < 8; ++p)
        t.errors.emplace_back(p, "P = " + std::to_string(p + 1) + " exceeds topology.hosts = 4");
    const plots::ChartSample s = plots::sampleForCharts(speedupAlongP(), std::make_shared<const SweepTable>(t));
    CHECK(s.levels == std::vector<double>{1, 2, 3, 4});
    CHECK(s.defaultAt == 4.0);
    // Every row failed: every value is offered, and the breakdown shows the errors.
    for (std::size_t p = 0; p < 4; ++p)
        t.errors.emplace_back(p, "no network");
    std::sort(t.errors.begin(), t.errors.end());
    const plots::ChartSample none = plots::sampleForCharts(speedupAlongP(), std::make_shared<const SweepTable>(t));
    CHECK(none.levels.size() == 8);
}
