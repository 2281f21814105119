// The "fftw.transpose" block: FFTW's parallel 2D-FFT over a plain NIC, the
// baseline of 000_e9da438bafb3289f.txt (§3.1.1, §3.1.2, §4.1, §6.1).
//   T = T_compute + T_trans                                   eq. (3)
//   T_compute = 2 * t_fft1d * rows / P                        eq. (4)
//   S = rows^2 * 16 / P                                       eq. (5)
//   T_trans = 2 * (S/bw_mem + all-to-all of M*M*16-byte blocks (LogGP)
//                  + (P-1) t_pen min(1, S_pen/S_block) + S/bw_mem [P > 1])
// Golden values are derived by hand below, with the arithmetic in comments.
#include "model/core/BlockRegistry.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include "../BlockTestSupport.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;

namespace {

constexpr double us = 1e-6;
constexpr double ms = 1e-3;

using Run = cs::test::Evaluated;

Run run(const Design& d)
{
    return cs::test::evaluateDesign(d);
}

// A small hand-checkable network and host: L 10, o_s 2, o_r 3, g 4 us,
// G 1 ns/B, bw_mem 1 GB/s, t_fft1d 10 us, t_pen 100 us, rows 64.
void setSmall(Design& d, const std::string& b)
{
    d.setValue({b, "rows"}, 64);
    d.setValue({b, "t_fft1d"}, 10 * us);
    d.setValue({b, "L"}, 10 * us);
    d.setValue({b, "o_s"}, 2 * us);
    d.setValue({b, "o_r"}, 3 * us);
    d.setValue({b, "g"}, 4 * us);
    d.setValue({b, "G"}, 1e-9);
    d.setValue({b, "bw_mem"}, 1e9);
    d.setValue({b, "t_pen"}, 100 * us);
}

// Phases named by OutputSpec::phaseOf add up to their total.
void checkPhasesSum(const Run& r, const std::string& b)
{
    const BlockSpec& spec = BlockRegistry::builtin().get("fftw.transpose").spec();
    for (const char* total : {"T", "T_trans"}) {
        double sum = 0;
        int n = 0;
        for (const OutputSpec& o : spec.outputs)
            if (o.phaseOf == total) {
                sum += r(b + "." + o.symbol);
                ++n;
            }
        INFO("total " << total);
        CHECK(n >= 2);
        CHECK(sum == Approx(r(b + "." + total)).epsilon(1e-12));
    }
}

} // namespace

