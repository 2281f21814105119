#include "../core/TestBlocks.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Pareto.h"
#include "model/sweep/Sensitivity.h"
#include "model/sweep/Sweep.h"
#include "model/document/SweepAxis.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace cs;
using cs::test::testRegistry;

TEST_CASE("axis specifications expand to the values a user means", "[sweep]")
{
    CHECK(parseAxisValues("1,2,4,8") == std::vector<double>{1, 2, 4, 8});
    CHECK(parseAxisValues("1:5") == std::vector<double>{1, 2, 3, 4, 5});
    CHECK(parseAxisValues("0:1:0.25") == std::vector<double>{0, 0.25, 0.5, 0.75, 1});
    CHECK(parseAxisValues("1:1024:log2").size() == 11); // 2^0 .. 2^10
    CHECK(parseAxisValues("1:1024:log2").back() == 1024);
    CHECK(parseAxisValues("1:1000:log10") == std::vector<double>{1, 10, 100, 1000});
    const auto l = parseAxisValues("1:100:log3"); // 1, 10, 100 evenly in log
    REQUIRE(l.size() == 3);
    CHECK(l[1] == Approx(10));
    CHECK(parseAxisValues("64KiB,1MiB") == std::vector<double>{65536, 1048576});
    CHECK(parseAxisValues("1us:100us:log10", Unit::Seconds)[1] == Approx(10e-6));
    CHECK_THROWS_WITH(parseAxisValues("1MiB,2MiB", Unit::Seconds), Catch::Contains("B but s is expected"));
    CHECK_THROWS_WITH(parseAxisValues("8:1"), Catch::Contains("the end 1 is below the start 8"));
    CHECK_THROWS_WITH(parseAxisValues("0:8:log2"), Catch::Contains("must start above 0"));
    CHECK_THROWS_WITH(parseAxisValues("1:8:0"), Catch::Contains("step must be above 0"));
    CHECK_THROWS_WITH(parseAxisValues("1,x"), Catch::Contains("'x' is not a number"));
    CHECK_THROWS_WITH(parseAxisValues("1:2:3:4"), Catch::Contains("expected FROM:TO"));
    CHECK_THROWS_WITH(parseAxisValues("1:1e9"), Catch::Contains("more than 10^7"));
}

namespace {

// A design: t = P * c for two variants (c = 1 s and c = 0.5 s); costs 100 USD
// per P plus 50 USD once for the "fast" variant.
DesignDocument countDoc()
{
    return parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "counts",
      "parameters": [{"name": "P", "unit": "count", "value": 1, "min": 1, "max": 64}],
      "blocks": [{"name": "c", "type": "test.count"}, {"name": "s", "type": "test.scale"}],
      "wires": [{"from": "P", "to": "c.P"}],
      "variants": [{"name": "slow", "total": "c.t", "overrides": {}},
                   {"name": "fast", "total": "c.t", "overrides": {"c.c": 0.5}}],
      "costs": [{"name": "node", "usd": 100, "per": "P"}, {"name": "nic", "usd": 50, "variants": ["fast"]}]
    })", testRegistry());
}

} // namespace

TEST_CASE("a full grid over several axes, for every variant", "[sweep]")
{
    const DesignDocument doc = countDoc();
    const SweepTable t = runSweep(doc, {{"P", {1, 2, 4}}, {"s.a", {1, 3}}}, {});
    REQUIRE(t.points == 6);
    REQUIRE(t.rows() == 12);
    // Last axis fastest: points are (1,1) (1,3) (2,1) (2,3) (4,1) (4,3).
    CHECK(t.axis(0, 0) == 1);
    CHECK(t.axis(1, 1) == 3);
    CHECK(t.axis(4, 0) == 4);
    CHECK(t.axis(5, 1) == 3);
    // Row = point * 2 + variant. Point 4 is P = 4: slow t = 4*1 = 4 s, fast t = 4*0.5 = 2 s.
    CHECK(t.at(8, 0) == 4.0);
    CHECK(t.at(9, 0) == 2.0);
    // Cost: slow 100*4 = 400; fast 100*4 + 50 = 450.
    CHECK(t.at(8, 3) == 400.0);
    CHECK(t.at(9, 3) == 450.0);
    // Speedup against P = 1: t grows with P here, so speedup = (1*c)/(4*c) = 0.25, efficiency 0.25/4.
    CHECK(t.at(8, 1) == Approx(0.25));
    CHECK(t.at(8, 2) == Approx(0.0625));
    CHECK(t.errors.empty());
}

