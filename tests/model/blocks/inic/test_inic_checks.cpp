// Input validation of the seed-000 blocks (000_e9da438bafb3289f.txt): every
// input out of range, every inconsistent combination, through cs::Design and
// cs::Plan as the CLI uses them; and the specs' own bookkeeping.
#include "InicTestSupport.h"
#include "model/core/ModelError.h"

#include <cmath>
#include <limits>
#include <set>

using namespace cs;
using namespace cs::test::inic;

namespace {

const std::vector<std::string> kBlocks{"inic.fft2d", "inic.sort", "sort.parallel", "inic.proto.fft2d",
                                       "inic.proto.sort"};

struct Bad {
    double value;
    std::string problem; // what follows "input <symbol> "
};

// Every input symbol used by the five blocks, with the values it must reject
// and the exact words. Ranges are as declared: counts have no unit suffix.
const std::map<std::string, std::vector<Bad>>& badValues()
{
    static const std::map<std::string, std::vector<Bad>> m{
        {"rows", {{0, "= 0 is out of range [1, 1048576]"},
                  {1048577, "= 1048577 is out of range [1, 1048576]"},
                  {1.5, "= 1.5 must be a whole number"}}},
        {"P", {{0, "= 0 is out of range [1, 65536]"},
               {65537, "= 65537 is out of range [1, 65536]"},
               {2.5, "= 2.5 must be a whole number"}}},
        {"t_fft1d", {{-1e-6, "= -1e-06 is out of range [0, 100] s"}, {101, "= 101 is out of range [0, 100] s"}}},
        {"bw_hc", {{999, "= 999 is out of range [1000, 1e+12] B/s"},
                   {2e12, "= 2e+12 is out of range [1000, 1e+12] B/s"}}},
        {"bw_cn", {{0, "= 0 is out of range [1000, 1e+12] B/s"},
                   {2e12, "= 2e+12 is out of range [1000, 1e+12] B/s"}}},
        {"bw_bus", {{-132e6, "= -1.32e+08 is out of range [1000, 1e+12] B/s"},
                    {1.5e12, "= 1.5e+12 is out of range [1000, 1e+12] B/s"}}},
        {"elem", {{0.5, "= 0.5 is out of range [1, 64] B"}, {65, "= 65 is out of range [1, 64] B"}}},
        {"E_init", {{0, "= 0 is out of range [1, 1099511627776]"},
                    {2e12, "= 2e+12 is out of range [1, 1099511627776]"},
                    {1e6 + 0.5, "= 1000000.5 must be a whole number"}}},
        {"N", {{0, "= 0 is out of range [1, 1048576]"},
               {1048577, "= 1048577 is out of range [1, 1048576]"},
               {127.5, "= 127.5 must be a whole number"}}},
        {"pkt", {{0, "= 0 is out of range [1, 1048576] B"}, {2e6, "= 2e+06 is out of range [1, 1048576] B"}}},
        {"dma", {{0, "= 0 is out of range [1, 1073741824] B"},
                 {2e9, "= 2e+09 is out of range [1, 1073741824] B"}}},
        {"key", {{0, "= 0 is out of range [1, 16] B"}, {17, "= 17 is out of range [1, 16] B"}}},
        {"T_countsort", {{-1, "= -1 is out of range [0, 1e+06] s"}, {2e6, "= 2e+06 is out of range [0, 1e+06] s"}}},
        {"t_bucket1", {{-1e-9, "= -1e-09 is out of range [0, 0.001] s"},
                       {0.002, "= 0.002 is out of range [0, 0.001] s"}}},
        {"t_bucket2", {{-1e-9, "= -1e-09 is out of range [0, 0.001] s"},
                       {0.002, "= 0.002 is out of range [0, 0.001] s"}}},
        {"B_net", {{10, "= 10 is out of range [1000, 1e+13] B/s"}, {2e13, "= 2e+13 is out of range [1000, 1e+13] B/s"}}},
        {"cores", {{-1, "= -1 is out of range [0, 1e+12]"}, {2e12, "= 2e+12 is out of range [0, 1e+12]"}}},
        {"bw_net", {{10, "= 10 is out of range [1000, 1e+12] B/s"},
                    {2e12, "= 2e+12 is out of range [1000, 1e+12] B/s"}}},
        {"o_msg", {{-1e-6, "= -1e-06 is out of range [0, 10] s"}, {11, "= 11 is out of range [0, 10] s"}}},
        {"m_small", {{-1, "= -1 is out of range [0, 1073741824] B"},
                     {2e9, "= 2e+09 is out of range [0, 1073741824] B"}}},
        {"t_small", {{-1e-3, "= -0.001 is out of range [0, 10] s"}, {11, "= 11 is out of range [0, 10] s"}}},
        {"overlap", {{-1, "= -1 is out of range one of serialised (0), pipelined (1)"},
                     {2, "= 2 is out of range one of serialised (0), pipelined (1)"},
                     {0.5, "= 0.5 must be a whole number"}}},
    };
    return m;
}

} // namespace

