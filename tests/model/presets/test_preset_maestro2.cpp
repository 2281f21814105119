// Preset maestro2-mdo: Maestro2 with dynamic offloading, 001_6f8c605996d22b4f.txt
// §4.2 (Fig. 4, strided transfer) and §4.3 (Figs. 6, 7 synchronization, 9 broadcast,
// 10 allreduce, 11 PCI traffic), MDO against MMP's peer-to-peer algorithms.
//
// Hand arithmetic (times in us):
//   MDO (offload.collective defaults): host o_s + o_r = 2, firmware 2 t_NI + t_SB = 5, modules 3 o_mod = 3
//     barrier: 2 + 5 + 2 * 16 / 400e6 (= 0.08) + 3 = 10.08, for any P; built-in (no modules) 7.08
//     broadcast of 64 KiB: 2 + 2 * 65536 / 528e6 (= 248.242424) + 5 + 2 * 65536 / 400e6 (= 327.68) + 3
//       = 585.922424
//     allreduce of 8 B: 2 + 2 * 8 / 528e6 (= 0.030303) + 5 + 2 * 8 / 400e6 (= 0.04) + (P-1) 8 * 4e-9 + 3
//       = 10.070303 + 0.032 (P-1): 10.166303 (4), 10.230303 (6), 10.294303 (8)
//   peer-to-peer (logp.loggp, o_s = o_r = L = 2.5, G = 7.94 ns/B):
//     one-way(0 or 1 B) = 7.5; one-way(8 B) = 7.5 + 7 * 0.00794 = 7.55558;
//     one-way(64 KiB) = 7.5 + 65535 * 0.00794 = 527.8479
//     recursive doubling steps 2, 4, 3 for 4, 6, 8 hosts (P' = 4, 4, 8; +2 when P != P');
//     binomial broadcast steps ceil(log2 P) = 2, 3, 3
#include "PresetSupport.h"

#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"

using namespace cs;
using namespace cs::test::presets;

namespace {

const std::vector<double> kHosts{4, 6, 8};

} // namespace

TEST_CASE("maestro2-mdo: MDO synchronization is constant in P, peer-to-peer peaks at 6 hosts (001 Fig. 7)",
          "[presets]")
{
    const DesignDocument doc = loadPreset("maestro2-mdo");
    const Result r = sweep(doc, documentAxes(doc));
    REQUIRE(r.table.points == 3); // 4, 6, 8 hosts
    for (double P : kHosts) {
        INFO("P = " << P);
        CHECK(r.atAxis("barrier, MDO", P) == Approx(10.08e-6).epsilon(1e-9));
        CHECK(r.atAxis("barrier, MMP built-in", P) == Approx(7.08e-6).epsilon(1e-9));
    }
    // Recursive doubling: 2, 4, 3 steps of 7.5 us = 15, 30, 22.5 us.
    CHECK(r.atAxis("barrier, peer-to-peer", 4) == Approx(15e-6).epsilon(1e-9));
    CHECK(r.atAxis("barrier, peer-to-peer", 6) == Approx(30e-6).epsilon(1e-9));
    CHECK(r.atAxis("barrier, peer-to-peer", 8) == Approx(22.5e-6).epsilon(1e-9));
    // "the time of MMP with 6 hosts is the longest"
    CHECK(r.atAxis("barrier, peer-to-peer", 6) > r.atAxis("barrier, peer-to-peer", 8));
    CHECK(r.atAxis("barrier, peer-to-peer", 8) > r.atAxis("barrier, peer-to-peer", 4));
    // "the synchronization program using MDO is three times faster than the one using peer-to-peer
    // communication at the maximum": 30 / 10.08 = 2.976 (-0.8%; the p2p one-way is assumed, see the preset).
    CHECK(within(r.atAxis("barrier, peer-to-peer", 6) / r.atAxis("barrier, MDO", 6), 3.0, 0.05));
    // Fig. 6: the module calls are about 30% of the MDO barrier: (10.08 - 7.08) / 10.08 = 0.2976.
    CHECK(within(1.0 - r.atAxis("barrier, MMP built-in", 8) / r.atAxis("barrier, MDO", 8), 0.30, 0.05));
}