TEST_CASE("failed points keep their message and the sweep goes on, cancel stops it", "[sweep]")
{
    const DesignDocument doc = countDoc();
    // c.c range is [0, 10]: 20 fails, the others evaluate.
    const SweepTable t = runSweep(doc, {{"c.c", {1, 20, 2}}}, {});
    REQUIRE(t.rows() == 6);
    CHECK(std::isnan(t.at(2, 0)));
    // Row 3 is the "fast" variant at c.c = 20: the override 0.5 is replaced by the axis value.
    REQUIRE(t.error(2) != nullptr);
    CHECK(*t.error(2) == "block 'c' (test.count): input c = 20 is out of range [0, 10] s");
    CHECK(t.at(4, 0) == 2.0);

    std::atomic<bool> cancel{true};
    SweepOptions opts;
    opts.cancel = &cancel;
    const SweepTable none = runSweep(doc, {{"P", parseAxisValues("1:64")}}, opts);
    CHECK(none.cancelled);
    // The threads write the table's rows as they take them; the rows no
    // thread took read NaN, with their grid values, not whatever the memory held.
    bool nan = true;
    for (std::size_t r = 0; r < none.rows(); ++r)
        for (std::size_t c = 0; c < none.columns.size(); ++c)
            nan = nan && std::isnan(none.at(r, c));
    CHECK(nan);
    CHECK(none.axis(63, 0) == 64);

    // Cancelled after the first chunk of points: those keep their values.
    std::atomic<bool> stop{false};
    SweepOptions part;
    part.threads = 1;
    part.cancel = &stop;
    part.progress = [&](std::size_t, std::size_t) { stop = true; };
    const SweepTable half = runSweep(doc, {{"P", parseAxisValues("1:64")}, {"s.a", parseAxisValues("1:20")}}, part);
    REQUIRE(half.cancelled);
    REQUIRE(half.points == 1280);
    CHECK(half.at(0, 0) == 1.0); // P = 1, slow: 1 x 1 s
    CHECK(std::isnan(half.at(2 * 1279, 0)));
    CHECK(half.axis(1279, 0) == 64);
    CHECK(half.axis(1279, 1) == 20);

    CHECK_THROWS_WITH(runSweep(doc, {{"c.t", {1}}}, {}), Catch::Contains("is an output and cannot be set"));
    CHECK_THROWS_WITH(runSweep(doc, {{"c.P", {1}}}, {}), Catch::Contains("input c.P is wired and cannot be set"));
    CHECK_THROWS_WITH(runSweep(doc, {{"zz", {1}}}, {}), Catch::Contains("'zz' names no design parameter"));
}

TEST_CASE("multi-threaded sweeps give the same table and report progress", "[sweep]")
{
    const DesignDocument doc = countDoc();
    std::vector<double> ps = parseAxisValues("1:64");
    std::vector<double> cs_ = parseAxisValues("0:10:0.01");
    SweepOptions one;
    one.threads = 1;
    SweepOptions two;
    two.threads = 2;
    std::size_t lastDone = 0, calls = 0;
    two.progress = [&](std::size_t done, std::size_t total) {
        CHECK(done <= total);
        CHECK(done >= lastDone);
        lastDone = done;
        ++calls;
    };
    const SweepTable a = runSweep(doc, {{"P", ps}, {"c.c", cs_}}, one);
    const SweepTable b = runSweep(doc, {{"P", ps}, {"c.c", cs_}}, two);
    CHECK(lastDone == a.points);
    CHECK(calls > 1);
    REQUIRE(a.values.size() == b.values.size());
    bool same = true;
    for (std::size_t i = 0; i < a.values.size(); ++i)
        same = same && (a.values[i] == b.values[i] || (std::isnan(a.values[i]) && std::isnan(b.values[i])));
    CHECK(same);
}