TEST_CASE("seed-000 blocks: every input out of range is rejected, naming block, parameter, value, range",
          "[inic][checks]")
{
    for (const std::string& type : kBlocks) {
        const BlockSpec& spec = builtinBlock(type).spec();
        for (const ParamSpec& p : spec.inputs) {
            INFO(type << " input " << p.symbol);
            REQUIRE(badValues().count(p.symbol) == 1); // no input goes untested
            for (const Bad& bad : badValues().at(p.symbol)) {
                const std::string expected = "block 'b' (" + type + "): input " + p.symbol + " " + bad.problem;
                // Setting it in the design (the CLI's `set`) ...
                Design d;
                d.addBlock("b", type);
                CHECK_THROWS_WITH(d.setValue({"b", p.symbol}, bad.value), expected);
                // ... and writing it into a compiled plan (a sweep point).
                EvalError::Kind kind = EvalError::Kind::None;
                CHECK(planError(type, {{p.symbol, bad.value}}, &kind) == expected);
                CHECK(kind == EvalError::Kind::InputRange);
            }
            // Non-finite values never get through.
            CHECK(planError(type, {{p.symbol, std::numeric_limits<double>::quiet_NaN()}}) ==
                  "block 'b' (" + type + "): input " + p.symbol + " = nan is not a finite number");
            CHECK(planError(type, {{p.symbol, std::numeric_limits<double>::infinity()}}) ==
                  "block 'b' (" + type + "): input " + p.symbol + " = inf is not a finite number");
        }
    }
}

TEST_CASE("inic.fft2d and inic.proto.fft2d: P may not exceed rows (M = rows / P >= 1)", "[inic][checks]")
{
    for (const std::string type : {"inic.fft2d", "inic.proto.fft2d"}) {
        INFO(type);
        EvalError::Kind kind = EvalError::Kind::None;
        CHECK(planError(type, {{"rows", 1024}, {"P", 2048}}, &kind) ==
              "block 'b' (" + type +
                  "): P = 2048 exceeds rows = 1024: each processor needs at least one row (M = rows / P, §3.1.2)");
        CHECK(kind == EvalError::Kind::Inconsistent);
        CHECK(planError(type, {{"rows", 1024}, {"P", 1024}}).empty()); // one row each is fine
        CHECK_THROWS_WITH(evalDesign(type, {{"rows", 16}, {"P", 17}}),
                          Catch::Contains("P = 17 exceeds rows = 16"));
    }
}

TEST_CASE("sort blocks: P may not exceed E_init", "[inic][checks]")
{
    for (const std::string type : {"inic.sort", "sort.parallel", "inic.proto.sort"}) {
        INFO(type);
        EvalError::Kind kind = EvalError::Kind::None;
        CHECK(planError(type, {{"E_init", 4}, {"P", 8}}, &kind) ==
              "block 'b' (" + type + "): P = 8 exceeds E_init = 4: each processor needs at least one key");
        CHECK(kind == EvalError::Kind::Inconsistent);
    }
    CHECK(planError("sort.parallel", {{"E_init", 8}, {"P", 8}}).empty());
    CHECK(planError("inic.proto.sort", {{"E_init", 8}, {"P", 8}}).empty());
}

TEST_CASE("inic.sort: the assumptions of eqs. (13) and (15) are checked", "[inic][checks]")
{
    SECTION("each send bucket must fill a packet (eq. 13)")
    {
        // E_init = 2^25, P = 64: S = 4 * 2^25 / 64 = 2097152 B, S / P = 32768 B < pkt = 65536 B.
        // (N = 16 so that N * dma = 1048576 B <= S and only the packet rule fails.)
        CHECK(planError("inic.sort", {{"P", 64}, {"N", 16}, {"pkt", 65536}}) ==
              "block 'b' (inic.sort): each destination's share S / P = 32768 B (S = key * E_init / P = 2097152 B, "
              "P = 64) is smaller than one packet pkt = 65536 B, which eq. (13) assumes every send bucket fills");
        CHECK(planError("inic.sort", {{"P", 64}, {"N", 16}, {"pkt", 32768}}).empty()); // exactly one packet
    }
    SECTION("each receive bucket must reach the DMA threshold (eq. 15)")
    {
        // P = 32: S = 4 * 2^25 / 32 = 4194304 B < N * dma = 128 * 65536 = 8388608 B.
        CHECK(planError("inic.sort", {{"P", 32}}) ==
              "block 'b' (inic.sort): N * dma = 8388608 B (N = 128, dma = 65536 B) exceeds the partition "
              "S = 4194304 B: eq. (15) assumes every receive bucket reaches the DMA threshold");
        CHECK(planError("inic.sort", {{"P", 32}, {"N", 64}}).empty()); // 64 * 65536 = 4194304 = S
        CHECK(planError("inic.sort", {{"P", 16}}).empty());            // S = 8388608 = N * dma
    }
}

