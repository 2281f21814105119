// Preset multiedge: the MultiEdge two-node testbed of 003_9603d52cdb909e6e.txt,
// one-way throughput of n x 1 GbE against 1 x 10 GbE in the base, polling and
// noCopy configurations (Figs. 2, 3, 4) and the SRR, WSRR and WD schedulers on
// 1x10 + 4x1 (Fig. 5).
//
// Hand arithmetic (bonding.throughput, with the preset's o_irq = 4.26 us and f_irq = 12500/s):
//   payload per 9000-byte frame s = 8972 B, framing f = 8972 / 9038 = 0.9926975
//   n identical point-to-point links lose nothing to SRR (003 abstract (d): the static loss needs
//   varying per-link load): link limit n * 125e6 * f = n * 124.0872e6 B/s
//   a copied byte: 1/1.3e9 + o_dma = 0.7692308e-9 + 0.4e-9 = 1.1692308e-9 s/B (the memory-bound copy
//     waits for the DMA's crossing of the same memory, 003 §3: about 2.5 GB/s)
//   send path per byte: c = 1.1692308e-9 + 0.725e-6/8972 = 1.2500377e-9 s/B (one copy),
//     c0 = 0.725e-6/8972 = 0.0808070e-9 (noCopy)
//   o_irq is fitted to the 38% polling gain (003 §4.2): base = (1 / c) / 1.38 = 579.69e6, so
//     o_irq = (1/579.69e6 - c) * 8972 = 4.262 us, rounded to 4.26 us
//   interrupts below the cap: o_irq / s = 4.26e-6 / 8972 = 0.4748105e-9 s/B, so the base host limit is
//     1 / (c + 0.4748105e-9) = 1 / 1.7248482e-9 = 579.7611e6 while each link carries under 12500 frames/s:
//     at 6, 579.7611e6 / 6 / 8972 = 10770/s; at 8, 8077/s: under the cap. At n = 5 it would be 12924/s,
//     over the cap: the links reach it at 12500 * 8972 * 5 = 560.75e6 B/s, U = 560.75e6 * 1.7248482e-9
//     = 0.9672087, then slope c: 560.75e6 + 0.0327913 / c = 586.9823e6
//   base:    n = 4: link 496.3487e6 < host; n = 5: host 586.9823e6; n = 6..8: host 579.7611e6
//            copies: 579.7611e6 * 1.1692308e-9 = 0.6778746 of the saturated send CPU (Fig. 2(b): 75%)
//   polling: host 1 / c = 799.9759e6; n = 7: link 868.6103e6 > host, so 799.9759e6 at 7 and 8
//   noCopy:  n = 8: link 992.6975e6; host: all 8 links reach the cap at 12500 * 8972 * 8 = 897.2e6 B/s,
//            where U = 897.2e6 * (c0 + 0.4748105e-9) = 0.4985, then slope c0: 897.2e6 + 0.5015 / c0
//            = 7103.349e6 > link, so link limited: 992.6975e6 (E = f = 99.27%)
//   1x10:    one link at ~84k frames/s is capped: base (1 - 4.26e-6 * 12500) / c = 0.94675 / c = 757.3771e6;
//            polling 799.9759e6; noCopy 1.25e9 f = 1240.872e6
//   1x10 + 4x1, no copies, polling (rates differ, so l_st applies): SRR 5 * 125e6 * 0.9009009 * f
//            = 558.9513e6; WSRR W = (10,1,1,1,1): 1.75e9 * 0.9009009 * f = 1565.064e6; WD 1.75e9 f = 1737.221e6
#include "PresetSupport.h"

#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"

using namespace cs;
using namespace cs::test::presets;

namespace {

const std::vector<double> kLinks{1, 2, 3, 4, 5, 6, 7, 8};
constexpr double MB = 1e6;

} // namespace

