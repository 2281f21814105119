// The "beowulf.filecopy" block, evaluated through cs::Design + Plan.
// Seed: 004_07d1c859a4352179.txt (Dinkel) §3, Figures 2 and 4: 14 nodes copy files at once, a mix
// of 0 to 7 send/receive pairs copying remotely over the bonded network and the others locally;
// read() and write() on uncached files. The block's equations are in FileCopyBlock.h:
//   r_loc = R / 2, r_1 = 1 / (1/R + 1/X), r_rem = min(r_1, X / k),
//   T = (N - 2k) r_loc + k r_rem, T_loc = N r_loc, dT = (T(k - 1) - T(k)) / T_loc.
#include "../BlockTestSupport.h"

#include <catch2/catch.hpp>

#include <limits>
#include <string>

using namespace cs;
using cs::test::evaluate;
using cs::test::evaluateOutputs;
using cs::test::phaseMismatches;
using cs::test::planError;

namespace {

constexpr const char* kBlock = "beowulf.filecopy";

} // namespace

TEST_CASE("filecopy: defaults, all fourteen nodes copying locally", "[filecopy]")
{
    // N = 14, k = 0, R_disk = 1e6 B/s, X_net = 1.25e6 B/s.
    const auto r = evaluate(kBlock, {});
    // Read then write on one disk: r_loc = 1 / (1e-6 + 1e-6) = 0.5e6 B/s.
    CHECK(r("r_loc") == Approx(0.5e6));
    // One pair alone: 1 / (1/1e6 + 1/1.25e6) = 1 / (1e-6 + 0.8e-6) = 1 / 1.8e-6 = 555555.56 B/s.
    CHECK(r("r_1") == Approx(555555.56).epsilon(1e-7));
    CHECK(r("r_rem") == Approx(555555.56).epsilon(1e-7)); // no pair shares the network
    // T = T_loc = 14 x 0.5e6 = 7e6 B/s; nothing remote, so no loss and an idle network.
    CHECK(r("T") == Approx(7e6));
    CHECK(r("T_loc") == Approx(7e6));
    CHECK(r("T_L") == Approx(7e6));
    CHECK(r("T_R") == 0);
    CHECK(r("dT") == 0);
    CHECK(r("U_net") == 0);
}

TEST_CASE("filecopy: generation 1, the bonded 10 Mbps network (004 §3, Fig. 2)", "[filecopy]")
{
    // R_disk = 8e6 / 7 = 1142857.14 B/s (the all-local 8 MBps over 14 nodes, the read and the write
    // each at R: 14 R / 2 = 8e6), X_net = 1802083 B/s (bonding.throughput's two bonded channels,
    // test_preset_beowulf.cpp). 1/R = 0.875 us/B, 1/X = 0.5549138 us/B.
    const double R = 8e6 / 7, X = 1802083;
    // r_loc = R / 2 = 571428.57; r_1 = 1 / (0.875 + 0.5549138) us/B = 1 / 1.4299138e-6 = 699343.0 B/s.
    const double rLoc = 571428.57, r1 = 699343.0;

    SECTION("one remote pair: the network has room, the pair costs 2 r_loc - r_1")
    {
        const auto r = evaluateOutputs(kBlock, {{"R_disk", R}, {"X_net", X}, {"k", 1}});
        CHECK(r.at("r_loc") == Approx(rLoc).epsilon(1e-7));
        CHECK(r.at("r_1") == Approx(r1).epsilon(1e-6));
        CHECK(r.at("r_rem") == Approx(r1).epsilon(1e-6)); // min(r_1, X / 1)
        // T = 12 x 571428.57 + 699343.0 = 6857142.9 + 699343.0 = 7556485.9 B/s.
        CHECK(r.at("T") == Approx(7556485.9).epsilon(1e-6));
        CHECK(r.at("T_loc") == Approx(8e6));
        // dT = (8e6 - 7556485.9) / 8e6 = 443514.1 / 8e6 = 0.0554393 (the paper: about 15%).
        CHECK(r.at("dT") == Approx(0.0554393).epsilon(1e-5));
        // U_net = 699343.0 / 1802083 = 0.388076.
        CHECK(r.at("U_net") == Approx(0.388076).epsilon(1e-5));
        Design d;
        d.addBlock("b", kBlock);
        CHECK(phaseMismatches(d.block("b").spec(), r).empty());
    }
    SECTION("three pairs fill the network: 3 r_1 = 2098029 > X")
    {
        const auto r = evaluateOutputs(kBlock, {{"R_disk", R}, {"X_net", X}, {"k", 3}});
        // r_rem = X / 3 = 600694.33; T = 8 x 571428.57 + 1802083 = 4571428.6 + 1802083 = 6373511.6.
        CHECK(r.at("r_rem") == Approx(600694.33).epsilon(1e-7));
        CHECK(r.at("T") == Approx(6373511.6).epsilon(1e-6));
        CHECK(r.at("U_net") == Approx(1.0));
        // T(2) = 10 x 571428.57 + 2 x 699343.0 = 5714285.7 + 1398686.0 = 7112971.7, so the third
        // pair costs (7112971.7 - 6373511.6) / 8e6 = 0.0924325.
        CHECK(r.at("dT") == Approx(0.0924325).epsilon(1e-5));
    }
    SECTION("seven pairs: all remote, the network's rate")
    {
        const auto r = evaluateOutputs(kBlock, {{"R_disk", R}, {"X_net", X}, {"k", 7}});
        CHECK(r.at("T_L") == 0);
        CHECK(r.at("T") == Approx(X));
        // All local over all remote: 8e6 / 1802083 = 4.43931 (the paper: a factor of 4).
        CHECK(r.at("T_loc") / r.at("T") == Approx(4.43931).epsilon(1e-5));
    }
}

