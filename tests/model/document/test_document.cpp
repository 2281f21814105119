#include "DocumentTestSupport.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

using namespace cs;
using cs::test::problemsOf;
using cs::test::testRegistry;

namespace {

const char* kGood = R"({
  "format": "clusterscope-design", "version": 2, "name": "two scales",
  "description": "a chain", "source": "test",
  "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
  "blocks": [
    {"name": "a", "type": "test.scale", "values": {"x": 3}},
    {"name": "b", "type": "test.scale", "values": {"a": {"value": 5, "provenance": {"kind": "calibrated",
        "detail": "run-7", "ci": [4.5, 5.5], "time": "2026-11-21T20:00:00Z", "nodes": "n1,n2"}}}},
    {"name": "c", "type": "test.count"}
  ],
  "wires": [{"from": "a.y", "to": "b.x"}, {"from": "P", "to": "c.P"}],
  "variants": [{"name": "chain", "total": "b.y", "overrides": {}},
               {"name": "count", "total": "c.t", "overrides": {"c.c": 0.5}}],
  "sweep": {"axes": [{"path": "P", "values": "1:4"}], "speedup": {"param": "P", "baseline": 1}},
  "costs": [{"name": "node", "usd": 100, "per": "P"}],
  "measured": [], "calibration": [], "nodes": []
})";

std::string withReplaced(std::string text, const std::string& from, const std::string& to)
{
    const auto pos = text.find(from);
    REQUIRE(pos != std::string::npos);
    return text.replace(pos, from.size(), to);
}

} // namespace

TEST_CASE("a valid document loads with values, provenance, wires and variants", "[document]")
{
    const DesignDocument doc = parseDocument(kGood, testRegistry());
    CHECK(doc.name == "two scales");
    CHECK(doc.design.blocks().size() == 3);
    CHECK(doc.design.value({"a", "x"}).value == 3.0);
    CHECK(doc.design.value({"a", "x"}).provenance.kind == ProvenanceKind::User);
    const ParamValue b = doc.design.value({"b", "a"});
    CHECK(b.provenance.kind == ProvenanceKind::Calibrated);
    CHECK(b.provenance.ciLow == 4.5);
    CHECK(b.provenance.nodes == "n1,n2");
    CHECK(doc.design.value({"b", "x"}).provenance.kind == ProvenanceKind::Wired);
    REQUIRE(doc.variants.size() == 2);
    CHECK(doc.variants[1].overrides.front() == std::make_pair(std::string("c.c"), 0.5));
    CHECK(doc.costs.front().per == "P");
}

TEST_CASE("load, save and load again gives an identical document", "[document]")
{
    const DesignDocument first = parseDocument(kGood, testRegistry());
    const std::string text1 = serializeDocument(first);
    const DesignDocument second = parseDocument(text1, testRegistry());
    CHECK(serializeDocument(second) == text1);
}

TEST_CASE("imported measured series are kept through save and load", "[document]")
{
    const std::string text = withReplaced(
        kGood, R"("measured": [])",
        R"("measured": [], "imported": [{"name": "bench", "file": "bench.csv", "x_name": "x", "y_name": "y",
                                          "x": [1024, 16384], "y": [4.6113e-05, 0.000401518]}])");
    const DesignDocument doc = parseDocument(text, testRegistry());
    REQUIRE(doc.imported.size() == 1);
    CHECK(doc.imported[0]["file"] == "bench.csv");
    CHECK(doc.imported[0]["y"][1] == 0.000401518);
    const std::string saved = serializeDocument(doc);
    CHECK(parseDocument(saved, testRegistry()).imported == doc.imported);
    // A document without imported series does not grow an empty section.
    CHECK(serializeDocument(parseDocument(kGood, testRegistry())).find("imported") == std::string::npos);
}

