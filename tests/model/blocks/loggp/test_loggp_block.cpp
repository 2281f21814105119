// The "logp.loggp" block, evaluated through cs::Design + Plan as the CLI does.
// Golden values are derived by hand from
//   LogP: 002_5a9fca780898fb85.txt §3 (o_s, o_r, L, g = 1/MessageRate), §4 (MPI one-way 15 us)
//   LogGP (Alexandrov 1995): one-way T = o_s + (k-1)G + L + o_r
//   MPICH recursive doubling: 001_6f8c605996d22b4f.txt §4.3.2
#include "model/core/BlockRegistry.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"

#include "../BlockTestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace cs;

namespace {

constexpr double us = 1e-6;

using Run = cs::test::Evaluated;

Run run(const Design& d)
{
    return cs::test::evaluateDesign(d);
}

} // namespace

TEST_CASE("logp.loggp defaults give NOW's MPI one-way time of about 15 us", "[loggp][block]")
{
    Design d;
    d.addBlock("net", "logp.loggp");
    const Run r = run(d);

    // Defaults (assumed, NOW-like): o_s = 4 us, L = 6 us, o_r = 5 us, g = 6 us,
    // G = 1/(38 MB/s) (002 §3), k = 8 B, n = 100, P = 8, pairwise.
    // One-way: 4 + 6 + 5 = 15 us, plus (8-1) B / 38e6 B/s = 0.184211 us
    //   = 15.184211 us, within 2% of the 15 us echo test of 002 §4.
    CHECK(r("net.T_oneway") == Approx(15.184211 * us).epsilon(1e-6));
    CHECK(std::abs(r("net.T_oneway") - 15 * us) < 0.02 * 15 * us);
    // Round trip 2 * 15.184211 = 30.368421 us.
    CHECK(r("net.T_rtt") == Approx(30.368421 * us).epsilon(1e-6));
    // T_msg = max(g = 6, o_s = 4, 0.184) = 6 us; train 99 * 6 + 15.184211 = 609.184211 us.
    CHECK(r("net.T_msg") == Approx(6 * us));
    CHECK(r("net.T_train") == Approx(609.184211 * us).epsilon(1e-6));
    // P = 8: 3 binomial steps, 3 recursive-doubling steps, 7 pairwise rounds.
    CHECK(r("net.steps_bcast") == 3);
    CHECK(r("net.steps_allreduce") == 3);
    CHECK(r("net.steps_barrier") == 3);
    CHECK(r("net.steps_alltoall") == 7);
    CHECK(r("net.T_bcast") == Approx(45.552632 * us).epsilon(1e-6));     // 3 * 15.184211
    CHECK(r("net.T_allreduce") == Approx(45.552632 * us).epsilon(1e-6)); // 3 * 15.184211
    CHECK(r("net.T_barrier") == Approx(45 * us));                         // 3 * 15 (empty messages)
    CHECK(r("net.T_alltoall") == Approx(106.289474 * us).epsilon(1e-6));  // 7 * 15.184211

    // The echo test's zero-byte control message (002 §4): exactly 4 + 6 + 5 = 15 us.
    d.setValue({"net", "k"}, 0);
    const Run r0 = run(d);
    CHECK(r0("net.T_oneway") == Approx(15 * us));
    CHECK(r0("net.T_rtt") == Approx(30 * us));
}