TEST_CASE("multiedge: base one-way grows with the links and levels off near 580 MB/s (003 Fig. 2)", "[presets]")
{
    const DesignDocument doc = loadPreset("multiedge");
    const Result r = sweep(doc, documentAxes(doc), {"nx1.lim"});
    REQUIRE(r.table.points == 8);
    const std::string base = "n x 1 GbE base";
    CHECK(r.atAxis(base, 1) == Approx(124.0872e6).epsilon(1e-6));
    CHECK(r.atAxis(base, 4) == Approx(496.3487e6).epsilon(1e-6));
    // "approximately proportional to the number of links ... continues to increase for up-to six
    // links but remains almost at the same level (about 550 MBytes/s) for eight links".
    // At five links each link's frames reach the interrupt cap, so five give 1.2% more than six to
    // eight (587.0 against 579.8 MB/s): level within the paper's "about", not the rise to six it reports.
    CHECK(r.atAxis(base, 5) == Approx(586.9823e6).epsilon(1e-6));
    for (double n = 5; n <= 8; ++n) {
        INFO("n = " << n);
        if (n >= 6)
            CHECK(r.atAxis(base, n) == Approx(579.7611e6).epsilon(1e-6));
        CHECK(r.atAxis(base, n, "nx1.lim") == 1); // the sending CPU
    }
    CHECK(r.atAxis(base, 4, "nx1.lim") == 0); // the links limit up to four
    for (double n = 2; n <= 5; ++n)
        CHECK(r.atAxis(base, n) > r.atAxis(base, n - 1));
    CHECK(r.atAxis(base, 8) == Approx(r.atAxis(base, 6)).epsilon(1e-12)); // level, not falling
    // "about 550 MBytes/s": +5.4%, a prediction (o_irq comes from the 38% polling gain of Fig. 3).
    CHECK(within(r.atAxis(base, 8), 550 * MB, 0.06));
    // "the 1x10 configuration scales up-to 800 MBytes/s": 757.4 MB/s (-5.3%), above 8x1 base.
    CHECK(r.atAxis("1 x 10 GbE base", 8) == Approx(757.3771e6).epsilon(1e-6));
    CHECK(within(r.atAxis("1 x 10 GbE base", 8), 800 * MB, 0.10));
    CHECK(r.atAxis("1 x 10 GbE base", 8) > r.atAxis(base, 8));
    // Fig. 2(b): "copy overhead accounts for 75%" of the send path at 8x1: 0.6778746 (-9.6%).
    const Result u = sweep(doc, {{"n", {8.0}}}, {"nx1.U_copy", "nx1.U"});
    CHECK(u.atAxis(base, 8, "nx1.U") == Approx(1.0).epsilon(1e-9));
    CHECK(u.atAxis(base, 8, "nx1.U_copy") == Approx(0.6778746).epsilon(1e-6));
}

TEST_CASE("multiedge: polling lifts 8x1 to about 800 MB/s, like 1x10 (003 Fig. 3)", "[presets]")
{
    const Result r = sweep(loadPreset("multiedge"), {{"n", kLinks}});
    const std::string poll = "n x 1 GbE polling";
    CHECK(r.atAxis(poll, 6) == Approx(6 * 124.0872e6).epsilon(1e-6)); // 744.5231e6, links
    CHECK(r.atAxis(poll, 7) == Approx(799.9759e6).epsilon(1e-6));
    CHECK(r.atAxis(poll, 8) == Approx(799.9759e6).epsilon(1e-6));
    // "similar maximum throughput (800 MBytes/s) in 8x1 and 1x10 configurations, limited by memory copies"
    CHECK(r.atAxis(poll, 8) == Approx(r.atAxis("1 x 10 GbE polling", 8)));
    CHECK(within(r.atAxis(poll, 8), 800 * MB, 0.05));
    // "up to 38%" over base: 799.9759 / 579.7611 = 1.3798370 (o_irq is fitted to this gain).
    CHECK(r.atAxis(poll, 8) / r.atAxis("n x 1 GbE base", 8) == Approx(1.3798370).epsilon(1e-6));
    // Polling grows with every link until the copy limit: no interrupt cost per link.
    for (double n = 2; n <= 7; ++n)
        CHECK(r.atAxis(poll, n) > r.atAxis(poll, n - 1));
}

