// offload.collective: MDO barrier, broadcast and allreduce through the
// Maestro2 switch box. Seed: 001_6f8c605996d22b4f.txt (Aoki et al.), §4.3,
// Fig. 5, §4.3.1 (module-call overhead), §2.1 (hardware).
//
// Model (see OffloadCollectiveBlock.h), two network steps NI -> SB -> NI:
//   T_barrier   = (o_s + o_r) + (2 t_NI + t_SB) + 2 k_sync / B_link + 3 o_mod
//   T_bcast     = (o_s + o_r + 2 k / B_pci) + (2 t_NI + t_SB) + 2 k / B_link + 3 o_mod
//   T_allreduce = T_bcast + (P - 1) k c_red
#include "OffloadTestUtil.h"
#include "model/blocks/offload/OffloadCollectiveBlock.h"
#include "model/core/BlockRegistry.h"

#include <catch2/catch.hpp>

using namespace cs;
using cs::test::offload::Outputs;
using cs::test::offload::phaseMismatches;
using cs::test::offload::planError;
using cs::test::offload::run;
using cs::test::offload::Values;

namespace {

const char* kType = "offload.collective";

Outputs coll(const Values& v = {})
{
    return run(kType, "coll", v);
}

} // namespace

TEST_CASE("offload.collective: defaults, by hand", "[offload][collective]")
{
    // Defaults: P = 8, k = 8 B, k_sync = 16 B, B_link = 400e6 B/s (3.2 Gbit/s, §2.1(1)),
    // B_pci = 528e6 B/s, o_s = o_r = 1 us, t_NI = 1.5 us, t_SB = 2 us, o_mod = 1 us, c_red = 4 ns/B.
    const Outputs o = coll();

    // Barrier: pci 1 + 1 = 2 us; dev 2*1.5 + 2 = 5 us; link 2*16/400e6 = 0.08 us; mod 3*1 = 3 us.
    CHECK(o.at("T_barrier_pci") == Approx(2e-6));
    CHECK(o.at("T_barrier_dev") == Approx(5e-6));
    CHECK(o.at("T_barrier_link") == Approx(0.08e-6));
    CHECK(o.at("T_barrier_mod") == Approx(3e-6));
    // 2 + 5 + 0.08 + 3 = 10.08 us
    CHECK(o.at("T_barrier") == Approx(10.08e-6));
    // MMP built-in barrier (Fig. 6, no module calls): 10.08 - 3 = 7.08 us
    CHECK(o.at("T_barrier_builtin") == Approx(7.08e-6));

    // Broadcast: pci 2 us + 2*8/528e6 = 2 + 0.0303030 us; link 2*8/400e6 = 0.04 us.
    CHECK(o.at("T_bcast_pci") == Approx(2.0303030303e-6));
    CHECK(o.at("T_bcast_link") == Approx(0.04e-6));
    // 2.0303030 + 5 + 0.04 + 3 = 10.0703030 us
    CHECK(o.at("T_bcast") == Approx(10.0703030303e-6));

    // Allreduce: the switch combines (8 - 1) * 8 B * 4e-9 s/B = 0.224 us on top of the broadcast path.
    CHECK(o.at("T_allreduce_red") == Approx(0.224e-6));
    // 10.0703030 + 0.224 = 10.2943030 us
    CHECK(o.at("T_allreduce") == Approx(10.2943030303e-6));

    // Fig. 5: two network steps; three module calls (sending NI, switch, receiving NI; §3.3).
    CHECK(o.at("steps_net") == 2);
    CHECK(o.at("n_mod") == 3);
}

TEST_CASE("offload.collective: module calls are about 30% of the barrier (§4.3.1)", "[offload][collective]")
{
    // 001 §4.3.1: "the overhead is about 30% of the whole synchronization time" (Fig. 6, MMP built-in vs MDO).
    // With the defaults: f_mod = 3 / 10.08 = 0.297619; tolerance +-0.01 (the paper says "about").
    const Outputs o = coll();
    CHECK(o.at("f_mod") == Approx(3.0 / 10.08));
    CHECK(o.at("f_mod") == Approx(0.30).margin(0.01));
}

