// The example programs of "Your own application" (examples/), run as a user runs them: under the real
// mpirun, launched the way run-app launches (AppLaunch.h), timed by the number they print.
#include "../TestSupport.h"

#include "app/runner/apprun/AppLaunch.h"
#include "app/runner/apprun/AppRun.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <string>

using namespace cs::runner;
using namespace cs::runner::apprun;

namespace {

// The number after "WORD " in a program's output; NaN when absent.
double after(const std::string& out, const std::string& word)
{
    const auto at = out.find(word + " ");
    return at == std::string::npos ? std::nan("") : std::strtod(out.c_str() + at + word.size() + 1, nullptr);
}

// Runs `exe N ITERS WAIT` on each P of `Ps` under mpirun as run-app launches it, and returns the residual
// each printed, by P (index 0 unused); each run must succeed and print its time.
[[maybe_unused]] std::vector<double> residuals(const char* exe, const char* N, const char* iters, const char* wait,
                                               std::initializer_list<int> Ps)
{
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    const std::vector<Node> nodes = parseNodeSpec("mpi:" + std::to_string(std::max(Ps)));
    std::vector<double> residual(std::max(Ps) + 1, 0.0);
    for (int P : Ps) {
        const ProcessRun run = runProcess(planAppLaunch(nodes, P, {exe, N, iters, wait}, ctx, "P"), 120, nullptr);
        INFO(run.failure() << "\n" << run.out << run.err);
        REQUIRE(run.ok());
        CHECK(after(run.out, "time_s") > 0);
        residual[P] = after(run.out, "residual");
        REQUIRE(residual[P] > 0);
    }
    return residual;
}

} // namespace

#ifdef CS_EXAMPLE_JACOBI_EXE
TEST_CASE("examples: the Jacobi stencil gives the same residual on 1 and 2 ranks, and run-app times it", "[runapp][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    const std::vector<Node> nodes = parseNodeSpec("mpi:2");
    // 24^3 cells, 10 iterations: the slabs of 2 ranks compute every cell from the same neighbours as one rank
    // does, so only the order of the residual's sum differs (round-off).
    const std::vector<double> residual = residuals(CS_EXAMPLE_JACOBI_EXE, "24", "10", "poll", {1, 2});
    CHECK(residual[2] == Approx(residual[1]).epsilon(1e-12));

    // run-app's stdout timing reads the program's own time line.
    AppRunRequest req;
    req.nodes = nodes;
    req.Ps = {1, 2};
    req.repeat = 2;
    req.timing = parseTiming("stdout:time_s ([0-9.eE+-]+)");
    req.argv = {CS_EXAMPLE_JACOBI_EXE, "24", "{iters}"};
    req.sets = {{"iters", "5"}};
    req.commandLine = "run-app ... -- cs-example-jacobi 24 {iters}";
    const std::vector<JobResult> rs = runApp(req, ctx, nullptr);
    REQUIRE(rs.size() == 2);
    for (const JobResult& r : rs) {
        INFO(r.reason);
        CHECK(r.ok());
        CHECK(r.summary["series"]["T"]["median"].get<double>() > 0);
    }
    // Too few cells for the ranks: refused with the usage, and run-app says the run failed.
    const LaunchPlan bad = planAppLaunch(nodes, 2, {CS_EXAMPLE_JACOBI_EXE, "1", "1"}, ctx, "P");
    const ProcessRun refused = runProcess(bad, 60, nullptr);
    CHECK_FALSE(refused.ok());
    const ProcessRun badWait =
        runProcess(planAppLaunch(parseNodeSpec("mpi:3"), 1, {CS_EXAMPLE_CG_EXE, "8", "1", "spin"}, ctx, "P"), 60, nullptr);
    CHECK_FALSE(badWait.ok());
    CHECK_THAT(badWait.err, Catch::Contains("'poll' or 'sleep', not 'spin'"));
}
#endif

#ifdef CS_EXAMPLE_CG_EXE
TEST_CASE("examples: the CG solver converges to the same residual on 1, 2 and 3 ranks", "[runapp][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    // 16^3 cells, 12 iterations. On P ranks each product sees the same neighbours as on one rank (the ghost
    // planes), so only the order of the dot products' sums differs (round-off, which CG carries forward).
    // The residual falls from |b| = sqrt(16^3) = 64: it must have fallen, and agree across P. The ranks wait
    // by sleeping (the programs' last argument), as on the namespace cluster, and compute the same.
    const std::vector<double> residual = residuals(CS_EXAMPLE_CG_EXE, "16", "12", "sleep", {1, 2, 3});
    CHECK(residual[1] < 64);
    CHECK(residual[2] == Approx(residual[1]).epsilon(1e-9));
    CHECK(residual[3] == Approx(residual[1]).epsilon(1e-9));
    // More ranks than planes, or a way of waiting that is neither: refused with the usage.
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    const ProcessRun refused =
        runProcess(planAppLaunch(parseNodeSpec("mpi:3"), 3, {CS_EXAMPLE_CG_EXE, "2", "1"}, ctx, "P"), 60, nullptr);
    CHECK_FALSE(refused.ok());
    const ProcessRun badWait =
        runProcess(planAppLaunch(parseNodeSpec("mpi:3"), 1, {CS_EXAMPLE_CG_EXE, "8", "1", "spin"}, ctx, "P"), 60, nullptr);
    CHECK_FALSE(badWait.ok());
    CHECK_THAT(badWait.err, Catch::Contains("'poll' or 'sleep', not 'spin'"));
}
#endif
