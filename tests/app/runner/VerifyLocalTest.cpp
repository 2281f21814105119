// verify runs the integer sort and the collectives for real: clusterscope-cli verify on four local nodes at
// P = 2 and 4, the applications (app.sort, app.collectives) over TCP between agents, and on the ranks of an
// mpi:2 node (mpi.app.sort, mpi.app.collectives under mpirun), against sort.parallel and logp.loggp evaluated
// at the same P. Only the structure is checked (every measured phase at every P, with a prediction, a
// measurement and an error); how close they come depends on the machine, and this one is shared, so no limit
// on the error is asserted here: the table is printed.
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

// Runs verify on the design text over `nodes` at `at`; returns the JSON report after printing the table.
json verifyOn(const std::string& dir, const std::string& name, const std::string& design,
              const std::vector<std::string>& sets, const std::string& nodes = kNodes, const std::string& at = "P=2,4")
{
    const std::string path = dir + "/" + name + ".json";
    std::ofstream(path) << design;
    const std::string results = dir + "/" + name + ".results.json";
    std::vector<std::string> args{"verify", path, "--nodes", nodes, "--at", at, "--quiet", "--json", "-o", results};
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
    WARN(name << " on " << nodes << "\n" << table.str());
    const json report = json::parse(out.str());
    // Each run's probe and transport, as the results file holds them.
    std::ifstream in(results);
    const json saved = json::parse(in);
    for (const json& r : saved["results"])
        CHECK(r["probe"].get<std::string>().rfind(nodes.rfind("mpi:", 0) == 0 ? "mpi.app." : "app.", 0) == 0);
    return report;
}

void checkRows(const json& report, const std::vector<std::string>& quantities, const std::vector<double>& Ps = {2, 4})
{
    REQUIRE(report["rows"].size() == Ps.size() * quantities.size());
    for (double P : Ps)
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
    const json sort = verifyOn(d, "sort", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "sort", "type": "sort.parallel", "values": {"E_init": 262144}}]})",
                                    {"budget=1", "min_reps=3"});
    checkRows(sort, {"T", "T_bucket1", "T_xchg", "T_bucket2", "T_count"});

    // k = 4 KiB: the collectives' message size is the block's k, passed to app.collectives as bytes.
    const json coll = verifyOn(d, "coll", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"k": 4096}}]})",
                                    {"budget=1", "min_reps=3"});
    checkRows(coll, {"T_bcast", "T_allreduce", "T_barrier", "T_alltoall"});
}

TEST_CASE("verify runs mpi.app.sort and mpi.app.collectives over Open MPI ranks and compares every phase",
          "[mpi][verify]")
{
    if (!test::haveMpirun())
        return;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string d = dir.path().toStdString();
    // The same designs as over TCP; on an mpi:2 node verify runs the MPI versions with 2 ranks.
    const json sort = verifyOn(d, "sort", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "sort", "type": "sort.parallel", "values": {"E_init": 262144}}]})",
                               {"budget=1", "min_reps=3"}, "mpi:2", "P=2");
    checkRows(sort, {"T", "T_bucket1", "T_xchg", "T_bucket2", "T_count"}, {2});

    const json coll = verifyOn(d, "coll", R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"k": 4096}}]})",
                               {"budget=1", "min_reps=3"}, "mpi:2", "P=2");
    checkRows(coll, {"T_bcast", "T_allreduce", "T_barrier", "T_alltoall"}, {2});
}

TEST_CASE("verify whose run at one P fails prints the others, says which failed and exits 1", "[verify][app]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string path = dir.filePath("sort.json").toStdString();
    std::ofstream(path) << R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "sort", "type": "sort.parallel", "values": {"E_init": 65536}}]})";
    // P = 2 runs on the first two nodes, P = 3 on all three: the third's agent is /bin/false, which exits at
    // once, so P = 3's run fails and P = 2's does not.
    std::ostringstream out, err;
    const int rc = cli::run({"verify", path, "--nodes", "local:cpu=0,local:cpu=1,local:cpu=0:agent=/bin/false", "--at",
                             "P=2,3", "--set", "budget=1", "--set", "min_reps=3", "--quiet", "--json"},
                            out, err);
    INFO("verify stderr: " << err.str());
    CHECK(rc == 1);
    CHECK_THAT(err.str(), Catch::Contains("1 of 2 application runs did not succeed"));
    const json report = json::parse(out.str());
    REQUIRE_FALSE(report["rows"].empty());
    for (const json& r : report["rows"])
        CHECK(r["P"].get<double>() == 2);
}
