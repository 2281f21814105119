// edit::setFormula: a formula block's definition replaced as one edit, the
// way the inspector's formula editor applies it.
#include "model/core/Plan.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/formula/FormulaBlock.h"
#include "tests/model/formula/StencilBlock.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using Catch::Contains;
using nlohmann::json;

namespace {

// The stencil of issue 31, with a design parameter P wired into it and a
// sweep axis on its iteration count.
json stencilDocument()
{
    return test::stencilDocument(json::parse(R"json({
 "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024}],
 "wires": [{"from": "P", "to": "app.P"}],
 "variants": [{"name": "stencil", "total": "app.T"}],
 "sweep": {"axes": [{"path": "app.iters", "values": "10,50"}]}})json"));
}

double outputOf(const DesignDocument& doc, const std::string& path)
{
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    return slots[static_cast<std::size_t>(plan.slotOf(path))];
}

FormulaDefinition definitionOf(const DesignDocument& doc)
{
    return asFormula(doc.design.block("app").block)->definition();
}

FormulaOutput* output(FormulaDefinition& def, const std::string& name)
{
    for (FormulaOutput& o : def.outputs)
        if (o.name == name)
            return &o;
    return nullptr;
}

} // namespace

TEST_CASE("edit: a formula's expression changed, its wires, sweep and calibrated values kept, undone in one step",
          "[edit][formula]")
{
    DesignDocument doc = documentFromJson(stencilDocument());
    // T = T_comp + T_halo = 0.013824 + 5.62368e-3 = 0.01944768 s (test_formula_block.cpp derives both).
    REQUIRE(outputOf(doc, "app.T") == Approx(0.01944768).epsilon(1e-12));
    // A calibrated t_cell: kept when the new definition keeps the same default.
    Provenance fitted;
    fitted.kind = ProvenanceKind::Calibrated;
    fitted.detail = "a fit";
    fitted.ciLow = 4e-9;
    fitted.ciHigh = 6e-9;
    REQUIRE(edit::setValue(doc, "app.t_cell", 5e-9, fitted).ok());

    FormulaDefinition def = definitionOf(doc);
    output(def, "T_halo")->expr = "iters * 4 * (L + w * N^2 / P^(2/3) * G)"; // 4 faces, not 6
    const edit::Outcome o = edit::setFormula(doc, "app", def);
    INFO(o.message());
    REQUIRE(o.ok());
    CHECK(o.change.structure);
    CHECK(o.change.cleanup.empty());
    // T_comp with t_cell = 5e-9: 0.013824 x 2 = 0.027648 s.
    // T_halo = 50 x 4 x 1.87456e-5 = 3.74912e-3 s. T = 0.03139712 s.
    CHECK(outputOf(doc, "app.T_halo") == Approx(3.74912e-3).epsilon(1e-12));
    CHECK(outputOf(doc, "app.T") == Approx(0.03139712).epsilon(1e-12));
    const BlockInstance& app = doc.design.block("app");
    CHECK(app.values[static_cast<std::size_t>(app.spec().inputIndex("t_cell"))].provenance.kind ==
          ProvenanceKind::Calibrated);
    CHECK(doc.design.wireInto({"app", "P"}) != nullptr);
    REQUIRE(doc.sweep.axes.size() == 1);
    // Written and read back, the new expression is the document's.
    const DesignDocument back = documentFromJson(documentToJson(doc));
    CHECK(outputOf(back, "app.T") == Approx(0.03139712).epsilon(1e-12));

    // Undo: the snapshot puts the old definition back.
    edit::restore(doc, o.before);
    CHECK(outputOf(doc, "app.T_halo") == Approx(5.62368e-3).epsilon(1e-12));
}

TEST_CASE("edit: a formula input removed takes its wire and sweep axis along, named in the cleanup", "[edit][formula]")
{
    DesignDocument doc = documentFromJson(stencilDocument());
    FormulaDefinition def = definitionOf(doc);
    // iters and P become constants of the expressions: their inputs go.
    std::erase_if(def.inputs, [](const FormulaInput& in) { return in.name == "iters" || in.name == "P"; });
    output(def, "T_comp")->expr = "50 * N^3 * t_cell / 8";
    output(def, "T_halo")->expr = "50 * 6 * (L + w * N^2 / 4 * G)";
    const edit::Outcome o = edit::setFormula(doc, "app", def);
    INFO(o.message());
    REQUIRE(o.ok());
    CHECK(doc.design.block("app").spec().inputs.size() == 5);
    CHECK(doc.design.wireInto({"app", "P"}) == nullptr);
    CHECK(doc.sweep.axes.empty());
    std::string cleanup;
    for (const std::string& line : o.change.cleanup)
        cleanup += line + "\n";
    CHECK_THAT(cleanup, Contains("wire P -> app.P removed"));
    CHECK_THAT(cleanup, Contains("sweep axis app.iters removed"));
    // The same point: 0.01944768 s.
    CHECK(outputOf(doc, "app.T") == Approx(0.01944768).epsilon(1e-12));
}

TEST_CASE("edit: a formula the block refuses leaves the document as it was, naming the member", "[edit][formula]")
{
    DesignDocument doc = documentFromJson(stencilDocument());
    const json before = documentToJson(doc);
    FormulaDefinition def = definitionOf(doc);
    output(def, "T")->expr = "L + G"; // seconds plus seconds per byte
    edit::Outcome o = edit::setFormula(doc, "app", def);
    REQUIRE_FALSE(o.ok());
    CHECK(o.problems.front().path == "blocks.app.outputs.T.expr");
    CHECK_THAT(o.message(), Contains("s/B"));
    CHECK(documentToJson(doc) == before);

    def = definitionOf(doc);
    output(def, "T")->expr = "T_comp + T_hal"; // an unknown name
    o = edit::setFormula(doc, "app", def);
    REQUIRE_FALSE(o.ok());
    CHECK_THAT(o.message(), Contains("T_hal"));

    def = definitionOf(doc);
    output(def, "T_comp")->expr = "T + 1"; // T_comp -> T -> T_comp
    o = edit::setFormula(doc, "app", def);
    REQUIRE_FALSE(o.ok());
    CHECK_THAT(o.message(), Contains("cycle"));
    CHECK(documentToJson(doc) == before);

    // Only a formula has a definition to replace.
    DesignDocument other = documentFromJson(json::parse(
        R"({"format": "clusterscope-design", "version": 3, "blocks": [{"name": "fft", "type": "inic.fft2d"}]})"));
    o = edit::setFormula(other, "fft", def);
    REQUIRE_FALSE(o.ok());
    CHECK_THAT(o.message(), Contains("not a formula"));
    CHECK_FALSE(edit::setFormula(other, "nope", def).ok());
}

TEST_CASE("edit: a formula block added by type (the palette's edit) takes a definition at once (issue 48, defect 1)",
          "[edit][formula]")
{
    // Before, edit::addBlock added the registry's empty formula, which setFormula refused ("block f is not one
    // the design defines") until the document was saved and read again.
    DesignDocument doc;
    REQUIRE(edit::addBlock(doc, "f", "formula").ok());
    FormulaDefinition def;
    FormulaInput x;
    x.name = "x";
    x.unit = Unit::Seconds;
    x.value.value = 3.0;
    def.inputs.push_back(x);
    FormulaOutput y;
    y.name = "y1";
    y.expr = "2 * x";
    def.outputs.push_back(y);
    const edit::Outcome o = edit::setFormula(doc, "f", def);
    INFO(o.message());
    REQUIRE(o.ok());
    CHECK(outputOf(doc, "f.y1") == Approx(6.0));
}