TEST_CASE("logp.loggp at two hand-computed points", "[loggp][block]")
{
    Design d;
    d.addBlock("net", "logp.loggp");

    SECTION("point A: L 10, o_s 2, o_r 3, g 4 us, G 1 ns/B, k 1001, n 5, P 6")
    {
        d.setValue({"net", "L"}, 10 * us);
        d.setValue({"net", "o_s"}, 2 * us);
        d.setValue({"net", "o_r"}, 3 * us);
        d.setValue({"net", "g"}, 4 * us);
        d.setValue({"net", "G"}, 1e-9);
        d.setValue({"net", "k"}, 1001);
        d.setValue({"net", "n"}, 5);
        d.setValue({"net", "P"}, 6);
        d.setValue({"net", "alltoall"}, 1); // pairwise
        const Run r = run(d);
        // one-way 2 + 1000 * 1 ns + 10 + 3 = 16 us; empty message 15 us
        CHECK(r("net.T_oneway") == Approx(16 * us));
        CHECK(r("net.T_rtt") == Approx(32 * us));          // 2 * 16
        CHECK(r("net.T_msg") == Approx(4 * us));           // max(4, 2, 1)
        CHECK(r("net.T_train") == Approx(32 * us));        // 4 * 4 + 16
        CHECK(r("net.steps_bcast") == 3);                  // ceil(log2 6)
        CHECK(r("net.T_bcast") == Approx(48 * us));        // 3 * 16
        CHECK(r("net.steps_allreduce") == 4);              // 001 §4.3.2: 6 hosts -> 4 steps
        CHECK(r("net.T_allreduce") == Approx(64 * us));    // 4 * 16
        CHECK(r("net.steps_barrier") == 4);
        CHECK(r("net.T_barrier") == Approx(60 * us));      // 4 * 15
        CHECK(r("net.steps_alltoall") == 5);               // P - 1
        CHECK(r("net.T_alltoall") == Approx(80 * us));     // 5 * 16

        d.setValue({"net", "alltoall"}, 0); // linear
        const Run lin = run(d);
        // slot max(g 4, o_s + o_r 5, 1) = 5; (6-2) * 5 + 16 = 36 us, in 1 round
        CHECK(lin("net.T_alltoall") == Approx(36 * us));
        CHECK(lin("net.steps_alltoall") == 1);

        // Pass-through outputs carry the parameters unchanged.
        CHECK(r("net.L_out") == 10 * us);
        CHECK(r("net.o_s_out") == 2 * us);
        CHECK(r("net.o_r_out") == 3 * us);
        CHECK(r("net.g_out") == 4 * us);
        CHECK(r("net.G_out") == 1e-9);
    }
    SECTION("point B: L 5, o_s 1, o_r 1, g 2 us, G 10 ns/B, k 101, n 10, P 12, linear")
    {
        d.setValue({"net", "L"}, 5 * us);
        d.setValue({"net", "o_s"}, 1 * us);
        d.setValue({"net", "o_r"}, 1 * us);
        d.setValue({"net", "g"}, 2 * us);
        d.setValue({"net", "G"}, 1e-8);
        d.setValue({"net", "k"}, 101);
        d.setValue({"net", "n"}, 10);
        d.setValue({"net", "P"}, 12);
        d.setValue({"net", "alltoall"}, 0); // linear
        const Run r = run(d);
        // one-way 1 + 100 * 10 ns + 5 + 1 = 8 us; empty message 7 us
        CHECK(r("net.T_oneway") == Approx(8 * us));
        CHECK(r("net.T_rtt") == Approx(16 * us));          // 2 * 8
        CHECK(r("net.T_msg") == Approx(2 * us));           // max(2, 1, 1)
        CHECK(r("net.T_train") == Approx(26 * us));        // 9 * 2 + 8
        CHECK(r("net.steps_bcast") == 4);                  // ceil(log2 12)
        CHECK(r("net.T_bcast") == Approx(32 * us));        // 4 * 8
        CHECK(r("net.steps_allreduce") == 5);              // P' = 8: 3 + 2
        CHECK(r("net.T_allreduce") == Approx(40 * us));    // 5 * 8
        CHECK(r("net.steps_barrier") == 5);
        CHECK(r("net.T_barrier") == Approx(35 * us));      // 5 * 7
        CHECK(r("net.steps_alltoall") == 1);
        CHECK(r("net.T_alltoall") == Approx(28 * us));     // slot max(2, 2, 1) = 2: 10 * 2 + 8
    }
}

