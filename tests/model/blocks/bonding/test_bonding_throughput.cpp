// The "bonding.throughput" block, evaluated through cs::Design + Plan.
// Seeds:
//   003_9603d52cdb909e6e.txt (Passas et al., MultiEdge): §2 schedulers SRR, WSRR, WD;
//     §3 9000-byte frames, memory copy 1.3 GBytes/s (Fig. 1); §4.1 base: 8x1 about
//     550 MBytes/s, 1x10 800 MBytes/s one-way; §4.2 polling up to 38% higher, 800 MB/s;
//     §4.3 noCopy proportional to links, +66.5% over base 8x1; §4.4 WD beats WSRR by 11%.
//   004_07d1c859a4352179.txt (Dinkel): §3 channel bonding, 10 Mbps: 1 channel 1 MBps (80%),
//     2 channels 1.7 MBps (68%); 100 Mbps: 1 channel 7.8 MBps (62%), 2 channels 13.8 MBps (55%).
// MB is taken as 10^6 bytes. The block's equations are in BondingThroughputBlock.h.
//
// Shared hand arithmetic (defaults; MTU 9000, h 28, h_w 38):
//   s = 9000 - 28 = 8972 B payload per frame;  f = 8972 / 9038 = 0.9926975
//   l_st = 1 - 1/1.11 = 0.0990991, so 1 - l_st = 0.9009009, lost by a static schedule only where per-link
//   load varies: links of different rates or shared segments (eta_m < 1); identical point-to-point links
//   (the defaults: 8 x 125e6, eta_m = 1) keep all of C = n r (003 abstract (d), §4.3; 004 §3)
//   per byte, one copy: c = 1/1.3e9 + 4.3e-6/8972 = 0.7692308e-9 + 0.4792689e-9 = 1.2484996e-9 s/B
//   per byte, noCopy:   c0 = 0.4792689e-9 s/B
//   one busy link's interrupts: o_irq f_irq = 7.8e-6 * 5000 = 0.039 of the CPU
#include "BlockRun.h"

#include "model/core/ModelError.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace cs;
using cs::test::planError;
using cs::test::runBlock;
using cs::test::within;

namespace {

constexpr const char* kBlock = "bonding.throughput";
constexpr double MB = 1e6;
constexpr double GbE = 125e6; // 1 Gbit/s in bytes/s

} // namespace

TEST_CASE("bonding: defaults are 003's 8x1 GbE base one-way, about 550 MB/s (§4.1)", "[bonding]")
{
    const auto r = runBlock(kBlock, {});
    // f = 0.9926975; R_nom = 8 * 125e6 = 1e9 B/s
    CHECK(r("f") == Approx(0.9926975).epsilon(1e-6));
    CHECK(r("R_nom") == Approx(1e9));
    // SRR over 8 identical point-to-point links loses nothing: C = 8 * 125e6 = 1e9;
    // X_link = C * 1 * f = 992.6975e6
    CHECK(r("C") == Approx(1e9).epsilon(1e-9));
    CHECK(r("X_link") == Approx(992.6975e6).epsilon(1e-6));
    // Every link carries 550e6/8/8972 = 7663 frames/s > f_irq = 5000, so all 8 are
    // capped: X_host = (1 - 8 * 0.039) / c = 0.688 / 1.2484996e-9 = 551.0614e6
    CHECK(r("X_host") == Approx(551.0614e6).epsilon(1e-6));
    CHECK(r("X") == Approx(551.0614e6).epsilon(1e-6));
    CHECK(r("lim") == 1); // host
    // 003 §4.1: "about 550 MBytes/s" for eight links. o_irq was derived from this
    // figure (see its source), so this pins the derivation: +0.2%.
    CHECK(within(r("X"), 550 * MB, 0.10));
    // E = 551.0614e6 / 1e9 = 0.5510614
    CHECK(r("E") == Approx(0.5510614).epsilon(1e-6));
    // Send path CPU: U_copy = 551.0614e6/1.3e9 = 0.4238934; U_pkt = 551.0614e6 * 4.3e-6/8972
    // = 0.2641066; U_irq = 8 * 0.039 = 0.312; they are phases of U = 1 (CPU saturated).
    CHECK(r("U_copy") == Approx(0.4238934).epsilon(1e-6));
    CHECK(r("U_pkt") == Approx(0.2641066).epsilon(1e-6));
    CHECK(r("U_irq") == Approx(0.312).epsilon(1e-9));
    CHECK(r("U") == Approx(1.0).epsilon(1e-9));
    CHECK(r("U_copy") + r("U_pkt") + r("U_irq") == Approx(r("U")).epsilon(1e-12));
}

