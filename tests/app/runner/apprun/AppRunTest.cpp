// run-app's runs: a process timed to its end, and the user's program under a real mpirun, timed both ways,
// written as results and read back as strictly as a design.
#include "../TestSupport.h"

#include "app/cli/DocumentInput.h"
#include "app/runner/apprun/AppRun.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include <algorithm>
#include <fstream>

using namespace cs;
using namespace cs::runner;
using namespace cs::runner::apprun;
using Catch::Contains;

namespace {

LaunchPlan shell(const std::string& script)
{
    LaunchPlan p;
    p.agent.program = "sh";
    p.agent.args = {"-c", script};
    return p;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

TEST_CASE("run-app: a process's wall time covers its run, and failures say how it ended", "[runapp]")
{
    // sleep 0.3 cannot end before 0.3 s have passed: a lower bound that holds under any load.
    const ProcessRun r = runProcess(shell("sleep 0.3; echo done"), 0, nullptr);
    REQUIRE(r.ok());
    CHECK(r.wall >= 0.3);
    CHECK(r.out == "done\n");

    const ProcessRun bad = runProcess(shell("echo oops >&2; exit 3"), 0, nullptr);
    CHECK_FALSE(bad.ok());
    CHECK(bad.failure() == "exited with status 3: oops");

    const ProcessRun slow = runProcess(shell("sleep 30"), 0.2, nullptr);
    CHECK(slow.timedOut);
    CHECK_THAT(slow.failure(), Contains("timed out"));

    LaunchPlan missing;
    missing.agent.program = "/nonexistent/program";
    CHECK_THAT(runProcess(missing, 0, nullptr).failure(), Contains("did not start"));
}

TEST_CASE("run-app under mpirun: stdout timing, {P} replaced, results with medians and CIs read back", "[runapp][mpi]")
{
    if (!test::haveMpirun())
        return;
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    AppRunRequest req;
    req.nodes = parseNodeSpec("mpi:2");
    req.Ps = {1, 2};
    req.repeat = 3;
    req.timing = parseTiming("stdout:time: ([0-9.]+) s");
    // Prints 0.15 at P = 1 and 0.25 at P = 2: the number comes from the placeholder, through the launch.
    req.argv = {"sh", "-c", "echo starting; echo time: 0.{P}5 s"};
    req.commandLine = "clusterscope-cli run-app ...";
    const std::vector<JobResult> rs = runApp(req, ctx, nullptr);
    REQUIRE(rs.size() == 2);
    for (const JobResult& r : rs) {
        INFO(r.reason);
        REQUIRE(r.ok());
        test::checkSeriesWithSamples(r);
        CHECK(r.summary["series"]["T"]["n"] == 3);
        CHECK(r.parts[0].details["command_line"] == "clusterscope-cli run-app ...");
        CHECK_THAT(r.parts[0].command, Contains("mpirun -np " + std::to_string(r.params["P"].get<int>())));
        CHECK(r.parts[0].agentEnvironment.contains("hostname"));
        CHECK_FALSE(r.summary["series"].contains("launch_overhead")); // stdout timing measures none
    }
    CHECK(rs[0].params["P"] == 1);
    CHECK(rs[0].summary["series"]["T"]["median"] == 0.15);
    CHECK(rs[1].summary["series"]["T"]["median"] == 0.25);
    CHECK(rs[1].parts[0].details["argv"][2] == "echo starting; echo time: 0.25 s");

    // Written, then read as a results file (strict, like a design) and appended to a design's measured.
    const std::string file = work.filePath("runs.json").toStdString();
    writeResultsFile(file, rs);
    const nlohmann::json back = cli::openResults(file); // the results array, checked like a document
    REQUIRE(back.is_array());
    REQUIRE(back.size() == 2);
    CHECK(back[1]["summary"]["series"]["T"]["ci_lo"].get<double>() <= 0.25);
    const std::string design = work.filePath("d.json").toStdString();
    {
        std::ifstream in(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json");
        std::ofstream out(design);
        out << in.rdbuf();
    }
    appendToDocument(design, rs);
    const DesignDocument doc = loadDocument(design);
    REQUIRE(doc.measured.is_array());
    CHECK(doc.measured.back()["probe"] == "app.run");
    CHECK(doc.measured.back()["params"]["P"] == 2);
}

TEST_CASE("run-app under mpirun: wall timing takes the median launch of true off each run", "[runapp][mpi]")
{
    if (!test::haveMpirun())
        return;
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    AppRunRequest req;
    req.nodes = parseNodeSpec("mpi:2");
    req.Ps = {2};
    req.repeat = 2;
    req.overheadRuns = 3;
    req.argv = {"sleep", "0.3"};
    const std::vector<JobResult> rs = runApp(req, ctx, nullptr);
    REQUIRE(rs.size() == 1);
    INFO(rs[0].reason);
    REQUIRE(rs[0].ok());
    const auto& samples = rs[0].parts[0].samples;
    REQUIRE(samples.at("launch_overhead").size() == 3);
    REQUIRE(samples.at("wall").size() == 2);
    const double overhead = medianOf(samples.at("launch_overhead"));
    CHECK(rs[0].parts[0].details["launch_overhead_s"].get<double>() == overhead);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(samples.at("wall")[i] >= 0.3); // the launch cannot end before its sleep
        CHECK(samples.at("T")[i] == Approx(samples.at("wall")[i] - overhead).margin(1e-12));
    }
}

TEST_CASE("run-app: a failing program ends that P with the reason, and the next P runs", "[runapp][mpi]")
{
    if (!test::haveMpirun())
        return;
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    AppRunRequest req;
    req.nodes = parseNodeSpec("mpi:2");
    req.Ps = {1, 2};
    req.repeat = 2;
    req.timing = parseTiming("stdout:t=([0-9.]+)");
    // Fails at P = 1 (no time printed), works at P = 2.
    req.argv = {"sh", "-c", "[ {P} = 2 ] && echo t=0.5; true"};
    const std::vector<JobResult> rs = runApp(req, ctx, nullptr);
    REQUIRE(rs.size() == 2);
    CHECK(rs[0].status == "failed");
    CHECK_THAT(rs[0].reason, Contains("P = 1, run 1: no line of the program's output matches stdout:t=([0-9.]+)"));
    CHECK(rs[1].ok());
    CHECK(rs[1].summary["series"]["T"]["median"] == 0.5);
}

TEST_CASE("run-app runs in rounds (every P once a round) and a failing P stops while the others go on",
          "[runapp][mpi]")
{
    if (!test::haveMpirun())
        return;
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    const std::string log = work.filePath("order.log").toStdString();
    AppRunRequest req;
    req.nodes = parseNodeSpec("mpi:4");
    req.Ps = {1, 2, 4};
    req.repeat = 3;
    req.timing = parseTiming("stdout:t=([0-9.]+)");
    // Rank 0 appends its P to the log. P = 4 fails from its second run on: its first run leaves a mark file.
    const std::string mark = work.filePath("four-ran").toStdString();
    req.argv = {"sh", "-c",
                "[ \"${OMPI_COMM_WORLD_RANK:-0}\" = 0 ] || exit 0; echo {P} >> " + log +
                    "; if [ {P} = 4 ]; then [ -e " + mark + " ] && exit 3; touch " + mark + "; fi; echo t=0.25"};
    const std::vector<JobResult> rs = runApp(req, ctx, nullptr);
    REQUIRE(rs.size() == 3);
    std::ifstream f(log);
    std::string order, p;
    while (f >> p)
        order += p + " ";
    // Round 1: 1 2 4; round 2: 1 2 4 (P = 4 fails: exit status 3); round 3: 1 2, P = 4 no more.
    CHECK(order == "1 2 4 1 2 4 1 2 ");
    CHECK(rs[0].ok());
    CHECK(rs[1].ok());
    CHECK(rs[0].parts.at(0).samples.at("T").size() == 3);
    CHECK(rs[2].status == "failed");
    CHECK_THAT(rs[2].reason, Contains("P = 4, run 2"));
    CHECK(rs[2].parts.at(0).samples.at("T").size() == 1);
}