TEST_CASE("Pareto front and cheapest design on a case worked by hand", "[sweep][pareto]")
{
    // Hand-made table: (T, cost) rows
    //   r0 (10 s, 100)  r1 (6 s, 200)  r2 (8 s, 250)  r3 (3 s, 400)  r4 (6 s, 150)  r5 failed
    // Dominated: r1 (r4 is as fast and cheaper), r2 (r4 faster and cheaper).
    // Front by cost: r0 (100, 10 s), r4 (150, 6 s), r3 (400, 3 s).
    SweepTable t;
    t.variants = {"v"};
    t.columns = {"T", "speedup", "efficiency", "cost"};
    t.points = 6;
    const double nan = std::nan("");
    t.values = {10, 1, 1, 100, 6, 1, 1, 200, 8, 1, 1, 250, 3, 1, 1, 400, 6, 1, 1, 150, nan, nan, nan, nan};
    CHECK(paretoFront(t) == std::vector<std::size_t>{0, 4, 3});
    // Cheapest with T <= 7 s: r4 (150) beats r1 (200) and r3 (400).
    CHECK(cheapestMeeting(t, 7.0) == std::optional<std::size_t>(4));
    CHECK(cheapestMeeting(t, 10.0) == std::optional<std::size_t>(0));
    CHECK_FALSE(cheapestMeeting(t, 1.0).has_value());
}

TEST_CASE("sensitivity on a case worked by hand", "[sweep][sensitivity]")
{
    // Output c.t = P * c at P = 10, c = 0.5 (variant "fast"): 5 s.
    //  P  -10% -> 9  -> 4.5 s ; +10% -> 11 -> 5.5 s   swing 1.0
    //  c.c -10% -> 0.45 -> 4.5 s ; +10% -> 0.55 -> 5.5 s swing 1.0
    //  s.x, s.a do not affect c.t: swing 0.
    const DesignDocument doc = countDoc();
    const SensitivityResult r = sensitivity(doc, "fast", {{"P", 10}});
    CHECK(r.output == "c.t");
    CHECK(r.baseOutput == Approx(5.0));
    REQUIRE(r.bars.size() == 4); // P, c.c, s.x, s.a (c.P is wired, skipped)
    CHECK(r.bars[0].swing() == Approx(1.0));
    CHECK(r.bars[1].swing() == Approx(1.0));
    CHECK(r.bars[0].low == 9);
    CHECK(r.bars[0].high == 11);
    CHECK(r.bars[2].swing() == 0.0);
    CHECK_THROWS_WITH(sensitivity(doc, "nope", {}), "no variant named 'nope'");
}

TEST_CASE("a variant evaluates only the blocks its total depends on", "[sweep]")
{
    // Two independent chains: variant "a" uses block a only, "b" uses b only.
    const DesignDocument doc = parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "two chains",
      "blocks": [{"name": "a", "type": "test.scale"}, {"name": "b", "type": "test.scale"}],
      "variants": [{"name": "a", "total": "a.y", "overrides": {}}, {"name": "b", "total": "b.y", "overrides": {}}]
    })", testRegistry());
    // b.x = 0 makes b's output inv = 1/0 non-finite: b fails, a must not.
    const SweepTable t = runSweep(doc, {{"b.x", {0, 1}}}, {});
    REQUIRE(t.rows() == 4);
    CHECK(t.at(0, 0) == 2.0); // a.y = 1 * 2 at point b.x = 0
    REQUIRE(t.error(1) != nullptr);
    CHECK_THAT(*t.error(1), Catch::Contains("output inv is not finite"));
    CHECK(t.at(3, 0) == 2.0); // b.y = 1 * 2 at b.x = 1
    CHECK(t.totals[0].symbol == "y");
    CHECK(t.totals[0].unit == Unit::Seconds);

    const Plan plan = doc.design.compile();
    CHECK(plan.stepsFor({plan.slotOf("a.y")}).size() == 1);
    CHECK(plan.stepsFor({plan.slotOf("a.y"), plan.slotOf("b.inv")}).size() == 2);
}

