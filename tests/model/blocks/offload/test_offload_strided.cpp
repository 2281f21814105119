// offload.strided: strided transfer of nblocks b-byte blocks, MMP (one
// request per block) against MDO (one request; the NI module re-arms the DMA).
// Seed: 001_6f8c605996d22b4f.txt (Aoki et al.), §4.2, Fig. 4.
//
//   T_MMP = nblocks (o_req + t_dma + b / B_dma)
//   T_MDO = o_req + o_mod + nblocks (t_dma + b / B_dma)
//   X = T_MMP / T_MDO,  X_0 = lim b->0 X = nblocks (o_req + t_dma) / (o_req + o_mod + nblocks t_dma)
#include "OffloadTestUtil.h"
#include "model/core/BlockRegistry.h"

#include <catch2/catch.hpp>

using namespace cs;
using cs::test::offload::Outputs;
using cs::test::offload::phaseMismatches;
using cs::test::offload::planError;
using cs::test::offload::run;
using cs::test::offload::Values;

namespace {

const char* kType = "offload.strided";

Outputs strided(const Values& v = {})
{
    return run(kType, "str", v);
}

} // namespace

TEST_CASE("offload.strided: defaults, by hand", "[offload][strided]")
{
    // nblocks = 100 (Fig. 4), b = 4096 B, B_dma = 400e6 B/s, o_req = 4 us, t_dma = 1 us, o_mod = 1 us.
    // b / B_dma = 4096 / 400e6 = 10.24 us.
    const Outputs o = strided();
    CHECK(o.at("T_MMP_req") == Approx(400e-6));   // 100 * 4 us
    CHECK(o.at("T_MMP_dma") == Approx(100e-6));   // 100 * 1 us
    CHECK(o.at("T_MMP_xfer") == Approx(1024e-6)); // 100 * 10.24 us
    CHECK(o.at("T_MMP") == Approx(1524e-6));      // 100 * (4 + 1 + 10.24) us
    CHECK(o.at("T_MDO_req") == Approx(5e-6));     // 4 + 1 us, once
    CHECK(o.at("T_MDO") == Approx(1129e-6));      // 5 + 100 * (1 + 10.24) = 5 + 1124 us
    // Throughputs: 100 * 4096 = 409600 B; 409600 / 1524e-6 = 268766404.2 B/s; 409600 / 1129e-6 = 362798937.1
    CHECK(o.at("BW_MMP") == Approx(268766404.2));
    CHECK(o.at("BW_MDO") == Approx(362798937.1));
    CHECK(o.at("X") == Approx(1524.0 / 1129.0)); // 1.349867
    CHECK(o.at("X_0") == Approx(500.0 / 105.0)); // 100 * 5 / (5 + 100 * 1) = 4.761905
}

TEST_CASE("offload.strided: a second point, by hand", "[offload][strided]")
{
    // nblocks = 10, b = 400 B at 400e6 B/s = 1 us, o_req = 8 us, t_dma = 2 us, o_mod = 5 us.
    const Outputs o = strided({{"nblocks", 10}, {"b", 400}, {"B_dma", 400e6}, {"o_req", 8e-6}, {"t_dma", 2e-6},
                               {"o_mod", 5e-6}});
    CHECK(o.at("T_MMP") == Approx(110e-6));            // 10 * (8 + 2 + 1)
    CHECK(o.at("T_MDO") == Approx(43e-6));             // 8 + 5 + 10 * (2 + 1)
    CHECK(o.at("BW_MMP") == Approx(4000.0 / 110e-6));  // 36363636 B/s
    CHECK(o.at("BW_MDO") == Approx(4000.0 / 43e-6));   // 93023256 B/s
    CHECK(o.at("X") == Approx(110.0 / 43.0));          // 2.558140
    CHECK(o.at("X_0") == Approx(100.0 / 33.0));        // 10 * 10 / (13 + 20) = 3.030303
}

TEST_CASE("offload.strided: one block costs MDO its module call", "[offload][strided]")
{
    // nblocks = 1, defaults: T_MMP = 4 + 1 + 10.24 = 15.24 us; T_MDO = 4 + 1 + 1 + 10.24 = 16.24 us.
    const Outputs o = strided({{"nblocks", 1}});
    CHECK(o.at("T_MMP") == Approx(15.24e-6));
    CHECK(o.at("T_MDO") == Approx(16.24e-6));
    CHECK(o.at("X") == Approx(15.24 / 16.24)); // 0.938424 < 1
}