TEST_CASE("maestro2-mdo: MDO broadcast of 64 KiB is constant in P and up to 63% faster (001 Fig. 9)",
          "[presets]")
{
    const DesignDocument doc = loadPreset("maestro2-mdo");
    const Result r = sweep(doc, {{"P", kHosts}});
    for (double P : kHosts)
        CHECK(r.atAxis("broadcast 64 KiB, MDO", P) == Approx(585.922424e-6).epsilon(1e-8));
    // p2p: 2, 3, 3 steps of 527.8479 us = 1055.6958, 1583.5437, 1583.5437 us.
    CHECK(r.atAxis("broadcast 64 KiB, peer-to-peer", 4) == Approx(1055.6958e-6).epsilon(1e-8));
    CHECK(r.atAxis("broadcast 64 KiB, peer-to-peer", 6) == Approx(1583.5437e-6).epsilon(1e-8));
    CHECK(r.atAxis("broadcast 64 KiB, peer-to-peer", 8) == Approx(1583.5437e-6).epsilon(1e-8));
    // "the time of MMP increases as the number of hosts increases"; with a binomial tree 6 and 8 hosts
    // both need 3 steps, so the model's curve is flat from 6 to 8.
    CHECK(r.atAxis("broadcast 64 KiB, peer-to-peer", 6) > r.atAxis("broadcast 64 KiB, peer-to-peer", 4));
    CHECK(r.atAxis("broadcast 64 KiB, peer-to-peer", 8) >= r.atAxis("broadcast 64 KiB, peer-to-peer", 6));
    // "the time of MDO is up to 63% smaller than the one of peer-to-peer": 1 - 585.922424 / 1583.5437
    // = 0.62999 (G was chosen for this, so this pins the choice); at 4 hosts 1 - 585.922/1055.696 = 0.44499.
    double best = 0.0;
    for (double P : kHosts) {
        const double gain = 1.0 - r.atAxis("broadcast 64 KiB, MDO", P) / r.atAxis("broadcast 64 KiB, peer-to-peer", P);
        CHECK(gain > 0.0); // "the broadcast using MDO is always faster"
        best = std::max(best, gain);
    }
    CHECK(best == Approx(0.62999).epsilon(1e-4));
}

TEST_CASE("maestro2-mdo: MDO broadcast is at least 38% of peer-to-peer over message sizes (001 Fig. 8)",
          "[presets]")
{
    // 8 hosts, broadcast sizes 1 B .. 1 MiB (k overridden by the broadcast variants: sweep k itself).
    // The ratio MDO / p2p falls with k towards (2/528e6 + 2/400e6) / (3 * 7.94e-9) = 8.787879e-9 /
    // 23.82e-9 = 0.368929; "the time of MDO is only 38% of the one of peer-to-peer at minimum": -2.9%.
    DesignDocument doc = loadPreset("maestro2-mdo");
    for (Variant& v : doc.variants)
        v.overrides.clear();
    std::vector<double> sizes;
    for (double k = 1; k <= 1048576; k *= 4)
        sizes.push_back(k);
    const Result r = sweep(doc, {{"k", sizes}});
    double previous = 2.0;
    for (double k : sizes) {
        INFO("k = " << k);
        const double ratio = r.atAxis("broadcast 64 KiB, MDO", k) / r.atAxis("broadcast 64 KiB, peer-to-peer", k);
        CHECK(ratio < 1.0);
        CHECK(ratio < previous);
        previous = ratio;
    }
    CHECK(within(previous, 0.38, 0.05));
    CHECK(previous > 0.368929);
}

TEST_CASE("maestro2-mdo: allreduce, MDO nearly constant, peer-to-peer peaks at 6 hosts (001 Fig. 10)",
          "[presets]")
{
    const DesignDocument doc = loadPreset("maestro2-mdo");
    const Result r = sweep(doc, {{"P", kHosts}});
    CHECK(r.atAxis("allreduce, MDO", 4) == Approx(10.166303e-6).epsilon(1e-7));
    CHECK(r.atAxis("allreduce, MDO", 6) == Approx(10.230303e-6).epsilon(1e-7));
    CHECK(r.atAxis("allreduce, MDO", 8) == Approx(10.294303e-6).epsilon(1e-7));
    // Only the switch's combining grows with P: 10.294303 / 10.166303 = 1.0126.
    CHECK(r.atAxis("allreduce, MDO", 8) / r.atAxis("allreduce, MDO", 4) < 1.02);
    // p2p: 2, 4, 3 steps of 7.55558 us = 15.11116, 30.22232, 22.66674 us.
    CHECK(r.atAxis("allreduce, peer-to-peer", 4) == Approx(15.11116e-6).epsilon(1e-7));
    CHECK(r.atAxis("allreduce, peer-to-peer", 6) == Approx(30.22232e-6).epsilon(1e-7));
    CHECK(r.atAxis("allreduce, peer-to-peer", 8) == Approx(22.66674e-6).epsilon(1e-7));
    CHECK(r.atAxis("allreduce, peer-to-peer", 6) > r.atAxis("allreduce, peer-to-peer", 8));
    // Fig. 10: "MDO was able to reduce the time for communication up to 39%". The model reduces it by
    // 1 - 10.230303 / 30.22232 = 0.6615 at 6 hosts: the shape holds, the size of the gain does not
    // (Fig. 10's message size is not stated; with one double per host the model's gain is that of
    // the barrier).
    const double gain6 = 1.0 - r.atAxis("allreduce, MDO", 6) / r.atAxis("allreduce, peer-to-peer", 6);
    CHECK(gain6 == Approx(0.6615).epsilon(1e-4));
    for (double P : kHosts)
        CHECK(r.atAxis("allreduce, MDO", P) < r.atAxis("allreduce, peer-to-peer", P));
}

