// Preset inic-fattree: the INIC 2D-FFT models of 000_e9da438bafb3289f.txt §4.1 eqs. (3)-(10) on a
// k-ary fat-tree that the sweep regenerates at each k, with P following the host count.
//
// Hand arithmetic (rows = 1024, elem = 16, t_fft1d = 100 us, bw_hc = 80 MiB/s = 83886080 B/s,
// bw_cn = 90 MiB/s = 94371840 B/s). A k-ary fat-tree has k^3/4 hosts: 16 at k = 4, 54 at k = 6.
// Under all-to-all each host link carries H - 1 flows, every switch uplink fewer (k = 6: an edge switch
// sends 3 x 51 = 153 flows over 3 uplinks, 51 each; a pod 9 x 45 = 405 over 9 core links, 45 each), so
// a2a_bw = (H - 1) x 125e6 / (H - 1) = 125e6 B/s, above bw_cn: the card stays the bottleneck.
//   k = 4, P = 16: S = 1048576 B; T = 2 x 100e-6 x 64 + 2 (65536/bw_hc + 65536/bw_cn + 15 x 65536/bw_cn
//     + 1048576/bw_hc) = 0.0128 + 2 (0.00078125 + 0.00069444 + 0.01041667 + 0.0125) = 0.06158472 s
//   k = 6, P = 54: S = 16777216/54 = 310689.19 B; S/P = 5753.50 B; T_compute = 0.2048/54 = 0.00379259 s;
//     T = 0.00379259 + 2 (6.85872e-5 + 6.09664e-5 + 53 x 6.09664e-5 + 0.00370370) = 0.01792154 s
#include "PresetSupport.h"

using namespace cs;
using namespace cs::test::presets;

TEST_CASE("inic-fattree: P follows the regenerated fat-tree's hosts", "[presets][topology]")
{
    const DesignDocument doc = loadPreset("inic-fattree");
    const Result r = sweep(doc, documentAxes(doc), {"inic.P"});
    REQUIRE(r.table.errors.empty());
    REQUIRE(r.table.points == 6); // k = 4, 6, ..., 14
    CHECK(r.atAxis("INIC", 4, "topology.hosts") == 16);
    CHECK(r.atAxis("INIC", 6, "topology.hosts") == 54);
    CHECK(r.atAxis("INIC", 14, "topology.hosts") == 686);
    CHECK(r.atAxis("INIC", 6, "inic.P") == 54);
    CHECK(r.atAxis("INIC", 4) == Approx(0.06158472).epsilon(1e-6));
    CHECK(r.atAxis("INIC", 6) == Approx(0.01792154).epsilon(1e-6));
    // Speedup against P = 1 on the same network: T(1) = 0.2048 + 2 (0.2 + 0.17777778 + 0.2) = 1.36035556 s;
    // at k = 4: 1.36035556 / 0.06158472 = 22.08917.
    CHECK(r.atAxis("INIC", 4, "speedup") == Approx(22.08917).epsilon(1e-5));
}