TEST_CASE("offload.strided: phases add up to their totals", "[offload][strided]")
{
    const BlockSpec& spec = BlockRegistry::builtin().get(kType).spec();
    CHECK(phaseMismatches(spec, strided()).empty());
    CHECK(phaseMismatches(spec, strided({{"nblocks", 7}, {"b", 123}, {"o_mod", 0}})).empty());
}

TEST_CASE("offload.strided: the shape of Fig. 4 and its 4.8x peak", "[offload][strided]")
{
    // 001 §4.2: MDO's throughput is higher "for all block sizes" and "4.8 times as high as one of MMP at
    // maximum". Sweep b = 1, 2, 4, ..., 2^26 B with nblocks = 100 through one plan, as a sweep does.
    Design d;
    d.addBlock("str", kType);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    const int sB = plan.slotOf("str.b");
    const int sX = plan.slotOf("str.X");
    const int sX0 = plan.slotOf("str.X_0");

    double prev = 0, first = 0, last = 0;
    for (int e = 0; e <= 26; ++e) {
        slots[sB] = std::ldexp(1.0, e);
        plan.runOrThrow(slots.data());
        const double x = slots[sX];
        INFO("b = " << slots[sB]);
        CHECK(x > 1.0); // MDO faster for every block size
        if (e == 0)
            first = x;
        else
            CHECK(x < prev); // the gain falls as blocks grow
        prev = x;
        last = x;
        CHECK(x < slots[sX0]); // X_0 bounds the gain
    }
    // Largest gain at b = 1 B: b / B_dma = 2.5 ns; (100 * (5 + 0.0025)) / (5 + 100 * (1 + 0.0025))
    //   = 500.25 / 105.25 = 4.752969; paper 4.8, within 2%.
    CHECK(first == Approx(500.25 / 105.25));
    CHECK(first == Approx(4.8).epsilon(0.02));
    // Bound: X_0 = 500 / 105 = 4.7619, within 1% of 4.8.
    CHECK(slots[sX0] == Approx(4.8).epsilon(0.01));
    // Large blocks: b = 2^26 B, b / B_dma = 0.16777216 s; X = (500e-6 + 16.777216) / (105e-6 + 16.777216)
    //   = 1.0000235, toward 1.
    CHECK(last == Approx((500e-6 + 16.777216) / (105e-6 + 16.777216)));
    CHECK(last == Approx(1.0).margin(1e-4));
}

TEST_CASE("offload.strided: out-of-range inputs are named with their range", "[offload][strided]")
{
    const std::string b = "block 'str' (offload.strided): input ";
    struct Case {
        const char* symbol;
        double value;
        std::string expect;
    };
    const Case cases[] = {
        {"nblocks", 0, "nblocks = 0 is out of range [1, 1e+07]"},
        {"nblocks", 1e7 + 1, "nblocks = 10000001 is out of range [1, 1e+07]"},
        {"nblocks", 1.5, "nblocks = 1.5 must be a whole number"},
        {"b", 0, "b = 0 is out of range [1, 67108864] B"},
        {"b", 67108865, "b = 67108865 is out of range [1, 67108864] B"},
        {"b", 2.5, "b = 2.5 must be a whole number"},
        {"B_dma", 999999, "B_dma = 999999 is out of range [1e+06, 1e+12] B/s"},
        {"o_req", -1e-6, "o_req = -1e-06 is out of range [0, 1] s"},
        {"t_dma", 1.5, "t_dma = 1.5 is out of range [0, 1] s"},
        {"o_mod", -1, "o_mod = -1 is out of range [0, 1] s"},
    };
    for (const Case& c : cases) {
        INFO(c.symbol << " = " << c.value);
        CHECK(planError(kType, "str", {{c.symbol, c.value}}) == b + c.expect);
        Design d;
        d.addBlock("str", kType);
        CHECK_THROWS_WITH(d.setValue({"str", c.symbol}, c.value), b + c.expect);
    }
}
