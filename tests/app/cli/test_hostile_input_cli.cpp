// clusterscope-cli against input whose memory or meaning is not what it
// seems: a small document whose tree is huge, run under an address-space
// limit (prlimit --as) so that a failed allocation must end in a refusal,
// never in SIGABRT; probe results files checked like documents.
#include "CliTestSupport.h"
#include "app/cli/Cli.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

using cs::test::cli;
using cs::test::tempPath;
using nlohmann::json;

namespace {

std::string writeTemp(const std::string& name, const std::string& text)
{
    const std::string p = tempPath("cs_hostile_input_", name);
    std::ofstream(p, std::ios::binary) << text;
    return p;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// clusterscope-cli ARGS in a child whose address space is limited to
// `limit` bytes (prlimit takes no units: "1GiB" would mean 1 byte). rc is the
// exit status, or 128 + the signal that ended it (SIGABRT: 134).
struct Spawned {
    int rc = -1;
    std::string err;
};
Spawned spawnLimited(const std::string& limit, const std::vector<std::string>& args)
{
    const std::string errFile = tempPath("cs_hostile_input_", "stderr.txt");
    std::string cmd = "prlimit --as=" + limit + " -- '" CS_CLI_EXE "'";
    for (const std::string& a : args)
        cmd += " '" + a + "'"; // temporary paths and plain words: no quotes inside
    cmd += " >/dev/null 2>'" + errFile + "'";
    const int status = std::system(cmd.c_str());
    Spawned s;
    s.rc = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    s.err = readText(errFile);
    std::filesystem::remove(errFile);
    return s;
}

// A design whose measured section is `n` empty objects: 3 bytes of text
// each, some 80 bytes of tree.
std::string emptyMeasured(std::size_t n)
{
    std::string text = R"({"format": "clusterscope-design", "version": 3, "name": "m", "measured": [)";
    text.reserve(text.size() + 3 * n + 2);
    for (std::size_t i = 0; i < n; ++i)
        text += i ? ",{}" : "{}";
    return text + "]}";
}

long lines(const std::string& s)
{
    return std::count(s.begin(), s.end(), '\n');
}

} // namespace

TEST_CASE("a 10 MB document of empty measured entries is refused within 1 GiB, and an allocation failure is a "
          "refusal, not an abort",
          "[cli][hostile][memory]")
{
    REQUIRE(std::system("prlimit --version >/dev/null 2>&1") == 0);
    const std::string f = writeTemp("empty-measured.json", emptyMeasured(3'500'000)); // 10.5 MB
    // Before: 1.9 GB (every problem kept, the tree copied twice).
    const Spawned fits = spawnLimited("1073741824", {"eval", f}); // 1 GiB
    CHECK(fits.rc == 1);
    CHECK_THAT(fits.err, Catch::StartsWith("clusterscope-cli eval: error: " + f +
                                           ": measured[0]: missing required member 'probe'\n"));
    CHECK_THAT(fits.err, Catch::EndsWith(": (document): and more than 980 more problems\n"));
    CHECK(lines(fits.err) == 21);

    // Too little memory even for the tree: told in one line naming the
    // file, exit status 1 (SIGABRT would be 134).
    const Spawned starved = spawnLimited("167772160", {"eval", f}); // 160 MiB
    CHECK(starved.rc == 1);
    CHECK_THAT(starved.err, Catch::Contains(f + ": (document): not enough memory to read this document (10 MiB "
                                                "of text)") ||
                                Catch::Contains("error: not enough memory for this command"));
    CHECK(lines(starved.err) == 1);
    std::filesystem::remove(f);
}

TEST_CASE("calibrate --results checks the results file like a document, with JSON paths", "[cli][hostile]")
{
    const std::string design = writeTemp("net.json", R"({"format": "clusterscope-design", "version": 3,
      "name": "net", "blocks": [{"name": "net", "type": "logp.loggp"}]})");
    json results = {{"format", "clusterscope-probe-results"},
                    {"version", 1},
                    {"results", json::array({{{"probe", "net.pingpong"},
                                              {"status", "ok"},
                                              {"summary", {{"series", json::object()}}},
                                              {"parts", json::array({{{"node", "a"},
                                                                      {"samples", {{"rtt@64", {1e-5, 2e-5}}}}}})}}})}};
    auto refusal = [&](const json& j, const std::string& name) {
        const std::string f = writeTemp(name, j.dump());
        const auto r = cli({"calibrate", design, "--results", f});
        CHECK(r.rc == 1);
        std::filesystem::remove(f);
        return r.err.substr(0, r.err.find('\n'));
    };
    json j = results;
    j["version"] = 99;
    CHECK_THAT(refusal(j, "v99.json"), Catch::EndsWith("v99.json: version: unknown version 99 (this program reads 1)"));
    j = results;
    j["results"][0]["parts"][0]["samples"]["rtt@64"] = {"fast", "slow"};
    CHECK_THAT(refusal(j, "strings.json"),
               Catch::EndsWith("strings.json: results[0].parts[0].samples.rtt@64[0]: expected a number, got string"));
    j = results;
    j["format"] = "clusterscope-design";
    CHECK_THAT(refusal(j, "format.json"),
               Catch::EndsWith("format.json: format: expected \"clusterscope-probe-results\", got \"clusterscope-design\""));
    j = results;
    j["reslts"] = json::array();
    CHECK_THAT(refusal(j, "key.json"), Catch::EndsWith("key.json: reslts: unknown key \"reslts\" (a results file takes "
                                                       "format, version, created, results)"));
    j = results;
    j["results"][0]["status"] = "great";
    CHECK_THAT(refusal(j, "status.json"), Catch::EndsWith("status.json: results[0].status: \"great\" is not one of ok, "
                                                          "failed, cancelled, pending, skipped"));
    // Data after the value is refused as in a document.
    const std::string nul = writeTemp("nul.json", results.dump() + std::string(1, '\0') + "{}");
    const auto r = cli({"calibrate", design, "--results", nul});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Catch::Contains("nul.json: not JSON: (document): a NUL byte at byte"));
    std::filesystem::remove(nul);
    std::filesystem::remove(design);
}
