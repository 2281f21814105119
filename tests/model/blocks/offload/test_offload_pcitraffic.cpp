// offload.pcitraffic: PCI traffic of broadcast and allreduce, MDO against
// MMP peer-to-peer. Seed: 001_6f8c605996d22b4f.txt (Aoki et al.), §4.3.5,
// Fig. 11; peer-to-peer algorithms from §4.3.2 (MPICH).
//
// Counting (see OffloadPciTrafficBlock.h): every send or receive moves k data
// bytes and c control bytes over the host's PCI bus; u = k + c.
//   P2P broadcast (binomial):  2 (P - 1) u      MDO broadcast: P u
//   P2P allreduce (rec. doubling): (2 P' log2 P' + 4 (P - P')) u
//   MDO allreduce: 2 P u
//
// Data only, by hand, for the paper's host counts:
//   broadcast  P = 4: 1 - 4/6  = 33.3%   P = 8: 1 - 8/14  = 42.9%   (paper: 18%, 42%)
//   allreduce  P = 4: 1 - 8/16 = 50.0%   P = 8: 1 - 16/48 = 66.7%   (paper:  9%, 39%)
// A control size c shared by both schemes cannot close the gaps: every reduction
// is then a ratio of operation counts, independent of k and c. An MDO command
// c_mdo heavier than c does move the allreduce (Fig. 11(b)), below.
#include "OffloadTestUtil.h"
#include "model/core/BlockRegistry.h"

#include <catch2/catch.hpp>

using namespace cs;
using cs::test::offload::Outputs;
using cs::test::offload::phaseMismatches;
using cs::test::offload::planError;
using cs::test::offload::run;
using cs::test::offload::Values;

namespace {

const char* kType = "offload.pcitraffic";

Outputs pci(const Values& v = {})
{
    return run(kType, "pci", v);
}

} // namespace

TEST_CASE("offload.pcitraffic: broadcast roles on 4 and 8 hosts, as §4.3.5 states", "[offload][pcitraffic]")
{
    SECTION("4 hosts")
    {
        // 001 §4.3.5: "the initiator issues the message twice, intermediate 1 receives and re-sends the
        // message, and two hosts receive". Binomial tree 0 -> 2, 0 -> 1, 2 -> 3.
        const Outputs o = pci({{"P", 4}});
        CHECK(o.at("n_init_sends") == 2);
        CHECK(o.at("n_int1") == 1);
        CHECK(o.at("n_int2") == 0);
        CHECK(o.at("n_leaf") == 2);
        CHECK(o.at("ops_bcast_p2p") == 6); // 2 sends + (1 receive + 1 re-send) + 2 receives
    }
    SECTION("8 hosts")
    {
        // 001 §4.3.5: "three hosts work as intermediate 1 and one host works as intermediate 2".
        // Binomial tree 0 -> 4, 2, 1; 4 -> 6, 5; 2 -> 3; 6 -> 7: relays 4, 2, 6 re-send once (intermediate
        // 1), relay 4 re-sends a second time (intermediate 2); 1, 3, 5, 7 only receive.
        const Outputs o = pci({{"P", 8}});
        CHECK(o.at("n_init_sends") == 3);
        CHECK(o.at("n_int1") == 3);
        CHECK(o.at("n_int2") == 1);
        CHECK(o.at("n_leaf") == 4);
        CHECK(o.at("ops_bcast_p2p") == 14); // 7 sends (3 + 4 re-sends) + 7 receives
    }
    SECTION("MDO needs no intermediates: one send, P - 1 receives")
    {
        // 001 §4.3.5: "broadcast by MDO requires no intermediate hosts because the switch box generates and
        // sends the copies".
        const Outputs o = pci({{"P", 8}, {"k", 1000}, {"c", 0}, {"c_mdo", 0}});
        CHECK(o.at("ops_bcast_mdo") == 8);     // 1 + 7
        CHECK(o.at("V_bcast_mdo_init") == 1000); // one send of 1000 B
        CHECK(o.at("V_bcast_mdo_recv") == 7000); // 7 receives of 1000 B
    }
}