TEST_CASE("bonding: 1x10 GbE base one-way is about 800 MB/s (003 §4.1)", "[bonding]")
{
    const auto r = runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}});
    // X_link = 1.25e9 * 0.9926975 = 1240.872e6
    CHECK(r("X_link") == Approx(1240.872e6).epsilon(1e-6));
    // One link, capped (89k frames/s > 5000): X_host = (1 - 0.039) / c = 0.961 / 1.2484996e-9 = 769.7239e6
    CHECK(r("X") == Approx(769.7239e6).epsilon(1e-6));
    CHECK(r("lim") == 1);
    // Reported: "the 1x10 configuration scales up-to 800 MBytes/s": -3.8%. Not fitted.
    CHECK(within(r("X"), 800 * MB, 0.10));
    // Abstract (a): base reaches up to 65% of nominal (800/1250 = 64%): E = 769.72/1250 = 0.6158, -3.8%.
    CHECK(r("E") == Approx(0.6157791).epsilon(1e-6));
    CHECK(within(r("E"), 0.64, 0.10));
}

TEST_CASE("bonding: polling lifts 8x1 by up to 38% to about 800 MB/s, 1x10 hardly (003 §4.2)", "[bonding]")
{
    const auto base8 = runBlock(kBlock, {});
    const auto poll8 = runBlock(kBlock, {{"irq", 1}});
    const auto base10 = runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}});
    const auto poll10 = runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}, {"irq", 1}});
    // Polling: no interrupts on the send path, X_host = 1 / c = 800.9614e6 < X_link = 992.6975e6
    CHECK(poll8("X") == Approx(800.9614e6).epsilon(1e-6));
    CHECK(poll8("lim") == 1);
    CHECK(poll8("U_irq") == 0.0);
    // Reported: "reaching 80% of nominal throughput" (800 MB/s of 1000): +0.1%;
    // "up to 38%" over base 550: 759 MB/s, +5.5%.
    CHECK(within(poll8("X"), 800 * MB, 0.10));
    CHECK(within(poll8("X"), 550 * MB * 1.38, 0.10));
    // Gain 800.9614 / 551.0614 = 0.688^-1 = 1.4534884 against the reported 1.38: +5.3%.
    CHECK(poll8("X") / base8("X") == Approx(1.4534884).epsilon(1e-6));
    CHECK(within(poll8("X") / base8("X"), 1.38, 0.10));
    // "similar maximum throughput (800 MBytes/s) in 8x1 and 1x10": 1x10 polling = 1/c too.
    // (o_pkt was derived from this 800 MB/s, so this pins the derivation.)
    CHECK(poll10("X") == Approx(800.9614e6).epsilon(1e-6));
    CHECK(within(poll10("X"), 800 * MB, 0.10));
    // Abstract (b): polling "significantly impacts only the multiple link configurations":
    // 1x10 gains 0.961^-1 - 1 = 4.06%, 8x1 gains 45%.
    CHECK(poll10("X") / base10("X") == Approx(1.0405827).epsilon(1e-6));
}

TEST_CASE("bonding: noCopy is proportional to links and reaches the link maximum (003 §4.3)", "[bonding]")
{
    const auto base8 = runBlock(kBlock, {});
    const auto noc8 = runBlock(kBlock, {{"k_c", 0}});
    // X_host = (1 - 0.312) / c0 = 0.688 / 0.4792689e-9 = 1435.52e6 > X_link = 992.6975e6
    CHECK(noc8("X_host") == Approx(1435.52e6).epsilon(1e-6));
    CHECK(noc8("X") == Approx(992.6975e6).epsilon(1e-6));
    CHECK(noc8("lim") == 0); // links
    // 003 abstract (c), §4.3: "reaching almost 100% of the nominal throughput": E = f = 0.9927.
    CHECK(noc8("E") == Approx(0.9926975).epsilon(1e-6));
    // Reported: +66.5% over base 8x1, i.e. 550 * 1.665 = 915.75 MB/s: +8.4%.
    CHECK(within(noc8("X"), 550 * MB * 1.665, 0.10));
    CHECK(within(noc8("X") / base8("X"), 1.665, 0.10)); // 992.70/551.06 = 1.8014, +8.2%
    // Still "a large portion of CPU time is spent servicing interrupts": U_irq = 0.312 of
    // U = 992.6975e6 * 0.4792689e-9 + 0.312 = 0.4757691 + 0.312 = 0.7877691.
    CHECK(noc8("U") == Approx(0.7877691).epsilon(1e-6));
    CHECK(noc8("U_irq") == Approx(0.312).epsilon(1e-9));

    // "throughput approximately proportional to the number of links, reaching the maximum
    // possible throughput for each configuration": link-limited at every n.
    // Identical links: n * 125e6 * f = n * 124.0872e6 at every n.
    for (int links = 1; links <= 8; ++links) {
        const auto r = runBlock(kBlock, {{"k_c", 0}, {"n", links}});
        CHECK(r("lim") == 0);
        CHECK(r("X") == Approx(links * 124.0872e6).epsilon(1e-6));
    }
    // 1x10 noCopy: "100% of nominal throughput ... in all link configurations":
    // X = 1.25e9 * f = 1240.872e6 (host 0.961/c0 = 2005.14e6), E = f = 0.9927, -0.7% from 100%.
    const auto noc10 = runBlock(kBlock, {{"k_c", 0}, {"n", 1}, {"r", 10 * GbE}});
    CHECK(noc10("X") == Approx(1240.872e6).epsilon(1e-6));
    CHECK(noc10("X_host") == Approx(2005.138e6).epsilon(1e-6));
    CHECK(within(noc10("E"), 1.0, 0.10));
}

