// inic.sort: seed 000_e9da438bafb3289f.txt (Underwood, Sass, Ligon) §4.2,
// eqs. (11)-(17). Golden values are derived by hand from those equations.
#include "InicTestSupport.h"

using namespace cs;
using namespace cs::test::inic;

namespace {
Approx near(double v)
{
    return Approx(v).epsilon(1e-12);
}
} // namespace

TEST_CASE("inic.sort: defaults, E_init = 2^25 keys on P = 8 (eqs. 11-17)", "[inic][sort]")
{
    // Defaults: N = 128, pkt = 1024 B, dma = 65536 B, key = 4 B, bw_hc = 83886080 B/s,
    // bw_cn = 94371840 B/s, T_countsort = 20e-9 * 2^22 = 0.08388608 s.
    auto o = evalDesign("inic.sort");
    CHECK(o["S"] == near(16777216));          // eq. (12): 4 * 33554432 / 8 = 16777216 B
    CHECK(o["T_dtc"] == near(1.0 / 10240));   // eq. (13): 8 * 1024 / 83886080 = 8192/83886080 = 9.765625e-5 s
    CHECK(o["T_dtg"] == near(1.0 / 11520));   // eq. (14): 8192 / 94371840 = 8.680556e-5 s
    CHECK(o["T_dfg"] == near(4.0 / 45));      // eq. (15): 128 * 65536 / 94371840 = 8388608/94371840 = 0.0888889 s
    CHECK(o["T_dth"] == near(0.2));           // eq. (16): 16777216 / 83886080 = 0.2 s
    // eq. (17): 9.765625e-5 + 8.680556e-5 + 0.0888889 + 0.2 = 0.28907335 s
    CHECK(o["T_INIC"] == near(1.0 / 10240 + 1.0 / 11520 + 4.0 / 45 + 0.2));
    CHECK(o["T_INIC"] == Approx(0.28907335).epsilon(1e-8));
    CHECK(o["T_count"] == near(0.08388608));
    CHECK(o["T"] == Approx(0.37295943).epsilon(1e-8)); // eq. (11): 0.08388608 + 0.28907335
    checkPhasesSum(builtinBlock("inic.sort").spec(), o);
}

TEST_CASE("inic.sort: E_init = 2^21, P = 4, 8-byte keys, other packet and DMA sizes", "[inic][sort]")
{
    auto o = evalDesign("inic.sort", {{"E_init", 2097152},
                                      {"P", 4},
                                      {"N", 16},
                                      {"pkt", 1500},
                                      {"dma", 32768},
                                      {"key", 8},
                                      {"bw_hc", 100e6},
                                      {"bw_cn", 125e6},
                                      {"T_countsort", 0.01}});
    CHECK(o["S"] == near(4194304));           // eq. (12): 8 * 2097152 / 4 = 4194304 B
    CHECK(o["T_dtc"] == near(6e-5));          // eq. (13): 4 * 1500 / 1e8 = 6000/1e8 s
    CHECK(o["T_dtg"] == near(4.8e-5));        // eq. (14): 6000 / 125e6 s
    CHECK(o["T_dfg"] == near(0.004194304));   // eq. (15): 16 * 32768 / 125e6 = 524288/125e6 s
    CHECK(o["T_dth"] == near(0.04194304));    // eq. (16): 4194304 / 1e8 s
    CHECK(o["T_INIC"] == near(0.046245344));  // eq. (17): 6e-5 + 4.8e-5 + 0.004194304 + 0.04194304
    CHECK(o["T_count"] == near(0.01));
    CHECK(o["T"] == near(0.056245344));       // eq. (11): 0.01 + 0.046245344
    checkPhasesSum(builtinBlock("inic.sort").spec(), o);
}

TEST_CASE("inic.sort: the send-side delays grow with P, the receive side does not depend on it", "[inic][sort]")
{
    // eqs. (13), (14) are proportional to P; eq. (15) depends on N only; eq. (16) falls as 1/P.
    auto o4 = evalDesign("inic.sort", {{"P", 4}});
    auto o16 = evalDesign("inic.sort", {{"P", 16}});
    CHECK(o16["T_dtc"] == near(4 * o4["T_dtc"]));
    CHECK(o16["T_dtg"] == near(4 * o4["T_dtg"]));
    CHECK(o16["T_dfg"] == near(o4["T_dfg"]));
    CHECK(o16["T_dth"] == near(o4["T_dth"] / 4));
    // P = 16: S = 4 * 2^25 / 16 = 8388608 B = N * dma = 128 * 65536 exactly, the largest P the
    // default N allows (eq. (15) needs every receive bucket to reach the DMA threshold).
    CHECK(o16["S"] == near(8388608));
}