TEST_CASE("offload.pcitraffic: binomial roles for every P on one switch", "[offload][pcitraffic]")
{
    // Hand-drawn MPICH binomial trees (relative ranks; r sends to r + 2^j for 2^j < lowbit(r)):
    //  P  tree                                   init  int1 int2 leaf
    //  2  0->1                                   1     0    0    1
    //  3  0->2,1                                 2     0    0    2
    //  5  0->4,2,1; 2->3                         3     1    0    3
    //  6  0->4,2,1; 4->5; 2->3                   3     2    0    3
    //  7  0->4,2,1; 4->6,5; 2->3                 3     2    1    4
    struct Row {
        int p, init, int1, int2, leaf;
    };
    const Row rows[] = {{2, 1, 0, 0, 1}, {3, 2, 0, 0, 2}, {5, 3, 1, 0, 3}, {6, 3, 2, 0, 3}, {7, 3, 2, 1, 4}};
    for (const Row& r : rows) {
        INFO("P = " << r.p);
        const Outputs o = pci({{"P", r.p}});
        CHECK(o.at("n_init_sends") == r.init);
        CHECK(o.at("n_int1") == r.int1);
        CHECK(o.at("n_int2") == r.int2);
        CHECK(o.at("n_leaf") == r.leaf);
        // Any spanning tree: P - 1 sends and P - 1 receives.
        CHECK(o.at("ops_bcast_p2p") == 2 * (r.p - 1));
        CHECK(o.at("ops_bcast_mdo") == r.p);
    }
}

TEST_CASE("offload.pcitraffic: allreduce operations, MDO one send and one receive per host", "[offload][pcitraffic]")
{
    // 001 §4.3.5: MDO allreduce "requires only one send and one receive operations at each host";
    // peer-to-peer is "in the order of log n". MPICH recursive doubling with P' = largest power of two <= P:
    //  P  P' rem  total ops 2 P' log2 P' + 4 rem   busiest host 2 log2 P' (+2)   MDO 2P
    //  2  2  0    2*2*1        = 4                 2                           4
    //  3  2  1    2*2*1 + 4    = 8                 2 + 2 = 4                   6
    //  4  4  0    2*4*2        = 16                4                           8
    //  6  4  2    2*4*2 + 8    = 24                4 + 2 = 6                   12
    //  8  8  0    2*8*3        = 48                6                           16
    struct Row {
        int p, ops, hostMax;
    };
    const Row rows[] = {{2, 4, 2}, {3, 8, 4}, {4, 16, 4}, {6, 24, 6}, {8, 48, 6}};
    for (const Row& r : rows) {
        INFO("P = " << r.p);
        const Outputs o = pci({{"P", r.p}});
        CHECK(o.at("ops_allreduce_p2p") == r.ops);
        CHECK(o.at("ops_allreduce_host_max") == r.hostMax);
        CHECK(o.at("ops_allreduce_mdo") == 2 * r.p);
    }
}

TEST_CASE("offload.pcitraffic: defaults (8 hosts, 64 KiB, 32 B commands), by hand", "[offload][pcitraffic]")
{
    // u = 65536 + 32 = 65568 B per send or receive.
    const Outputs o = pci();
    // P2P broadcast, 14 ops: 14 * 65568 = 917952 B
    CHECK(o.at("V_bcast_p2p") == 917952);
    CHECK(o.at("V_bcast_p2p_init") == 196704); // 3 sends * 65568
    CHECK(o.at("V_bcast_p2p_int1") == 393408); // 3 relays * (receive + re-send) * 65568
    CHECK(o.at("V_bcast_p2p_int2") == 65568);  // relay 4's second re-send
    CHECK(o.at("V_bcast_p2p_recv") == 262272); // 4 leaves * 65568
    // MDO broadcast: 8 * 65568 = 524544 B; R = 1 - 8/14 = 0.428571
    CHECK(o.at("V_bcast_mdo") == 524544);
    CHECK(o.at("R_bcast") == Approx(6.0 / 14.0));
    // Allreduce: P2P 48 * 65568 = 3147264 B; MDO 16 * 65568 = 1049088 B; R = 1 - 16/48 = 0.666667
    CHECK(o.at("V_allreduce_p2p") == 3147264);
    CHECK(o.at("V_allreduce_mdo") == 1049088);
    CHECK(o.at("R_allreduce") == Approx(2.0 / 3.0));
}