TEST_CASE("bonding: two-way runs the receive path on the second CPU, the interrupts with the send path (003 §3, §4.1, §4.2)", "[bonding]")
{
    // X is a node's sent plus received payload, half each way. Send CPU: (X/2) c + interrupts of
    // every frame on each link, both directions, under the per-link cap; receive CPU: (X/2) c.
    const auto one = runBlock(kBlock, {});
    const auto base = runBlock(kBlock, {{"way", 1}});
    // 8 links carry X/(8 * 8972) frames/s each; above 5000/s (X > 358.9 MB/s) all are capped:
    // 8 * 7.8e-6 * 5000 = 0.312, so X (c/2) = 0.688: X = 0.688 / 0.6242498e-9 = 1102.123e6,
    // below the receive CPU's 2 / c = 1601.923e6 and the links' 2 * 992.6975e6 = 1985.395e6.
    CHECK(base("X") == Approx(1102.123e6).epsilon(1e-6));
    CHECK(base("X_link") == Approx(1985.395e6).epsilon(1e-6));
    CHECK(base("lim") == 1);
    // The send CPU's phases: copies 1102.123e6 / 2 / 1.3e9 = 0.4238934, frames
    // 551.0614e6 * 4.3e-6 / 8972 = 0.2641066, interrupts 0.312: the same CPU split as one-way,
    // whose send path carries the whole 551.0614e6, so two-way is exactly twice one-way here.
    CHECK(base("U_copy") == Approx(0.4238934).epsilon(1e-6));
    CHECK(base("U_pkt") == Approx(0.2641066).epsilon(1e-6));
    CHECK(base("U_irq") == Approx(0.312).epsilon(1e-9));
    CHECK(base("U") == Approx(1.0).epsilon(1e-9));
    CHECK(base("X") == Approx(2 * one("X")).epsilon(1e-9));
    // E against both directions' nominal: 1102.123e6 / 2e9 = 0.5510614.
    CHECK(base("E") == Approx(0.5510614).epsilon(1e-6));

    // Polling: no interrupts; each CPU runs one path for half of X: X = 2 / c = 1601.923e6.
    const auto poll = runBlock(kBlock, {{"way", 1}, {"irq", 1}});
    CHECK(poll("X") == Approx(1601.923e6).epsilon(1e-6));
    CHECK(poll("U_copy") == Approx(0.6161242).epsilon(1e-6)); // 800.9614e6 / 1.3e9
    CHECK(poll("U_pkt") == Approx(0.3838758).epsilon(1e-6)); // 800.9614e6 * 4.3e-6 / 8972
    CHECK(poll("U_irq") == 0.0);

    // noCopy: send CPU X * 0.2396344e-9 + 0.312 = 1, X = 2871.04e6 > links 1985.395e6: link limited.
    const auto noc = runBlock(kBlock, {{"way", 1}, {"k_c", 0}});
    CHECK(noc("X_host") == Approx(2871.04e6).epsilon(1e-6));
    CHECK(noc("X") == Approx(1985.395e6).epsilon(1e-6));
    CHECK(noc("lim") == 0);
    CHECK(noc("E") == Approx(0.9926975).epsilon(1e-6));

    // Below the cap every frame interrupts the send CPU, both directions' frames: with f_irq = 1e7
    // the send CPU pays X (c/2 + o_irq / 8972) = X (0.6242498 + 0.8693714) ns/B, so
    // X = 669.5138e6, half of the polling rate's 2 / c. With o_irq = 0 both CPUs give 2 / c.
    const auto uncapped = runBlock(kBlock, {{"way", 1}, {"f_irq", 1e7}});
    CHECK(uncapped("X") == Approx(669.5138e6).epsilon(1e-6));
    const auto free = runBlock(kBlock, {{"way", 1}, {"o_irq", 0}});
    CHECK(free("X") == Approx(1601.923e6).epsilon(1e-6));

    // A shared segment carries both directions in one medium: 004's 10 Mbps Ethernet, one channel
    // (n = 1, r = 1.25e6, eta_m = 0.8, MTU 1500): X_link = 1.25e6 x 0.8 x 1472 / 1538 = 957.087e3
    // one-way and two-way alike, while the hosts (about 550 MB/s) are far from binding.
    const auto oneSeg = runBlock(kBlock, {{"n", 1}, {"r", 1.25e6}, {"eta_m", 0.8}, {"MTU", 1500}});
    const auto twoSeg = runBlock(kBlock, {{"n", 1}, {"r", 1.25e6}, {"eta_m", 0.8}, {"MTU", 1500}, {"way", 1}});
    CHECK(oneSeg("X_link") == Approx(957.0871e3).epsilon(1e-6));
    CHECK(twoSeg("X_link") == Approx(957.0871e3).epsilon(1e-6));
    CHECK(twoSeg("X") == Approx(957.0871e3).epsilon(1e-6));
    // E against both directions' nominal: 957.0871e3 / (2 x 1.25e6) = 0.3828348.
    CHECK(twoSeg("E") == Approx(0.3828348).epsilon(1e-6));
}

