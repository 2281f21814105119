// The typed parts of an edit's Change (issue 47): blocks, design parameters
// and wires by id, with added, removed, set and moved kept apart, found by
// comparing the design before and after, and swapped by inverse().
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/formula/FormulaBlock.h"
#include "tests/model/formula/StencilBlock.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using Names = std::vector<std::string>;
using Wires = std::vector<Wire>;

namespace {

const char* kDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "parts",
  "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024}],
  "blocks": [
    {"name": "fft", "type": "fftw.transpose"},
    {"name": "s", "type": "speedup.efficiency"}
  ],
  "wires": [{"from": "P", "to": "fft.P"}, {"from": "fft.T", "to": "s.T"}]
})";

Wire wire(const std::string& from, const std::string& to)
{
    const bool param = from.find('.') == std::string::npos;
    return {param ? Source::designParam(from) : Source::output(Endpoint::parse(from)), Endpoint::parse(to)};
}

} // namespace

TEST_CASE("change: a wire drawn or removed is named by its two ends, and undo swaps them", "[document][edit][change]")
{
    DesignDocument doc = parseDocument(kDoc);
    // (s.P counts the job's ranks and follows P from the start: Design::wireJobRanks.)
    REQUIRE(doc.design.wireInto({"s", "P"}));
    edit::Outcome o = edit::wire(doc, Source::designParam("P"), {"s", "P_ref"});
    REQUIRE(o.ok());
    CHECK(o.change.wiresAdded == Wires{wire("P", "s.P_ref")});
    CHECK(o.change.wiresRemoved.empty());
    CHECK(o.change.blocksAdded.empty());
    CHECK(o.change.blocksRemoved.empty());
    CHECK(o.change.blocksSet.empty());
    CHECK(o.change.inverse().wiresRemoved == Wires{wire("P", "s.P_ref")});
    CHECK(o.change.inverse().wiresAdded.empty());

    o = edit::unwire(doc, {"s", "T"});
    REQUIRE(o.ok());
    CHECK(o.change.wiresRemoved == Wires{wire("fft.T", "s.T")});
    CHECK(o.change.wiresAdded.empty());

    // Removed and drawn again as one step: no wire changed.
    o = edit::andThen(doc, edit::unwire(doc, {"fft", "P"}),
                      [&] { return edit::wire(doc, Source::designParam("P"), {"fft", "P"}); });
    REQUIRE(o.ok());
    CHECK(o.change.wiresAdded.empty());
    CHECK(o.change.wiresRemoved.empty());
}

TEST_CASE("change: a block removed names its wires as removed too, and a move names the block alone",
          "[document][edit][change]")
{
    DesignDocument doc = parseDocument(kDoc);
    edit::Outcome o = edit::removeBlocks(doc, {"fft"});
    REQUIRE(o.ok());
    CHECK(o.change.blocksRemoved == Names{"fft"});
    // Both wires touch fft, in the document's order.
    CHECK(o.change.wiresRemoved == Wires{wire("P", "fft.P"), wire("fft.T", "s.T")});
    const edit::Change undo = o.change.inverse();
    CHECK(undo.blocksAdded == Names{"fft"});
    CHECK(undo.wiresAdded == o.change.wiresRemoved);

    o = edit::moveBlocks(doc, {{"s", {10, 20}}});
    REQUIRE(o.ok());
    CHECK(o.change.movedBlocks == Names{"s"});
    CHECK(o.change.blocksAdded.empty());
    CHECK(o.change.blocksSet.empty());
    CHECK(o.change.wiresAdded.empty());
    CHECK(o.change.wiresRemoved.empty());
    CHECK(o.change.inverse().movedBlocks == Names{"s"}); // undo moves the same block back
}

TEST_CASE("change: a parameter's range set, a formula redefined, are set in place", "[document][edit][change]")
{
    DesignDocument doc = parseDocument(kDoc);
    edit::Outcome o = edit::setParameterRange(doc, "P", 1, 512);
    REQUIRE(o.ok());
    CHECK(o.change.paramsSet == Names{"P"});
    CHECK(o.change.paramsAdded.empty());
    CHECK(o.change.blocksSet.empty());

    // The stencil of issue 31 with P wired into it: P goes from its inputs, so the wire goes too.
    doc = documentFromJson(test::stencilDocument(nlohmann::json::parse(R"json({
 "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024}],
 "wires": [{"from": "P", "to": "app.P"}]})json")));
    FormulaDefinition def = asFormula(doc.design.block("app").block)->definition();
    // As test_edit_formula.cpp does: iters and P become constants of the expressions.
    std::erase_if(def.inputs, [](const FormulaInput& in) { return in.name == "iters" || in.name == "P"; });
    for (FormulaOutput& out : def.outputs) {
        if (out.name == "T_comp")
            out.expr = "50 * N^3 * t_cell / 8";
        if (out.name == "T_halo")
            out.expr = "50 * 6 * (L + w * N^2 / 4 * G)";
    }
    o = edit::setFormula(doc, "app", def);
    INFO(o.message());
    REQUIRE(o.ok());
    CHECK(o.change.blocksSet == Names{"app"});
    CHECK(o.change.blocksAdded.empty());
    CHECK(o.change.blocksRemoved.empty());
    CHECK(o.change.wiresRemoved == Wires{wire("P", "app.P")});
    CHECK(o.change.inverse().blocksSet == Names{"app"});
}
