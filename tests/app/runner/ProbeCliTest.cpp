// `clusterscope-cli probe`: the list, a run with progress on stderr, JSON
// output, an atomically written results file, and the design document's
// "measured" array.
#include "TestSupport.h"

#include "app/cli/Cli.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include <sstream>

using namespace cs;
using nlohmann::json;

namespace {

int runCli(const std::vector<std::string>& args, std::string& out, std::string& err)
{
    std::ostringstream o, e;
    const int code = cli::run(args, o, e);
    out = o.str();
    err = e.str();
    return code;
}

} // namespace

TEST_CASE("probe --list names every probe with its parameters and calibration targets", "[cli-probe]")
{
    std::string out, err;
    REQUIRE(runCli({"probe", "--list"}, out, err) == 0);
    for (const char* id : {"net.pingpong", "net.loggp", "net.stream", "mem.copy", "cpu.fft", "cpu.sort", "net.token",
                           "net.alltoall", "app.fft2d", "app.sort", "app.collectives", "mpi.alltoall", "mpi.collectives",
                           "mpi.loggp", "mpi.app.fft2d", "mpi.app.sort", "mpi.app.collectives"})
        CHECK_THAT(out, Catch::Contains(id));
    CHECK_THAT(out, Catch::Contains("calibrates logp.loggp.L from L"));
    CHECK_THAT(out, Catch::Contains("calibrates inic.fft2d.t_fft1d from t_fft1d"));
    REQUIRE(runCli({"probe", "--list", "--json"}, out, err) == 0);
    const json list = json::parse(out);
    REQUIRE(list.size() == 17);
    for (const json& d : list) {
        CHECK(d["params"].size() > 0);
        CHECK(!d["summary"].get<std::string>().empty());
        CHECK(d["roles"].size() > 0);
    }
}

TEST_CASE("probe runs with progress on stderr and writes a results file", "[cli-probe]")
{
    QTemporaryDir dir;
    const std::string file = dir.filePath("results.json").toStdString();
    std::string out, err;
    const int code = runCli({"probe", "--nodes", "local:cpu=0,local:cpu=1", "--probe", "net.pingpong", "--set",
                          "size_max=1KiB", "--set", "reps=20", "--set", "warmups=2", "--json", "-o", file},
                         out, err);
    INFO(err);
    REQUIRE(code == 0);
    CHECK_THAT(err, Catch::Contains("[0/1] starting the agent on local0"));
    CHECK_THAT(err, Catch::Contains("[1/1] net.pingpong local0 -> local1: ok"));
    const json j = json::parse(out);
    CHECK(j["format"] == "clusterscope-probe-results");
    REQUIRE(j["results"].size() == 1);
    const json& r = j["results"][0];
    CHECK(r["status"] == "ok");
    CHECK(r["params"]["size_max"] == 1024); // "1KiB" in bytes
    CHECK(r["parts"][1]["samples"]["rtt@1024"].size() == 20);
    const json saved = json::parse(readFile(file));
    CHECK(saved["results"][0]["summary"] == r["summary"]);
}

TEST_CASE("probe --design takes the nodes from the document and appends to measured", "[cli-probe]")
{
    QTemporaryDir dir;
    const std::string file = dir.filePath("design.json").toStdString();
    json doc = json::parse(readFile(std::string(CS_SOURCE_DIR) + "/presets/berkeley-now.json"));
    doc["nodes"] = json::parse(R"([{"name": "n1", "transport": "local", "cpus": [0]}])");
    writeFileAtomically(file, doc.dump());
    std::string out, err;
    const int code = runCli({"probe", "--design", file, "--probe", "cpu.sort", "--set", "keys=1000", "--quiet"}, out, err);
    INFO(err);
    REQUIRE(code == 0);
    CHECK_THAT(out, Catch::Contains("cpu.sort n1: ok"));
    CHECK_THAT(out, Catch::Contains("calibrates inic.sort.T_countsort"));
    const DesignDocument saved = loadDocument(file);
    REQUIRE(saved.measured.size() == 1);
    CHECK(saved.measured[0]["probe"] == "cpu.sort");
    CHECK(saved.measured[0]["nodes"] == json::array({"n1"}));
    CHECK(saved.nodes.size() == 1);
}

TEST_CASE("probe reports usage mistakes and failed jobs", "[cli-probe]")
{
    std::string out, err;
    CHECK(runCli({"probe", "--probe", "cpu.sort"}, out, err) == 2);
    CHECK_THAT(err, Catch::Contains("needs --nodes SPEC"));
    CHECK(runCli({"probe", "--nodes", "local", "--probe", "cpu.sort", "--set", "colour=red"}, out, err) == 2);
    CHECK_THAT(err, Catch::Contains("has no parameter 'colour'"));
    CHECK(runCli({"probe", "--nodes", "lokal", "--probe", "cpu.sort"}, out, err) == 2);
    CHECK_THAT(err, Catch::Contains("unknown transport 'lokal'"));
    CHECK(runCli({"probe", "--nodes", "local", "--probe", "cpu.sort", "--set", "keys=0"}, out, err) == 1);
    CHECK_THAT(err, Catch::Contains("keys = 0 is out of range"));
    CHECK(runCli({"probe", "--nodes", "local", "--probe", "no.such"}, out, err) == 1);
    CHECK(runCli({"probe", "--nodes", "local,ssh:root@127.0.0.1:port=1", "--probe", "cpu.sort", "--set", "keys=1000",
               "--quiet"},
              out, err) == 1);
    CHECK_THAT(out, Catch::Contains("cpu.sort local0: ok"));
    CHECK_THAT(out, Catch::Contains("failed"));
    CHECK_THAT(err, Catch::Contains("1 of 2 jobs did not succeed"));
}