TEST_CASE("multiedge: two-way, the receive path on the second CPU (003 §4.1-4.4)", "[presets]")
{
    // Two-way (way = 1): X is sent plus received per node. The send CPU runs half of X and every
    // frame's interrupt, both directions (o_irq / s = 0.4748105e-9 s/B of X while each link stays
    // under 12500 frames/s); the receive CPU runs the other half (c / 2).
    const Result r = sweep(loadPreset("multiedge"), {{"n", {4.0, 5.0, 8.0}}, {"nx1.way", {1.0}}, {"mixed.way", {1.0}}});
    // base, n = 8: the links reach the cap at 12500 * 8972 * 8 = 897.2e6, where U = 897.2e6 *
    // (0.6250189 + 0.4748105) ns/B = 0.9867669; then slope c/2: 897.2e6 + 0.0132331 / 0.6250189e-9
    // = 918.3723e6. 003 §4.1: "fluctuates around 800-900 MBytes/s": +8.0% of 850, 2% above 900.
    CHECK(r.atAxis("n x 1 GbE base", 8) == Approx(918.3723e6).epsilon(1e-6));
    CHECK(within(r.atAxis("n x 1 GbE base", 8), 850 * MB, 0.10));
    // "throughput scales well up-to four links": n = 4 at its links, 2 * 4 * 124.0872e6 = 992.6975e6;
    // the send CPU would allow more: past the cap (X > 12500 * 8972 * 4 = 448.6e6) it pays
    // 4 * 4.26e-6 * 12500 = 0.213, so X = 0.787 / 0.6250189e-9 = 1259.162e6.
    CHECK(r.atAxis("n x 1 GbE base", 4) == Approx(992.6975e6).epsilon(1e-6));
    // n = 5: links 1240.872e6; send CPU, capped past 560.75e6 where U = 560.75e6 * (0.6250189 +
    // 0.4748105) ns/B = 0.6167293: 560.75e6 + 0.3832707 / 0.6250189e-9 = 1173.965e6 < links, so host
    // limited: the growth slows after four links.
    CHECK(r.atAxis("n x 1 GbE base", 5) == Approx(1173.965e6).epsilon(1e-6));
    // polling, n = 8: 2 / c = 1599.952e6 (+74% over base; the paper's +25% is the claim's "off").
    CHECK(r.atAxis("n x 1 GbE polling", 8) == Approx(1599.952e6).epsilon(1e-6));
    // noCopy, n = 8: the send CPU allows 2 * 0.574 / 0.0808070e-9 = 14206.70e6 above the links' 1985.395e6.
    CHECK(r.atAxis("n x 1 GbE noCopy", 8) == Approx(1985.395e6).epsilon(1e-6));
    // 1x10 + 4x1, no copies, polling: link limited both ways, WD 2 * 1737.221e6, WSRR 2 * 1565.064e6.
    CHECK(r.atAxis("1x10 + 4x1 WD", 8) == Approx(3474.442e6).epsilon(1e-6));
    CHECK(r.atAxis("1x10 + 4x1 WSRR", 8) == Approx(3130.128e6).epsilon(1e-6));

    // 003 §4.1: copies take "about 70% on both send and receive paths in two-way". The send CPU is
    // saturated at X = 918.3723e6 (U = 1): copies 918.3723e6 / 2 x (1/1.3e9 + 0.4e-9) = 459.18615e6 x
    // 1.1692308e-9 = 0.5368946, per-frame work 459.18615e6 x 0.0808070e-9 = 0.0371052, interrupts at
    // the cap 8 x 4.26e-6 x 12500 = 0.426; 0.5368946 + 0.0371052 + 0.426 = 0.9999998. So 53.7% against
    // 70% (-23%): the claim 003-fig2b-copy-share-twoway-70 is off.
    const Result u = sweep(loadPreset("multiedge"), {{"n", {8.0}}, {"nx1.way", {1.0}}}, {"nx1.U_copy", "nx1.U"});
    CHECK(u.atAxis("n x 1 GbE base", 8, "nx1.U") == Approx(1.0).epsilon(1e-5));
    CHECK(u.atAxis("n x 1 GbE base", 8, "nx1.U_copy") == Approx(0.5368946).epsilon(1e-6));
}