TEST_CASE("offload.collective: a second point, by hand", "[offload][collective]")
{
    const Outputs o = coll({{"P", 4},
                            {"k", 1024},
                            {"k_sync", 64},
                            {"B_link", 400e6},
                            {"B_pci", 512e6},
                            {"o_s", 2e-6},
                            {"o_r", 3e-6},
                            {"t_NI", 0.5e-6},
                            {"t_SB", 1e-6},
                            {"o_mod", 0.25e-6},
                            {"c_red", 1e-8}});
    // Barrier: (2 + 3) + (2*0.5 + 1) + 2*64/400e6 (= 0.32 us) + 3*0.25 = 5 + 2 + 0.32 + 0.75 = 8.07 us
    CHECK(o.at("T_barrier") == Approx(8.07e-6));
    // f_mod = 0.75 / 8.07 = 0.0929368
    CHECK(o.at("f_mod") == Approx(0.75 / 8.07));
    // Broadcast: pci 5 + 2*1024/512e6 (= 4 us) = 9 us; dev 2; link 2*1024/400e6 = 5.12 us; mod 0.75
    CHECK(o.at("T_bcast_pci") == Approx(9e-6));
    CHECK(o.at("T_bcast_link") == Approx(5.12e-6));
    // 9 + 2 + 5.12 + 0.75 = 16.87 us
    CHECK(o.at("T_bcast") == Approx(16.87e-6));
    // Allreduce: red (4 - 1) * 1024 * 1e-8 = 30.72 us; 16.87 + 30.72 = 47.59 us
    CHECK(o.at("T_allreduce_red") == Approx(30.72e-6));
    CHECK(o.at("T_allreduce") == Approx(47.59e-6));
}

TEST_CASE("offload.collective: phases add up to their totals", "[offload][collective]")
{
    const BlockSpec& spec = BlockRegistry::builtin().get(kType).spec();
    CHECK(phaseMismatches(spec, coll()).empty());
    CHECK(phaseMismatches(spec, coll({{"P", 3}, {"k", 100000}, {"c_red", 2e-8}, {"o_mod", 0}})).empty());
}

TEST_CASE("offload.collective: MDO times do not depend on the host count", "[offload][collective]")
{
    // §4.3.2, §4.3.3: "the time of MDO are almost constant because communication steps are constant
    // independently of the number of host processors". Barrier and broadcast are exactly constant in
    // P = 2..8; the allreduce differs only by the switch's combining term (P - 1) k c_red.
    Design d;
    d.addBlock("coll", kType);
    d.setValue({"coll", "k"}, 65536);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    const int sP = plan.slotOf("coll.P");
    const int sRed = plan.slotOf("coll.c_red");
    auto at = [&](const char* sym) { return slots[plan.slotOf(std::string("coll.") + sym)]; };

    slots[sP] = 2;
    plan.runOrThrow(slots.data());
    const double bar2 = at("T_barrier"), bc2 = at("T_bcast"), arNet2 = at("T_allreduce") - at("T_allreduce_red");
    for (int p = 3; p <= 8; ++p) {
        slots[sP] = p;
        plan.runOrThrow(slots.data());
        CHECK(at("T_barrier") == bar2);
        CHECK(at("T_bcast") == bc2);
        CHECK(at("T_allreduce") - at("T_allreduce_red") == Approx(arNet2).epsilon(1e-15));
        CHECK(at("steps_net") == 2);
        // (P - 1) * 65536 * 4e-9
        CHECK(at("T_allreduce_red") == Approx((p - 1) * 65536 * 4e-9));
    }
    // With a free reduction the allreduce, too, is constant in P.
    slots[sRed] = 0;
    slots[sP] = 2;
    plan.runOrThrow(slots.data());
    const double ar2 = at("T_allreduce");
    slots[sP] = 8;
    plan.runOrThrow(slots.data());
    CHECK(at("T_allreduce") == ar2);
}