TEST_CASE("offload.pcitraffic: 4 and 6 hosts, by hand", "[offload][pcitraffic]")
{
    SECTION("P = 4, k = 1000, data only (c = c_mdo = 0)")
    {
        const Outputs o = pci({{"P", 4}, {"k", 1000}, {"c", 0}, {"c_mdo", 0}});
        // P2P: initiator 2 * 1000, intermediate 1 (receive + re-send) 2000, two receivers 2000 -> 6000 B
        CHECK(o.at("V_bcast_p2p_init") == 2000);
        CHECK(o.at("V_bcast_p2p_int1") == 2000);
        CHECK(o.at("V_bcast_p2p_int2") == 0);
        CHECK(o.at("V_bcast_p2p_recv") == 2000);
        CHECK(o.at("V_bcast_p2p") == 6000);
        CHECK(o.at("V_bcast_mdo") == 4000);              // 1 send + 3 receives
        CHECK(o.at("R_bcast") == Approx(1.0 / 3.0));     // 1 - 4000/6000
        CHECK(o.at("V_allreduce_p2p") == 16000);         // 16 ops * 1000
        CHECK(o.at("V_allreduce_mdo") == 8000);          // 8 ops * 1000
        CHECK(o.at("R_allreduce") == Approx(0.5));       // 1 - 8000/16000
    }
    SECTION("P = 6, k = 100, c = c_mdo = 28 (not a power of two)")
    {
        // u = 128 B. Tree 0 -> 4, 2, 1; 4 -> 5; 2 -> 3.
        const Outputs o = pci({{"P", 6}, {"k", 100}, {"c", 28}, {"c_mdo", 28}});
        CHECK(o.at("V_bcast_p2p_init") == 384);  // 3 * 128
        CHECK(o.at("V_bcast_p2p_int1") == 512);  // 2 relays * 2 * 128
        CHECK(o.at("V_bcast_p2p_recv") == 384);  // 3 leaves * 128
        CHECK(o.at("V_bcast_p2p") == 1280);      // 10 * 128
        CHECK(o.at("V_bcast_mdo") == 768);       // 6 * 128
        CHECK(o.at("R_bcast") == Approx(0.4));   // 1 - 768/1280
        CHECK(o.at("V_allreduce_p2p") == 3072);  // 24 * 128
        CHECK(o.at("V_allreduce_mdo") == 1536);  // 12 * 128
        CHECK(o.at("R_allreduce") == Approx(0.5)); // 1 - 1536/3072
    }
}

TEST_CASE("offload.pcitraffic: phases add up to their totals", "[offload][pcitraffic]")
{
    const BlockSpec& spec = BlockRegistry::builtin().get(kType).spec();
    for (int p = 2; p <= 8; ++p) {
        INFO("P = " << p);
        CHECK(phaseMismatches(spec, pci({{"P", p}, {"k", 12345}, {"c", 17}})).empty());
    }
}

TEST_CASE("offload.pcitraffic: reductions against Fig. 11", "[offload][pcitraffic]")
{
    // 001 §4.3.5 measured reductions: broadcast 18% (4 hosts), 42% (8 hosts); allreduce 9%, 39%.
    const Outputs o4 = pci({{"P", 4}});
    const Outputs o8 = pci({{"P", 8}});

    // Reproduced: broadcast on 8 hosts, 1 - 8/14 = 0.4286 against 0.42 (tolerance 0.01).
    CHECK(o8.at("R_bcast") == Approx(0.42).margin(0.01));

    // Not reproduced (documented gaps; the model's own values are pinned):
    //  broadcast 4 hosts: model 1 - 4/6 = 0.3333, paper 0.18;
    //  allreduce 4 hosts: model 1 - 8/16 = 0.5, paper 0.09; 8 hosts: 1 - 16/48 = 0.6667, paper 0.39.
    CHECK(o4.at("R_bcast") == Approx(1.0 / 3.0));
    CHECK(o4.at("R_allreduce") == Approx(0.5));
    CHECK(o8.at("R_allreduce") == Approx(2.0 / 3.0));
    // The model keeps the paper's ordering: MDO saves more on 8 hosts than on 4, for both operations.
    CHECK(o8.at("R_bcast") > o4.at("R_bcast"));
    CHECK(o8.at("R_allreduce") > o4.at("R_allreduce"));
}

TEST_CASE("offload.pcitraffic: one command size for both schemes does not change the reductions", "[offload][pcitraffic]")
{
    // Both schemes pay k + c per send or receive when c_mdo = c, so R = 1 - ops_mdo / ops_p2p whatever
    // k and c are: a single control size cannot move the 4-host figures toward the paper's 18% and 9%.
    for (int p : {4, 8}) {
        const Outputs a = pci({{"P", p}, {"k", 65536}, {"c", 0}, {"c_mdo", 0}});
        const Outputs b = pci({{"P", p}, {"k", 8}, {"c", 65536}, {"c_mdo", 65536}});
        const Outputs c = pci({{"P", p}, {"k", 1}, {"c", 0}, {"c_mdo", 0}});
        CHECK(b.at("R_bcast") == Approx(a.at("R_bcast")));
        CHECK(c.at("R_bcast") == Approx(a.at("R_bcast")));
        CHECK(b.at("R_allreduce") == Approx(a.at("R_allreduce")));
        CHECK(c.at("R_allreduce") == Approx(a.at("R_allreduce")));
    }
}

