// The topology.metrics block, evaluated through a Design and its Plan as the
// CLI and sweeps do.
#include "model/core/BlockRegistry.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Unit.h"
#include "model/topology/TopologyMetricsBlock.h"

#include <catch2/catch.hpp>

#include <thread>

using namespace cs;

namespace {

struct Run {
    Design d;
    Run() { d.addBlock("topo", "topology.metrics"); }
    void set(const char* input, double v) { d.setValue({"topo", input}, v); }
    void kind(const char* name)
    {
        const BlockSpec& s = d.block("topo").spec();
        set("kind", s.inputs[static_cast<std::size_t>(s.inputIndex("kind"))].parse(name));
    }
    std::vector<double> slots;
    Plan plan;
    double out(const char* o) const { return slots[static_cast<std::size_t>(plan.slotOf(std::string("topo.") + o))]; }
    void run()
    {
        plan = d.compile();
        slots = plan.initialSlots();
        plan.runOrThrow(slots.data());
    }
};

} // namespace

TEST_CASE("topology.metrics: the k=4 fat-tree", "[topology]")
{
    Run r;
    r.kind("fat-tree");
    r.set("k", 4);
    r.set("bw", 125e6);
    r.set("lat_hop", 2e-6);
    r.run();
    CHECK(r.out("hosts") == 16);     // k^3/4
    CHECK(r.out("switches") == 20);  // 5k^2/4
    CHECK(r.out("segments") == 0);
    CHECK(r.out("links") == 48);     // 3k^3/4
    CHECK(r.out("diameter") == 6);
    // (16 x 2 + 32 x 4 + 192 x 6) / 240 = 1312 / 240
    CHECK(r.out("avg_hops") == Approx(1312.0 / 240.0));
    CHECK(r.out("bisection_bw") == Approx(8 * 125e6)); // k^3/8 = 8 links
    CHECK(r.out("bisection_exact") == 1);
    CHECK(r.out("max_link_load") == Approx(15));       // a host link: 15 flows
    CHECK(r.out("a2a_bw") == Approx(125e6));           // 15 x 125e6 / 15
    // L = avg_hops x lat_hop = 5.4667 x 2 us; L_max = 6 x 2 us.
    CHECK(r.out("L") == Approx(1312.0 / 240.0 * 2e-6));
    CHECK(r.out("L_max") == Approx(12e-6));
}

TEST_CASE("topology.metrics: a 4x4 torus and the 4x4 Beowulf mesh", "[topology]")
{
    Run r;
    r.kind("torus");
    r.set("k", 4);
    r.set("dims", 2);
    r.set("bw", 1e9);
    r.set("channels", 2);
    r.set("lat_hop", 1e-6);
    r.run();
    CHECK(r.out("hosts") == 16);
    CHECK(r.out("switches") == 0);
    CHECK(r.out("links") == 32);
    CHECK(r.out("diameter") == 4);
    CHECK(r.out("avg_hops") == Approx(32.0 / 15.0));
    // 8 links x 1e9 x 2 channels.
    CHECK(r.out("bisection_bw") == Approx(16e9));
    CHECK(r.out("max_link_load") == Approx(8));
    // 15 peers x 2e9 / 8 flows per link direction.
    CHECK(r.out("a2a_bw") == Approx(15 * 2e9 / 8));
    CHECK(r.out("L") == Approx(32.0 / 15.0 * 1e-6));

    // The software-routed mesh of 004 §4 at 10 Mbit/s: 96 pairs at 2 hops,
    // 144 at 4: avg (192 + 576) / 240 = 3.2; segments carry 48 flows.
    Run m;
    m.kind("beowulf-mesh");
    m.set("bw", 1.25e6);
    m.run();
    CHECK(m.out("hosts") == 16);
    CHECK(m.out("segments") == 8);
    CHECK(m.out("diameter") == 4);
    CHECK(m.out("avg_hops") == Approx(3.2));
    CHECK(m.out("max_link_load") == Approx(48));
    CHECK(m.out("a2a_bw") == Approx(15 * 1.25e6 / 48));
    CHECK(m.out("bisection_exact") == 0); // a max-flow bound
    CHECK(m.out("bisection_bw") == Approx(4 * 1.25e6));
    // NOW (gfat defaults): 105 hosts, 36 switches.
    Run now;
    now.kind("gfat");
    now.run();
    CHECK(now.out("hosts") == 105);
    CHECK(now.out("switches") == 36);
    CHECK(now.out("diameter") == 6);
}

