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

// `argv` on P ranks of the nodes `spec` under mpirun as run-app launches it, in a folder of its own.
[[maybe_unused]] ProcessRun launched(const std::vector<std::string>& argv, const std::string& spec, int P,
                                     int timeout = 60)
{
    QTemporaryDir work;
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    return runProcess(planAppLaunch(parseNodeSpec(spec), P, argv, ctx, "P"), timeout, nullptr);
}

// Runs `argv` on each P of `Ps` under mpirun as run-app launches it, and returns the number each printed after
// "WORD ", by P (index 0 unused); each run must succeed and print its time.
[[maybe_unused]] std::vector<double> printed(const std::vector<std::string>& argv, const std::string& word,
                                             std::initializer_list<int> Ps)
{
    const std::string nodes = "mpi:" + std::to_string(std::max(Ps));
    std::vector<double> value(std::max(Ps) + 1, 0.0);
    for (int P : Ps) {
        const ProcessRun run = launched(argv, nodes, P, 120);
        INFO(run.failure() << "\n" << run.out << run.err);
        REQUIRE(run.ok());
        CHECK(after(run.out, "time_s") > 0);
        value[P] = after(run.out, word);
        REQUIRE(value[P] > 0);
    }
    return value;
}

// The residual `exe N ITERS WAIT` printed on each P of `Ps` (printed).
[[maybe_unused]] std::vector<double> residuals(const char* exe, const char* N, const char* iters, const char* wait,
                                               std::initializer_list<int> Ps)
{
    return printed({exe, N, iters, wait}, "residual", Ps);
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
    const ProcessRun badWait = launched({CS_EXAMPLE_JACOBI_EXE, "8", "1", "spin"}, "mpi:3", 1);
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
    const ProcessRun refused = launched({CS_EXAMPLE_CG_EXE, "2", "1"}, "mpi:3", 3);
    CHECK_FALSE(refused.ok());
    const ProcessRun badWait = launched({CS_EXAMPLE_CG_EXE, "8", "1", "spin"}, "mpi:3", 1);
    CHECK_FALSE(badWait.ok());
    CHECK_THAT(badWait.err, Catch::Contains("'poll' or 'sleep', not 'spin'"));
}
#endif

#ifdef CS_EXAMPLE_FFT2D_EXE
TEST_CASE("examples: the 2-D FFT's checksum is N^2 on 1, 2 and 4 ranks", "[runapp][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    // The input is the plane wave x[r][c] = exp(2 pi i (r + 2 c) / N) (fft2d.cpp), whose 2-D transform is N^2 at
    // (1, 2) and 0 elsewhere, so the checksum (the sum of |Y|) is N^2. By hand for N = 4, where w = exp(2 pi i / 4)
    // = i: step 1 transforms row r, i^r (i^2)^c = i^r (-1)^c, to 4 i^r at column 2 (sum_c (-1)^c i^(-2 c) = 4) and 0
    // at the others (a sum of the 4th roots of unity); the transpose makes row 2 = 4 (1, i, -1, -i) and the other
    // rows 0; step 3 transforms row 2 to 4 sum_r i^r i^(-r b), 16 at b = 1 and 0 at the others. So Y = 16 at (1, 2):
    // checksum 16. At P = 4 each rank holds one row and the all-to-all moves 1 x 1 blocks. The sums of |Y| over the
    // ranks differ with P only by the round-off in the zeros.
    const std::vector<double> tiny = printed({CS_EXAMPLE_FFT2D_EXE, "4", "2"}, "checksum", {1, 2, 4});
    const std::vector<double> wave = printed({CS_EXAMPLE_FFT2D_EXE, "64", "2"}, "checksum", {1, 2, 4});
    // The transpose by an isend and irecv to every rank, waited for sleeping: the same transform.
    const std::vector<double> slept = printed({CS_EXAMPLE_FFT2D_EXE, "64", "2", "sleep"}, "checksum", {1, 2, 4});
    for (int P : {1, 2, 4}) {
        INFO("P = " << P);
        CHECK(tiny[P] == Approx(16.0).epsilon(1e-12));
        CHECK(wave[P] == Approx(64.0 * 64.0).epsilon(1e-9));
        CHECK(wave[P] == Approx(wave[1]).epsilon(1e-9));
        CHECK(slept[P] == Approx(64.0 * 64.0).epsilon(1e-9));
    }
    // N not a multiple of the ranks: refused with the usage.
    const ProcessRun refused = launched({CS_EXAMPLE_FFT2D_EXE, "6", "1"}, "mpi:4", 4);
    CHECK_FALSE(refused.ok());
    CHECK_THAT(refused.err, Catch::Contains("a multiple of the number of ranks"));
}
#endif