TEST_CASE("seed-000 blocks in a design: a shared P wired into each block, swept past a block's range",
          "[inic][checks]")
{
    Design d;
    d.addDesignParam(countParam("P", 8, 1, 1e6, "processors", "test"), 8);
    d.addBlock("fft", "inic.fft2d");
    d.addBlock("sort", "inic.sort");
    d.addBlock("gige", "sort.parallel");
    for (const char* b : {"fft", "sort", "gige"})
        d.connect(Source::designParam("P"), {b, "P"});
    const Plan plan = d.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    CHECK(slots[plan.slotOf("fft.S")] == 2097152.0);  // eq. (5) at the shared P = 8
    CHECK(slots[plan.slotOf("sort.S")] == 16777216.0); // eq. (12) at P = 8
    CHECK(slots[plan.slotOf("sort.T")] < slots[plan.slotOf("gige.T")]);

    // P = 100000 is fine for the design parameter but not for the first block that reads it.
    slots[plan.slotOf("P")] = 100000;
    EvalError err;
    CHECK_FALSE(plan.run(slots.data(), &err));
    CHECK(err.kind == EvalError::Kind::InputRange);
    CHECK(err.message == "block '" + plan.steps()[static_cast<std::size_t>(err.step)].name + "' (" +
                             plan.steps()[static_cast<std::size_t>(err.step)].block->spec().id +
                             "): input P = 100000 is out of range [1, 65536]");
    // Blocks are evaluated in the order they were added (no wires between them): fft is first.
    CHECK(err.message == "block 'fft' (inic.fft2d): input P = 100000 is out of range [1, 65536]");

    // P = 2048 passes the range but not fft's rows = 1024.
    slots = plan.initialSlots();
    slots[plan.slotOf("P")] = 2048;
    CHECK_THROWS_WITH(plan.runOrThrow(slots.data()),
                      "block 'fft' (inic.fft2d): P = 2048 exceeds rows = 1024: each processor needs at least one "
                      "row (M = rows / P, §3.1.2)");
    CHECK_THROWS_AS(plan.runOrThrow(slots.data()), ModelError);
}

TEST_CASE("seed-000 block specs: sources, defaults, phases", "[inic][specs]")
{
    for (const std::string& type : kBlocks) {
        INFO(type);
        const Block& block = builtinBlock(type);
        const BlockSpec& spec = block.spec();
        CHECK(spec.id == type);
        CHECK(spec.source.find("000_e9da438bafb3289f.txt") != std::string::npos);
        std::set<std::string> names;
        std::vector<double> in;
        for (const ParamSpec& p : spec.inputs) {
            INFO("input " << p.symbol);
            CHECK(names.insert(p.symbol).second);
            CHECK(p.source.find("000_e9da438bafb3289f.txt") != std::string::npos);
            CHECK_FALSE(p.meaning.empty());
            CHECK(p.rangeProblem(p.defaultValue).empty());
            in.push_back(p.defaultValue);
        }
        for (const OutputSpec& o : spec.outputs) {
            INFO("output " << o.symbol);
            CHECK(names.insert(o.symbol).second); // an output may not shadow an input's slot name
            CHECK(o.source.find("000_e9da438bafb3289f.txt") != std::string::npos);
            CHECK_FALSE(o.meaning.empty());
            if (!o.phaseOf.empty()) {
                const int total = spec.outputIndex(o.phaseOf);
                REQUIRE(total >= 0);
                CHECK(spec.outputs[static_cast<std::size_t>(total)].phaseOf != o.symbol);
            }
        }
        // The defaults are consistent and give finite outputs whose phases add up.
        CHECK(block.check(in.data()).empty());
        const auto out = evalDesign(type);
        for (const auto& [symbol, v] : out)
            CHECK(std::isfinite(v));
        checkPhasesSum(spec, out);
        CHECK(spec.outputIndex("T") >= 0);
        CHECK(spec.outputs.back().symbol == "T");
    }
}

TEST_CASE("seed-000 blocks: phases add up to their totals across a range of inputs", "[inic][specs]")
{
    for (double P : {1.0, 2.0, 3.0, 7.0, 16.0}) {
        INFO("P = " << P);
        for (const std::string type : {"inic.fft2d", "inic.proto.fft2d"})
            checkPhasesSum(builtinBlock(type).spec(), evalDesign(type, {{"rows", 3000}, {"P", P}}));
        checkPhasesSum(builtinBlock("inic.sort").spec(),
                       evalDesign("inic.sort", {{"E_init", 3e7}, {"P", P}, {"N", 64}}));
        for (const std::string type : {"sort.parallel", "inic.proto.sort"})
            checkPhasesSum(builtinBlock(type).spec(), evalDesign(type, {{"E_init", 3e7}, {"P", P}}));
    }
}