TEST_CASE("bonding: the receiving node runs the receive path at the send path's costs (003 §4.1, Fig. 2(b))", "[bonding]")
{
    // One-way, defaults: X = 551.0614e6 (above). The receiving node copies every byte
    // (551.0614e6 / 1.3e9 = 0.4238934), does the per-frame work (551.0614e6 x 4.3e-6 / 8972 = 0.2641066)
    // and takes the received frames' interrupts, 8 links each above the 5000/s cap: 8 x 7.8e-6 x 5000 = 0.312.
    // U_rx = 0.4238934 + 0.2641066 + 0.312 = 1.0, the same as the sending node's U; copy share 42.4%.
    const auto one = runBlock(kBlock, {});
    CHECK(one("U_rx_copy") == Approx(0.4238934).epsilon(1e-6));
    CHECK(one("U_rx") == Approx(1.0).epsilon(1e-9));
    CHECK(one("U_rx_copy") / one("U_rx") == Approx(one("U_copy") / one("U")));
    // Polling: no interrupts, U_rx = 800.9614e6 x (1/1.3e9 + 4.3e-6/8972) = 0.6161242 + 0.3838758 = 1.0.
    const auto poll = runBlock(kBlock, {{"irq", 1}});
    CHECK(poll("U_rx_copy") == Approx(0.6161242).epsilon(1e-6));
    CHECK(poll("U_rx") == Approx(1.0).epsilon(1e-6));
    // noCopy: nothing to copy.
    const auto noc = runBlock(kBlock, {{"k_c", 0}});
    CHECK(noc("U_rx_copy") == 0.0);
    CHECK(noc("U_rx") > 0.0);
    // Two-way: the receive CPU runs the receive path for half of X = 1102.123e6 and no interrupts:
    // copies 0.4238934 + frames 0.2641066 = 0.688 (the send CPU adds the 0.312 of interrupts).
    const auto two = runBlock(kBlock, {{"way", 1}});
    CHECK(two("U_rx_copy") == Approx(0.4238934).epsilon(1e-6));
    CHECK(two("U_rx") == Approx(0.688).epsilon(1e-6));
}

TEST_CASE("bonding: with the default coalescing cap, base one-way peaks at five links (003 §4.1)", "[bonding]")
{
    // Link limit n * 124.0872e6; host limit (1 - 0.039 n) / c while every link is capped at
    // f_irq = 5000/s (the default):
    //   n = 5: link 620.4359e6 < host 0.805/c = 644.77e6;  n = 6: link 744.52e6 > host 0.766/c = 613.5364e6
    //   n = 7: 0.727/c = 582.30e6;  n = 8: 551.06e6.
    // The paper: "continues to increase for up-to six links but remains almost at the same level
    // (about 550 MBytes/s) for eight links". With every busy link capped, each added link costs
    // o_irq f_irq of the CPU, so the defaults peak and fall; the multiedge preset fits f_irq above the
    // per-link frame rates instead, and levels off (tests/model/presets/test_preset_multiedge.cpp).
    double best = 0;
    int bestN = 0;
    for (int links = 1; links <= 8; ++links) {
        const double x = runBlock(kBlock, {{"n", links}})("X");
        if (x > best) {
            best = x;
            bestN = links;
        }
    }
    CHECK(bestN == 5);
    CHECK(best == Approx(620.4359e6).epsilon(1e-6)); // 5 * 125e6 * 0.9926975
    CHECK(runBlock(kBlock, {{"n", 6}})("X") == Approx(613.5364e6).epsilon(1e-6)); // 0.766 / 1.2484996e-9
    CHECK(runBlock(kBlock, {{"n", 5}})("lim") == 0);
    CHECK(runBlock(kBlock, {{"n", 6}})("lim") == 1);
}

