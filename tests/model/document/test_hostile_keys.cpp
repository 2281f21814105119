// Documents that mean something other than what they say: misspelled and
// misplaced keys, data after the value, names that draw on the terminal,
// values that only the evaluation used to refuse, and files whose tree
// would take gigabytes.
#include "../core/TestBlocks.h"
#include "model/document/DocumentFormat.h"
#include "model/core/StrictJson.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace cs;
using cs::test::testRegistry;
using nlohmann::json;

namespace {

json base()
{
    return json::parse(R"({
      "format": "clusterscope-design", "version": 3, "name": "base",
      "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
      "blocks": [{"name": "a", "type": "test.scale", "values": {"x": 3}}, {"name": "c", "type": "test.count"}],
      "wires": [{"from": "P", "to": "c.P"}],
      "variants": [{"name": "fast", "total": "a.y", "overrides": {"a.x": 1}}],
      "sweep": {"axes": [{"path": "P", "values": "1:4"}], "speedup": {"param": "P", "baseline": 1}},
      "costs": [{"name": "node", "usd": 10, "per": "P"}],
      "measured": [], "calibration": [], "nodes": [], "layout": {}
    })");
}

std::vector<std::string> problemsOf(const std::string& text)
{
    try {
        parseDocument(text, testRegistry());
    } catch (const DocumentError& e) {
        return e.problems();
    }
    return {};
}

std::string firstProblem(const json& j)
{
    const auto p = problemsOf(j.dump());
    return p.empty() ? "(no error)" : p.front();
}

} // namespace

TEST_CASE("the base document of the key tests loads", "[document][hostile][keys]")
{
    CHECK(problemsOf(base().dump()).empty());
}

TEST_CASE("a misspelled or misplaced key is refused with its path", "[document][hostile][keys]")
{
    json j = base();
    // The report's case: "overides" would have left the variant at the base values.
    j["variants"][0]["overides"] = j["variants"][0]["overrides"];
    j["variants"][0].erase("overrides");
    CHECK(firstProblem(j) ==
          "variants[0].overides: unknown key \"overides\" (this object takes name, total, overrides)");

    j = base();
    j["blocks"][0]["vaules"] = {{"x", 5}};
    CHECK(firstProblem(j) == "blocks[0].vaules: unknown key \"vaules\" (this object takes name, type, values)");

    j = base();
    j["wire"] = json::array({{{"from", "P"}, {"to", "c.P"}}});
    CHECK_THAT(firstProblem(j), Catch::StartsWith("wire: unknown key \"wire\" (this object takes format, version,"));
    j = base();
    j["cost"] = json::array();
    CHECK_THAT(firstProblem(j), Catch::StartsWith("cost: unknown key \"cost\""));

    // Version 1's names inside a version-3 document say what they became.
    j = base();
    j["connections"] = json::array({"P -> c.P"});
    CHECK(firstProblem(j) ==
          "connections: unknown key \"connections\" (version 1's name for 'wires'; this is a version-3 document)");
    j = base();
    j["total"] = "a.y";
    CHECK(firstProblem(j) ==
          "total: unknown key \"total\" (version 1's name for 'variants'; this is a version-3 document)");
    j = base();
    j["blocks"][0]["inputs"] = {{"x", 5}};
    CHECK(firstProblem(j) ==
          "blocks[0].inputs: unknown key \"inputs\" (version 1's name for 'values'; this is a version-3 document)");

    // Every object of the design sections is strict.
    j = base();
    j["parameters"][0]["maximum"] = 8;
    CHECK_THAT(firstProblem(j), Catch::StartsWith("parameters[0].maximum: unknown key \"maximum\""));
    j = base();
    j["wires"][0]["form"] = "P";
    CHECK_THAT(firstProblem(j), Catch::StartsWith("wires[0].form: unknown key"));
    j = base();
    j["sweep"]["speedup"]["baseilne"] = 2;
    CHECK_THAT(firstProblem(j), Catch::StartsWith("sweep.speedup.baseilne: unknown key"));
    j = base();
    j["sweep"]["axes"][0]["value"] = "1:8";
    CHECK_THAT(firstProblem(j), Catch::StartsWith("sweep.axes[0].value: unknown key"));
    j = base();
    j["costs"][0]["variant"] = json::array({"fast"});
    CHECK_THAT(firstProblem(j), Catch::StartsWith("costs[0].variant: unknown key"));
    j = base();
    j["blocks"][0]["values"]["x"] = {{"value", 2}, {"provenence", {{"kind", "user"}}}};
    CHECK_THAT(firstProblem(j), Catch::StartsWith("blocks[0].values.x.provenence: unknown key"));
    j = base();
    j["blocks"][0]["values"]["x"] = {{"value", 2}, {"provenance", {{"kind", "user"}, {"fitedTo", "c1"}}}};
    CHECK_THAT(firstProblem(j), Catch::StartsWith("blocks[0].values.x.provenance.fitedTo: unknown key"));
    j = base();
    j["nodes"] = json::array({{{"name", "n1"}, {"transport", "ssh"}, {"host", "h"}, {"hostfle", "/etc/hosts"}}});
    CHECK_THAT(firstProblem(j), Catch::StartsWith("nodes[0].hostfle: unknown key"));
    j = base();
    j["imported"] = json::array({{{"name", "s"}, {"x", {1}}, {"y", {2}}, {"z", {3}}}});
    CHECK_THAT(firstProblem(j), Catch::StartsWith("imported[0].z: unknown key"));
    // A key is quoted as JSON: a control character in it is shown escaped.
    j = base();
    j["a\x1b[2Jb"] = 1;
    CHECK_THAT(firstProblem(j), Catch::Contains("unknown key \"a\\u001b[2Jb\""));
}

