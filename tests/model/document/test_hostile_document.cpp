// Documents written to break the loader: wrong shapes in the sections other
// readers trust, deep nesting, huge numbers, truncated versions, duplicate
// keys, values silently overridden, and messages that would echo megabytes.
#include "../core/TestBlocks.h"
#include "model/document/DocumentFormat.h"
#include "model/core/StrictJson.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace cs;
using cs::test::testRegistry;

namespace {

const char* kBase = R"({
  "format": "clusterscope-design", "version": 2, "name": "base",
  "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
  "blocks": [{"name": "a", "type": "test.scale", "values": {"x": 3}}, {"name": "c", "type": "test.count"}],
  "wires": [{"from": "P", "to": "c.P"}],
  "measured": [], "calibration": [], "nodes": [], "layout": {}
})";

std::string with(const std::string& key, const std::string& value)
{
    nlohmann::json j = nlohmann::json::parse(kBase);
    std::string text = j.dump();
    // Replace the member's text in place, so that values the library would
    // refuse to build (deep nesting, 1e309) can be spliced in as text.
    const std::string needle = "\"" + key + "\":";
    const auto at = text.find(needle);
    REQUIRE(at != std::string::npos);
    const auto start = at + needle.size();
    std::size_t end = start;
    int depth = 0;
    for (; end < text.size(); ++end) {
        const char c = text[end];
        if (c == '[' || c == '{')
            ++depth;
        else if (c == ']' || c == '}') {
            if (depth == 0)
                break;
            --depth;
        } else if (c == ',' && depth == 0)
            break;
    }
    return text.substr(0, start) + value + text.substr(end);
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

std::string firstProblem(const std::string& text)
{
    const auto p = problemsOf(text);
    return p.empty() ? "(no error)" : p.front();
}

std::string nested(int depth)
{
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

} // namespace

TEST_CASE("the base document of these tests loads", "[document][hostile]")
{
    CHECK(problemsOf(kBase).empty());
}

TEST_CASE("measured, nodes and calibration entries of the wrong shape are refused with their path",
          "[document][hostile]")
{
    CHECK(firstProblem(with("measured", "[5]")) == "measured[0]: expected an object, got number");
    CHECK(firstProblem(with("measured", R"([{"probe": 7, "status": "ok"}])")) ==
          "measured[0].probe: expected a string, got number");
    CHECK(firstProblem(with("measured", R"([{"probe": "p", "status": "ok", "summary": {"derived": {"L": 3}}}])")) ==
          "measured[0].summary.derived.L: expected an object, got number");
    CHECK(firstProblem(with("measured", R"([{"probe": "p", "status": "ok",
                                             "parts": [{"samples": {"rtt": [1, "x"]}}]}])")) ==
          "measured[0].parts[0].samples.rtt[1]: expected a number, got string");
    CHECK(firstProblem(with("measured", R"([{"probe": "p", "status": "fine"}])")) ==
          "measured[0].status: \"fine\" is not one of ok, failed, cancelled, pending, skipped");
    CHECK(firstProblem(with("nodes", R"(["local"])")) == "nodes[0]: expected an object, got string");
    CHECK(firstProblem(with("nodes", R"([{"port": 1e300}])")) ==
          "nodes[0]: port = 1e+300 is out of range [1, 65535]");
    CHECK(firstProblem(with("nodes", R"([{"sshOptions": "ProxyCommand=x"}])")) ==
          "nodes[0].sshOptions: expected an array, got string");
    CHECK(firstProblem(with("calibration", R"([{"params": [{"fit": 1e99}]}])")) ==
          "calibration[0].params[0].fit: 1e+99 is not a whole number in [-1000000000, 1000000000]");
    // A measured entry nested 10,000 deep never reaches the tree.
    CHECK_THAT(firstProblem(with("measured", "[" + nested(10000) + "]")),
               Catch::Matches("measured\\[0\\](\\[0\\])+: nested deeper than 64 levels"));
    // One problem per entry, and a bounded list for a file of many bad entries.
    std::string many = "[";
    for (int i = 0; i < 1000; ++i)
        many += std::string(i ? "," : "") + "1";
    const auto p = problemsOf(with("measured", many + "]"));
    REQUIRE(p.size() == 21);
    CHECK(p.back() == "(document): and 980 more problems");
}