TEST_CASE("bonding: SRR, WSRR and WD over 4x1 + 1x10 (003 §2, §4.4)", "[bonding]")
{
    // 003 §4.4: five links, 1x10 and 4x1, copies and interrupts disabled. R_nom = 1.75e9.
    auto run = [](int scheduler) {
        return runBlock(kBlock, {{"n", 5}, {"r_1", 10 * GbE}, {"sched", scheduler}, {"k_c", 0}, {"irq", 1}});
    };
    const auto srr = run(0), wsrr = run(1), wd = run(2);
    // SRR treats links alike: C = 5 * min rate * (1 - l_st) = 5 * 125e6 * 0.9009009 = 563.0631e6;
    // X = C f = 558.9513e6.
    CHECK(srr("C") == Approx(563.0631e6).epsilon(1e-6));
    CHECK(srr("X") == Approx(558.9513e6).epsilon(1e-6));
    // WSRR: W = (10, 1, 1, 1, 1), sum 14; link 1 saturates at 1.25e9 * 14/10 = 1.75e9, each 1 GbE
    // at 125e6 * 14 = 1.75e9: C = 1.75e9 * 0.9009009 = 1576.577e6, X = 1565.064e6.
    CHECK(wsrr("C") == Approx(1576.577e6).epsilon(1e-6));
    CHECK(wsrr("X") == Approx(1565.064e6).epsilon(1e-6));
    // WD: C = sum = 1.75e9, X = 1.75e9 * f = 1737.221e6; host 1/c0 = 2086.51e6 is not limiting.
    CHECK(wd("C") == Approx(1.75e9));
    CHECK(wd("X") == Approx(1737.221e6).epsilon(1e-6));
    CHECK(wd("lim") == 0);
    // "WD outperforms WSRR by 11%" one-way: 1737.221 / 1565.064 = 1.11 (l_st is calibrated
    // from this figure, so this pins the calibration).
    CHECK(wd("X") / wsrr("X") == Approx(1.11).epsilon(1e-9));
    // "WD spends more CPU time for packet management ... approximately 10%": U_pkt scales with
    // X, so the ratio is also 1.11, against the reported 1.10: +0.9%.
    CHECK(within(wd("U_pkt") / wsrr("U_pkt"), 1.10, 0.10));
}

TEST_CASE("bonding: WSRR weights are whole frames, so uneven rates lose capacity (003 §2)", "[bonding]")
{
    // Links 187.5e6 and 125e6 B/s (1.5 : 1), no static loss (l_st = 0).
    auto run = [](int scheduler) {
        return runBlock(kBlock, {{"n", 2}, {"r_1", 187.5e6}, {"sched", scheduler}, {"l_st", 0}});
    };
    // WSRR: W = (round(1.5), 1) = (2, 1), sum 3: link 1 saturates at 187.5e6 * 3/2 = 281.25e6,
    // link 2 at 125e6 * 3 = 375e6, so C = 281.25e6.
    CHECK(run(1)("C") == Approx(281.25e6));
    // SRR: 2 * 125e6 = 250e6 (limited by the slowest link); WD: 187.5e6 + 125e6 = 312.5e6.
    CHECK(run(0)("C") == Approx(250e6));
    CHECK(run(2)("C") == Approx(312.5e6));
    CHECK(run(2)("R_nom") == Approx(312.5e6));
}

TEST_CASE("bonding: coalescing caps interrupts per link, below the cap each frame interrupts", "[bonding]")
{
    // WD over r_1 = 1e9 and r_2 = 1e8 B/s: shares w = 10/11, 1/11. One copy, interrupts on.
    // U(X) = c X + o_irq sum_i min(f_irq, X w_i / 8972); kinks at f_irq * 8972 / w_i.
    SECTION("f_irq = 50000: both links below the cap, the solution is before the first kink")
    {
        // First kink 50000 * 8972 * 1.1 = 493.46e6; U there = 493.46e6 * (c + 7.8e-6/8972)
        // = 493.46e6 * 2.1178710e-9 = 1.045 > 1, so X = 1 / 2.1178710e-9 = 472.1723e6.
        const auto r = runBlock(kBlock, {{"n", 2}, {"r", 1e8}, {"r_1", 1e9}, {"sched", 2}, {"f_irq", 50000}});
        CHECK(r("X") == Approx(472.1723e6).epsilon(1e-6));
        // Each frame interrupts: U_irq = 472.1723e6 / 8972 * 7.8e-6 = 0.4104931
        CHECK(r("U_irq") == Approx(0.4104931).epsilon(1e-6));
    }
    SECTION("f_irq = 30000: the fast link is capped, the slow one is not")
    {
        // Kink 1 at 30000 * 8972 * 1.1 = 296.076e6, U = 296.076e6 * 2.1178710e-9 = 0.6270508;
        // then slope c + o_irq (1/11) / 8972 = 1.2484996e-9 + 0.0790338e-9 = 1.3275334e-9, and kink 2
        // (2960.76e6) is past U = 1: X = 296.076e6 + (1 - 0.6270508) / 1.3275334e-9 = 577.0100e6.
        const auto r = runBlock(kBlock, {{"n", 2}, {"r", 1e8}, {"r_1", 1e9}, {"sched", 2}, {"f_irq", 30000}});
        CHECK(r("X") == Approx(577.0100e6).epsilon(1e-6));
        // U_irq = 7.8e-6 * (30000 + 577.01e6 / 11 / 8972) = 7.8e-6 * (30000 + 5846.573) = 0.2796033
        CHECK(r("U_irq") == Approx(0.2796033).epsilon(1e-6));
        CHECK(r("U") == Approx(1.0).epsilon(1e-9));
    }
}

