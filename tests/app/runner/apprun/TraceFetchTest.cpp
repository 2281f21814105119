// run-app --record on hosts that do not share this machine's files (TraceFetch.h): the ssh command per host,
// and the stream it sends, hostile ones included. No process runs here; the live test of the whole path is
// "run-app --record fetches the traces ..." (RecordRemoteLiveTest.cpp).
#include "app/runner/apprun/AppLaunch.h"
#include "app/runner/apprun/TraceFetch.h"

#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <string>

using namespace cs::runner;
using namespace cs::runner::apprun;
using Catch::Contains;

namespace {

std::string fileText(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll().toStdString();
}

} // namespace

TEST_CASE("run-app --record: the traces are fetched from each other host of an mpi node with its ssh settings, in "
          "its namespace",
          "[runapp][record]")
{
    const Node n = launchNode(parseNodeSpec("mpi:4:hosts=10.1.0.1+10.1.0.2+localhost+10.1.0.2:netns=cs-h0:port=2222:"
                                         "key=/k/id:opt=StrictHostKeyChecking=no"),
                              4);
    const std::vector<TraceFetch> fetch = planTraceFetch(n, "/tmp/w/record-0-P4");
    // 10.1.0.1 and 10.1.0.2 once each; localhost's ranks write here.
    REQUIRE(fetch.size() == 2);
    CHECK(fetch[0].host == "10.1.0.1");
    CHECK(fetch[1].host == "10.1.0.2");
    const std::string first = fetch[0].command.text(), second = fetch[1].command.text();
    CHECK_THAT(first, Contains("ip netns exec cs-h0 ssh"));
    CHECK_THAT(first, Contains("-p 2222"));
    CHECK_THAT(first, Contains("-i /k/id"));
    CHECK_THAT(first, Contains("StrictHostKeyChecking=no"));
    CHECK_THAT(first, Contains("-- 10.1.0.1 "));
    CHECK_THAT(second, Contains("-- 10.1.0.2 "));
    // The remote side: nothing when the launcher's marker is there (a shared file system), the rank files, and
    // the folder removed after.
    const std::string remote = fetch[0].command.args.back();
    CHECK_THAT(remote, Contains("cd /tmp/w/record-0-P4 "));
    CHECK_THAT(remote, Contains(std::string("[ -e ") + kTraceMarker + " ] && exit 0"));
    CHECK_THAT(remote, Contains("rank-*.csrec rank-*.host"));
    CHECK_THAT(remote, Contains("rm -rf -- /tmp/w/record-0-P4 "));
    // mpirun on this machine alone, and a user's hostfile, have nothing to fetch.
    CHECK(planTraceFetch(launchNode(parseNodeSpec("mpi:2"), 2), "/tmp/d").empty());
    CHECK(planTraceFetch(launchNode(parseNodeSpec("mpi:2:hostfile=/h"), 2), "/tmp/d").empty());
}

TEST_CASE("run-app --record: the traces are fetched from each Slurm node by a one-task srun step there",
          "[runapp][record]")
{
    // slurm:n[1-3] at P = 3: the ranks' step ran on n1, n2 and n3; each is asked for its files by a step of its
    // own, in the nodes' partition, with the same --immediate; the same remote script as over ssh.
    const Node n = launchNode(parseNodeSpec("slurm:n[1-3]:partition=batch:immediate=12"), 3);
    const std::vector<TraceFetch> fetch = planTraceFetch(n, "/scratch/record-0-P3");
    REQUIRE(fetch.size() == 3);
    CHECK(fetch[2].host == "n3");
    const Command& c = fetch[2].command;
    CHECK(c.program == "srun");
    CHECK_THAT(c.text(), Contains("-N1 -n1 -w n3 -u --immediate=12"));
    CHECK_THAT(c.text(), Contains("-p batch"));
    CHECK_THAT(c.text(), !Contains("--mem=0"));
    REQUIRE(c.args.size() >= 3);
    CHECK(c.args[c.args.size() - 3] == "sh");
    CHECK(c.args[c.args.size() - 2] == "-c");
    CHECK_THAT(c.args.back(), Contains("cd /scratch/record-0-P3 "));
    CHECK_THAT(c.args.back(), Contains(std::string("[ -e ") + kTraceMarker + " ] && exit 0"));
    // Inside an allocation the step takes no memory of its own, or it waits behind the job's.
    CHECK_THAT(planTraceFetch(n, "/scratch/r", true)[0].command.text(), Contains("--mem=0"));
}

TEST_CASE("run-app --record: a host's stream of traces is written as its files, and a hostile one is refused",
          "[runapp][record]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string d = dir.path().toStdString();
    // Two files: 12 bytes ("csrec 1 1 2\n") and 6 ("node1\n").
    const std::string stream = std::string("rank-1.csrec 12\ncsrec 1 1 2\n") + "rank-1.host 6\nnode1\n";
    CHECK(unpackTraces(stream, d, "10.1.0.2") == 2);
    CHECK(fileText(dir.path() + "/rank-1.csrec") == "csrec 1 1 2\n");
    CHECK(fileText(dir.path() + "/rank-1.host") == "node1\n");
    CHECK(unpackTraces("", d, "h") == 0);

    // A name outside the folder, or of another kind of file, is not written.
    CHECK_THROWS_WITH(unpackTraces("../rank-1.csrec 1\nx", d, "10.1.0.2"),
                      Contains("10.1.0.2 name a file '../rank-1.csrec', which is not a rank's trace"));
    CHECK_THROWS_WITH(unpackTraces("rank-1.csrec/x 1\nx", d, "h"), Contains("not a rank's trace"));
    CHECK_THROWS_WITH(unpackTraces(".bashrc 1\nx", d, "h"), Contains("not a rank's trace"));
    CHECK_FALSE(QFile::exists(dir.path() + "/../rank-1.csrec.x"));
    // Sizes: negative, not a number, larger than what follows (a cut stream), 10^18.
    CHECK_THROWS_WITH(unpackTraces("rank-2.csrec -5\nxxxxx", d, "h"), Contains("the size '-5', which is not"));
    CHECK_THROWS_WITH(unpackTraces("rank-2.csrec 5x\nxxxxx", d, "h"), Contains("the size '5x'"));
    CHECK_THROWS_WITH(unpackTraces("rank-2.csrec 9\nxxxxx", d, "h"),
                      Contains("give rank-2.csrec 9 bytes and hold 5: the stream was cut"));
    CHECK_THROWS_WITH(unpackTraces("rank-2.csrec 1000000000000000000\nx", d, "h"), Contains("the stream was cut"));
    // A stream cut inside its header line.
    CHECK_THROWS_WITH(unpackTraces("rank-1.csrec 12\ncsrec 1 1 2\nrank-2.cs", d, "h"), Contains("cut short at byte 28"));
}