TEST_CASE("logp.loggp step counts for 4, 6 and 8 hosts match 001 §4.3.2", "[loggp][block]")
{
    // "The number of communication steps in these experiments is 2, 4, and 3,
    //  when the number of hosts is 4, 6, and 8, respectively."
    Design d;
    d.addBlock("net", "logp.loggp");
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    const int P = plan.slotOf("net.P");
    const int steps = plan.slotOf("net.steps_barrier");
    const int allreduce = plan.slotOf("net.steps_allreduce");
    const double expected[][2] = {{4, 2}, {6, 4}, {8, 3}};
    for (const auto& e : expected) {
        slots[P] = e[0];
        plan.runOrThrow(slots.data());
        INFO("P = " << e[0]);
        CHECK(slots[steps] == e[1]);
        CHECK(slots[allreduce] == e[1]);
    }
}

TEST_CASE("logp.loggp outputs wire into another block's LogGP inputs", "[loggp][block]")
{
    Design d;
    d.addBlock("net", "logp.loggp");
    d.addBlock("fft", "fftw.transpose");
    for (const char* p : {"L", "o_s", "o_r", "g", "G"}) {
        INFO(p);
        const Source from = Source::output({"net", std::string(p) + "_out"});
        CHECK(d.checkConnection(from, {"fft", p}).empty());
        d.connect(from, {"fft", p});
    }
    // Units are checked: a time cannot feed the per-byte G.
    d.disconnect({"fft", "G"});
    CHECK(d.checkConnection(Source::output({"net", "L_out"}), {"fft", "G"}) ==
          "units differ: net.L_out is in s but fft.G is in s/B");
    d.connect(Source::output({"net", "G_out"}), {"fft", "G"});

    d.setValue({"net", "L"}, 12 * us);
    d.setValue({"net", "G"}, 3e-9);
    const Run r = run(d);
    CHECK(r("fft.L") == 12 * us);
    CHECK(r("fft.o_s") == 4 * us); // net's default
    CHECK(r("fft.G") == 3e-9);
}

TEST_CASE("logp.loggp rejects every out-of-range input with its name, value and range", "[loggp][block]")
{
    struct Bad {
        const char* input;
        double value;
        const char* message;
    };
    const Bad cases[] = {
        {"L", -1e-6, "input L = -1e-06 is out of range [0, 1] s"},
        {"L", 2, "input L = 2 is out of range [0, 1] s"},
        {"o_s", -1e-6, "input o_s = -1e-06 is out of range [0, 1] s"},
        {"o_s", 1.5, "input o_s = 1.5 is out of range [0, 1] s"},
        {"o_r", -1e-6, "input o_r = -1e-06 is out of range [0, 1] s"},
        {"o_r", 1.5, "input o_r = 1.5 is out of range [0, 1] s"},
        {"g", -1e-6, "input g = -1e-06 is out of range [0, 1] s"},
        {"g", 3, "input g = 3 is out of range [0, 1] s"},
        {"G", -1e-9, "input G = -1e-09 is out of range [0, 0.001] s/B"},
        {"G", 0.01, "input G = 0.01 is out of range [0, 0.001] s/B"},
        {"k", -1, "input k = -1 is out of range [0, 1e+12] B"},
        {"k", 2e12, "input k = 2e+12 is out of range [0, 1e+12] B"},
        {"k", 8.5, "input k = 8.5 must be a whole number"},
        {"n", 0, "input n = 0 is out of range [1, 1e+09]"},
        {"n", 2e9, "input n = 2e+09 is out of range [1, 1e+09]"},
        {"n", 2.5, "input n = 2.5 must be a whole number"},
        {"P", 0, "input P = 0 is out of range [1, 1048576]"},
        {"P", 2e6, "input P = 2e+06 is out of range [1, 1048576]"},
        {"P", 6.5, "input P = 6.5 must be a whole number"},
        {"alltoall", 2, "input alltoall = 2 is out of range one of linear (0), pairwise (1)"},
        {"alltoall", -1, "input alltoall = -1 is out of range one of linear (0), pairwise (1)"},
        {"alltoall", 0.5, "input alltoall = 0.5 must be a whole number"},
    };
    Design d;
    d.addBlock("net", "logp.loggp");
    const Plan plan = d.compile();
    for (const Bad& c : cases) {
        INFO(c.input << " = " << c.value);
        const std::string expected = std::string("block 'net' (logp.loggp): ") + c.message;
        // Through the design, as the GUI and CLI set values ...
        CHECK_THROWS_WITH(d.setValue({"net", c.input}, c.value), expected);
        // ... and through a plan pass, as a sweep writes slots.
        std::vector<double> slots = plan.initialSlots();
        slots[plan.slotOf(std::string("net.") + c.input)] = c.value;
        EvalError err;
        CHECK_FALSE(plan.run(slots.data(), &err));
        CHECK(err.kind == EvalError::Kind::InputRange);
        CHECK(err.message == expected);
    }
    // NaN never passes silently.
    std::vector<double> slots = plan.initialSlots();
    slots[plan.slotOf("net.G")] = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_WITH(plan.runOrThrow(slots.data()),
                      "block 'net' (logp.loggp): input G = nan is not a finite number");
}