TEST_CASE("bonding: 004 channel bonding at 10 and 100 Mbps (004 §3)", "[bonding]")
{
    // Preset per generation: UDP over 1500-byte Ethernet, f = 1472 / 1538 = 0.9570871; packets
    // alternate over the channels (static, SRR), keeping 003's l_st. 004 attributes the limit
    // to network contention, so the medium efficiency eta_m is calibrated from each
    // 1-channel figure; the 2-channel figures are then predicted. 004 gives no host costs:
    // the defaults leave the host at 0.961 / (1/1.3e9 + 4.3e-6/1472) = 260 MB/s, far above.
    auto run = [](double rate, double eta, int channels) {
        return runBlock(kBlock, {{"n", channels}, {"r", rate}, {"MTU", 1500}, {"eta_m", eta}});
    };
    SECTION("10 Mbps (generation 1): 1 MBps = 80% on one channel, 1.7 MBps = 68% on two")
    {
        // eta_m = 1.0 / (1.25 * 0.9570871) = 0.836 (calibration). 1 channel:
        // X = 1.25e6 * 0.836 * 0.9570871 = 1.000156e6, E = 0.8001248.
        const auto one = run(1.25e6, 0.836, 1);
        CHECK(one("X") == Approx(1.000156e6).epsilon(1e-6));
        CHECK(one("lim") == 0);
        CHECK(within(one("X"), 1.0 * MB, 0.10));
        CHECK(within(one("E"), 0.80, 0.10));
        // 2 channels (predicted): 2 * 1.25e6 * 0.9009009 * 0.836 * 0.9570871 = 1.802083e6,
        // E = 1.802083 / 2.5 = 0.7208332. Reported 1.7 MBps (68%): +6.0%.
        const auto two = run(1.25e6, 0.836, 2);
        CHECK(two("X") == Approx(1.802083e6).epsilon(1e-6));
        CHECK(two("E") == Approx(0.7208332).epsilon(1e-6));
        CHECK(within(two("X"), 1.7 * MB, 0.10));
        CHECK(within(two("E"), 0.68, 0.10));
        // "the increase ... from 1 to 2 channels is ... 70% for 10 Mbps": model 2 * 0.9009009 =
        // 1.8018 against 1.70: +6.0%.
        CHECK(within(two("X") / one("X"), 1.70, 0.10));
    }
    SECTION("100 Mbps (generation 2): 7.8 MBps = 62% on one channel, 13.8 MBps = 55% on two")
    {
        // eta_m = 7.8 / (12.5 * 0.9570871) = 0.652 (calibration). 1 channel:
        // X = 12.5e6 * 0.652 * 0.9570871 = 7.800260e6, E = 0.6240208.
        const auto one = run(12.5e6, 0.652, 1);
        CHECK(one("X") == Approx(7.800260e6).epsilon(1e-6));
        CHECK(within(one("X"), 7.8 * MB, 0.10));
        CHECK(within(one("E"), 0.62, 0.10));
        // 2 channels (predicted): 1.8018018 * 7.800260e6 = 14.05452e6, E = 0.5621809.
        // Reported 13.8 MBps (55%): +1.8% and +2.2%.
        const auto two = run(12.5e6, 0.652, 2);
        CHECK(two("X") == Approx(14.05452e6).epsilon(1e-6));
        CHECK(within(two("X"), 13.8 * MB, 0.10));
        CHECK(within(two("E"), 0.55, 0.10));
        // "77% for 100 Mbps": 1.8018 against 1.77, +1.8%.
        CHECK(within(two("X") / one("X"), 1.77, 0.10));
        // "a factor of 8 increase in usable throughput between a channel bonded 10 Mbps network
        // and a channel bonded 100 Mbps network": 14.05452 / 1.802083 = 7.799, -2.5%.
        CHECK(within(two("X") / run(1.25e6, 0.836, 2)("X"), 8.0, 0.10));
    }
}

