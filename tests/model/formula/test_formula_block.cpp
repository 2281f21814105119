// Formula blocks in documents: the stencil read, evaluated, swept,
// wired and written back; the bad inputs each refused with its path.
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/formula/FormulaBlock.h"
#include "model/sweep/Sweep.h"
#include "tests/model/formula/StencilBlock.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <thread>

using namespace cs;
using Catch::Contains;
using nlohmann::json;

namespace {

using test::kStencilBlock;

json documentWith(const json& block, json extra = json::object())
{
    json j{{"format", "clusterscope-design"}, {"version", 3}, {"name", "stencil"}, {"blocks", json::array({block})}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        j[it.key()] = it.value();
    return j;
}

std::string refusal(const json& doc)
{
    try {
        documentFromJson(doc);
    } catch (const DocumentError& e) {
        return e.what();
    }
    return "(accepted)";
}

// The stencil with one output's expression (or unit) replaced.
json stencilWith(const std::string& output, const std::string& key, const std::string& value)
{
    json b = json::parse(kStencilBlock);
    b["outputs"][output][key] = value;
    return documentWith(b);
}

double outputOf(const DesignDocument& doc, const std::string& path)
{
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    return slots[static_cast<std::size_t>(plan.slotOf(path))];
}

} // namespace

TEST_CASE("the issue's stencil formula evaluates at its point with T_comp and T_halo as phases of T", "[formula]")
{
    const DesignDocument doc = documentFromJson(documentWith(json::parse(kStencilBlock)));
    // T_comp = iters N^3 t_cell / P = 50 x 96^3 x 2.5e-9 / 8 = 50 x 884736 x 2.5e-9 / 8
    //        = 0.110592 / 8 = 0.013824 s.
    CHECK(outputOf(doc, "app.T_comp") == Approx(0.013824).epsilon(1e-12));
    // T_halo = iters 6 (L + w N^2 / P^(2/3) G), P^(2/3) = 8^(2/3) = 4:
    //        w N^2 / 4 = 8 x 9216 / 4 = 18432 B; x G 8e-10 = 1.47456e-5 s; + L = 1.87456e-5 s;
    //        x 300 = 5.62368e-3 s.
    CHECK(outputOf(doc, "app.T_halo") == Approx(5.62368e-3).epsilon(1e-12));
    // T = 0.013824 + 0.00562368 = 0.01944768 s.
    CHECK(outputOf(doc, "app.T") == Approx(0.01944768).epsilon(1e-12));
    const BlockSpec& spec = doc.design.block("app").spec();
    CHECK(spec.id == "formula");
    // Outputs in evaluation order; T is the total of the two others.
    REQUIRE(spec.outputs.size() == 3);
    CHECK(spec.outputs[2].symbol == "T");
    CHECK(spec.outputs[spec.outputIndex("T_comp")].phaseOf == "T");
    CHECK(spec.outputs[spec.outputIndex("T_halo")].phaseOf == "T");
    CHECK(spec.outputs[spec.outputIndex("T")].phaseOf.empty());
    CHECK(asFormula(doc.design.block("app").block)->definition().inputs.size() == 7);
    // The default variant's total is app.T.
    CHECK(doc.effectiveVariants().front().total == "app.T");
}

TEST_CASE("a formula block's phases may be stated, and a total of three phases draws three parts", "[formula]")
{
    json b{{"name", "app"}, {"type", "formula"},
           {"inputs", {{"a", {{"unit", "s"}, {"value", 1}}}}},
           {"outputs", {{"T_comp", {{"unit", "s"}, {"expr", "a"}}},
                        {"T_halo", {{"unit", "s"}, {"expr", "2 * a"}}},
                        {"T_allreduce", {{"unit", "s"}, {"expr", "3 * a"}}},
                        {"T_extra", {{"unit", "s"}, {"expr", "a / 2"}, {"phaseOf", "T_comp"}}},
                        {"T", {{"unit", "s"}, {"expr", "T_comp + T_halo + T_allreduce"}}}}}};
    const DesignDocument doc = documentFromJson(documentWith(b));
    const BlockSpec& spec = doc.design.block("app").spec();
    for (const char* phase : {"T_comp", "T_halo", "T_allreduce"})
        CHECK(spec.outputs[spec.outputIndex(phase)].phaseOf == "T");
    CHECK(spec.outputs[spec.outputIndex("T_extra")].phaseOf == "T_comp");
    CHECK(outputOf(doc, "app.T") == 6.0); // 1 + 2 + 3
    b["outputs"]["T_extra"]["phaseOf"] = "nothing";
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0].outputs.T_extra.phaseOf: output T_extra: phaseOf "
                                                  "'nothing' is not another output of the block"));
}