TEST_CASE("records other programs write keep unknown keys, with a warning naming them", "[document][hostile][keys]")
{
    json j = base();
    j["measured"] = json::array({{{"probe", "net.pingpong"}, {"status", "ok"}, {"summary", json::object()},
                                  {"job", 7}, {"parts", json::array({{{"node", "n"}, {"pinned_by", "x"}}})}}});
    j["calibration"] = json::array({{{"format", "clusterscope-calibration"}, {"version", 1}, {"operator", "me"}}});
    const DesignDocument doc = documentFromJson(j, testRegistry());
    REQUIRE(doc.warnings.size() == 3);
    CHECK(doc.warnings[0] == "measured[0].job: unknown key \"job\", kept as it is (a record from another version or "
                             "program?)");
    CHECK_THAT(doc.warnings[1], Catch::StartsWith("measured[0].parts[0].pinned_by: unknown key"));
    CHECK_THAT(doc.warnings[2], Catch::StartsWith("calibration[0].operator: unknown key"));
    // Kept as they are, so a save writes them back.
    CHECK(documentToJson(doc)["measured"][0]["job"] == 7);
    CHECK(documentFromJson(base(), testRegistry()).warnings.empty());
    // The keys ClusterScope's own runner writes are known: an MPI job's rank_hosts (JobResult.cpp) is no warning.
    j = base();
    j["measured"] = json::array({{{"probe", "mpi.app.fft2d"}, {"status", "ok"}, {"summary", json::object()},
                                  {"rank_hosts", json::array({"10.240.0.1", "10.240.0.2"})}}});
    CHECK(documentFromJson(j, testRegistry()).warnings.empty());
}

