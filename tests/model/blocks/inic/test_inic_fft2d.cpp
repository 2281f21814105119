// inic.fft2d: seed 000_e9da438bafb3289f.txt (Underwood, Sass, Ligon) §4.1,
// eqs. (3)-(10). Golden values are derived by hand from those equations.
#include "InicTestSupport.h"

using namespace cs;
using namespace cs::test::inic;

namespace {
Approx near(double v)
{
    return Approx(v).epsilon(1e-12);
}
} // namespace

TEST_CASE("inic.fft2d: rows = 1024, P = 8 with the paper's bandwidths (eqs. 3-10)", "[inic][fft2d]")
{
    // Defaults: bw_hc = 80*1048576 = 83886080 B/s, bw_cn = 90*1048576 = 94371840 B/s, elem = 16 B.
    auto o = evalDesign("inic.fft2d", {{"rows", 1024}, {"P", 8}, {"t_fft1d", 100e-6}});
    CHECK(o["S"] == near(2097152));           // eq. (5): 1024^2 * 16 / 8 = 16777216 / 8 = 2097152 B
    CHECK(o["T_compute"] == near(0.0256));    // eq. (4): 2 * (100e-6 * 1024/8) = 2 * 0.0128 = 0.0256 s
    CHECK(o["T_dtc"] == near(0.003125));      // eq. (6): (2097152/8) / 83886080 = 262144/83886080 = 1/320 s
    CHECK(o["T_dtg"] == near(1.0 / 360));     // eq. (7): 262144 / 94371840 = 1/360 = 0.0027778 s
    CHECK(o["T_dfg"] == near(7.0 / 360));     // eq. (8): (7 * 2097152/8) / 94371840 = 1835008/94371840 = 7/360 s
    CHECK(o["T_dth"] == near(0.025));         // eq. (9): 2097152 / 83886080 = 1/40 s
    // one transpose: 1/320 + 1/360 + 7/360 + 1/40 = (9 + 8 + 56 + 72)/2880 = 145/2880 = 29/576 = 0.0503472 s
    CHECK(o["T_transpose"] == near(29.0 / 576));
    CHECK(o["T_trans"] == near(29.0 / 288));  // eq. (10): 2 * 29/576 = 0.1006944 s
    CHECK(o["T"] == near(0.0256 + 29.0 / 288)); // eq. (3): 0.0256 + 0.1006944 = 0.1262944 s
    checkPhasesSum(builtinBlock("inic.fft2d").spec(), o);
}

TEST_CASE("inic.fft2d: rows = 2048, P = 4, complex float, other bandwidths", "[inic][fft2d]")
{
    auto o = evalDesign("inic.fft2d", {{"rows", 2048},
                                       {"P", 4},
                                       {"t_fft1d", 250e-6},
                                       {"bw_hc", 100e6},
                                       {"bw_cn", 125e6},
                                       {"elem", 8}});
    CHECK(o["S"] == near(8388608));           // eq. (5): 2048^2 * 8 / 4 = 4194304 * 2 = 8388608 B
    CHECK(o["T_compute"] == near(0.256));     // eq. (4): 2 * (250e-6 * 512) = 2 * 0.128 = 0.256 s
    CHECK(o["T_dtc"] == near(0.02097152));    // eq. (6): (8388608/4) / 1e8 = 2097152/1e8 s
    CHECK(o["T_dtg"] == near(0.016777216));   // eq. (7): 2097152 / 125e6 s
    CHECK(o["T_dfg"] == near(0.050331648));   // eq. (8): (3 * 8388608/4) / 125e6 = 6291456/125e6 s
    CHECK(o["T_dth"] == near(0.08388608));    // eq. (9): 8388608 / 1e8 s
    // 0.02097152 + 0.016777216 + 0.050331648 + 0.08388608 = 0.171966464 s
    CHECK(o["T_transpose"] == near(0.171966464));
    CHECK(o["T_trans"] == near(0.343932928)); // eq. (10): 2 * 0.171966464
    CHECK(o["T"] == near(0.599932928));       // eq. (3): 0.256 + 0.343932928
    checkPhasesSum(builtinBlock("inic.fft2d").spec(), o);
}