TEST_CASE("fftw.transpose at hand-computed points", "[loggp][fftw]")
{
    Design d;
    d.addBlock("fft", "fftw.transpose");
    setSmall(d, "fft");

    SECTION("rows 64, P 4, pairwise, small blocks pay the full penalty")
    {
        d.setValue({"fft", "P"}, 4);
        d.setValue({"fft", "S_pen"}, 8192);
        d.setValue({"fft", "alltoall"}, 1);
        const Run r = run(d);
        CHECK(r("fft.M") == 16);                  // 64 / 4
        CHECK(r("fft.S") == 16384);               // eq. (5): 64^2 * 16 / 4
        CHECK(r("fft.S_block") == 4096);          // 16^2 * 16
        CHECK(r("fft.steps_a2a") == 3);           // P - 1
        CHECK(r("fft.T_compute") == Approx(320 * us));  // eq. (4): 2 * 10 us * 64 / 4
        CHECK(r("fft.T_local") == Approx(32.768 * us)); // 2 * 16384 B / 1e9 B/s
        CHECK(r("fft.T_perm") == Approx(32.768 * us));  // 2 * 16384 B / 1e9 B/s
        // one-way of 4096 B: 2 + 4095 * 1 ns (4.095) + 10 + 3 = 19.095 us;
        // pairwise 3 rounds = 57.285 us; two transposes = 114.57 us
        CHECK(r("fft.T_a2a") == Approx(114.57 * us));
        // 4096 B <= S_pen 8192 B: full penalty, 3 blocks * 100 us * 2 transposes = 600 us
        CHECK(r("fft.T_penalty") == Approx(600 * us));
        // T_trans = 32.768 + 114.57 + 600 + 32.768 = 780.106 us
        CHECK(r("fft.T_trans") == Approx(780.106 * us));
        // eq. (3): T = 320 + 780.106 = 1100.106 us
        CHECK(r("fft.T") == Approx(1100.106 * us));
        checkPhasesSum(r, "fft");

        // Linear instead: slot max(g 4, o_s + o_r 5, 4.095) = 5 us;
        // (4-2) * 5 + 19.095 = 29.095 us; two transposes 58.19 us, in 1 round each.
        d.setValue({"fft", "alltoall"}, 0);
        const Run lin = run(d);
        CHECK(lin("fft.T_a2a") == Approx(58.19 * us));
        CHECK(lin("fft.steps_a2a") == 1);
        // T = 320 + 32.768 + 58.19 + 600 + 32.768 = 1043.726 us
        CHECK(lin("fft.T") == Approx(1043.726 * us));
        checkPhasesSum(lin, "fft");
    }
    SECTION("rows 64, P 2, linear, large blocks pay a share of the penalty")
    {
        d.setValue({"fft", "P"}, 2);
        d.setValue({"fft", "S_pen"}, 4096);
        d.setValue({"fft", "alltoall"}, 0);
        const Run r = run(d);
        CHECK(r("fft.M") == 32);                  // 64 / 2
        CHECK(r("fft.S") == 32768);               // 64^2 * 16 / 2
        CHECK(r("fft.S_block") == 16384);         // 32^2 * 16
        CHECK(r("fft.steps_a2a") == 1);
        CHECK(r("fft.T_compute") == Approx(640 * us));   // 2 * 10 us * 64 / 2
        CHECK(r("fft.T_local") == Approx(65.536 * us));  // 2 * 32768 / 1e9
        CHECK(r("fft.T_perm") == Approx(65.536 * us));
        // P = 2: one block, one-way 2 + 16383 * 1 ns + 10 + 3 = 31.383 us; x2 = 62.766 us
        CHECK(r("fft.T_a2a") == Approx(62.766 * us));
        // 1 block * 100 us * min(1, 4096 / 16384 = 0.25) = 25 us; x2 = 50 us
        CHECK(r("fft.T_penalty") == Approx(50 * us));
        // T_trans = 65.536 + 62.766 + 50 + 65.536 = 243.838 us; T = 640 + 243.838
        CHECK(r("fft.T_trans") == Approx(243.838 * us));
        CHECK(r("fft.T") == Approx(883.838 * us));
        checkPhasesSum(r, "fft");
    }
    SECTION("P 1: no all-to-all, no penalty, no permutation")
    {
        d.setValue({"fft", "P"}, 1);
        const Run r = run(d);
        CHECK(r("fft.S") == 65536);                       // 64^2 * 16
        CHECK(r("fft.steps_a2a") == 0);
        CHECK(r("fft.T_compute") == Approx(1280 * us));   // 2 * 10 us * 64
        CHECK(r("fft.T_local") == Approx(131.072 * us));  // 2 * 65536 / 1e9
        CHECK(r("fft.T_a2a") == 0);
        CHECK(r("fft.T_penalty") == 0);
        CHECK(r("fft.T_perm") == 0);
        CHECK(r("fft.T") == Approx(1411.072 * us));       // 1280 + 131.072
        checkPhasesSum(r, "fft");
    }
}

TEST_CASE("fftw.transpose defaults: GigE gives a speedup of about two with 8 processors (000 §6.1)",
          "[loggp][fftw]")
{
    // 000_e9da438bafb3289f.txt §6.1: "Gigabit Ethernet gives a speedup of two with
    // 8 processors and is able to approach a speedup of four in some cases."
    // Wired as the CLI would: two instances at P = 1 and P = 8 into speedup.efficiency.
    Design d;
    d.addBlock("fft1", "fftw.transpose");
    d.addBlock("fft8", "fftw.transpose");
    d.addBlock("sp", "speedup.efficiency");
    d.setValue({"fft1", "P"}, 1);
    d.setValue({"fft8", "P"}, 8);
    d.connect(Source::output({"fft1", "T"}), {"sp", "T_ref"});
    d.connect(Source::output({"fft8", "T"}), {"sp", "T"});
    d.setValue({"sp", "P"}, 8);
    const Run r = run(d);

    // Defaults (assumed): rows 1024, t_fft1d 100 us, L 30, o_s 15, o_r 20, g 25 us,
    // G 25 ns/B, bw_mem 300e6 B/s, t_pen 500 us, S_pen 65536 B, pairwise.
    // P = 1: T_compute = 2 * 100 us * 1024 = 204.8 ms; S = 1024^2 * 16 = 16777216 B;
    //   T_local = 2 * 16777216 / 300e6 = 111.848107 ms; T = 316.648107 ms.
    CHECK(r("fft1.T_compute") == Approx(204.8 * ms));
    CHECK(r("fft1.T_local") == Approx(111.848107 * ms).epsilon(1e-7));
    CHECK(r("fft1.T") == Approx(316.648107 * ms).epsilon(1e-7));
    // P = 8: T_compute = 25.6 ms; S = 2097152 B; T_local = T_perm = 2 * 2097152 / 300e6
    //   = 13.981013 ms; S_block = 128^2 * 16 = 262144 B;
    //   one-way = 15 + 262143 * 0.025 (6553.575) + 30 + 20 = 6618.575 us;
    //   7 rounds = 46330.025 us; T_a2a = 92.66005 ms;
    //   penalty 7 * 500 us * 65536/262144 (0.25) = 875 us; T_penalty = 1.75 ms;
    //   T = 25.6 + 13.981013 + 92.66005 + 1.75 + 13.981013 = 147.972077 ms.
    CHECK(r("fft8.T_compute") == Approx(25.6 * ms));
    CHECK(r("fft8.T_local") == Approx(13.981013 * ms).epsilon(1e-7));
    CHECK(r("fft8.T_perm") == Approx(13.981013 * ms).epsilon(1e-7));
    CHECK(r("fft8.T_a2a") == Approx(92.66005 * ms).epsilon(1e-7));
    CHECK(r("fft8.T_penalty") == Approx(1.75 * ms));
    CHECK(r("fft8.T") == Approx(147.972077 * ms).epsilon(1e-7));
    // Speedup 316.648107 / 147.972077 = 2.1399: "a speedup of two".
    CHECK(r("sp.S") == Approx(2.1399).epsilon(1e-3));
    CHECK(r("sp.S") > 1.5);
    CHECK(r("sp.S") < 4.0);
    checkPhasesSum(r, "fft1");
    checkPhasesSum(r, "fft8");
}