TEST_CASE("logp.loggp outputs stay finite at the edges of the input ranges", "[loggp][block]")
{
    Design d;
    d.addBlock("net", "logp.loggp");
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    // All zero: every time is 0, not NaN.
    for (const char* p : {"net.L", "net.o_s", "net.o_r", "net.g", "net.G", "net.k"})
        slots[plan.slotOf(p)] = 0;
    slots[plan.slotOf("net.P")] = 1;
    slots[plan.slotOf("net.n")] = 1;
    CHECK(plan.run(slots.data(), nullptr));
    CHECK(slots[plan.slotOf("net.T_alltoall")] == 0);
    CHECK(slots[plan.slotOf("net.steps_bcast")] == 0);
    // Every maximum at once: large but finite.
    for (const char* p : {"net.L", "net.o_s", "net.o_r", "net.g"})
        slots[plan.slotOf(p)] = 1;
    slots[plan.slotOf("net.G")] = 1e-3;
    slots[plan.slotOf("net.k")] = 1e12;
    slots[plan.slotOf("net.n")] = 1e9;
    slots[plan.slotOf("net.P")] = 1048576;
    CHECK(plan.run(slots.data(), nullptr));
    CHECK(slots[plan.slotOf("net.steps_bcast")] == 20); // log2 2^20
}

TEST_CASE("logp.loggp G_floor: network takes the larger, in series adds the wire to the host's G", "[loggp][block]")
{
    // G = 65 ns/B (the host), B_net = 12.5e6 B/s: the wire's 1/B_net = 80 ns/B.
    //   network (0): max(65, 80) = 80 ns/B; none (1): 65 ns/B; in series (2): 65 + 80 = 145 ns/B.
    // One-way of k = 1001 B with L 10, o_s 2, o_r 3 us: 15 us + 1000 G.
    Design d;
    d.addBlock("net", "logp.loggp");
    d.setValue({"net", "L"}, 10 * us);
    d.setValue({"net", "o_s"}, 2 * us);
    d.setValue({"net", "o_r"}, 3 * us);
    d.setValue({"net", "G"}, 65e-9);
    d.setValue({"net", "B_net"}, 12.5e6);
    d.setValue({"net", "k"}, 1001);
    d.setValue({"net", "G_floor"}, 0);
    CHECK(run(d)("net.G_out") == Approx(80e-9));
    CHECK(run(d)("net.T_oneway") == Approx(15 * us + 80 * us)); // 1000 x 80 ns = 80 us
    d.setValue({"net", "G_floor"}, 1);
    CHECK(run(d)("net.G_out") == Approx(65e-9));
    d.setValue({"net", "G_floor"}, 2);
    CHECK(run(d)("net.G_out") == Approx(145e-9));
    CHECK(run(d)("net.T_oneway") == Approx(15 * us + 145 * us)); // 1000 x 145 ns
    // A segment's G (messages below k_1 = 2048 B) gets the wire added too: 20 + 80 = 100 ns/B.
    d.setValue({"net", "k_1"}, 2048);
    d.setValue({"net", "L_1"}, 10 * us);
    d.setValue({"net", "G_1"}, 20e-9);
    CHECK(run(d)("net.T_oneway") == Approx(15 * us + 100 * us)); // 1000 x 100 ns
}