TEST_CASE("filecopy: generation 2, the bonded 100 Mbps network has room for all seven pairs (004 Fig. 4)",
          "[filecopy]")
{
    // Generation 1's R = 8e6 / 7, X_net = 14054520 B/s (two bonded 100 Mbps channels).
    // r_1 = 1 / (0.875e-6 + 1 / 14054520) = 1 / (0.875e-6 + 0.07115135e-6) = 1 / 0.94615135e-6 = 1056913.2;
    // 7 r_1 = 7398392 < X, so every pair costs the same: 2 r_loc - r_1 = 1142857.1 - 1056913.2 = 85943.9,
    // 85943.9 / 8e6 = 0.0107430 of T_loc (the paper: about 3.5%).
    const double R = 8e6 / 7, X = 14054520;
    for (int k = 1; k <= 7; ++k) {
        INFO("k = " << k);
        const auto r = evaluateOutputs(kBlock, {{"R_disk", R}, {"X_net", X}, {"k", k}});
        CHECK(r.at("r_rem") == Approx(1056913.2).epsilon(1e-7));
        CHECK(r.at("dT") == Approx(0.0107430).epsilon(1e-5));
        CHECK(r.at("T") == Approx(8e6 - k * 85943.9).epsilon(1e-6));
    }
    // All local over all remote: 8e6 / (7 x 1056913.2) = 8e6 / 7398392.4 = 1.081316 (the paper: 1.4).
    const auto all = evaluateOutputs(kBlock, {{"R_disk", R}, {"X_net", X}, {"k", 7}});
    CHECK(all.at("T_loc") / all.at("T") == Approx(1.081316).epsilon(1e-5));
}

TEST_CASE("filecopy: every input out of range is rejected with its name, value and range", "[filecopy]")
{
    cs::test::checkRefused(kBlock, {
                                       {"N", 1, "N = 1 is out of range [2, 1048576]"},
                                       {"N", 2e6, "N = 2e+06 is out of range [2, 1048576]"},
                                       {"N", 14.5, "N = 14.5 must be a whole number"},
                                       {"k", -1, "k = -1 is out of range [0, 524288]"},
                                       {"k", 6e5, "k = 600000 is out of range [0, 524288]"},
                                       {"k", 1.5, "k = 1.5 must be a whole number"},
                                       {"R_disk", 0, "R_disk = 0 is out of range [1000, 1e+12] B/s"},
                                       {"R_disk", 2e12, "R_disk = 2e+12 is out of range [1000, 1e+12] B/s"},
                                       {"X_net", 999, "X_net = 999 is out of range [1000, 1e+12] B/s"},
                                       {"X_net", 2e12, "X_net = 2e+12 is out of range [1000, 1e+12] B/s"},
                                   });
    const std::string pre = "block 'b' (beowulf.filecopy): input ";
    CHECK(planError(kBlock, {{"R_disk", std::numeric_limits<double>::quiet_NaN()}}) ==
          pre + "R_disk = nan is not a finite number");
    CHECK(planError(kBlock, {{"X_net", std::numeric_limits<double>::infinity()}}) ==
          pre + "X_net = inf is not a finite number");
}

TEST_CASE("filecopy: more pairs than the nodes can form is named in the block's words", "[filecopy]")
{
    const std::string pre = "block 'b' (beowulf.filecopy): ";
    // 8 pairs need 16 nodes; 14 take part. 7 pairs are fine.
    CHECK(planError(kBlock, {{"k", 8}}) == pre + "k = 8 remote pairs need 16 nodes, but N = 14");
    CHECK(planError(kBlock, {{"k", 7}}).empty());
    Design d;
    d.addBlock("b", kBlock);
    d.setValue({"b", "N"}, 4);
    d.setValue({"b", "k"}, 3);
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    CHECK_THROWS_WITH(plan.runOrThrow(slots.data()), pre + "k = 3 remote pairs need 6 nodes, but N = 4");
}