TEST_CASE("malformed documents give every error with its JSON path", "[document]")
{
    SECTION("truncated")
    {
        const std::string text = std::string(kGood).substr(0, 200);
        CHECK_THAT(problemsOf(text), Catch::StartsWith("(document): malformed JSON at byte"));
    }
    SECTION("wrong types")
    {
        auto t = withReplaced(kGood, R"("values": {"x": 3})", R"("values": {"x": "three"})");
        t = withReplaced(t, R"("name": "two scales")", R"("name": 7)");
        const std::string p = problemsOf(t);
        CHECK_THAT(p, Catch::Contains("(document).name: expected a string, got number"));
        CHECK_THAT(p, Catch::Contains("blocks[0].values.x: expected a number or {value, provenance}, got string"));
    }
    SECTION("an unknown block type")
    {
        CHECK_THAT(problemsOf(withReplaced(kGood, R"("type": "test.count")", R"("type": "test.nope")")),
                   Catch::Contains("blocks[2].type: unknown block type 'test.nope'"));
    }
    SECTION("an unknown input and an out-of-range value")
    {
        auto t = withReplaced(kGood, R"({"x": 3})", R"({"x": -3, "zz": 1})");
        const std::string p = problemsOf(t);
        CHECK_THAT(p, Catch::Contains("blocks[0].values.x: block 'a' (test.scale): input x = -3 is out of range [0, 1e+06] s"));
        CHECK_THAT(p, Catch::Contains("blocks[0].values.zz: block type test.scale has no input 'zz'"));
    }
    SECTION("a cycle")
    {
        auto t = withReplaced(kGood, R"({"from": "P", "to": "c.P"})", R"({"from": "b.y", "to": "a.x"})");
        CHECK_THAT(problemsOf(t), Catch::Contains("wires[1]: cannot connect b.y to a.x: wiring b.y to a.x would make a cycle"));
    }
    SECTION("a wire with mismatched units and one to nothing")
    {
        auto t = withReplaced(kGood, R"({"from": "P", "to": "c.P"})",
                              R"({"from": "a.y", "to": "c.P"}, {"from": "a.y", "to": "q.x"})");
        const std::string p = problemsOf(t);
        CHECK_THAT(p, Catch::Contains("wires[1]: cannot connect a.y to c.P: units differ"));
        CHECK_THAT(p, Catch::Contains("wires[2]: cannot connect a.y to q.x: no block named 'q'"));
    }
    SECTION("an unknown version")
    {
        CHECK(problemsOf(withReplaced(kGood, R"("version": 2)", R"("version": 99)")) ==
              "version: unknown version 99 (this program reads 1 to 3)");
        CHECK(problemsOf(withReplaced(kGood, R"("version": 2)", R"("version": "2")")) ==
              "version: expected an integer, got \"2\"");
    }
    SECTION("the wrong format")
    {
        CHECK_THAT(problemsOf(withReplaced(kGood, R"("clusterscope-design")", R"("other")")),
                   Catch::StartsWith("format: expected \"clusterscope-design\""));
    }
    SECTION("variants, sweep and costs that refer to nothing")
    {
        auto t = withReplaced(kGood, R"("total": "b.y")", R"("total": "b.q")");
        t = withReplaced(t, R"({"c.c": 0.5})", R"({"b.x": 0.5})");
        t = withReplaced(t, R"("path": "P", "values": "1:4")", R"("path": "Q", "values": "4:1")");
        t = withReplaced(t, R"("per": "P")", R"("per": "nothing")");
        const std::string p = problemsOf(t);
        CHECK_THAT(p, Catch::Contains("variants[0].total: block 'b' (test.scale) has no output 'q'"));
        CHECK_THAT(p, Catch::Contains("variants[1].overrides.b.x: input b.x is wired from a.y and cannot be set"));
        CHECK_THAT(p, Catch::Contains("sweep.axes[0].path: no design parameter named 'Q'"));
        CHECK_THAT(p, Catch::Contains("costs[0].per: 'nothing' names no parameter, input or output"));
    }
    SECTION("imported series with bad members")
    {
        auto t = withReplaced(kGood, R"("measured": [])",
                              R"("measured": [], "imported": [{"name": "a", "x": [1, 2], "y": [1, "two"]},
                                 {"name": "b", "x": [1, 2], "y": [1]}, {"x": [1], "y": [1]}, 5])");
        const std::string p = problemsOf(t);
        CHECK_THAT(p, Catch::Contains("imported[0].y[1]: expected a number, got string"));
        CHECK_THAT(p, Catch::Contains("imported[1]: x has 2 values but y has 1"));
        CHECK_THAT(p, Catch::Contains("imported[2]: missing required member 'name'"));
        CHECK_THAT(p, Catch::Contains("imported[3]: expected an object, got number"));
        CHECK_THAT(problemsOf(withReplaced(kGood, R"("measured": [])", R"("measured": [], "imported": {})")),
                   Catch::Contains("imported: expected an array, got object"));
    }
    SECTION("not an object")
    {
        CHECK(problemsOf("[1,2]") == "(document): expected a JSON object at the top level");
    }
}

TEST_CASE("a version 1 document is migrated", "[document]")
{
    const char* v1 = R"({
      "format": "clusterscope-design", "version": 1, "name": "old",
      "blocks": [{"name": "a", "type": "test.scale", "inputs": {"x": 2}},
                 {"name": "b", "type": "test.scale"}],
      "connections": ["a.y -> b.x"],
      "total": "b.y"
    })";
    const DesignDocument doc = parseDocument(v1, testRegistry());
    CHECK(doc.design.value({"a", "x"}).value == 2.0);
    REQUIRE(doc.design.wires().size() == 1);
    CHECK(doc.design.wires()[0].from.str() == "a.y");
    REQUIRE(doc.variants.size() == 1);
    CHECK(doc.variants[0].total == "b.y");
    CHECK(documentToJson(doc)["version"] == kDocumentVersion);
}

TEST_CASE("saves are atomic and loads name the file", "[document]")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("cs-doc-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "d.json").string();
    const DesignDocument doc = parseDocument(kGood, testRegistry());
    saveDocument(doc, path);
    CHECK(loadDocument(path, testRegistry()).name == "two scales");
    // No temporary files are left behind.
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir))
        ++files;
    CHECK(files == 1);

    // A corrupt file on disk: the message names the file; the old file is intact.
    writeFileAtomically((dir / "bad.json").string(), "{\"format\": ");
    CHECK_THROWS_WITH(loadDocument((dir / "bad.json").string(), testRegistry()),
                      Catch::StartsWith((dir / "bad.json").string() + ": (document): malformed JSON"));
    CHECK_THROWS_WITH(loadDocument((dir / "none.json").string(), testRegistry()), Catch::Contains("cannot open"));
    // Saving into a folder that does not exist fails cleanly.
    CHECK_THROWS_WITH(saveDocument(doc, (dir / "no" / "x.json").string()),
                      Catch::Contains("cannot create a temporary file"));
    fs::remove_all(dir);
}

TEST_CASE("speedup is measured along P when the document does not say", "[document]")
{
    // No P: no speedup parameter, and the saved file loads again.
    const char* noP = R"({"format": "clusterscope-design", "version": 2, "name": "x",
                          "blocks": [{"name": "a", "type": "test.scale"}]})";
    const DesignDocument a = parseDocument(noP, testRegistry());
    CHECK(a.sweep.speedupParam.empty());
    CHECK_NOTHROW(parseDocument(serializeDocument(a), testRegistry()));
    // With P and no sweep section: P.
    CHECK(parseDocument(kGood, testRegistry()).sweep.speedupParam == "P");
}