TEST_CASE("logp.loggp G_floor scaled: a lone flow's G stretched by the job's contention", "[loggp][block]")
{
    // G = 83.7 ns/B: a pair probe's lone flow on a 12.5e6 B/s link (80 ns/B) with TCP's framing
    // (80 / 0.956 = 83.68 ns/B). B_pair = 12.5e6 B/s, what a host injects alone.
    //   B_net = 6.25e6 (two flows share each uplink): stretch 12.5 / 6.25 = 2, G_out = 167.4 ns/B,
    //     where network (0) gives max(83.7, 160) = 160 ns/B and loses the framing;
    //   B_net = 25e6 (no contention below a lone flow): stretch max(1, 0.5) = 1, G_out = 83.7 ns/B;
    //   B_pair = 0 (not given): G as set.
    Design d;
    d.addBlock("net", "logp.loggp");
    d.setValue({"net", "G"}, 83.7e-9);
    d.setValue({"net", "B_pair"}, 12.5e6);
    d.setValue({"net", "B_net"}, 6.25e6);
    d.setValue({"net", "G_floor"}, 0);
    CHECK(run(d)("net.G_out") == Approx(160e-9));
    d.setValue({"net", "G_floor"}, 3);
    CHECK(run(d)("net.G_out") == Approx(167.4e-9));
    d.setValue({"net", "B_net"}, 25e6);
    CHECK(run(d)("net.G_out") == Approx(83.7e-9));
    d.setValue({"net", "B_net"}, 6.25e6);
    d.setValue({"net", "B_pair"}, 0);
    CHECK(run(d)("net.G_out") == Approx(83.7e-9));
    // A segment's G is stretched alike: G_1 = 20 ns/B below k_1 = 2048 B, stretch 2: 40 ns/B.
    // One-way of k = 1001 B with L 10 us: 10 us + 1000 x 40 ns = 50 us (o_s = o_r = 0).
    d.setValue({"net", "B_pair"}, 12.5e6);
    d.setValue({"net", "L"}, 10 * us);
    d.setValue({"net", "o_s"}, 0);
    d.setValue({"net", "o_r"}, 0);
    d.setValue({"net", "k"}, 1001);
    d.setValue({"net", "k_1"}, 2048);
    d.setValue({"net", "L_1"}, 10 * us);
    d.setValue({"net", "G_1"}, 20e-9);
    CHECK(run(d)("net.T_oneway") == Approx(10 * us + 40 * us));
}

TEST_CASE("logp.loggp G_floor scaled: B_cal scales G to a faster or slower drawing", "[loggp][block]")
{
    // G = 83.7 ns/B measured on hosts that injected B_cal = 12.5e6 B/s alone (100 Mbit/s links).
    //   The drawing at 50 Mbit/s: B_pair = 6.25e6, B_net = 3.125e6 (two flows share an uplink):
    //     G x max(1, 6.25 / 3.125) x 12.5 / 6.25 = 83.7 x 2 x 2 = 334.8 ns/B;
    //   the drawing at 1 Gbit/s: B_pair = 125e6, B_net = 125e6: 83.7 x 1 x 12.5 / 125 = 8.37 ns/B;
    //   B_cal = 0 (not recorded): 83.7 x max(1, 125 / 125) = 83.7 ns/B, as before;
    //   G_floor = network ignores B_cal: max(83.7, 1 / 125e6 = 8 ns/B) = 83.7 ns/B.
    Design d;
    d.addBlock("net", "logp.loggp");
    d.setValue({"net", "G"}, 83.7e-9);
    d.setValue({"net", "G_floor"}, 3);
    d.setValue({"net", "B_cal"}, 12.5e6);
    d.setValue({"net", "B_pair"}, 6.25e6);
    d.setValue({"net", "B_net"}, 3.125e6);
    CHECK(run(d)("net.G_out") == Approx(334.8e-9));
    d.setValue({"net", "B_pair"}, 125e6);
    d.setValue({"net", "B_net"}, 125e6);
    CHECK(run(d)("net.G_out") == Approx(8.37e-9));
    d.setValue({"net", "B_cal"}, 0);
    CHECK(run(d)("net.G_out") == Approx(83.7e-9));
    d.setValue({"net", "B_cal"}, 12.5e6);
    d.setValue({"net", "G_floor"}, 0);
    CHECK(run(d)("net.G_out") == Approx(83.7e-9));
}