TEST_CASE("offload.pcitraffic: out-of-range inputs are named with their range", "[offload][pcitraffic]")
{
    const std::string b = "block 'pci' (offload.pcitraffic): input ";
    struct Case {
        const char* symbol;
        double value;
        std::string expect;
    };
    const Case cases[] = {
        {"P", 1, "P = 1 is out of range [2, 8]"},
        {"P", 9, "P = 9 is out of range [2, 8]"},
        {"P", 2.5, "P = 2.5 must be a whole number"},
        {"k", 0, "k = 0 is out of range [1, 1073741824] B"},
        {"k", 1073741825, "k = 1073741825 is out of range [1, 1073741824] B"},
        {"k", 3.5, "k = 3.5 must be a whole number"},
        {"c", -1, "c = -1 is out of range [0, 65536] B"},
        {"c", 65537, "c = 65537 is out of range [0, 65536] B"},
        {"c", 0.5, "c = 0.5 must be a whole number"},
        {"c_mdo", -1, "c_mdo = -1 is out of range [0, 65536] B"},
        {"c_mdo", 65537, "c_mdo = 65537 is out of range [0, 65536] B"},
    };
    for (const Case& c : cases) {
        INFO(c.symbol << " = " << c.value);
        CHECK(planError(kType, "pci", {{c.symbol, c.value}}) == b + c.expect);
        Design d;
        d.addBlock("pci", kType);
        CHECK_THROWS_WITH(d.setValue({"pci", c.symbol}, c.value), b + c.expect);
    }
}

TEST_CASE("offload.pcitraffic: a heavier MDO command, one double of data (Fig. 11(b))", "[offload][pcitraffic]")
{
    // 001 §4.3.4: the allreduce module multiplies the values from the hosts: one double, k = 8 B.
    // Peer-to-peer command c = 32 B (assumed), so a p2p operation moves 40 B. Fitting the 8-host
    // reduction of Fig. 11(b), 39%: 1 - 2 * 8 (8 + c_mdo) / (48 * 40) = 0.39 -> 8 + c_mdo = 73.2,
    // c_mdo = 65.2 B, whole bytes 65 (maestro2-mdo). Then, by hand:
    //   P = 8: V_p2p = 48 * 40 = 1920 B, V_mdo = 16 * 73 = 1168 B, R = 1 - 1168/1920 = 0.3916667
    //   P = 4: V_p2p = 16 * 40 = 640 B,  V_mdo = 8 * 73 = 584 B,   R = 1 - 584/640 = 0.0875
    //          (predicted; the paper's 9%: -2.8%)
    const Outputs o8 = pci({{"P", 8}, {"k", 8}, {"c", 32}, {"c_mdo", 65}});
    CHECK(o8.at("V_allreduce_p2p") == 1920);
    CHECK(o8.at("V_allreduce_mdo") == 1168);
    CHECK(o8.at("R_allreduce") == Approx(0.3916667).epsilon(1e-6));
    const Outputs o4 = pci({{"P", 4}, {"k", 8}, {"c", 32}, {"c_mdo", 65}});
    CHECK(o4.at("V_allreduce_p2p") == 640);
    CHECK(o4.at("V_allreduce_mdo") == 584);
    CHECK(o4.at("R_allreduce") == Approx(0.0875).epsilon(1e-9));
    // The 64 KiB broadcast hardly notices the command: P = 4: 1 - 4 * 65601 / (6 * 65568)
    // = 1 - 262404/393408 = 0.3329978 (the paper's 18% stays out of reach); P = 8:
    // 1 - 8 * 65601 / (14 * 65568) = 1 - 524808/917952 = 0.4282838.
    CHECK(pci({{"P", 4}, {"c_mdo", 65}}).at("R_bcast") == Approx(0.3329978).epsilon(1e-6));
    CHECK(pci({{"P", 8}, {"c_mdo", 65}}).at("R_bcast") == Approx(0.4282838).epsilon(1e-6));
}
