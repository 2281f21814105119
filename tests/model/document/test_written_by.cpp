// The program that saved a document is recorded in it ("written_by", docs/format.md): every save writes
// this program's version and commit, and the reader takes files with it, without it, and from other
// versions, and refuses a written_by that is not text.
#include "DocumentTestSupport.h"
#include "model/core/Version.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <regex>

using namespace cs;
using cs::test::problemsOf;
using cs::test::testRegistry;

namespace {

// A version-3 document of one block, as presets are written: no written_by.
const char* kPlain = R"({"format": "clusterscope-design", "version": 3, "name": "one scale",
  "blocks": [{"name": "a", "type": "test.scale", "values": {"x": 3}}]})";

} // namespace

TEST_CASE("the version line names the program, its version and its commit", "[document][version]")
{
    // The project's version is three numbers (CMakeLists.txt: project(... VERSION 0.1.0)); the commit
    // is git's abbreviated hash, or "unknown" for a tree built without git.
    CHECK(std::regex_match(programVersion(), std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")));
    CHECK(std::regex_match(programCommit(), std::regex("[0-9a-f]{7,40}|unknown")));
    CHECK(programVersionLine() ==
          std::string("ClusterScope ") + programVersion() + " (commit " + programCommit() + ")");
}

TEST_CASE("a document without written_by reads, and its save records this program", "[document][version]")
{
    const DesignDocument doc = parseDocument(kPlain, testRegistry());
    CHECK(doc.writtenBy.empty());
    const nlohmann::json saved = documentToJson(doc);
    REQUIRE(saved.contains("written_by"));
    CHECK(saved["written_by"] == programVersionLine());
    // Round trip: what was saved reads back, written_by and all.
    const DesignDocument again = documentFromJson(saved, testRegistry());
    CHECK(again.writtenBy == programVersionLine());
    CHECK(again.name == "one scale");
    CHECK(serializeDocument(again) == serializeDocument(doc));
}

TEST_CASE("a document another version wrote reads, and a save replaces its written_by", "[document][version]")
{
    nlohmann::json j = nlohmann::json::parse(kPlain);
    j["written_by"] = "ClusterScope 0.0.9 (commit 0123abc)";
    const DesignDocument doc = documentFromJson(j, testRegistry());
    CHECK(doc.writtenBy == "ClusterScope 0.0.9 (commit 0123abc)");
    CHECK(documentToJson(doc)["written_by"] == programVersionLine());
}

TEST_CASE("a written_by that is not text is refused with its path", "[document][version]")
{
    nlohmann::json j = nlohmann::json::parse(kPlain);
    j["written_by"] = 7;
    CHECK_THAT(problemsOf(j), Catch::Contains("(document).written_by: expected a string, got number"));
    j["written_by"] = "ClusterScope\x1b[2J";
    CHECK_THAT(problemsOf(j), Catch::Contains("written_by: ") && Catch::Contains("control character"));
}