TEST_CASE("a formula block saves and reloads identically", "[formula]")
{
    json b = json::parse(kStencilBlock);
    b["inputs"]["P"]["min"] = 1;
    b["inputs"]["P"]["max"] = 4096;
    b["inputs"]["P"]["meaning"] = "ranks";
    b["inputs"]["L"]["value"] = {{"value", 5e-6}, {"provenance", {{"kind", "calibrated"}, {"detail", "run-3"}}}};
    b["outputs"]["T_halo"]["source"] = "textbook 7-point stencil";
    const DesignDocument doc = documentFromJson(documentWith(b));
    const std::string once = serializeDocument(doc);
    const DesignDocument again = parseDocument(once);
    CHECK(serializeDocument(again) == once);
    const json written = json::parse(once)["blocks"][0];
    CHECK(written["type"] == "formula");
    CHECK(written["inputs"]["t_cell"]["fit"] == true);
    CHECK(written["inputs"]["P"]["max"] == 4096);
    CHECK(written["inputs"]["N"] == json{{"unit", "1"}, {"value", 96}});
    CHECK(written["outputs"]["T"] == json{{"unit", "s"}, {"expr", "T_comp + T_halo"}});
    CHECK(again.design.value({"app", "L"}).provenance.kind == ProvenanceKind::Calibrated);
    CHECK(outputOf(again, "app.T") == outputOf(doc, "app.T"));
}

TEST_CASE("a formula's input is wired from the design's P and swept, and division by zero fails its row only", "[formula]")
{
    json b{{"name", "app"}, {"type", "formula"},
           {"inputs", {{"P", {{"unit", "1"}, {"value", 2}}}, {"W", {{"unit", "s"}, {"value", 6}}}}},
           {"outputs", {{"T", {{"unit", "s"}, {"expr", "W / (P - 1)"}}}}}};
    json extra{{"parameters", json::array({{{"name", "P"}, {"unit", "count"}, {"value", 2}, {"min", 1}, {"max", 64}}})},
               {"wires", json::array({{{"from", "P"}, {"to", "app.P"}}})},
               {"sweep", {{"speedup", {{"param", ""}}}}}};
    const DesignDocument doc = documentFromJson(documentWith(b, extra));
    const SweepTable t = runSweep(doc, {{"P", {1, 2, 3, 4}}});
    REQUIRE(t.points == 4);
    const int T = t.column("T");
    REQUIRE(T >= 0);
    // P = 1: 6 / 0. The row fails and says why; the others stand: 6/1, 6/2, 6/3.
    CHECK(std::isnan(t.at(0, static_cast<std::size_t>(T))));
    REQUIRE(t.error(0));
    CHECK_THAT(*t.error(0), Contains("output T is not finite (inf)") && Contains("P=1"));
    CHECK(t.at(1, static_cast<std::size_t>(T)) == 6.0);
    CHECK(t.at(2, static_cast<std::size_t>(T)) == 3.0);
    CHECK(t.at(3, static_cast<std::size_t>(T)) == 2.0);
    CHECK(t.error(1) == nullptr);
}

TEST_CASE("formula blocks evaluate from several threads at once", "[formula]")
{
    const DesignDocument doc = documentFromJson(documentWith(json::parse(kStencilBlock)));
    const Plan plan = doc.design.compile();
    const int p = plan.slotOf("app.P"), total = plan.slotOf("app.T_comp");
    // T_comp = 0.110592 / P: at P = 1 and P = 2, 0.110592 and 0.055296 s.
    auto work = [&](double P, double expect, int* bad) {
        std::vector<double> slots = plan.initialSlots();
        for (int i = 0; i < 20000; ++i) {
            slots[static_cast<std::size_t>(p)] = P;
            plan.run(slots.data(), nullptr);
            if (std::abs(slots[static_cast<std::size_t>(total)] - expect) > 1e-15)
                ++*bad;
        }
    };
    int bad1 = 0, bad2 = 0;
    std::thread a(work, 1.0, 0.110592, &bad1), b(work, 2.0, 0.055296, &bad2);
    a.join();
    b.join();
    CHECK(bad1 == 0);
    CHECK(bad2 == 0);
}