TEST_CASE("bonding: every input out of range is rejected with its name, value and range", "[bonding]")
{
    const std::string pre = "block 'b' (bonding.throughput): input ";
    cs::test::checkRefused(kBlock, {
        {"n", 0, "n = 0 is out of range [1, 8]"},
        {"n", 9, "n = 9 is out of range [1, 8]"},
        {"n", 2.5, "n = 2.5 must be a whole number"},
        {"r", 0, "r = 0 is out of range [1000, 1e+12] B/s"},
        {"r", 2e12, "r = 2e+12 is out of range [1000, 1e+12] B/s"},
        {"r_1", -1, "r_1 = -1 is out of range [0, 1e+12] B/s"},
        {"r_2", -1, "r_2 = -1 is out of range [0, 1e+12] B/s"},
        {"r_3", -1, "r_3 = -1 is out of range [0, 1e+12] B/s"},
        {"r_4", -1, "r_4 = -1 is out of range [0, 1e+12] B/s"},
        {"r_5", -1, "r_5 = -1 is out of range [0, 1e+12] B/s"},
        {"r_6", -1, "r_6 = -1 is out of range [0, 1e+12] B/s"},
        {"r_7", -1, "r_7 = -1 is out of range [0, 1e+12] B/s"},
        {"r_8", 2e12, "r_8 = 2e+12 is out of range [0, 1e+12] B/s"},
        {"sched", 3, "sched = 3 is out of range one of SRR (0), WSRR (1), WD (2)"},
        {"sched", 0.5, "sched = 0.5 must be a whole number"},
        {"l_st", 0.95, "l_st = 0.95 is out of range [0, 0.9]"},
        {"l_st", -0.1, "l_st = -0.1 is out of range [0, 0.9]"},
        {"eta_m", 0, "eta_m = 0 is out of range [0.01, 1]"},
        {"eta_m", 1.5, "eta_m = 1.5 is out of range [0.01, 1]"},
        {"MTU", 45, "MTU = 45 is out of range [46, 65536] B"},
        {"MTU", 70000, "MTU = 70000 is out of range [46, 65536] B"},
        {"MTU", 1500.5, "MTU = 1500.5 must be a whole number"},
        {"h", -1, "h = -1 is out of range [0, 1024] B"},
        {"h", 2000, "h = 2000 is out of range [0, 1024] B"},
        {"h_w", -1, "h_w = -1 is out of range [0, 1024] B"},
        {"h_w", 1025, "h_w = 1025 is out of range [0, 1024] B"},
        {"k_c", -1, "k_c = -1 is out of range [0, 4]"},
        {"k_c", 5, "k_c = 5 is out of range [0, 4]"},
        {"B_copy", 0, "B_copy = 0 is out of range [1e+06, 1e+12] B/s"},
        {"B_copy", 1e13, "B_copy = 1e+13 is out of range [1e+06, 1e+12] B/s"},
        {"o_pkt", 0, "o_pkt = 0 is out of range [1e-09, 1] s"},
        {"o_pkt", 2, "o_pkt = 2 is out of range [1e-09, 1] s"},
        {"irq", 2, "irq = 2 is out of range one of interrupts (0), polling (1)"},
        {"o_irq", -1e-6, "o_irq = -1e-06 is out of range [0, 0.001] s"},
        {"o_irq", 0.01, "o_irq = 0.01 is out of range [0, 0.001] s"},
        {"f_irq", 0, "f_irq = 0 is out of range [1, 1e+07] 1/s"},
        {"f_irq", 2e7, "f_irq = 2e+07 is out of range [1, 1e+07] 1/s"},
    });
    CHECK(planError(kBlock, {{"r", std::numeric_limits<double>::quiet_NaN()}}) ==
          pre + "r = nan is not a finite number");
}

TEST_CASE("bonding: headers that fill the frame are inconsistent", "[bonding]")
{
    // h = 1000 B of headers in MTU = 1000 B frames leaves no payload.
    Design d;
    d.addBlock("b", kBlock);
    d.setValue({"b", "MTU"}, 1000);
    d.setValue({"b", "h"}, 1000);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    CHECK_THROWS_WITH(plan.runOrThrow(slots.data()),
                      "block 'b' (bonding.throughput): h = 1000 B of headers leave no payload in MTU = 1000 B frames");
    CHECK(planError(kBlock, {{"MTU", 46}, {"h", 28}}).empty()); // 18 B of payload is allowed
    CHECK(planError(kBlock, {{"MTU", 46}, {"h", 46}}) ==
          "block 'b' (bonding.throughput): h = 46 B of headers leave no payload in MTU = 46 B frames");
}