TEST_CASE("offload.collective: out-of-range inputs are named with their range", "[offload][collective]")
{
    const std::string b = "block 'coll' (offload.collective): input ";
    struct Case {
        const char* symbol;
        double value;
        std::string expect;
    };
    const Case cases[] = {
        {"P", 1, "P = 1 is out of range [2, 8]"},
        {"P", 9, "P = 9 is out of range [2, 8]"},
        {"P", 4.5, "P = 4.5 must be a whole number"},
        {"k", 0, "k = 0 is out of range [1, 33554432] B"},
        {"k", 33554433, "k = 33554433 is out of range [1, 33554432] B"},
        {"k", 1.5, "k = 1.5 must be a whole number"},
        {"k_sync", 0, "k_sync = 0 is out of range [1, 8192] B"},
        {"k_sync", 8193, "k_sync = 8193 is out of range [1, 8192] B"},
        {"B_link", 0, "B_link = 0 is out of range [1e+06, 1e+12] B/s"},
        {"B_pci", 2e12, "B_pci = 2e+12 is out of range [1e+06, 1e+12] B/s"},
        {"o_s", -1e-6, "o_s = -1e-06 is out of range [0, 1] s"},
        {"o_r", 2, "o_r = 2 is out of range [0, 1] s"},
        {"t_NI", -1, "t_NI = -1 is out of range [0, 1] s"},
        {"t_SB", std::nan(""), "t_SB = nan is not a finite number"},
        {"o_mod", -1e-9, "o_mod = -1e-09 is out of range [0, 1] s"},
        {"c_red", 1, "c_red = 1 is out of range [0, 0.001] s/B"},
    };
    for (const Case& c : cases) {
        INFO(c.symbol << " = " << c.value);
        // Through the plan (a sweep writing the slot) ...
        CHECK(planError(kType, "coll", {{c.symbol, c.value}}) == b + c.expect);
        // ... and through Design::setValue (the GUI and the CLI).
        Design d;
        d.addBlock("coll", kType);
        CHECK_THROWS_WITH(d.setValue({"coll", c.symbol}, c.value), b + c.expect);
    }
}

TEST_CASE("offload.collective: every contribution must fit in the switch's SDRAM", "[offload][collective]")
{
    // §2.1(2): 32 M-byte SDRAM on the switch box; the switch holds P contributions of k bytes (Fig. 5).
    // 8 * 4194304 = 33554432 B fits exactly; 8 * 8388608 = 67108864 B does not.
    CHECK(planError(kType, "coll", {{"P", 8}, {"k", 4194304}}).empty());
    CHECK(planError(kType, "coll", {{"P", 8}, {"k", 8388608}}) ==
          "block 'coll' (offload.collective): P * k = 8 * 8388608 B = 67108864 B exceeds the switch box's "
          "32 MiB SDRAM (33554432 B), which must hold every host's allreduce contribution");
    // 3 * 16777216 = 50331648 B > 33554432 B
    CHECK_THROWS_WITH(run(kType, "coll", {{"P", 3}, {"k", 16777216}}),
                      Catch::Contains("P * k = 3 * 16777216 B = 50331648 B exceeds"));
}

TEST_CASE("offload blocks are registered and every spec cites seed 001 or says it is assumed", "[offload]")
{
    for (const char* id : {"offload.collective", "offload.pcitraffic", "offload.strided"}) {
        INFO(id);
        const Block* blk = BlockRegistry::builtin().find(id);
        REQUIRE(blk != nullptr);
        const BlockSpec& s = blk->spec();
        CHECK(s.source.find("001_6f8c605996d22b4f.txt") != std::string::npos);
        for (const ParamSpec& p : s.inputs) {
            INFO(p.symbol);
            CHECK(p.source.find("001_6f8c605996d22b4f.txt") != std::string::npos);
            CHECK(p.rangeProblem(p.defaultValue).empty());
        }
        for (const OutputSpec& o : s.outputs) {
            INFO(o.symbol);
            CHECK(o.source.find("001_6f8c605996d22b4f.txt") != std::string::npos);
        }
    }
}
