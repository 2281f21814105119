// Preset berkeley-now: the Berkeley NOW of 002_5a9fca780898fb85.txt, 105 hosts
// on a Myrinet fat-tree (§2.2 Fig. 3), LogP of Active Messages (§3 Fig. 5), MPI
// one-way 15 us (§4) and MPI bandwidth against message size (Fig. 6).
//
// Hand arithmetic:
//   hosts: 3 subclusters x 7 first-level switches x 5 hosts = 105
//   hops between hosts (a hop is one link): same first-level switch 2 (105 x 4 = 420 ordered pairs),
//   same subcluster 4 (105 x 30 = 3150), other subcluster 6 (105 x 70 = 7350); 420 + 3150 + 7350 =
//   10920 = 105 x 104. Average (840 + 12600 + 44100) / 10920 = 57540 / 10920 = 5.2692308 hops;
//   L = 5.2692308 x 1 us = 5.2692308 us (the topology's mean route latency: 1 us per link, switches 0;
//   the LogGP block's own L, the host part, is 0)
//   one-way of a k-byte message: o_s + (k - 1) G + L + o_r = 4 + 5.2692308 + 5 + (k - 1) / 38 us
//   = 14.2692308 us + (k - 1) / 38e6 s
#include "PresetSupport.h"

#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"

using namespace cs;
using namespace cs::test::presets;

TEST_CASE("berkeley-now: 105 hosts on the fat-tree, latency from its hop counts (002 §2.2 Fig. 3)", "[presets]")
{
    const DesignDocument doc = loadPreset("berkeley-now");
    const Result r = sweep(doc, {}, {"topology.hosts", "topology.avg_hops", "topology.diameter", "topology.L", "mpi.P"});
    CHECK(r.at("MPI one-way", 0, "topology.hosts") == 105);
    CHECK(r.at("MPI one-way", 0, "mpi.P") == 105); // the collectives run over every host
    CHECK(r.at("MPI one-way", 0, "topology.diameter") == 6);
    CHECK(r.at("MPI one-way", 0, "topology.avg_hops") == Approx(57540.0 / 10920).epsilon(1e-12));
    CHECK(r.at("MPI one-way", 0, "topology.L") == Approx(5.2692308e-6).epsilon(1e-7));
    // The document's topology section builds the same 105-host network.
    const TopologyCounts c = buildTopology(doc.topology).counts();
    CHECK(c.hosts == 105);
}

TEST_CASE("berkeley-now: MPI one-way near 15 us (002 §4)", "[presets]")
{
    // "The one-way time for an echo test is 15 us." A zero- or one-byte message pays no G:
    // 14.2692308 us (-4.9%); the echo round trip is twice that.
    const DesignDocument doc = loadPreset("berkeley-now");
    const Result r = sweep(doc, {{"mpi.k", {0, 1}}});
    CHECK(r.atAxis("MPI one-way", 0) == Approx(14.2692308e-6).epsilon(1e-7));
    CHECK(r.atAxis("MPI one-way", 1) == Approx(14.2692308e-6).epsilon(1e-7));
    CHECK(within(r.atAxis("MPI one-way", 0), 15e-6, 0.05));
    CHECK(r.atAxis("MPI echo round trip", 0) == Approx(2 * 14.2692308e-6).epsilon(1e-7));
}

TEST_CASE("berkeley-now: MPI bandwidth rises with message size to 38 MB/s (002 Fig. 6)", "[presets]")
{
    // Fig. 6 plots k / T_oneway against k. With T_oneway = 14.2692308e-6 + (k - 1) / 38e6:
    //   k = 512:     512 / 27.7166e-6 = 18.47268e6 B/s
    //   k = 1024:    1024 / 41.1904e-6 = 24.86023e6 B/s
    //   k = 1048576: 1048576 / 27.608348e-3 = 37.98040e6 B/s
    // Half of the asymptotic 38 MB/s is reached at k = T0 / G - 1 = 14.2692308e-6 x 38e6 - 1 = 541.2 B.
    const DesignDocument doc = loadPreset("berkeley-now");
    const Result r = sweep(doc, documentAxes(doc));
    REQUIRE(r.table.points == 21); // 1, 2, 4, ..., 2^20 bytes
    auto bandwidth = [&](double k) { return k / r.atAxis("MPI one-way", k); };
    CHECK(bandwidth(512) == Approx(18.47268e6).epsilon(1e-6));
    CHECK(bandwidth(1024) == Approx(24.86023e6).epsilon(1e-6));
    CHECK(bandwidth(1048576) == Approx(37.98040e6).epsilon(1e-6));
    for (double k = 2; k <= 1048576; k *= 2)
        CHECK(bandwidth(k) > bandwidth(k / 2));
    CHECK(bandwidth(512) < 19e6);
    CHECK(bandwidth(1024) > 19e6);
    // "Medium and bulk messages achieve 38 MB/s on NOW".
    CHECK(within(bandwidth(1048576), 38e6, 0.001));
}

TEST_CASE("berkeley-now: collectives over all 105 hosts", "[presets]")
{
    // Binomial broadcast: ceil(log2 105) = 7 steps; recursive doubling: P' = 64, 105 != 64, so
    // log2 64 + 2 = 8 steps. At k = 8 B the one-way is 14.2692308 + 7 / 38 = 14.4534413 us:
    // broadcast 7 x 14.4534413 = 101.17409 us, allreduce 8 x 14.4534413 = 115.62753 us;
    // barrier 8 x 14.2692308 = 114.15385 us.
    const Result r = sweep(loadPreset("berkeley-now"), {});
    CHECK(r.at("broadcast, all hosts", 0) == Approx(101.17409e-6).epsilon(1e-7));
    CHECK(r.at("allreduce, all hosts", 0) == Approx(115.62753e-6).epsilon(1e-7));
    CHECK(r.at("barrier, all hosts", 0) == Approx(114.15385e-6).epsilon(1e-7));
}