TEST_CASE("topology.metrics refuses what its generator refuses, naming it", "[topology]")
{
    Run r;
    r.kind("fat-tree");
    r.set("k", 5);
    CHECK_THROWS_WITH(r.run(), "block 'topo' (topology.metrics): kind = fat-tree: k = 5 must be even");
    r.set("k", 300);
    CHECK_THROWS_WITH(r.run(), "block 'topo' (topology.metrics): kind = fat-tree: k = 300 is out of range [2, 160]");
    r.kind("torus");
    r.set("k", 2);
    CHECK_THROWS_WITH(r.run(), Catch::StartsWith("block 'topo' (topology.metrics): kind = torus: k = 2 is too small"));
    // A 200 x 200 torus is one orbit of roots (translations): computed.
    r.set("k", 200);
    CHECK_NOTHROW(r.run());
    // A 1000 x 1000 mesh keeps C(500 + 1, 2) = 125250 orbit roots under its
    // reflections, each a search of 1e6 + 2 x 1998000 = 4996000 steps:
    // 6.2575e11 BFS steps, at 3.4e-9 s a step (TopologyBudget.cpp) times 2.4
    // for searches past kCacheSize, 5106 s, and the rest is about a second
    // (16 box positions for each of 1e6 + 1e6 + 3996000 flows at 7.2e-9 s,
    // 0.69 s; the flows 0.26 s; 1998000 core links at 8.2e-8 s, 0.16 s;
    // building 0.1 s): 5107 s, about 85 min (minutes below 5400 s), more
    // than kMaxMetricsSeconds = 60.
    r.kind("mesh");
    r.set("k", 1000);
    CHECK_THROWS_WITH(r.run(), Catch::Contains("kind = mesh: the metrics of a topology of 1000000 hosts and 1998000 "
                                               "links") &&
                                   Catch::Contains("would take about 85 min (one BFS per root), more than the 60 s allowed"));
    r.kind("gfat");
    r.set("channels", 2);
    CHECK_THROWS_WITH(r.run(), "block 'topo' (topology.metrics): kind = gfat: down1 + up1 = 8 links x channels = 2 "
                               "exceed radix = 8");
    // The block's own ranges come first.
    CHECK_THROWS_WITH(r.set("n", 1), "block 'topo' (topology.metrics): input n = 1 is out of range [2, 2097152]");
    CHECK_THROWS_WITH(r.set("kind", 14), Catch::Contains("input kind = 14 is out of range one of star (0)"));
    // A parameter the kind does not use does not matter.
    r.set("channels", 1);
    r.set("rows", 4096);
    CHECK_NOTHROW(r.run());
}

TEST_CASE("topology.metrics range-checks every input by name", "[topology]")
{
    Design d;
    d.addBlock("topo", "topology.metrics");
    const BlockSpec& s = d.block("topo").spec();
    for (const ParamSpec& p : s.inputs) {
        INFO(p.symbol);
        const std::string head = "block 'topo' (topology.metrics): input " + p.symbol + " = ";
        CHECK_THROWS_WITH(d.setValue({"topo", p.symbol}, p.min - 1),
                          head + formatNumber(p.min - 1) + " is out of range " + p.rangeText());
        CHECK_THROWS_WITH(d.setValue({"topo", p.symbol}, p.max + 1),
                          head + formatNumber(p.max + 1) + " is out of range " + p.rangeText());
        if (p.integer)
            CHECK_THROWS_WITH(d.setValue({"topo", p.symbol}, p.min + 0.5),
                              head + formatNumber(p.min + 0.5) + " must be a whole number");
        // The same through a compiled plan (a document may hold any value).
        const Plan plan = d.compile();
        std::vector<double> slots = plan.initialSlots();
        slots[static_cast<std::size_t>(plan.slotOf("topo." + p.symbol))] = p.max + 1;
        CHECK_THROWS_WITH(plan.runOrThrow(slots.data()),
                          head + formatNumber(p.max + 1) + " is out of range " + p.rangeText());
    }
}

