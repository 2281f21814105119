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
//   k = 6, P = 54 does not divide 1024: the most loaded host holds M = ceil(1024 / 54) = 19 rows
//     (model/blocks/FftRows.h), S = 19 x 1024 x 16 = 311296 B, block 19^2 x 16 = 5776 B, T_compute = 2 x 100e-6
//     x 19 = 0.0038 s; T = 0.0038 + 2 (5776/83886080 + 5776/94371840 + 53 x 5776/94371840 + 311296/83886080)
//     = 0.0038 + 2 (6.885529e-5 + 6.120470e-5 + 0.00324385 + 0.00371094) = 0.01796969 s
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
    CHECK(r.atAxis("INIC", 6) == Approx(0.01796969).epsilon(1e-6));
    // Speedup against the serial FFTW (fftw.transpose at P = 1, bw_mem = 43 MB/s as in acc-fft: 0.2048 + 2 x
    // 16777216 / 43e6 = 0.98513563 s), at k = 4: 0.98513563 / 0.06158472 = 15.996429.
    CHECK(r.atAxis("serial FFTW", 4) == Approx(0.98513563).epsilon(1e-6));
    CHECK(r.atAxis("INIC", 4, "speedup") == Approx(15.996429).epsilon(1e-6));
}