TEST_CASE("a number too large for a double is refused with its path", "[document][hostile]")
{
    CHECK(firstProblem(with("values", R"({"x": 1e309})")) ==
          "blocks[0].values.x: the number 1e309 is too large for a double");
    CHECK(firstProblem(with("measured", "[1, 2, -1e400]")) == "measured[2]: the number -1e400 is too large for a double");
}

TEST_CASE("deep nesting is refused before any recursive walk", "[document][hostile]")
{
    CHECK(firstProblem(with("format", nested(100000))) == "format" + std::string() +
                                                             [] {
                                                                 std::string s;
                                                                 for (int i = 0; i < 63; ++i)
                                                                     s += "[0]";
                                                                 return s;
                                                             }() +
                                                             ": nested deeper than 64 levels");
    CHECK_THAT(firstProblem(with("layout", nested(200000))), Catch::EndsWith("nested deeper than 64 levels"));
    // 64 levels are fine (the bound is inclusive).
    CHECK(problemsOf(with("layout", R"({"deep": )" + nested(62) + "}")).empty());

    // A tree built in memory (not parsed) is refused too, without recursion.
    nlohmann::json deep = nlohmann::json::parse(kBase);
    nlohmann::json* leaf = &deep["layout"];
    *leaf = nlohmann::json::array();
    for (int i = 0; i < 100000; ++i) {
        leaf->push_back(nlohmann::json::array());
        leaf = &(*leaf)[0];
    }
    CHECK_THROWS_WITH(documentFromJson(deep, testRegistry()), "(document): nested deeper than 64 levels");
    // Let the tree go without recursion: take each level apart from the top.
    nlohmann::json rest = std::move(deep["layout"]);
    while (rest.is_array() && !rest.empty()) {
        nlohmann::json inner = std::move(rest[0]);
        rest = std::move(inner);
    }
}

TEST_CASE("a version beyond int is not truncated into a known one", "[document][hostile]")
{
    CHECK(firstProblem(with("version", "4294967297")) == "version: unknown version 4294967297 (this program reads 1 to 3)");
    CHECK(firstProblem(with("version", "18446744073709551615")) ==
          "version: unknown version 18446744073709551615 (this program reads 1 to 3)");
    CHECK(firstProblem(with("version", "-4294967295")) ==
          "version: unknown version -4294967295 (this program reads 1 to 3)");
}

TEST_CASE("a version 1 document whose connections are not a list is refused", "[document][hostile]")
{
    const char* v1 = R"({"format": "clusterscope-design", "version": 1, "name": "old",
      "blocks": [{"name": "a", "type": "test.scale"}, {"name": "b", "type": "test.scale"}],
      "connections": {"a.y": "b.x"}, "total": "b.y"})";
    CHECK(firstProblem(v1) == "connections: expected an array of \"SOURCE -> block.input\" strings, got object");
}

TEST_CASE("a value for a wired input and duplicate keys are refused", "[document][hostile]")
{
    CHECK(firstProblem(with("blocks", R"([{"name": "a", "type": "test.scale"},
                                         {"name": "c", "type": "test.count", "values": {"P": 8}}])")) ==
          "blocks[1].values.P: input c.P is wired from P, so this value would be ignored; remove the value or the wire");
    CHECK(firstProblem(with("values", R"({"x": 3, "x": 5})")) ==
          "blocks[0].values.x: the key \"x\" appears twice in this object");
    CHECK(firstProblem(R"({"format": "clusterscope-design", "format": "clusterscope-design", "version": 2})") ==
          "format: the key \"format\" appears twice in this object");
}