TEST_CASE("maestro2-mdo: strided transfer, MDO up to 4.8 times MMP's throughput (001 Fig. 4)", "[presets]")
{
    // 100 blocks of b bytes; T_MMP = 100 (4 + 1 + b / 400) us, T_MDO = 4 + 1 + 100 (1 + b / 400) us.
    //   b = 1:    500.25 / 105.25 = 4.752969;  b = 4096: 1524 / 1129 = 1.349867;  b = 65536: 16884 / 16489 = 1.023955
    const DesignDocument doc = loadPreset("maestro2-mdo");
    std::vector<double> sizes;
    for (double b = 1; b <= 65536; b *= 2)
        sizes.push_back(b);
    const Result r = sweep(doc, {{"strided.b", sizes}});
    auto gain = [&](double b) { return r.atAxis("strided transfer, MMP", b) / r.atAxis("strided transfer, MDO", b); };
    CHECK(gain(1) == Approx(4.752969).epsilon(1e-6));
    CHECK(gain(4096) == Approx(1.349867).epsilon(1e-6));
    CHECK(gain(65536) == Approx(1.023955).epsilon(1e-6));
    // "MDO achieves a higher throughput than MMP for all block sizes ... 4.8 times ... at maximum":
    // above 1 everywhere, largest for the smallest blocks, 4.75 against 4.8 (-1.0%).
    double previous = 1e9;
    for (double b : sizes) {
        INFO("b = " << b);
        CHECK(gain(b) > 1.0);
        CHECK(gain(b) < previous);
        previous = gain(b);
    }
    CHECK(within(gain(1), 4.8, 0.02));
}

TEST_CASE("maestro2-mdo: MDO moves less over the hosts' PCI buses, more so with more hosts (001 Fig. 11)",
          "[presets]")
{
    const DesignDocument doc = loadPreset("maestro2-mdo");
    // pci.k follows the design's k: 64 KiB for the broadcast, one double (8 B) for the allreduce (§4.3.4).
    const Result b = sweep(doc, {{"P", {4, 8}}, {"k", {65536}}}, {"pci.R_bcast", "pci.R_allreduce"});
    const Result r = sweep(doc, {{"P", {4, 8}}, {"k", {8}}}, {"pci.R_bcast", "pci.R_allreduce"});
    // Broadcast, 64 KiB: binomial tree 2 (P-1) (k + c) against MDO's P (k + c_mdo), c = 32, c_mdo = 65:
    // R = 1 - 4 x 65601 / (6 x 65568) = 0.3329978 (4 hosts; 18% measured, off), 1 - 8 x 65601 / (14 x 65568)
    // = 0.4282838 (8 hosts; 42% measured).
    CHECK(b.atAxis("barrier, MDO", 4, "pci.R_bcast") == Approx(0.3329978).epsilon(1e-6));
    CHECK(b.atAxis("barrier, MDO", 8, "pci.R_bcast") == Approx(0.4282838).epsilon(1e-6));
    CHECK(within(b.atAxis("barrier, MDO", 8, "pci.R_bcast"), 0.42, 0.05));
    // Allreduce of one double: recursive doubling 2 P' log2 P' (8 + 32) against 2 P (8 + 65):
    // 1 - 8 x 73 / (16 x 40) = 0.0875 (4 hosts, predicted; 9% measured, -2.8%), 1 - 16 x 73 / (48 x 40)
    // = 0.3916667 (8 hosts; c_mdo was fitted to its 39%).
    CHECK(r.atAxis("barrier, MDO", 4, "pci.R_allreduce") == Approx(0.0875).epsilon(1e-9));
    CHECK(within(r.atAxis("barrier, MDO", 4, "pci.R_allreduce"), 0.09, 0.10));
    CHECK(r.atAxis("barrier, MDO", 8, "pci.R_allreduce") == Approx(0.3916667).epsilon(1e-6));
    // "MDO reduces more traffic on the PCI bus as the number of hosts ... increases".
    CHECK(b.atAxis("barrier, MDO", 8, "pci.R_bcast") > b.atAxis("barrier, MDO", 4, "pci.R_bcast"));
    CHECK(r.atAxis("barrier, MDO", 8, "pci.R_allreduce") > r.atAxis("barrier, MDO", 4, "pci.R_allreduce"));
}

TEST_CASE("maestro2-mdo: eight hosts on one switch box (001 §2.1)", "[presets]")
{
    const TopologyCounts c = buildTopology(loadPreset("maestro2-mdo").topology).counts();
    CHECK(c.hosts == 8);
    CHECK(c.switches == 1);
}

TEST_CASE("maestro2-mdo: the description quotes what the model gives", "[presets]")
{
    // 6-host allreduce cut: 1 - 10.2303 / 30.2223 = 66% (offload.collective against recursive doubling);
    // PCI: c_mdo = 65 B, 4-host allreduce cut 0.0875 ("8.75%"), 4-host 64 KiB broadcast 0.3329978 ("33%").
    const DesignDocument doc = loadPreset("maestro2-mdo");
    for (const char* quoted : {"(66%)", "c_mdo = 65 B", "predicts 8.75% on 4 hosts", "stays 33% on 4 hosts"}) {
        INFO(quoted);
        CHECK_THAT(doc.description, Catch::Contains(quoted));
    }
}