TEST_CASE("data after the JSON value, a NUL byte included, is refused", "[document][hostile][keys]")
{
    const std::string text = base().dump();
    CHECK(problemsOf(text + " \n").empty()); // white space is fine
    CHECK_THAT(problemsOf(text + " {}").front(), Catch::StartsWith("(document): malformed JSON at byte"));
    CHECK_THAT(problemsOf(text + "x").front(), Catch::Contains("expected end of input"));
    // The library stops at a NUL as at the end of the text: what follows
    // would be ignored, so the NUL itself is refused, wherever it is.
    const std::string afterNul = text + std::string(1, '\0') + "{\"format\": 1}";
    CHECK(problemsOf(afterNul).front() == "(document): a NUL byte at byte " + std::to_string(text.size()) +
                                             "; JSON text holds none (a string writes it as \\u0000)");
    std::string inside = text;
    inside[10] = '\0';
    CHECK_THAT(problemsOf(inside).front(), Catch::StartsWith("(document): a NUL byte at byte 10;"));
    // Escaped, a NUL in a string is JSON; in a name it is a control character.
    json j = base();
    j["variants"][0]["name"] = std::string("fa\0st", 5);
    CHECK(firstProblem(j) == "variants[0].name: the variant name \"fa\\u0000st\" holds the control character U+0000");
}

TEST_CASE("names are not empty and hold no control or bidirectional characters", "[document][hostile][keys]")
{
    json j = base();
    j["variants"][0]["name"] = "";
    CHECK(firstProblem(j) == "variants[0].name: a variant name must not be empty");
    j["variants"][0]["name"] = "\xE2\x80\xAE" "tsaf"; // U+202E RIGHT-TO-LEFT OVERRIDE: shows as "fast"
    CHECK(firstProblem(j) ==
          "variants[0].name: the variant name \"\\u202etsaf\" holds the bidirectional formatting character U+202E");
    j = base();
    j["name"] = "";
    CHECK(firstProblem(j) == "name: must not be empty");
    j["name"] = "GigE\x1b]0;owned\x07";
    CHECK(firstProblem(j) == "name: \"GigE\\u001b]0;owned\\u0007\" holds the control character U+001B");
    j = base();
    j["description"] = "two\nlines\tand a tab"; // a description may have lines
    CHECK(problemsOf(j.dump()).empty());
    j["source"] = "seed\r";
    CHECK(firstProblem(j) == "source: \"seed\\r\" holds the control character U+000D");
    j = base();
    j["costs"][0]["name"] = "\xC2\x9B" "2J"; // U+009B, the one-byte CSI
    CHECK(firstProblem(j) == "costs[0].name: the cost name \"\\u009b2J\" holds the control character U+009B");
    j = base();
    j["nodes"] = json::array({{{"name", ""}, {"transport", "local"}}});
    CHECK(firstProblem(j) == "nodes[0].name: must not be empty");
    j["nodes"] = json::array({{{"name", "n\x1b[1A"}, {"transport", "local"}}});
    CHECK(firstProblem(j) == "nodes[0].name: \"n\\u001b[1A\" holds the control character U+001B");
    j["nodes"] = json::array({{{"name", "n"}, {"transport", "ssh"}, {"host", "h"},
                               {"sshOptions", {"Port=22", "User=\xE2\x81\xA6x"}}}});
    CHECK(firstProblem(j) == "nodes[0].sshOptions[1]: \"User=\\u2066x\" holds the bidirectional formatting "
                             "character U+2066");
    j = base();
    j["imported"] = json::array({{{"name", ""}, {"x", {1}}, {"y", {2}}}});
    CHECK(firstProblem(j) == "imported[0].name: must not be empty");

    // Block, parameter and drawn vertex names.
    j = base();
    j["blocks"][0]["name"] = "";
    CHECK(firstProblem(j) == "blocks[0].name: block name must not be empty");
    j = base();
    j["parameters"][0]["name"] = "P\xE2\x80\x8E"; // U+200E LEFT-TO-RIGHT MARK
    CHECK(firstProblem(j) ==
          "parameters[0].name: design parameter name 'P\\u200e' may only contain letters, digits, '_' and '-'");
    j = base();
    j["topology"] = json::parse(R"({"vertices": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"},
      {"id": "sw", "kind": "switch"}], "edges": [{"from": "a", "to": "sw", "bandwidth": "1Gbit/s"},
      {"from": "b", "to": "sw", "bandwidth": "1Gbit/s"}]})");
    CHECK(problemsOf(j.dump()).empty());
    j["topology"]["vertices"][0]["id"] = "h\xE2\x80\xAE" "1"; // U+202E
    j["topology"]["edges"][0]["from"] = j["topology"]["vertices"][0]["id"];
    CHECK(firstProblem(j) == "topology.vertices[0].id: \"h\\u202e1\" holds the bidirectional formatting character "
                             "U+202E");

    // An untitled document is saved without a name, and reads back.
    DesignDocument untitled = documentFromJson(base(), testRegistry());
    untitled.name.clear();
    CHECK_FALSE(documentToJson(untitled).contains("name"));
    CHECK(documentFromJson(documentToJson(untitled), testRegistry()).name.empty());
}