TEST_CASE("topology.metrics caches results and is safe to share between threads", "[topology]")
{
    const TopologyMetricsBlock block;
    const BlockSpec& s = block.spec();
    std::vector<double> fat(s.inputs.size()), cube(s.inputs.size());
    for (std::size_t i = 0; i < s.inputs.size(); ++i)
        fat[i] = cube[i] = s.inputs[i].defaultValue;
    fat[TopologyMetricsBlock::kind] = s.inputs[0].parse("fat-tree");
    fat[TopologyMetricsBlock::k] = 4;
    cube[TopologyMetricsBlock::kind] = s.inputs[0].parse("hypercube");
    cube[TopologyMetricsBlock::dims] = 3;
    REQUIRE(block.check(fat.data()).empty());
    REQUIRE(block.check(cube.data()).empty());
    std::vector<double> out(s.outputs.size());
    block.evaluate(fat.data(), out.data());
    CHECK(block.cacheMisses() == 1);
    block.evaluate(fat.data(), out.data());
    CHECK(block.cacheMisses() == 1); // found, not computed again
    // Changing only lat_hop reuses the cached topology: L scales.
    fat[TopologyMetricsBlock::lat_hop] = 3e-6;
    block.evaluate(fat.data(), out.data());
    CHECK(block.cacheMisses() == 1);
    CHECK(out[TopologyMetricsBlock::L_max] == Approx(18e-6)); // 6 hops x 3 us

    // Two threads alternate between two parameter sets.
    auto worker = [&](int seed, bool* ok) {
        std::vector<double> o(s.outputs.size());
        *ok = true;
        for (int i = 0; i < 200; ++i) {
            const bool f = (i + seed) % 2 == 0;
            block.evaluate(f ? fat.data() : cube.data(), o.data());
            // fat-tree: 16 hosts, diameter 6; hypercube dims 3: 8 hosts, diameter 3.
            *ok = *ok && o[TopologyMetricsBlock::hosts] == (f ? 16 : 8) &&
                  o[TopologyMetricsBlock::diameter] == (f ? 6 : 3);
        }
    };
    bool ok1 = false, ok2 = false;
    std::thread t1(worker, 0, &ok1), t2(worker, 1, &ok2);
    t1.join();
    t2.join();
    CHECK(ok1);
    CHECK(ok2);
    // At most one more miss per thread for the hypercube (both may race on it).
    CHECK(block.cacheMisses() <= 3);
}

TEST_CASE("topology.metrics L wires into a block that takes a time", "[topology]")
{
    Design d;
    d.addBlock("topo", "topology.metrics");
    d.addBlock("s", "speedup.efficiency");
    d.connect(Source::output({"topo", "L"}), {"s", "T"});
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    // Default: fat-tree k=4, lat_hop 1 us: L = 5.4667 us; S = T_ref / T = 1 s / L.
    CHECK(slots[plan.slotOf("s.T")] == Approx(1312.0 / 240.0 * 1e-6));
    // A bisection output is a bandwidth and cannot feed a time.
    CHECK(d.checkConnection(Source::output({"topo", "bisection_bw"}), {"s", "T_ref"}) ==
          "units differ: topo.bisection_bw is in B/s but s.T_ref is in s");
}
