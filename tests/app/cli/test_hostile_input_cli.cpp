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
// `limit` bytes (prlimit takes no units: "1GiB" would mean 1 byte), or not
// limited when `limit` is empty. rc is the exit status, or 128 + the signal
// that ended it (SIGABRT: 134). A child, so that what the program writes to
// std::cerr (a loaded file's warnings) is seen too.
struct Spawned {
    int rc = -1;
    std::string err;
};
Spawned spawnLimited(const std::string& limit, const std::vector<std::string>& args)
{
    const std::string errFile = tempPath("cs_hostile_input_", "stderr.txt");
    std::string cmd = (limit.empty() ? std::string() : "prlimit --as=" + limit + " -- ") + "'" + std::string(CS_CLI_EXE) + "'";
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
                                                       "format, version, created, results, recordings)"));
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

namespace {

json accFft()
{
    return json::parse(readText(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"));
}

std::string firstLine(const std::string& s)
{
    return s.substr(0, s.find('\n'));
}

} // namespace

TEST_CASE("eval refuses a misspelled override with the file and the JSON path", "[cli][hostile][keys]")
{
    // The report's case: "overides" left Fast Ethernet at GigE's values
    // (0.1759 s instead of 0.4039 s) and eval exited 0.
    json j = accFft();
    REQUIRE(j["variants"][3]["name"] == "Fast Ethernet");
    j["variants"][3]["overides"] = j["variants"][3]["overrides"];
    j["variants"][3].erase("overrides");
    const std::string f = writeTemp("overides.json", j.dump(2));
    const auto r = cli({"eval", f});
    CHECK(r.rc == 1);
    CHECK(r.out.empty());
    CHECK(firstLine(r.err) == "clusterscope-cli eval: error: " + f +
                                  ": variants[3].overides: unknown key \"overides\" (this object takes name, total, "
                                  "overrides)");
    // Version 1's names in a version-3 file, and data after the value.
    j = accFft();
    j["connections"] = json::array();
    std::filesystem::remove(f);
    const std::string g = writeTemp("v1keys.json", j.dump() + std::string(1, '\0'));
    CHECK(firstLine(cli({"eval", g}).err) ==
          "clusterscope-cli eval: error: " + g + ": (document): a NUL byte at byte " + std::to_string(j.dump().size()) +
              "; JSON text holds none (a string writes it as \\u0000)");
    std::ofstream(g, std::ios::binary) << j.dump();
    CHECK(firstLine(cli({"eval", g}).err) ==
          "clusterscope-cli eval: error: " + g +
              ": connections: unknown key \"connections\" (version 1's name for 'wires'; this is a version-3 document)");
    std::filesystem::remove(g);
}

TEST_CASE("what fails only when evaluated is named on load with the file and the JSON path", "[cli][hostile]")
{
    // Fast Ethernet's topology.bw = 3 B/s reaches logp.loggp's B_net, whose
    // range is [1000, 1e13] B/s: the variant fails, the others evaluate.
    json j = accFft();
    j["variants"][3]["overrides"]["topology.bw"] = 3;
    const std::string f = writeTemp("bw3.json", j.dump(2));
    const Spawned r = spawnLimited("", {"eval", f});
    CHECK(r.rc == 1);
    CHECK(firstLine(r.err) == "clusterscope-cli: warning: " + f +
                                  ": variants[3].overrides.topology.bw: variant 'Fast Ethernet' cannot be evaluated "
                                  "at the document's values: block 'net' (logp.loggp): input B_net = 3 is out of "
                                  "range [1000, 1e+13] B/s");
    CHECK_THAT(r.err, Catch::Contains("eval: error: variant Fast Ethernet: block 'net' (logp.loggp): input B_net = 3"));
    std::filesystem::remove(f);
}

TEST_CASE("every reader of results files checks them like a document", "[cli][hostile]")
{
    const std::string design = writeTemp("fft.json", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 1024}}]})");
    json results = {{"format", "clusterscope-probe-results"},
                    {"version", "1"},
                    {"results", json::array({{{"probe", "app.fft2d"}, {"status", "ok"}}})}};
    const std::string f = writeTemp("r.json", results.dump());
    // verify --results read any JSON before; now the reader calibrate uses.
    const auto v = cli({"verify", design, "--results", f});
    CHECK(v.rc == 1);
    CHECK(firstLine(v.err) == "clusterscope-cli verify: error: " + f + ": version: unknown version \"1\" (this program "
                                                                      "reads 1)");
    results["version"] = 1;
    results["results"][0]["summary"] = {{"series", {{"T", {{"median", "fast"}}}}}};
    std::ofstream(f) << results.dump();
    CHECK(firstLine(cli({"verify", design, "--results", f}).err) ==
          "clusterscope-cli verify: error: " + f + ": results[0].summary.series.T.median: expected a number, got string");
    // A member the format does not define is kept, and named.
    results["results"][0]["summary"] = json::object();
    results["results"][0]["job"] = 7;
    std::ofstream(f) << results.dump();
    const Spawned k = spawnLimited("", {"calibrate", design, "--results", f});
    CHECK(firstLine(k.err) == "clusterscope-cli: warning: " + f +
                                  ": results[0].job: unknown key \"job\", kept as it is (a record from another version "
                                  "or program?)");
    std::filesystem::remove(f);
    std::filesystem::remove(design);
}

TEST_CASE("a results file too large for the memory limit is refused naming the file, not aborted",
          "[cli][hostile][memory]")
{
    REQUIRE(std::system("prlimit --version >/dev/null 2>&1") == 0);
    const std::string design = writeTemp("net2.json", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp"}]})");
    // 3,500,000 empty results: 10.5 MB of text, some 280 MB of tree.
    std::string text = R"({"format": "clusterscope-probe-results", "version": 1, "results": [)";
    text.reserve(text.size() + 3 * 3'500'000 + 2);
    for (std::size_t i = 0; i < 3'500'000; ++i)
        text += i ? ",{}" : "{}";
    const std::string f = writeTemp("big-results.json", text + "]}");
    const Spawned starved = spawnLimited("167772160", {"calibrate", design, "--results", f}); // 160 MiB
    CHECK(starved.rc == 1);                                                                   // SIGABRT: 134
    CHECK_THAT(starved.err, Catch::Contains(f + ": not enough memory to read this results file (10 MiB of text)") ||
                                Catch::Contains("error: not enough memory for this command"));
    CHECK(lines(starved.err) == 1);
    const Spawned fits = spawnLimited("1073741824", {"calibrate", design, "--results", f}); // 1 GiB
    CHECK(fits.rc == 1);
    CHECK_THAT(fits.err, Catch::StartsWith("clusterscope-cli calibrate: error: " + f +
                                           ": results[0]: missing required member 'probe'\n"));
    std::filesystem::remove(f);
    std::filesystem::remove(design);
}