TEST_CASE("choice values are saved by name and read by name or index", "[loggp][document]")
{
    // logp.loggp's all-to-all algorithm is a choice: linear (0) or pairwise (1).
    const char* doc = R"({"format": "clusterscope-design", "version": 2, "name": "c",
        "blocks": [{"name": "l", "type": "logp.loggp", "values": {"alltoall": "linear"}}]})";
    const DesignDocument d = parseDocument(doc);
    CHECK(d.design.value({"l", "alltoall"}).value == 0.0);
    CHECK(documentToJson(d)["blocks"][0]["values"]["alltoall"] == "linear");
    std::string bad = R"({"format": "clusterscope-design", "version": 2, "name": "c",
        "blocks": [{"name": "l", "type": "logp.loggp", "values": {"alltoall": "ring"}}]})";
    CHECK_THROWS_WITH(parseDocument(bad), Catch::Contains("blocks[0].values.alltoall: 'ring' is not a number"));
}

TEST_CASE("logp.loggp passes the intra-node LogGP through and no other output moves with it", "[loggp][block][intranode]")
{
    // Defaults (assumed, a shared-memory MPI transport): L_node = 0.2 us, o_s_node = o_r_node = 0.1 us,
    // g_node = 0.2 us, G_node = 0.2 ns/B (5 GB/s).
    Design d;
    d.addBlock("net", "logp.loggp");
    const Run defaults = run(d);
    CHECK(defaults("net.L_node_out") == Approx(0.2 * us));
    CHECK(defaults("net.o_s_node_out") == Approx(0.1 * us));
    CHECK(defaults("net.o_r_node_out") == Approx(0.1 * us));
    CHECK(defaults("net.g_node_out") == Approx(0.2 * us));
    CHECK(defaults("net.G_node_out") == Approx(0.2e-9));
    // Set apart from the network's: 1, 2, 3, 4 us and 5 ns/B come out as set, and every other output is
    // bit for bit what it was (the network's figures do not depend on the node's).
    d.setValue({"net", "L_node"}, 1 * us);
    d.setValue({"net", "o_s_node"}, 2 * us);
    d.setValue({"net", "o_r_node"}, 3 * us);
    d.setValue({"net", "g_node"}, 4 * us);
    d.setValue({"net", "G_node"}, 5e-9);
    const Run set = run(d);
    CHECK(set("net.L_node_out") == 1 * us);
    CHECK(set("net.o_s_node_out") == 2 * us);
    CHECK(set("net.o_r_node_out") == 3 * us);
    CHECK(set("net.g_node_out") == 4 * us);
    CHECK(set("net.G_node_out") == 5e-9);
    for (const char* out : {"T_oneway", "T_rtt", "T_train", "T_msg", "T_bcast", "T_allreduce", "T_barrier",
                            "T_alltoall", "L_out", "o_s_out", "o_r_out", "g_out", "G_out"}) {
        INFO(out);
        CHECK(set(std::string("net.") + out) == defaults(std::string("net.") + out));
    }
}
