// clusterscope-cli against hostile and huge input: a refusal is one line
// naming the file and the JSON path, never an escape or an echo of the
// input; a sweep too large for memory is refused before it allocates, and
// --csv streams.
#include "CliTestSupport.h"
#include "app/cli/Cli.h"
#include "model/sweep/Sweep.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using cs::test::cli;
using nlohmann::json;

namespace {

std::string writeTemp(const std::string& name, const std::string& text)
{
    const std::string p =
        (std::filesystem::temp_directory_path() / ("cs_hostile_cli_" + std::to_string(::getpid()) + "_" + name)).string();
    std::ofstream(p) << text;
    return p;
}

const std::string kDoc = R"({"format": "clusterscope-design", "version": 2, "name": "one",
  "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
  "blocks": [{"name": "fft", "type": "inic.fft2d", "values": {"rows": 64}}],
  "wires": [{"from": "P", "to": "fft.P"}]})";

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

long lines(const std::string& s)
{
    return std::count(s.begin(), s.end(), '\n');
}

} // namespace

TEST_CASE("a refused design is one line naming the file and the JSON path", "[cli][hostile]")
{
    SECTION("a number too large for a double")
    {
        const std::string f = writeTemp("huge.json", replaced(kDoc, R"("rows": 64)", R"("rows": 1e309)"));
        const auto r = cli({"eval", f});
        CHECK(r.rc == 1);
        CHECK(r.err == "clusterscope-cli eval: error: " + f +
                           ": blocks[0].values.rows: the number 1e309 is too large for a double\n");
        std::filesystem::remove(f);
    }
    SECTION("an ill-formed slot path")
    {
        const std::string f = writeTemp("per.json", replaced(kDoc, R"("wires")", R"("costs": [{"name": "n", "usd": 1, "per": "x."}], "wires")"));
        const auto r = cli({"eval", f});
        CHECK(r.rc == 1);
        CHECK(r.err == "clusterscope-cli eval: error: " + f + ": costs[0].per: 'x.' names no parameter, input or output\n");
        std::filesystem::remove(f);
    }
    SECTION("a 50 MB block type is not echoed")
    {
        const std::string f = writeTemp("long.json", replaced(kDoc, "inic.fft2d", std::string(50'000'000, 'x')));
        const auto r = cli({"eval", f});
        CHECK(r.rc == 1);
        CHECK(lines(r.err) == 1);
        CHECK(r.err.size() < 400);
        CHECK_THAT(r.err, Catch::Contains(": blocks[0].type: unknown block type 'xxxx"));
        std::filesystem::remove(f);
    }
    SECTION("deep nesting")
    {
        const std::string deep = std::string(100000, '[') + std::string(100000, ']');
        const std::string f = writeTemp("deep.json", replaced(kDoc, R"("clusterscope-design")", deep));
        const auto r = cli({"eval", f});
        CHECK(r.rc == 1);
        CHECK(lines(r.err) == 1);
        CHECK_THAT(r.err, Catch::EndsWith("nested deeper than 64 levels\n"));
        std::filesystem::remove(f);
    }
}

TEST_CASE("a sweep too large for memory is refused in one line, --csv streams its rows", "[cli][hostile]")
{
    // 10^8 points of the ACC preset: five variants (the serial FFTW baseline and four parallel ones),
    // ten columns. pareto holds its table (sweep streams every format).
    const auto big = cli({"pareto", "acc-fft", "--param", "P=1:10000", "--param", "t_fft1d=1us:10ms:log10000"});
    const double need = cs::sweepTableBytes(1e8, 2, 5, 10);
    if (need < 0.8 * static_cast<double>(cs::availableMemory())) {
        WARN("this machine has " << cs::availableMemory() << " B available: a 10^8-point table may fit");
    } else {
        CHECK(big.rc == 1);
        CHECK(lines(big.err) == 1);
        CHECK_THAT(big.err, Catch::StartsWith("clusterscope-cli pareto: error: the sweep needs about ") &&
                                Catch::Contains("100000000 points x 5 variants"));
    }

    const std::string f = writeTemp("sweep.json", kDoc);
    const auto table = cli({"sweep", f, "--param", "P=1:64", "--param", "fft.rows=16:4096:log2", "--json"});
    const auto streamed = cli({"sweep", f, "--param", "P=1:64", "--param", "fft.rows=16:4096:log2", "--csv"});
    REQUIRE(table.rc == 0);
    REQUIRE(streamed.rc == 0);
    const json rows = json::parse(table.out)["rows"];
    CHECK(lines(streamed.out) == 1 + static_cast<long>(rows.size()));
    CHECK_THAT(streamed.out, Catch::StartsWith("P,fft.rows,variant,T,"));
    const std::string out = writeTemp("sweep.csv", "");
    REQUIRE(cli({"sweep", f, "--param", "P=1:64", "--param", "fft.rows=16:4096:log2", "--csv", "-o", out}).rc == 0);
    std::ifstream in(out);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == streamed.out);
    std::filesystem::remove(out);
    std::filesystem::remove(f);
}

TEST_CASE("topo refuses, in one line, networks whose metrics would run for more than about a minute",
          "[cli][hostile]")
{
    // A complete graph of 2048 hosts is no longer refused: its 2048 whole
    // searches take seconds. A Beowulf mesh of 1000 x 1000 searches each of
    // its million hosts for the sparse patterns: hours.
    for (const char* gen : {"mesh:k=1448,dims=2", "beowulf-mesh:rows=1000,cols=1000"}) {
        INFO(gen);
        const auto r = cli({"topo", "--gen", gen});
        CHECK(r.rc == 1);
        CHECK(lines(r.err) == 1);
        CHECK_THAT(r.err, Catch::Contains("would take about") && Catch::Contains("more than the 60 s allowed") &&
                              Catch::Contains("hosts of this shape fit"));
    }
    const auto ok = cli({"topo", "--gen", "hypercube:dims=6"});
    CHECK(ok.rc == 0);
    // The same limit for a topology read from a file.
    const std::string f = writeTemp("mesh.json", R"({"topology": {"generator": "mesh", "params": {"k": 1448, "dims": 2}}})");
    const auto file = cli({"topo", f});
    CHECK(file.rc == 1);
    CHECK_THAT(file.err, Catch::Contains("would take about"));
    std::filesystem::remove(f);
}