TEST_CASE("sensitivity over thousands of parameters gives the unread ones no swing", "[sweep][sensitivity]")
{
    // countDoc with 2000 more parameters q0..q1999 (5 s in [0, 10] s) that
    // no block of variant "fast" reads; q0 is wired into s.x, a block the
    // variant's total c.t does not depend on. Unread parameters get their
    // bar without a pass each (a pass checks every parameter: n^2 before).
    nlohmann::json j = nlohmann::json::parse(R"({
      "format": "clusterscope-design", "version": 2, "name": "counts",
      "parameters": [{"name": "P", "unit": "count", "value": 1, "min": 1, "max": 64}],
      "blocks": [{"name": "c", "type": "test.count"}, {"name": "s", "type": "test.scale"}],
      "wires": [{"from": "P", "to": "c.P"}],
      "variants": [{"name": "fast", "total": "c.t", "overrides": {"c.c": 0.5}}]
    })");
    for (int i = 0; i < 2000; ++i)
        j["parameters"].push_back(
            {{"name", "q" + std::to_string(i)}, {"unit", "s"}, {"value", 5}, {"min", 0}, {"max", 10}});
    j["wires"].push_back({{"from", "q0"}, {"to", "s.x"}});
    const DesignDocument doc = parseDocument(j.dump(), testRegistry());
    const SensitivityResult r = sensitivity(doc, "fast", {{"P", 10}});
    // As in the case above: c.t = P * c = 10 * 0.5 = 5 s; P and c.c swing 1.0 s
    // (9 * 0.5 = 4.5 s, 11 * 0.5 = 5.5 s; 10 * 0.45 = 4.5 s, 10 * 0.55 = 5.5 s).
    CHECK(r.baseOutput == Approx(5.0));
    // P, c.c, s.a and the 2000 q (s.x is wired from q0, so not settable).
    REQUIRE(r.bars.size() == 2003);
    CHECK(r.bars[0].swing() == Approx(1.0));
    CHECK(r.bars[1].swing() == Approx(1.0));
    for (std::size_t i = 2; i < r.bars.size(); ++i) {
        const SensitivityBar& b = r.bars[i];
        INFO(b.path);
        CHECK(b.swing() == 0.0);
        CHECK(b.outLow == 5.0);
        CHECK(b.outHigh == 5.0);
        if (b.path[0] == 'q') {
            // The sides are still shown: 5 s -10% = 4.5 s, +10% = 5.5 s.
            CHECK(b.low == Approx(4.5));
            CHECK(b.high == Approx(5.5));
        }
    }
}

TEST_CASE("a plan finds a followed parameter and a slot's step by search", "[sweep][plan]")
{
    // Three blocks in a chain x -> y and one apart (z): the step that owns a
    // slot is found by a binary search over the steps' slot ranges.
    const DesignDocument doc = parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "chain",
      "parameters": [{"name": "a", "unit": "s", "value": 1, "min": 0, "max": 10},
                     {"name": "b", "unit": "s", "value": 1, "min": 0, "max": 10}],
      "blocks": [{"name": "x", "type": "test.scale"}, {"name": "y", "type": "test.scale"},
                 {"name": "z", "type": "test.scale"}],
      "wires": [{"from": "a", "to": "x.x"}, {"from": "x.y", "to": "y.x"}, {"from": "b", "to": "z.x"}],
      "variants": [{"name": "v", "total": "y.y", "overrides": {}}]
    })", testRegistry());
    const Plan plan = doc.design.compile();
    // y.y depends on y and, through the wire x.y -> y.x, on x; not on z.
    const std::vector<std::uint32_t> steps = plan.stepsFor({plan.slotOf("y.y")});
    REQUIRE(steps.size() == 2);
    CHECK(plan.steps()[steps[0]].name == "x");
    CHECK(plan.steps()[steps[1]].name == "y");
    CHECK(plan.stepsFor({plan.slotOf("z.y")}).size() == 1);
    CHECK(plan.stepsFor({plan.slotOf("a")}).empty()); // a design parameter needs no step
    CHECK_FALSE(plan.isFollowing(plan.slotOf("a")));
    CHECK_FALSE(plan.isFollowing(-1));

    // P follows topology.hosts and has no value of its own (NaN in the
    // initial slots, "take the output's value"); Q follows nothing.
    const DesignDocument acc = parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "follows",
      "parameters": [{"name": "Q", "unit": "count", "value": 1, "min": 1, "max": 64},
                     {"name": "P", "unit": "count", "min": 1, "max": 4096, "follows": "topology.hosts"}],
      "blocks": [{"name": "c", "type": "test.count"}],
      "wires": [{"from": "P", "to": "c.P"}],
      "topology": {"generator": "star", "params": {"n": 8}},
      "variants": [{"name": "v", "total": "c.t", "overrides": {}}]
    })", testRegistry());
    const Plan p2 = acc.design.compile();
    CHECK_FALSE(p2.isFollowing(p2.slotOf("Q")));
    CHECK(p2.isFollowing(p2.slotOf("P")));
    CHECK_FALSE(p2.isFollowing(p2.slotOf("c.t")));
}
