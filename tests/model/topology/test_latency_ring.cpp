// Path latency, the ring pattern, progress and cancellation, against values
// worked out by hand.
#include "TopologyTestSupport.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/MetricsProgress.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>

#include <thread>

using namespace cs;

using cs::test::linkLoad;

TEST_CASE("ring on a 4-host star: one flow each way on every host link", "[topology][latency]")
{
    // h0 -> h1 -> h2 -> h3 -> h0: each host sends one flow (up its link) and
    // receives one (down its link), so every host link carries 1 flow per
    // direction; 4 flows in all; per-flow rate 125 MB/s / 1.
    const Topology t = generate("star", {{"n", 4}});
    const TopologyMetrics m = computeMetrics(t);
    REQUIRE(m.ring);
    CHECK(m.ring->flows == 4);
    CHECK(m.ring->unroutable == 0);
    for (const char* h : {"h0", "h1", "h2", "h3"}) {
        CHECK(linkLoad(t, *m.ring, h, "sw0") == Approx(1));
        CHECK(linkLoad(t, *m.ring, "sw0", h) == Approx(1));
    }
    CHECK(m.ring->maxLoad == Approx(1));
    CHECK(m.ring->perFlowBandwidth() == Approx(125e6));
    CHECK(patternName(TrafficPattern::Ring) == "ring");
    // Two hosts: 0 -> 1 and 1 -> 0; one host: nothing.
    CHECK(computeMetrics(generate("star", {{"n", 2}})).ring->flows == 2);
    MetricsOptions off;
    off.ring = false;
    CHECK_FALSE(computeMetrics(t, off).ring);
}

TEST_CASE("path latency on a two-level tree with different latencies", "[topology][latency]")
{
    // Switches A (10 us), B (20 us) under root R (30 us); hosts a0 and a1
    // on A, b0 on B. Links (us): a0-A 1, a1-A 2, b0-B 4, A-R 5, B-R 6.
    //   a0 <-> a1: 1 + A 10 + 2                      = 13 each way
    //   a0 <-> b0: 1 + 5 + 6 + 4 = 16, + A, R, B 60  = 76 each way
    //   a1 <-> b0: 2 + 5 + 6 + 4 = 17, + 60          = 77 each way
    // Six ordered pairs: (13 + 76 + 77) x 2 = 332 us; mean 332/6 = 55.333 us;
    // the largest 77 us.
    Topology t;
    t.addSwitch("A", 8, 10e-6);
    t.addSwitch("B", 8, 20e-6);
    t.addSwitch("R", 8, 30e-6);
    t.addHost("a0");
    t.addHost("a1");
    t.addHost("b0");
    auto link = [&](const char* a, const char* b, double us) { t.addLink(a, b, LinkProps{1e9, us * 1e-6, 1, true}); };
    link("a0", "A", 1);
    link("a1", "A", 2);
    link("b0", "B", 4);
    link("A", "R", 5);
    link("B", "R", 6);
    const TopologyMetrics m = computeMetrics(t);
    CHECK(m.avgLatency == Approx(332e-6 / 6));
    CHECK(m.maxLatency == Approx(77e-6));
}

TEST_CASE("ECMP weights the routes of a pair evenly at each split", "[topology][latency]")
{
    // x - S1 - {P (1 us), Q (5 us)} - S2 - y, all links 1 us; S1 and S2 0 us.
    // x -> y: two 4-hop routes, 4 + 1 = 5 us via P and 4 + 5 = 9 us via Q;
    // S1 splits evenly: mean 7 us, worst 9 us; the same from y to x.
    Topology t;
    t.addHost("x");
    t.addHost("y");
    t.addSwitch("S1", 8);
    t.addSwitch("S2", 8);
    t.addSwitch("P", 8, 1e-6);
    t.addSwitch("Q", 8, 5e-6);
    for (auto [a, b] : {std::pair{"x", "S1"}, {"S1", "P"}, {"S1", "Q"}, {"P", "S2"}, {"Q", "S2"}, {"S2", "y"}})
        t.addLink(a, b, LinkProps{1e9, 1e-6, 1, true});
    const TopologyMetrics m = computeMetrics(t);
    CHECK(m.avgLatency == Approx(7e-6));
    CHECK(m.maxLatency == Approx(9e-6));
}

TEST_CASE("with a uniform cost per hop, latency is hops times that cost", "[topology][latency]")
{
    // Links of 1 us and hosts that forward for free: a route of h hops costs
    // h us. 4x4 torus: average 32/15 hops (see test_metrics), so 32/15 us;
    // diameter 4 hops, so 4 us.
    const TopologyMetrics torus = computeMetrics(generate("torus", {{"k", 4}, {"dims", 2}, {"lat", 1e-6}}));
    CHECK(torus.avgLatency == Approx(32.0 / 15.0 * 1e-6));
    CHECK(torus.maxLatency == Approx(4e-6));
    CHECK(torus.avgLatency == Approx(torus.avgHops() * 1e-6));
    // Hypercube dims=3: 12/7 hops on average, diameter 3.
    const TopologyMetrics cube = computeMetrics(generate("hypercube", {{"dims", 3}, {"lat", 2e-6}}));
    CHECK(cube.avgLatency == Approx(12.0 / 7.0 * 2e-6));
    CHECK(cube.maxLatency == Approx(3 * 2e-6));
    // A k=4 fat-tree with zero-latency switches and 1 us links: 16 pairs at 2
    // hops, 32 at 4, 192 at 6: (32 + 128 + 1152) / 240 = 5.4667 us; 6 us.
    const TopologyMetrics ft = computeMetrics(generate("fat-tree", {{"k", 4}, {"lat", 1e-6}, {"switch_lat", 0}}));
    CHECK(ft.avgLatency == Approx(1312.0 / 240.0 * 1e-6));
    CHECK(ft.maxLatency == Approx(6e-6));
}

TEST_CASE("progress rises to 1 on the calling thread, cancel throws", "[topology][latency]")
{
    const Topology t = generate("fat-tree", {{"k", 6}});
    std::vector<double> seen;
    const auto caller = std::this_thread::get_id();
    bool sameThread = true;
    MetricsOptions o;
    o.progress = [&](double f) {
        seen.push_back(f);
        sameThread = sameThread && std::this_thread::get_id() == caller;
    };
    (void)computeMetrics(t, o);
    REQUIRE_FALSE(seen.empty());
    CHECK(seen.back() == 1.0);
    CHECK(std::is_sorted(seen.begin(), seen.end()));
    CHECK(seen.front() >= 0.0);
    CHECK(sameThread);

    std::atomic<bool> cancel{true};
    o.cancel = &cancel;
    CHECK_THROWS_AS(computeMetrics(t, o), MetricsCancelled);
    CHECK_THROWS_WITH(computeMetrics(t, o), "cancelled");
    // Cancelled part-way, from the progress callback (one thread, so that
    // the calling thread does the work and reports as it goes).
    cancel = false;
    o.progress = [&](double f) {
        if (f > 0.2)
            cancel = true;
    };
    MetricsOptions plain = o;
    plain.symmetry = false;
    plain.threads = 1;
    CHECK_THROWS_AS(computeMetrics(generate("torus", {{"k", 12}, {"dims", 2}}), plain), ModelError);
}
