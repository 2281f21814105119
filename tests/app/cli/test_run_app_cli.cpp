// clusterscope-cli run-app: its options and refusals, and --import into the results format and a design.
#include "CliTestSupport.h"

#include "app/cli/DocumentInput.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using cs::test::cli;
using Catch::Contains;

namespace {

std::string writeFile(const std::string& name, const std::string& text)
{
    const std::string path = cs::test::tempPath("runapp_", name);
    std::ofstream(path) << text;
    return path;
}

std::string copyPreset(const std::string& name, const std::string& as)
{
    const std::string path = cs::test::tempPath("runapp_", as);
    std::filesystem::copy_file(std::string(CS_SOURCE_DIR) + "/presets/" + name + ".json", path,
                               std::filesystem::copy_options::overwrite_existing);
    return path;
}

} // namespace

TEST_CASE("run-app: usage mistakes are refused before anything runs", "[cli][runapp]")
{
    auto r = cli({"run-app", "--nodes", "mpi:2", "--at", "P=1,2", "--", "./app"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("needs -o RESULTS.json or --into DESIGN"));
    r = cli({"run-app", "--nodes", "mpi:2", "-o", "x.json"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("needs the program after --"));
    r = cli({"run-app", "--nodes", "mpi:2", "--at", "P=1,4", "-o", "x.json", "--", "./app"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("P = 4 is more than the 2 ranks"));
    r = cli({"run-app", "--nodes", "mpi:2", "--at", "P=0", "-o", "x.json", "--", "./app"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("'0' is not a node count from 1 to 1024"));
    r = cli({"run-app", "--nodes", "mpi:2", "-o", "x.json", "--", "./app", "{N}"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("uses {N}, which is neither {P} nor set"));
    r = cli({"run-app", "--nodes", "local:cpu=0", "-o", "x.json", "--", "./app"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("use --nodes mpi:N"));
    r = cli({"run-app", "--nodes", "mpi:2", "--time", "stdout:[0-9]+", "-o", "x.json", "--", "./app"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("has no capture group"));
    r = cli({"run-app", "--nodes", "mpi:2", "--repeat", "0", "-o", "x.json", "--", "./app"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("--repeat 0: expected a whole number from 1"));
    CHECK_FALSE(std::filesystem::exists("x.json"));
}

TEST_CASE("run-app: the program's own options after -- are its own, --help included", "[cli][runapp]")
{
    // "--help" after "--" belongs to the program: run-app does not print its usage but checks its options.
    const auto r = cli({"run-app", "--nodes", "local:cpu=0", "-o", "x.json", "--", "./app", "--help"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("use --nodes mpi:N"));
    const auto h = cli({"run-app", "--help"});
    CHECK(h.rc == 0);
    CHECK_THAT(h.out, Contains("--time wall|stdout:REGEX"));
}

TEST_CASE("run-app --import: a CSV file becomes results, read back strictly and appended to a design",
          "[cli][runapp][import]")
{
    const std::string csv = writeFile("m.csv", "P,seconds\n1,8.0\n1,8.4\n2,4.1\n4,2.3\n4,2.1\n4,2.2\n");
    const std::string out = cs::test::tempPath("runapp_", "runs.json");
    const auto r = cli({"run-app", "--import", csv, "-o", out});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    // The table: P, n, the median. Medians by hand: P=1 (8.0 + 8.4) / 2 = 8.2; P=4 sorted {2.1, 2.2, 2.3} -> 2.2.
    CHECK_THAT(r.out, Contains("   1    2  8.2"));
    CHECK_THAT(r.out, Contains("   4    3  2.2"));
    const nlohmann::json back = cs::cli::openResults(out);
    REQUIRE(back.size() == 3);
    CHECK(back[2]["params"]["P"] == 4);
    CHECK(back[2]["summary"]["series"]["T"]["median"].get<double>() == Approx(2.2));
    CHECK(back[2]["parts"][0]["samples"]["T"] == nlohmann::json({2.3, 2.1, 2.2}));

    const std::string design = copyPreset("acc-fft", "d.json");
    const auto before = cs::loadDocument(design).measured.size();
    REQUIRE(cli({"run-app", "--import", csv, "--into", design}).rc == 0);
    const cs::DesignDocument doc = cs::loadDocument(design);
    REQUIRE(doc.measured.size() == before + 3);
    CHECK(doc.measured.back()["probe"] == "app.run");
}

TEST_CASE("run-app --import: bad input is an error naming the file, line and value, and nothing is written",
          "[cli][runapp][import]")
{
    const std::string bad = writeFile("bad.txt", "PARAMETER p\nPOINTS 2 4\nREGION main\nDATA 1.0\nDATA 0.5 zz\n");
    const std::string out = cs::test::tempPath("runapp_", "never.json");
    const auto r = cli({"run-app", "--import", bad, "-o", out});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains(bad + ":5: DATA: 'zz' is not a number"));
    CHECK_FALSE(std::filesystem::exists(out));
    const auto mixed = cli({"run-app", "--import", bad, "--nodes", "mpi:2", "-o", out});
    CHECK(mixed.rc == 2);
    CHECK_THAT(mixed.err, Contains("--import reads measurements; --nodes is for running a program"));
}

TEST_CASE("run-app: a design's own nodes that reach elsewhere run only with --trust-nodes", "[cli][runapp]")
{
    // An mpi node whose ranks go to another host: the launch is printed, nothing runs, status 2.
    const std::string design = copyPreset("acc-fft", "nodes.json");
    {
        std::ifstream in(design);
        nlohmann::json j = nlohmann::json::parse(in);
        j["nodes"] = nlohmann::json::array({{{"name", "far"}, {"transport", "mpi"}, {"ranks", 2},
                                             {"hosts", {"198.51.100.7"}}}});
        std::ofstream(design) << j.dump(1);
    }
    const auto r = cli({"run-app", "--into", design, "--at", "P=2", "--", "./my-solver", "{P}"});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("would run these commands"));
    CHECK_THAT(r.err, Contains("P = 2: "));
    CHECK_THAT(r.err, Contains("mpirun -np 2"));
    CHECK_THAT(r.err, Contains("./my-solver 2"));
    CHECK_THAT(r.err, Contains("--trust-nodes"));
}