TEST_CASE("fftw.transpose speedup shape and communication scaling (000 §4.1, §6.1)", "[loggp][fftw]")
{
    Design d;
    d.addBlock("fft", "fftw.transpose");
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    const int P = plan.slotOf("fft.P");
    auto at = [&](double p, const char* out) {
        slots[P] = p;
        plan.runOrThrow(slots.data());
        return slots[plan.slotOf(std::string("fft.") + out)];
    };
    const double T1 = at(1, "T");
    const double S4 = T1 / at(4, "T");
    const double S8 = T1 / at(8, "T");
    const double S16 = T1 / at(16, "T");
    INFO("speedups 4: " << S4 << " 8: " << S8 << " 16: " << S16);
    // "a speedup of two with 8 processors"
    CHECK(S8 >= 1.5);
    CHECK(S8 <= 4.0);
    // More processors still help, but the speedup stays below four ("approach a
    // speedup of four in some cases ... hardly be considered scalable").
    CHECK(S4 < S8);
    CHECK(S8 < S16);
    CHECK(S16 < 4.0);
    // §4.1: communication time falls more slowly than the partition size.
    // From 8 to 16 processors S halves; communication (all-to-all + penalty) must not.
    const double comm8 = at(8, "T_a2a") + at(8, "T_penalty");
    const double comm16 = at(16, "T_a2a") + at(16, "T_penalty");
    CHECK(at(16, "S") / at(8, "S") == Approx(0.5));
    CHECK(comm16 / comm8 > 0.5);
    // And the penalty grows as blocks shrink (§4.1: short messages, slow start).
    CHECK(at(16, "T_penalty") > at(8, "T_penalty"));
}

TEST_CASE("fftw.transpose takes any P up to rows, the most loaded host setting the time", "[loggp][fftw]")
{
    // One rule with inic.fft2d (model/blocks/FftRows.h, 000 §3.1.2): M = ceil(rows / P).
    Design d;
    d.addBlock("fft", "fftw.transpose");
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();

    // P = 3, rows = 1024: M = ceil(341.33) = 342, S = 342 x 1024 x 16 = 5603328 B, S_block = 342^2 x 16
    // = 1871424 B, T_compute = 2 x 100 us x 342 = 68.4 ms.
    slots[plan.slotOf("fft.P")] = 3;
    EvalError err;
    REQUIRE(plan.run(slots.data(), &err));
    CHECK(slots[plan.slotOf("fft.M")] == 342);
    CHECK(slots[plan.slotOf("fft.S")] == 5603328);
    CHECK(slots[plan.slotOf("fft.S_block")] == 1871424);
    CHECK(slots[plan.slotOf("fft.T_compute")] == Approx(0.0684));

    slots[plan.slotOf("fft.P")] = 2048; // more processors than rows
    CHECK_FALSE(plan.run(slots.data(), &err));
    CHECK(err.kind == EvalError::Kind::Inconsistent);
    CHECK(err.message == "block 'fft' (fftw.transpose): P = 2048 exceeds rows = 1024: each processor needs at "
                         "least one row (M = rows / P, §3.1.2)");

    slots[plan.slotOf("fft.P")] = 6;
    slots[plan.slotOf("fft.rows")] = 1000; // ceil(166.67) = 167
    CHECK_NOTHROW(plan.runOrThrow(slots.data()));
    CHECK(slots[plan.slotOf("fft.M")] == 167);
    slots[plan.slotOf("fft.rows")] = 1002; // 1002 = 6 * 167: the same M when P divides rows
    CHECK_NOTHROW(plan.runOrThrow(slots.data()));
    CHECK(slots[plan.slotOf("fft.M")] == 167);
}