TEST_CASE("bonding: link overrides beyond n are ignored and 0 means the common rate", "[bonding]")
{
    // n = 2, r = 125e6, r_3 = 1e9 is not used: R_nom = 250e6. r_2 = 0 takes r.
    const auto r = runBlock(kBlock, {{"n", 2}, {"r_3", 1e9}, {"r_2", 0}});
    CHECK(r("R_nom") == Approx(250e6));
    // A wired sweep over r moves every link that is not overridden: n = 3, r = 1e8, r_2 = 5e7:
    // R_nom = 1e8 + 5e7 + 1e8 = 2.5e8; SRR C = 3 * 5e7 * 0.9009009 = 135.1351e6.
    const auto s = runBlock(kBlock, {{"n", 3}, {"r", 1e8}, {"r_2", 5e7}});
    CHECK(s("R_nom") == Approx(2.5e8));
    CHECK(s("C") == Approx(135.1351e6).epsilon(1e-6));
}

TEST_CASE("bonding: the static-schedule loss needs varying per-link load (003 abstract (d), 004 §3)", "[bonding]")
{
    // Two identical point-to-point links (eta_m = 1): SRR keeps C = 2 * 125e6 = 250e6.
    CHECK(runBlock(kBlock, {{"n", 2}})("C") == Approx(250e6));
    // The same links as shared segments (eta_m = 0.836, 004's generation 1): the loss applies,
    // C = 250e6 * 0.9009009 = 225.2252e6.
    CHECK(runBlock(kBlock, {{"n", 2}, {"eta_m", 0.836}})("C") == Approx(225.2252e6).epsilon(1e-6));
    // Links of different rates (125e6 and 62.5e6), point to point: SRR holds both to the slower
    // and loses l_st: C = 2 * 62.5e6 * 0.9009009 = 112.6126e6.
    CHECK(runBlock(kBlock, {{"n", 2}, {"r_2", 62.5e6}})("C") == Approx(112.6126e6).epsilon(1e-6));
    // WD never loses it: C = 125e6 + 62.5e6.
    CHECK(runBlock(kBlock, {{"n", 2}, {"r_2", 62.5e6}, {"sched", 2}})("C") == Approx(187.5e6));
}

TEST_CASE("bonding: a memory-bound copy waits for the NIC's DMA crossing the same memory (003 §3, §4.2)", "[bonding]")
{
    // 003 §3: a copy is two crossings of the memory bus, the 1.3 GB/s copy reaching the memory's peak of
    // about 2.5 GB/s; the NIC's DMA crosses the same memory once per payload byte: o_dma = 1 / 2.5e9
    // = 0.4e-9 s/B. With almost no per-frame work (o_pkt = 1 ns, its least: 1e-9/8972 = 1.1146e-13 s/B)
    // and polling, a 1x10 path is all copy:
    //   c = 1/1.3e9 + 0.4e-9 + 1.1146e-13 = 0.7692308e-9 + 0.4e-9 + 0.0001115e-9 = 1.1693422e-9 s/B,
    //   X = 1 / c = 855.1817e6
    // (without o_dma it would be the link's 1240.872e6: 1/c = 1.3e9 is above it).
    const auto mem = runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}, {"irq", 1}, {"o_pkt", 1e-9}, {"o_dma", 0.4e-9}});
    CHECK(mem("X") == Approx(855.1817e6).epsilon(1e-6));
    CHECK(mem("lim") == 1);
    CHECK(mem("U_copy") == Approx(1.1692308 / 1.1693422).epsilon(1e-6)); // copying, or waiting for memory, nearly all the time
    // o_dma = 0: the DMA is free, and the link's 1240.872e6 limits.
    CHECK(runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}, {"irq", 1}, {"o_pkt", 1e-9}})("X") ==
          Approx(1240.872e6).epsilon(1e-6));
    // noCopy (k_c = 0): the CPU touches no payload, so the DMA costs it nothing: the link's 1240.872e6.
    CHECK(runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}, {"irq", 1}, {"o_pkt", 1e-9}, {"o_dma", 0.4e-9}, {"k_c", 0}})(
              "X") == Approx(1240.872e6).epsilon(1e-6));
    // Two-way: each path's copies use its own CPU's memory (003 §3: two CPUs copy into independent
    // memory modules), so each CPU carries X/2 at c: X = 2 / 1.1693422e-9 = 1710.363e6, below the
    // full-duplex link's 2 x 1240.872e6; each CPU copies all the time.
    const auto two =
        runBlock(kBlock, {{"n", 1}, {"r", 10 * GbE}, {"irq", 1}, {"o_pkt", 1e-9}, {"o_dma", 0.4e-9}, {"way", 1}});
    CHECK(two("X") == Approx(1710.363e6).epsilon(1e-6));
    CHECK(two("U_copy") == Approx(1.1692308 / 1.1693422).epsilon(1e-6));
    // The block rejects a negative o_dma with its name.
    CHECK_THAT(planError(kBlock, {{"o_dma", -1e-9}}), Catch::Contains("o_dma"));
}