TEST_CASE("inic.fft2d: one processor receives nothing from the network", "[inic][fft2d]")
{
    auto o = evalDesign("inic.fft2d", {{"rows", 1024}, {"P", 1}});
    CHECK(o["S"] == near(16777216));          // eq. (5): 1024^2 * 16 / 1
    CHECK(o["T_dfg"] == 0.0);                 // eq. (8): (1 - 1) * S / ... = 0
    CHECK(o["T_dtc"] == near(0.2));           // eq. (6): 16777216 / 83886080 = 0.2 s
    CHECK(o["T_dtg"] == near(8.0 / 45));      // eq. (7): 16777216 / 94371840 = 8/45 s
    CHECK(o["T_dth"] == near(0.2));           // eq. (9)
    // eq. (4) with the default t_fft1d = 100 us: 2 * 100e-6 * 1024 = 0.2048 s;
    // T = 0.2048 + 2 * (0.2 + 8/45 + 0.2) = 0.2048 + 2 * 0.5777778 = 1.3603556 s
    CHECK(o["T"] == near(0.2048 + 2 * (0.4 + 8.0 / 45)));
}

TEST_CASE("inic.fft2d: speedup shape from eqs. (3)-(10) (Fig. 4(a): near-linear or better)", "[inic][fft2d]")
{
    // Derivation. Let a = t_fft1d * rows, b = elem * rows^2, h = bw_hc, c = bw_cn.
    // Per transpose: b/P^2 * [1/h + 1/c + (P-1)/c] + b/(P h) = (b/P^2) * [(1+P)/h + P/c], so
    //   T(P) = 2a/P + 2(b/P^2)[(1+P)/h + P/c] = (2/P) * [K + b/(h P)],  K = a + b/h + b/c.
    // Speedup T(1)/T(P) = P * (K + b/h) / (K + b/(h P)): the efficiency is >= 1 and rises with P
    // towards (K + b/h)/K, because at P = 1 the equations still move the whole matrix to the card
    // unpipelined (T_dtc = S / bw_hc), a cost that P > 1 hides behind the pipeline.
    // Defaults, rows = 1024, t_fft1d = 100 us (a realistic FFTW row time on a 1 GHz Athlon):
    //   a = 0.1024 s, b/h = 16777216/83886080 = 0.2 s, b/c = 16777216/94371840 = 8/45 = 0.177778 s
    //   K = 0.1024 + 0.2 + 0.177778 = 0.480178 s;  K + b/h = 0.680178 s;  bound (K + b/h)/K = 1.41651
    const double K = 0.1024 + 0.2 + 8.0 / 45;
    const double T1 = evalDesign("inic.fft2d", {{"P", 1}})["T"];
    CHECK(T1 == near(2 * (K + 0.2))); // 2 * 0.680178 = 1.360356 s
    double previousEfficiency = 1.0;
    for (double P : {2.0, 4.0, 8.0, 16.0}) {
        INFO("P = " << P);
        const double TP = evalDesign("inic.fft2d", {{"P", P}})["T"];
        const double efficiency = T1 / TP / P;
        CHECK(efficiency == near((K + 0.2) / (K + 0.2 / P)));
        CHECK(efficiency >= 1.0);          // at least linear up to 16 ...
        CHECK(efficiency < 1.4166);        // ... and never beyond the bound 1.41651
        CHECK(efficiency > previousEfficiency); // no sign of the linear speedup ending (§4.1)
        previousEfficiency = efficiency;
        // doubling P more than halves T: T(P)/T(2P) = 2 (K + b/(hP)) / (K + b/(2hP)) > 2
        const double T2P = evalDesign("inic.fft2d", {{"P", 2 * P}})["T"];
        CHECK(TP / T2P > 2.0);
    }
    // P = 16: efficiency = 0.680178 / (0.480178 + 0.2/16 = 0.492678) = 1.38058, speedup 22.09
    const double T16 = evalDesign("inic.fft2d", {{"P", 16}})["T"];
    CHECK(T1 / T16 == Approx(22.089).epsilon(1e-4));
}
