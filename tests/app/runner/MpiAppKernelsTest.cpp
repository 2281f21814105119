// The MPI application kernels (mpi.app.sort, mpi.app.collectives) under a real mpirun: tests/mpi/
// mpi_app_checks.cpp runs them on P ranks and checks their output from outside (the sort's output against
// std::sort of every input key, a corrupted exchange refused, the allreduce sums against hand-worked values).
// Started as mpirun -np P --oversubscribe (--allow-run-as-root as root, DESIGN.md); on a timeout mpirun is
// stopped by its PID (SIGTERM, which it passes to its ranks, then SIGKILL). No timing is checked.
#include "TestSupport.h"

#include "app/runner/Node.h"

#include <QProcess>
#include <QThread>

#include <catch2/catch.hpp>

#include <atomic>
#include <csignal>
#include <string>
#include <unistd.h>

namespace {

struct Run {
    int exitCode = -1;
    std::string output;
};

Run runUnderMpirun(int ranks)
{
    QStringList args = {"-np", QString::number(ranks), "--oversubscribe"};
    if (::geteuid() == 0)
        args << "--allow-run-as-root";
    args << CS_MPI_APP_CHECKS_EXE;
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start("mpirun", args);
    Run r;
    if (!p.waitForStarted(10000)) {
        r.output = "mpirun did not start: " + p.errorString().toStdString();
        return r;
    }
    if (!p.waitForFinished(180000)) {
        const qint64 pid = p.processId();
        if (pid > 0)
            ::kill(static_cast<pid_t>(pid), SIGTERM);
        if (!p.waitForFinished(10000))
            p.kill(); // SIGKILL to the same PID
        p.waitForFinished(5000);
        r.output = "timed out after 180 s; " + p.readAll().toStdString();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.output = p.readAll().toStdString();
    return r;
}

} // namespace

TEST_CASE("mpi.app.sort and mpi.app.collectives kernels under mpirun: a sorted permutation and hand-worked sums",
          "[mpi][verify]")
{
    if (!cs::test::haveMpirun())
        return;
    if (std::string(CS_MPI_APP_CHECKS_EXE).empty()) {
        WARN("skipped: the build has no MPI (cs_mpi_app_checks was not built)");
        return;
    }
    // 2 ranks, and 3: a count that is not a power of two, so MPI_Alltoallv's blocks differ in size and rank.
    for (int P : {2, 3}) {
        INFO("P = " << P);
        const Run r = runUnderMpirun(P);
        INFO(r.output);
        CHECK(r.exitCode == 0);
        CHECK_THAT(r.output, Catch::Contains("PASS sort"));
        CHECK_THAT(r.output, Catch::Contains("PASS corrupted"));
        CHECK_THAT(r.output, Catch::Contains("PASS collectives"));
        CHECK_THAT(r.output, !Catch::Contains("FAIL"));
    }
}

TEST_CASE("mpi.app.sort and mpi.app.collectives refuse parameters the ranks cannot run and name the value",
          "[mpi][verify]")
{
    if (!cs::test::haveMpirun())
        return;
    // 100 keys over 2 ranks: at most 50 second-pass buckets, each a key sub-range.
    auto r = cs::test::runOne("mpi:2", "mpi.app.sort", {{"keys", 100}, {"buckets", 51}, {"reps", 1}}, 60);
    CHECK(r.status == "failed");
    CHECK_THAT(r.reason, Catch::Contains("mpi.app.sort: buckets = 51 must be in [1, 2^24] and at most keys / P = 50"));
    // The allreduce sums doubles: 12 bytes is not a whole number of them.
    r = cs::test::runOne("mpi:2", "mpi.app.collectives", {{"bytes", 12}, {"reps", 1}}, 60);
    CHECK(r.status == "failed");
    CHECK_THAT(r.reason, Catch::Contains("mpi.app.collectives: bytes = 12 must be in [8, 2^26] and a multiple of 8"));
}

TEST_CASE("a cancelled mpi.app.sort ends as cancelled while it runs and the next run works", "[mpi][verify]")
{
    if (!cs::test::haveMpirun())
        return;
    // 10000 repetitions with no budget: far longer than the test waits. (In the agent rank 0 hears the cancel
    // and every rank learns it in the repetition's MPI_Allreduce, so all leave the kernel together.)
    cs::runner::RunPlan plan;
    plan.nodes = cs::runner::parseNodeSpec("mpi:2");
    plan.probe = "mpi.app.sort";
    plan.params = {{"keys", 1 << 16}, {"reps", 10000}, {"min_reps", 10000}, {"budget", 0}, {"warmups", 0}};
    plan.timeout = 300;
    cs::runner::Runner r(cs::test::plugins());
    std::atomic<bool> running{false};
    QObject::connect(
        &r, &cs::runner::Runner::progress, &r,
        [&](int, int, double, const QString& message) {
            if (message.endsWith(": running"))
                running = true;
        },
        Qt::DirectConnection);
    r.start(plan);
    for (int i = 0; i < 1200 && !running; ++i)
        QThread::msleep(100);
    REQUIRE(running);
    QThread::msleep(500); // inside the repetitions
    r.cancel();
    REQUIRE(r.wait(120000));
    const auto results = r.results();
    REQUIRE(results.size() == 1);
    INFO(results[0].reason);
    CHECK(results[0].status == "cancelled");
    CHECK(results[0].reason != "cancelled before it started");
    // Nothing of the cancelled run is in the way of the next.
    const auto next = cs::test::runOne("mpi:2", "mpi.app.sort", {{"keys", 1 << 14}, {"reps", 2}, {"budget", 0}}, 120);
    CHECK(next.ok());
    CHECK(next.parts[0].details["verified"] == true);
}