TEST_CASE("values a variant or the speedup reference writes are checked on load, with their path",
          "[document][hostile][keys]")
{
    // These used to pass the loader and fail only in eval, naming neither the
    // file nor the path.
    json j = base();
    j["variants"][0]["overrides"] = {{"a.x", -1}};
    CHECK(firstProblem(j) == "variants[0].overrides.a.x: block 'a' (test.scale): input x = -1 is out of range [0, 1e+06] s");
    j["variants"][0]["overrides"] = {{"P", 100}};
    CHECK(firstProblem(j) == "variants[0].overrides.P: design parameter P = 100 is out of range [1, 64]");
    j["variants"][0]["overrides"] = {{"P", 2.5}};
    CHECK_THAT(firstProblem(j), Catch::StartsWith("variants[0].overrides.P: design parameter P = 2.5"));
    j = base();
    j["sweep"]["speedup"]["baseline"] = 0;
    CHECK(firstProblem(j) == "sweep.speedup.baseline: design parameter P = 0 is out of range [1, 64]");
    j["sweep"]["speedup"]["baseline"] = 65;
    CHECK(firstProblem(j) == "sweep.speedup.baseline: design parameter P = 65 is out of range [1, 64]");
}

TEST_CASE("a file whose tree would take too much memory is refused with the estimate", "[document][hostile][memory]")
{
    // 100,000 empty objects: 16 bytes in the array + 64 for each map, 8 MB
    // of tree from 300 kB of text (the arithmetic is StrictSax's estimate).
    std::string text = "{\"measured\": [";
    for (int i = 0; i < 100000; ++i)
        text += i ? ",{}" : "{}";
    text += "]}";
    // root 16 + object 64 + member 96 + array 40 + 100000 x (16 + 64) = 8,000,216 bytes.
    CHECK_THROWS_WITH(parseStrictJson(text, kMaxJsonDepth, 4'000'000),
                      "(document): reading this document would take about 8 MiB of memory (100002 JSON values), "
                      "more than the 4 MiB a document may take");
    CHECK_NOTHROW(parseStrictJson(text, kMaxJsonDepth, 8'000'216));
    CHECK_THROWS(parseStrictJson(text, kMaxJsonDepth, 8'000'215));
    // A syntax error after the bound is still a syntax error.
    CHECK_THROWS_WITH(parseStrictJson(text + "x", kMaxJsonDepth, 4'000'000), Catch::Contains("malformed JSON"));
}

TEST_CASE("a document of a million bad entries keeps a bounded list of problems", "[document][hostile][memory]")
{
    json j = base();
    j["measured"] = json::array();
    for (int i = 0; i < 5000; ++i)
        j["measured"].push_back(json::object());
    const auto p = problemsOf(j.dump());
    REQUIRE(p.size() == 21);
    CHECK(p[0] == "measured[0]: missing required member 'probe'");
    // The validator stops counting at 1000: there are more than it says.
    CHECK(p.back() == "(document): and more than 980 more problems");
}
