// sort.parallel: the ordinary-NIC integer sort of seed 000_e9da438bafb3289f.txt
// §3.2.1 (Fig. 5), compared with inic.sort (eqs. (11)-(17)) as in Fig. 5(b).
// The baseline's cost model is assumed (the paper gives no equations for it):
//   T = (E_init/P) t_bucket1 + (P-1)(o_msg + m/bw_net + [m < m_small] t_small)
//       + (E_init/P) t_bucket2 + T_countsort,   m = key * E_init / P^2.
#include "InicTestSupport.h"

using namespace cs;
using namespace cs::test::inic;

namespace {
Approx near(double v)
{
    return Approx(v).epsilon(1e-12);
}
} // namespace

TEST_CASE("sort.parallel: defaults on P = 8", "[inic][sort.parallel]")
{
    // Defaults: E_init = 2^25, key = 4 B, t_bucket1 = t_bucket2 = 80 ns, T_countsort = 0.08388608 s,
    // bw_net = 30e6 B/s, o_msg = 50 us, m_small = 65536 B, t_small = 1 ms.
    auto o = evalDesign("sort.parallel");
    CHECK(o["S"] == near(16777216));          // 4 * 2^25 / 8
    CHECK(o["m"] == near(2097152));           // 16777216 / 8 (>= m_small: no stall)
    CHECK(o["T_bucket1"] == near(0.33554432)); // 2^22 keys * 80e-9 s
    CHECK(o["T_bucket2"] == near(0.33554432));
    // 7 * (50e-6 + 2097152/30e6) = 7 * (0.00005 + 0.0699050667) = 7 * 0.0699550667 = 0.4896854667 s
    CHECK(o["T_xchg"] == near(7 * (50e-6 + 2097152 / 30e6)));
    CHECK(o["T_xchg"] == Approx(0.4896854667).epsilon(1e-9));
    CHECK(o["T_count"] == near(0.08388608));
    // 0.67108864 + 0.4896854667 + 0.08388608 = 1.2446601867 s
    CHECK(o["T"] == Approx(1.2446601867).epsilon(1e-9));
    checkPhasesSum(builtinBlock("sort.parallel").spec(), o);
}

TEST_CASE("sort.parallel: short messages pay the small-message stall", "[inic][sort.parallel]")
{
    auto o = evalDesign("sort.parallel", {{"E_init", 2097152}, {"P", 16}, {"T_countsort", 0.005}});
    CHECK(o["S"] == near(524288));            // 4 * 2^21 / 16
    CHECK(o["m"] == near(32768));             // 524288 / 16 < 65536: stall applies
    CHECK(o["T_bucket1"] == near(0.01048576)); // 131072 keys * 80e-9 s
    // 15 * (50e-6 + 32768/30e6 + 1e-3) = 15 * (0.00005 + 0.00109226667 + 0.001) = 15 * 0.00214226667
    CHECK(o["T_xchg"] == Approx(0.032134).epsilon(1e-9));
    CHECK(o["T"] == Approx(0.02097152 + 0.032134 + 0.005).epsilon(1e-9)); // = 0.05810552 s
    checkPhasesSum(builtinBlock("sort.parallel").spec(), o);

    // The threshold is strict: m = 131072 B (2^21 keys, P = 8: 4 * 2^21 / 64) stalls only below it.
    const Values base{{"E_init", 2097152}, {"P", 8}, {"o_msg", 0}, {"bw_net", 131072e3}};
    auto at = [&](double mSmall) {
        Values v = base;
        v.push_back({"m_small", mSmall});
        return evalDesign("sort.parallel", v)["T_xchg"];
    };
    CHECK(at(131072) == near(7 * 0.001));           // 7 * (0 + 131072/131072e3 = 1 ms + 0)
    CHECK(at(131073) == near(7 * (0.001 + 0.001))); // 7 * (1 ms + 1 ms stall)
}

TEST_CASE("sort.parallel: one processor has no exchange, bucket sorting takes over 5 s (§4.2)",
          "[inic][sort.parallel]")
{
    auto o = evalDesign("sort.parallel", {{"P", 1}, {"T_countsort", 0.67108864}});
    CHECK(o["T_xchg"] == 0.0);                                   // (1 - 1) * ... = 0
    CHECK(o["T_bucket1"] + o["T_bucket2"] == near(5.36870912));  // 2^25 * 160e-9 s
    CHECK(o["T_bucket1"] + o["T_bucket2"] > 5.0);                // "over 5 seconds in the serial implementation"
    CHECK(o["T"] == near(6.03979776));                           // 5.36870912 + 0.67108864
}

TEST_CASE("inic.sort outperforms sort.parallel (Fig. 5(b): INIC speedups above Gigabit Ethernet)",
          "[inic][sort][sort.parallel]")
{
    SECTION("at P = 8 with every default")
    {
        const double tInic = evalDesign("inic.sort")["T"];     // 0.37295943 s (see test_inic_sort)
        const double tGige = evalDesign("sort.parallel")["T"]; // 1.24466019 s (above)
        CHECK(tInic < tGige);
        CHECK(tGige / tInic == Approx(1.2446601867 / 0.3729594307).epsilon(1e-8)); // 3.3372
    }
    SECTION("speedups against the serial sort, with T_countsort = 20 ns * E_init / P")
    {
        // Serial: sort.parallel at P = 1 = 6.03979776 s. INIC at 8: 6.03979776 / 0.37295943 = 16.194,
        // superlinear as the paper reports, because the INIC removes the > 5 s of bucket sorting.
        // GigE at 8: 6.03979776 / 1.24466019 = 4.85257.
        const double serial = evalDesign("sort.parallel", {{"P", 1}, {"T_countsort", 20e-9 * 33554432}})["T"];
        for (double P : {2.0, 4.0, 8.0, 16.0}) {
            INFO("P = " << P);
            const Values v{{"P", P}, {"T_countsort", 20e-9 * 33554432 / P}};
            const double sInic = serial / evalDesign("inic.sort", v)["T"];
            const double sGige = serial / evalDesign("sort.parallel", v)["T"];
            CHECK(sInic > P);     // superlinear
            CHECK(sGige < P);     // sublinear
            CHECK(sInic > sGige);
        }
        const Values v8{{"P", 8}, {"T_countsort", 20e-9 * 33554432 / 8}};
        CHECK(serial / evalDesign("inic.sort", v8)["T"] == Approx(16.1943).epsilon(1e-4));
        CHECK(serial / evalDesign("sort.parallel", v8)["T"] == Approx(4.85257).epsilon(1e-4));
    }
}
