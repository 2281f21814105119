// verify runs the integer sort and the collectives for real: clusterscope-cli verify on four local nodes at
// P = 2 and 4, the applications (app.sort, app.collectives) over TCP between agents, against sort.parallel and
// logp.loggp evaluated at the same P. Only the structure is checked (every measured phase at every P, with
// a prediction, a measurement and an error); how close they come depends on the machine, and this one is
// shared, so no limit on the error is asserted here.
#include "TestSupport.h"

#include "app/cli/Cli.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace cs;
using nlohmann::json;

namespace {

const char* kNodes = "local:cpu=0,local:cpu=1,local:cpu=0,local:cpu=1";

// Runs verify on the design text; returns the JSON report after printing the table for the log.
json verifyLocally(const std::string& dir, const std::string& name, const std::string& design,
                   const std::vector<std::string>& sets)
{
    const std::string path = dir + "/" + name + ".json";
    std::ofstream(path) << design;
    const std::string results = dir + "/" + name + ".results.json";
    std::vector<std::string> args{"verify", path, "--nodes", kNodes, "--at", "P=2,4", "--quiet", "--json", "-o", results};
    for (const std::string& s : sets) {
        args.push_back("--set");
        args.push_back(s);
    }
    std::ostringstream out, err;
    const int rc = cli::run(args, out, err);
    INFO("verify stderr: " << err.str());
    INFO("verify stdout: " << out.str());
    REQUIRE(rc == 0);
    std::ostringstream table, terr;
    CHECK(cli::run({"verify", path, "--results", results}, table, terr) == 0);
    WARN(name << "\n" << table.str());
    return json::parse(out.str());
}

void checkRows(const json& report, const std::vector<std::string>& quantities)
{
    REQUIRE(report["rows"].size() == 2 * quantities.size());
    for (double P : {2.0, 4.0})
        for (const std::string& q : quantities) {
            INFO("P = " << P << ", " << q);
            const auto row = std::find_if(report["rows"].begin(), report["rows"].end(), [&](const json& r) {
                return r["P"].get<double>() == P && r["quantity"] == q;
            });
            REQUIRE(row != report["rows"].end());
            CHECK((*row)["predicted"].get<double>() > 0);
            CHECK((*row)["measured"].get<double>() > 0);
            CHECK(std::isfinite((*row)["error"].get<double>()));
            CHECK((*row)["n"].get<int>() >= 3);
            // The design holds no calibration results: every point is held out.
            CHECK((*row)["held_out"] == true);
        }
}

} // namespace

TEST_CASE("verify runs app.sort and app.collectives on local nodes and compares every phase", "[verify][app]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string d = dir.path().toStdString();

    // 2^18 keys over P nodes: the problem size is the block's E_init, passed to app.sort as keys.
    const json sort = verifyLocally(d, "sort", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "sort", "type": "sort.parallel", "values": {"E_init": 262144}}]})",
                                    {"budget=1", "min_reps=3"});
    checkRows(sort, {"T", "T_bucket1", "T_xchg", "T_bucket2", "T_count"});

    // k = 4 KiB: the collectives' message size is the block's k, passed to app.collectives as bytes.
    const json coll = verifyLocally(d, "coll", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"k": 4096}}]})",
                                    {"budget=1", "min_reps=3"});
    checkRows(coll, {"T_bcast", "T_allreduce", "T_barrier", "T_alltoall"});
}