TEST_CASE("formula blocks refuse bad units naming the output, the term and both units", "[formula]")
{
    // T = L + G: seconds plus seconds per byte.
    CHECK_THAT(refusal(stencilWith("T", "expr", "L + G")),
               Contains("blocks[0].outputs.T.expr: output T: 'L + G' adds 'L' in s and 'G' in s/B; the units must agree"));
    // A computed unit other than the declared one.
    CHECK_THAT(refusal(stencilWith("T_comp", "expr", "iters * N^3 * t_cell / P / w")),
               Contains("blocks[0].outputs.T_comp.unit: output T_comp is declared in s (s) but "
                        "'iters * N^3 * t_cell / P / w' is in s/B"));
    CHECK_THAT(refusal(stencilWith("T", "unit", "B")), Contains("output T is declared in B (B) but"));
    CHECK_THAT(refusal(stencilWith("T", "unit", "furlong")),
               Contains("blocks[0].outputs.T.unit: unknown unit 'furlong' (one of 1, count, s, B, B/s, s/B, 1/s, USD)"));
}

TEST_CASE("formula blocks refuse unknown names, cycles, huge text, and infinite values", "[formula]")
{
    CHECK_THAT(refusal(stencilWith("T", "expr", "T_comp + T_hallo")),
               Contains("blocks[0].outputs.T.expr: output T: at position 10: unknown name 'T_hallo'"));
    CHECK_THAT(refusal(stencilWith("T_comp", "expr", "T - T_halo")),
               Contains("blocks[0].outputs.T.expr: outputs depend on each other in a cycle: T -> T_comp -> T"));
    CHECK_THAT(refusal(stencilWith("T", "expr", "T + 1")), Contains("cycle: T -> T"));
    std::string huge(1 << 20, ' ');
    huge += "L";
    CHECK_THAT(refusal(stencilWith("T", "expr", huge)),
               Contains("blocks[0].outputs.T.expr: output T: is 1048577 characters long; at most 10000"));
    CHECK_THAT(refusal(stencilWith("T", "expr", std::string(100000, '(') + "L" + std::string(100000, ')'))),
               Contains("is 200001 characters long"));
    json b = json::parse(kStencilBlock);
    b["inputs"]["L"]["value"] = std::numeric_limits<double>::infinity();
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0].inputs.L.value: input L = inf is not a finite number"));
    b = json::parse(kStencilBlock);
    b["inputs"]["L"]["value"] = std::nan("");
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0].inputs.L.value"));
    b = json::parse(kStencilBlock);
    b["inputs"]["P"]["min"] = 16; // the value 8 is below it
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0].inputs.P.value: input P = 8 is out of range [16"));
    b = json::parse(kStencilBlock);
    b["inputs"]["log2"] = {{"unit", "1"}, {"value", 1}};
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0].inputs.log2: 'log2' is the name of a function"));
    b = json::parse(kStencilBlock);
    b["inputs"]["T"] = {{"unit", "s"}, {"value", 1}};
    CHECK_THAT(refusal(documentWith(b)), Contains("'T' is both an input and an output"));
    b = json::parse(kStencilBlock);
    b["inputs"]["N"]["colour"] = "red";
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0].inputs.N"));
    b = json::parse(kStencilBlock);
    b["values"] = {{"N", 3}};
    CHECK_THAT(refusal(documentWith(b)), Contains("blocks[0]"));
}

TEST_CASE("a formula's NaN at a point fails that row with the output and its inputs", "[formula]")
{
    json b{{"name", "app"}, {"type", "formula"},
           {"inputs", {{"x", {{"unit", "1"}, {"value", 4}}}}},
           {"outputs", {{"y", {{"unit", "1"}, {"expr", "sqrt(x)"}}}}}};
    const DesignDocument doc = documentFromJson(documentWith(b));
    CHECK(outputOf(doc, "app.y") == 2.0);
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    slots[static_cast<std::size_t>(plan.slotOf("app.x"))] = -1;
    EvalError err;
    CHECK_FALSE(plan.run(slots.data(), &err));
    // sqrt(-1) is NaN (printed "-nan" by the C library here).
    CHECK_THAT(err.message, Contains("block 'app' (formula): output y is not finite (") && Contains("nan) for inputs x=-1"));
}