TEST_CASE("multiedge: noCopy keeps scaling with the links to the link maximum (003 Fig. 4)", "[presets]")
{
    const Result r = sweep(loadPreset("multiedge"), {{"n", kLinks}}, {"nx1.lim", "nx1.E"});
    const std::string noc = "n x 1 GbE noCopy";
    for (double n = 1; n <= 8; ++n) {
        INFO("n = " << n);
        // "approximately proportional to the number of links, reaching the maximum possible throughput"
        CHECK(r.atAxis(noc, n) == Approx(n * 124.0872e6).epsilon(1e-6));
        CHECK(r.atAxis(noc, n, "nx1.lim") == 0);
    }
    // "reaching almost 100% of the nominal throughput" (abstract (c)): E = f = 0.9926975 at 8.
    CHECK(r.atAxis(noc, 8, "nx1.E") == Approx(0.9926975).epsilon(1e-6));
    // While base levels (579.8 MB/s at 8), noCopy keeps growing: 992.6975 MB/s at 8, +71.23% over
    // base against the reported +66.5% (a prediction, +7.1% as a gain).
    CHECK(r.atAxis(noc, 8) / r.atAxis("n x 1 GbE base", 8) == Approx(1.7122525).epsilon(1e-6));
    CHECK(within(r.atAxis(noc, 8) / r.atAxis("n x 1 GbE base", 8), 1.665, 0.10));
    // 1x10 noCopy: "100% of nominal throughput": 1240.872 MB/s of 1250 (framing only).
    CHECK(r.atAxis("1 x 10 GbE noCopy", 1) == Approx(1240.872e6).epsilon(1e-6));
    CHECK(within(r.atAxis("1 x 10 GbE noCopy", 1), 1250 * MB, 0.01));
}

TEST_CASE("multiedge: WD beats WSRR by 11%, SRR is held to the slowest link (003 Fig. 5)", "[presets]")
{
    const Result r = sweep(loadPreset("multiedge"), {});
    const double srr = r.at("1x10 + 4x1 SRR", 0);
    const double wsrr = r.at("1x10 + 4x1 WSRR", 0);
    const double wd = r.at("1x10 + 4x1 WD", 0);
    CHECK(srr == Approx(558.9513e6).epsilon(1e-6));
    CHECK(wsrr == Approx(1565.064e6).epsilon(1e-6));
    CHECK(wd == Approx(1737.221e6).epsilon(1e-6));
    CHECK(srr < wsrr);
    CHECK(wsrr < wd);
    // "WD outperforms WSRR by 11%" (l_st was calibrated from it).
    CHECK(wd / wsrr == Approx(1.11).epsilon(1e-9));
}

TEST_CASE("multiedge: cost grows with the link count", "[presets]")
{
    // Assumed: 200 USD per 1 GbE link (a port on each node), 3000 USD for a pair of 10 GbE NICs.
    const Result r = sweep(loadPreset("multiedge"), {{"n", {1, 8}}});
    CHECK(r.atAxis("n x 1 GbE base", 1, "cost") == Approx(200));
    CHECK(r.atAxis("n x 1 GbE base", 8, "cost") == Approx(1600));
    CHECK(r.atAxis("1 x 10 GbE base", 8, "cost") == Approx(3000));
    CHECK(r.atAxis("1x10 + 4x1 WD", 8, "cost") == Approx(3400));
}

TEST_CASE("multiedge: two nodes cabled back to back (003 §3)", "[presets]")
{
    const Topology t = buildTopology(loadPreset("multiedge").topology);
    CHECK(t.counts().hosts == 2);
    CHECK(t.counts().switches == 0);
    CHECK(t.counts().links == 1);
}

TEST_CASE("multiedge: the description quotes what the model gives", "[presets]")
{
    // From the header's arithmetic: base 579.7611e6 from six to eight links, 1x10 base 757.3771e6 ("model
    // 757"), noCopy 8x1 992.6975e6 = 99.27% of nominal ("99.3%"), 1.7122525 x base ("+71%"), copies
    // 0.6778746 of the send CPU ("68%"); two-way (the two-way test case): base 918.3723e6, polling
    // 1599.952e6 = 1.7421603 x base, noCopy 1985.395e6 = 2.1618629 x base.
    const DesignDocument doc = loadPreset("multiedge");
    for (const char* quoted : {"model: 580 MB/s from six to eight links", "(model 757)", "model 992.7 MB/s, 99.3% of nominal, +71%",
                               "copies take 68% of the sending CPU", "f_irq = 12500/s",
                               "8x1 base gives 918 MB/s against the paper's 800-900",
                               "polling (1600 MB/s, +74%)", "(the links' 1985 MB/s, +116%)"}) {
        INFO(quoted);
        CHECK_THAT(doc.description, Catch::Contains(quoted));
    }
}