TEST_CASE("refusals are short: no cascades, no escapes, no echoed megabytes", "[document][hostile]")
{
    SECTION("a bad parameter is one line, not one per wire")
    {
        std::string wires = "[";
        std::string blocks = "[";
        for (int i = 0; i < 20; ++i) {
            blocks += std::string(i ? "," : "") + R"({"name": "c)" + std::to_string(i) + R"(", "type": "test.count"})";
            wires += std::string(i ? "," : "") + R"({"from": "P", "to": "c)" + std::to_string(i) + R"(.P"})";
        }
        nlohmann::json j = nlohmann::json::parse(kBase);
        j["parameters"] = nlohmann::json::parse(R"([{"name": "P", "unit": "count", "value": 0, "min": 1, "max": 64}])");
        j["blocks"] = nlohmann::json::parse(blocks + "]");
        j["wires"] = nlohmann::json::parse(wires + "]");
        const auto p = problemsOf(j.dump());
        REQUIRE(p.size() == 1);
        CHECK_THAT(p[0], Catch::StartsWith("parameters[0]"));
    }
    SECTION("a topology that fails to load is one line, not one more per parameter that follows it")
    {
        nlohmann::json j = nlohmann::json::parse(kBase);
        j["version"] = 3;
        j["parameters"] = nlohmann::json::parse(
            R"([{"name": "P", "unit": "count", "follows": "topology.hosts", "min": 1, "max": 4194304}])");
        // A 1448 x 1448 mesh: C(724 + 1, 2) = 262450 orbit roots under its
        // reflections x (2096704 + 2 x 4190512) steps = 2.74993e12, at 3.4e-9
        // s a step (TopologyBudget.cpp) times 2.4 for searches past
        // kCacheSize, 22439 s, the rest a few seconds: 6.2 h.
        j["topology"] = nlohmann::json::parse(R"({"generator": "mesh", "params": {"k": 1448, "dims": 2}})");
        const auto p = problemsOf(j.dump());
        REQUIRE(p.size() == 1);
        CHECK_THAT(p[0], Catch::StartsWith("topology.params: generator mesh: the metrics of a topology of 2096704 "
                                           "hosts and 4190512 links would take about 6.2 h"));
    }
    SECTION("an ill-formed path names its place")
    {
        nlohmann::json j = nlohmann::json::parse(kBase);
        j["costs"] = nlohmann::json::parse(R"([{"name": "n", "usd": 1, "per": "x."}])");
        CHECK(firstProblem(j.dump()) == "costs[0].per: 'x.' names no parameter, input or output");
    }
    SECTION("a 50 MB string is quoted by a short prefix")
    {
        const std::string huge(50'000'000, 'q');
        nlohmann::json j = nlohmann::json::parse(kBase);
        j["blocks"][0]["type"] = huge;
        j["costs"] = {{{"name", "n"}, {"usd", 1}, {"per", std::string(1'000'000, 'p')}}};
        j["format"] = std::string(1'000'000, 'f');
        for (const auto& problem : problemsOf(j.dump()))
            CHECK(problem.size() < 400);
        j["format"] = "clusterscope-design";
        const auto p = problemsOf(j.dump());
        REQUIRE(!p.empty());
        CHECK(p[0] == "blocks[0].type: unknown block type '" + std::string(60, 'q') + "\xE2\x80\xA6'");
        for (const auto& problem : p)
            CHECK(problem.size() < 400);
    }
    SECTION("a malformed file with a huge token")
    {
        const std::string text = "{\"format\": \"" + std::string(1'000'000, 'z');
        const std::string p = firstProblem(text);
        CHECK_THAT(p, Catch::StartsWith("(document): malformed JSON at byte"));
        CHECK(p.size() < 400);
    }
}

TEST_CASE("clipText keeps short text and cuts long text at a character boundary", "[document][hostile]")
{
    CHECK(clipText("short") == "short");
    CHECK(clipText(std::string(61, 'a')) == std::string(60, 'a') + "\xE2\x80\xA6");
    // "é" is two bytes: a cut inside it backs up to its start.
    const std::string accents = std::string(59, 'a') + "\xC3\xA9" + "bbb";
    CHECK(clipText(accents) == std::string(59, 'a') + "\xE2\x80\xA6");
    CHECK(clipJson(nlohmann::json::array({1, 2})) == "[1,2]");
}