TEST_CASE("the INIC FFT written as a formula agrees with the built-in inic.fft2d", "[formula]")
{
    // Two independent statements of 000 eqs. (3)-(10): the formula is written
    // from the paper (S = rows^2 elem / P), the block in C++ (M = ceil(rows / P)).
    // Where P divides rows they must agree.
    const DesignDocument f = loadDocument(std::string(CS_SOURCE_DIR) + "/bench/formula-inic-fft2d.json");
    Design builtin;
    builtin.addBlock("fft", "inic.fft2d");
    const Plan pf = f.design.compile(), pb = builtin.compile();
    // The default point, by hand: rows 1024, P 8, elem 16: S = 1024^2 x 16 / 8 = 2 MiB = 2097152 B,
    // S / P = 262144 B. T_compute = 2 x 1e-4 x 128 = 0.0256 s. T_dtc = 262144 / 83886080 = 3.125e-3 s,
    // T_dtg = 262144 / 94371840 = 2.7778e-3 s, T_dfg = 7 x that = 1.94444e-2 s, T_dth = 2097152 / 83886080
    // = 0.025 s; one transpose 0.0503472 s, T_trans 0.1006944 s, T = 0.1262944 s.
    {
        std::vector<double> s = pf.initialSlots();
        pf.runOrThrow(s.data());
        CHECK(s[static_cast<std::size_t>(pf.slotOf("fft.T"))] ==
              Approx(0.0256 + 2 * (3.125e-3 + 262144.0 / 94371840 * 8 + 0.025)).epsilon(1e-12));
    }
    const char* outputs[] = {"S", "T_compute", "T_dtc", "T_dtg", "T_dfg", "T_dth", "T_transpose", "T_trans", "T"};
    struct Point {
        double rows, P, B_net;
    };
    for (const Point pt : {Point{1024, 1, 1e13}, Point{1024, 2, 1e13}, Point{1024, 16, 1e13}, Point{256, 64, 1e13},
                           Point{4096, 8, 5e7}}) {
        INFO("rows " << pt.rows << " P " << pt.P << " B_net " << pt.B_net);
        std::vector<double> a = pf.initialSlots(), b = pb.initialSlots();
        for (const auto& [name, v] : {std::pair{"fft.rows", pt.rows}, std::pair{"fft.P", pt.P},
                                      std::pair{"fft.B_net", pt.B_net}}) {
            a[static_cast<std::size_t>(pf.slotOf(name))] = v;
            b[static_cast<std::size_t>(pb.slotOf(name))] = v;
        }
        pf.runOrThrow(a.data());
        pb.runOrThrow(b.data());
        for (const char* o : outputs) {
            INFO(o);
            const std::string path = std::string("fft.") + o;
            CHECK(a[static_cast<std::size_t>(pf.slotOf(path))] ==
                  Approx(b[static_cast<std::size_t>(pb.slotOf(path))]).epsilon(1e-12));
        }
    }
    // The same breakdown: the four delays are phases of one transpose, T_compute and T_trans of T.
    const BlockSpec& fs = f.design.block("fft").spec();
    const BlockSpec& bs = builtin.block("fft").spec();
    for (const char* o : outputs)
        CHECK(fs.outputs[static_cast<std::size_t>(fs.outputIndex(o))].phaseOf ==
              bs.outputs[static_cast<std::size_t>(bs.outputIndex(o))].phaseOf);
}

TEST_CASE("the registry lists the empty formula, and a design can hold one from the palette", "[formula]")
{
    const Block* f = BlockRegistry::builtin().find("formula");
    REQUIRE(f);
    CHECK(asFormula(f));
    CHECK(f->spec().inputs.empty());
    CHECK(f->spec().outputs.empty());
    // Added by type (the palette's edit makes it the design's own: test_edit_formula.cpp); written and read
    // back as a formula with nothing in it.
    DesignDocument doc;
    doc.design.addBlock("mine", "formula");
    const json written = json::parse(serializeDocument(doc))["blocks"][0];
    CHECK(written == json{{"name", "mine"}, {"type", "formula"}, {"inputs", json::object()}, {"outputs", json::object()}});
    CHECK(asFormula(parseDocument(serializeDocument(doc)).design.block("mine").block));
}