TEST_CASE("fftw.transpose rejects every out-of-range input with its name, value and range", "[loggp][fftw]")
{
    struct Bad {
        const char* input;
        double value;
        const char* message;
    };
    const Bad cases[] = {
        {"rows", 0, "input rows = 0 is out of range [1, 1048576]"},
        {"rows", 2e6, "input rows = 2e+06 is out of range [1, 1048576]"},
        {"rows", 10.5, "input rows = 10.5 must be a whole number"},
        {"P", 0, "input P = 0 is out of range [1, 65536]"},
        {"P", 70000, "input P = 70000 is out of range [1, 65536]"},
        {"P", 1.5, "input P = 1.5 must be a whole number"},
        {"t_fft1d", -1e-6, "input t_fft1d = -1e-06 is out of range [0, 10000] s"},
        {"t_fft1d", 2e4, "input t_fft1d = 20000 is out of range [0, 10000] s"},
        {"L", -1e-6, "input L = -1e-06 is out of range [0, 1] s"},
        {"L", 2, "input L = 2 is out of range [0, 1] s"},
        {"o_s", -1e-6, "input o_s = -1e-06 is out of range [0, 1] s"},
        {"o_s", 2, "input o_s = 2 is out of range [0, 1] s"},
        {"o_r", -1e-6, "input o_r = -1e-06 is out of range [0, 1] s"},
        {"o_r", 2, "input o_r = 2 is out of range [0, 1] s"},
        {"g", -1e-6, "input g = -1e-06 is out of range [0, 1] s"},
        {"g", 2, "input g = 2 is out of range [0, 1] s"},
        {"G", -1e-9, "input G = -1e-09 is out of range [0, 0.001] s/B"},
        {"G", 0.01, "input G = 0.01 is out of range [0, 0.001] s/B"},
        {"bw_mem", 0, "input bw_mem = 0 is out of range [1000, 1e+13] B/s"},
        {"bw_mem", 1e14, "input bw_mem = 1e+14 is out of range [1000, 1e+13] B/s"},
        {"t_pen", -1e-6, "input t_pen = -1e-06 is out of range [0, 1] s"},
        {"t_pen", 2, "input t_pen = 2 is out of range [0, 1] s"},
        {"S_pen", -1, "input S_pen = -1 is out of range [0, 1e+12] B"},
        {"S_pen", 2e12, "input S_pen = 2e+12 is out of range [0, 1e+12] B"},
        {"S_pen", 100.5, "input S_pen = 100.5 must be a whole number"},
        {"alltoall", 2, "input alltoall = 2 is out of range one of linear (0), pairwise (1)"},
        {"alltoall", -1, "input alltoall = -1 is out of range one of linear (0), pairwise (1)"},
    };
    Design d;
    d.addBlock("fft", "fftw.transpose");
    const Plan plan = d.compile();
    for (const Bad& c : cases) {
        INFO(c.input << " = " << c.value);
        const std::string expected = std::string("block 'fft' (fftw.transpose): ") + c.message;
        CHECK_THROWS_WITH(d.setValue({"fft", c.input}, c.value), expected);
        std::vector<double> slots = plan.initialSlots();
        slots[plan.slotOf(std::string("fft.") + c.input)] = c.value;
        EvalError err;
        CHECK_FALSE(plan.run(slots.data(), &err));
        CHECK(err.kind == EvalError::Kind::InputRange);
        CHECK(err.message == expected);
    }
}

TEST_CASE("fftw.transpose phases add up across a sweep of P", "[loggp][fftw]")
{
    Design d;
    d.addBlock("fft", "fftw.transpose");
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    const BlockSpec& spec = BlockRegistry::builtin().get("fftw.transpose").spec();
    for (double p : {1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 256.0, 1024.0}) {
        for (double algo : {0.0, 1.0}) {
            slots[plan.slotOf("fft.P")] = p;
            slots[plan.slotOf("fft.alltoall")] = algo;
            plan.runOrThrow(slots.data());
            for (const char* total : {"T", "T_trans"}) {
                double sum = 0;
                for (const OutputSpec& o : spec.outputs)
                    if (o.phaseOf == total)
                        sum += slots[plan.slotOf("fft." + o.symbol)];
                INFO("P = " << p << ", alltoall = " << algo << ", total " << total);
                CHECK(sum == Approx(slots[plan.slotOf(std::string("fft.") + total)]).epsilon(1e-12));
            }
        }
    }
}

TEST_CASE("fftw.transpose on fewer cores than ranks: the host's work on its share takes P / cores as long, the "
          "network's does not",
          "[loggp][fftw][cores]")
{
    // DESIGN.md, Job and placement (issue 45): ranks beyond a node's cores share them. The small host of
    // setSmall (rows 64, t_fft1d 10 us, bw_mem 1 GB/s; L 10, o_s 2, o_r 3 us, G 1 ns/B, t_pen 100 us),
    // P = 8, pairwise, S_pen at its 64 KiB:
    //   M = 64 / 8 = 8 rows; S = 8 * 64 * 16 = 8192 B (eq. (5)); S_block = 8^2 * 16 = 1024 B.
    //   A core a rank (cores = 0, the default):
    //     T_compute = 2 * 10 us * 8 = 160 us (eq. (4)); T_local = T_perm = 2 * 8192 / 1e9 = 16.384 us;
    //     one-way of 1024 B = 2 + 1023 * 1 ns (1.023) + 10 + 3 = 16.023 us, 7 rounds = 112.161 us,
    //     T_a2a = 2 * 112.161 = 224.322 us; 1024 B <= 65536 B: T_penalty = 2 * 7 * 100 us = 1400 us;
    //     T = 160 + 16.384 + 224.322 + 1400 + 16.384 = 1817.09 us (eq. (3)).
    //   On 2 cores the 8 ranks run 4 a core: 8 / min(8, 2) = 4 times as long on the host's CPU,
    //     T_compute = 4 * 160 = 640 us, T_local = T_perm = 4 * 16.384 = 65.536 us; T_a2a and T_penalty as above;
    //     T = 640 + 65.536 + 224.322 + 1400 + 65.536 = 2395.394 us.
    //   On 3 cores: 8 / 3 = 2.6667 times: T_compute = 426.6667 us, T_local = T_perm = 43.690667 us,
    //     T = 426.6667 + 2 * 43.690667 + 224.322 + 1400 = 2138.370 us.
    Design d;
    d.addBlock("fft", "fftw.transpose");
    setSmall(d, "fft");
    d.setValue({"fft", "P"}, 8);
    const Run one = run(d);
    CHECK(one("fft.cores") == 0);
    CHECK(one("fft.T_compute") == Approx(160 * us));
    CHECK(one("fft.T_local") == Approx(16.384 * us));
    CHECK(one("fft.T_a2a") == Approx(224.322 * us));
    CHECK(one("fft.T_penalty") == Approx(1400 * us));
    CHECK(one("fft.T") == Approx(1817.09 * us));

    d.setValue({"fft", "cores"}, 2);
    const Run two = run(d);
    CHECK(two("fft.T_compute") == Approx(640 * us));
    CHECK(two("fft.T_compute") == 4 * one("fft.T_compute"));
    CHECK(two("fft.T_local") == Approx(65.536 * us));
    CHECK(two("fft.T_perm") == Approx(65.536 * us));
    CHECK(two("fft.T_a2a") == one("fft.T_a2a"));         // the network's phases are unchanged
    CHECK(two("fft.T_penalty") == one("fft.T_penalty"));
    CHECK(two("fft.T") == Approx(2395.394 * us));
    checkPhasesSum(two, "fft");

    d.setValue({"fft", "cores"}, 3);
    const Run three = run(d);
    CHECK(three("fft.T_compute") == Approx(1280.0 / 3 * us));
    CHECK(three("fft.T_local") == Approx(43.690667 * us).epsilon(1e-7));
    CHECK(three("fft.T") == Approx(2138.370 * us).epsilon(1e-6));

    // As many cores as ranks, or more, is a core a rank: the same figures to the last bit.
    for (double c : {8.0, 16.0}) {
        INFO("cores = " << c);
        d.setValue({"fft", "cores"}, c);
        const Run r = run(d);
        for (const char* o : {"fft.T_compute", "fft.T_local", "fft.T_perm", "fft.T_a2a", "fft.T"})
            CHECK(r(o) == one(o));
    }
}
