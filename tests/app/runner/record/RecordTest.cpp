// libcsrecord.so under a real mpirun, preloaded as run-app --record preloads it (AppRecord.h): a program of
// known calls checked line by line, the byte limit, the Jacobi example's iterations, and run-app --record's
// recordings in the results file.
#if defined(CS_RECORD_LIB) && defined(CS_RECORD_SEQUENCE_EXE)
#include "../TestSupport.h"

#include "app/runner/apprun/AppLaunch.h"
#include "app/runner/apprun/AppRecord.h"
#include "app/runner/apprun/AppRun.h"
#include "model/calibration/Calibration.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace cs::runner;
using namespace cs::runner::apprun;
using Catch::Contains;

namespace {

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> v;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        v.push_back(l);
    return v;
}

// The trace's lines with each compute line's number replaced by "X": what the program called, not how long
// it took. `computes` gets the numbers, in order.
std::vector<std::string> shape(const std::string& text, std::vector<double>* computes = nullptr)
{
    std::vector<std::string> v;
    for (const std::string& l : linesOf(text)) {
        if (l.rfind("c ", 0) == 0) {
            if (computes)
                computes->push_back(std::strtod(l.c_str() + 2, nullptr));
            v.push_back("c X");
        } else {
            v.push_back(l);
        }
    }
    return v;
}

// Runs argv on P local ranks as run-app launches it, with the library preloaded and its traces in `dir`.
ProcessRun recorded(const std::vector<std::string>& argv, int P, const std::string& dir, const QTemporaryDir& work)
{
    LaunchContext ctx = defaultLaunchContext();
    ctx.workDir = work.path().toStdString();
    LaunchPlan plan = planAppLaunch(parseNodeSpec("mpi:" + std::to_string(P)), P, argv, ctx, "rec");
    if (!dir.empty())
        addRecording(plan, CS_RECORD_LIB, dir);
    return runProcess(plan, 120, nullptr);
}

} // namespace

TEST_CASE("record: a known sequence of calls is traced line by line on 4 ranks", "[record][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    QTemporaryDir work;
    const std::string dir = work.path().toStdString() + "/trace";
    const ProcessRun run = recorded({CS_RECORD_SEQUENCE_EXE, "5"}, 4, dir, work);
    INFO(run.failure() << "\n" << run.out << run.err);
    REQUIRE(run.ok());
    // The program's result is the one it computes without the library (tests/mpi/record_sequence.cpp).
    const ProcessRun plain = recorded({CS_RECORD_SEQUENCE_EXE, "5"}, 4, "", work);
    REQUIRE(plain.ok());
    CHECK(run.out == plain.out);
    CHECK_THAT(run.out, Contains("sum "));

    // Every rank: the broadcast of 128 bytes and the allreduce of 8 on MPI_COMM_WORLD (0); the split gives
    // communicator 1 on every rank (they agree on the number), whose members in its rank order are the
    // world ranks reversed by the key (size - rank): {1, 0} and {3, 2}; on it a broadcast of 16 bytes, an
    // irecv of 8 bytes from ANY_SOURCE (-1) with tag 5 in request slot 0 and an isend to the other member
    // (its rank in the pair: 0 for the pair's rank 1) in slot 1; the Waitall names the irecv's source with
    // "wait 0 SRC" and completes the isend as "waitall 1 1". The send to MPI_PROC_NULL leaves no line.
    // Then on the world: the shift of 12 bytes with tag 11 (rank 0 only sends to 1, rank 3 only receives from
    // 2, ranks 1 and 2 send up and receive from below); the alltoallv of 4, 8, 12 and 16 bytes to ranks 0-3; the
    // gather of 16 bytes a rank to rank 0 (whose MPI_IN_PLACE block is 2 doubles of the receive buffer too);
    // the irecv of 4 bytes from ANY_SOURCE with tag 99, cancelled (no completion line, where the cancelled
    // status's source was printed as "wait 0 -1"); the reduce of one long (8 bytes) to rank 0, and the end.
    const std::string shift[] = {"send 1 12 11 0", "sendrecv 2 12 11 0 12 11 0", "sendrecv 3 12 11 1 12 11 0",
                                 "recv 2 12 11 0"};
    auto tail = [&](int rank, int pairRank, const std::string& members) {
        const std::string other = std::to_string(1 - pairRank);
        return std::vector<std::string>{"c X", "bcast 128 0 0",  "c X", "allreduce 8 0",
                                        "c X", "comm 1 0 2 " + members,
                                        "c X", "bcast 16 0 1",
                                        "c X", "irecv -1 8 5 1 0",
                                        "c X", "isend " + other + " 8 5 1 1",
                                        "c X", "wait 0 " + other,
                                        "c X", "waitall 1 1",
                                        "c X", shift[rank],
                                        "c X", "alltoallv 0 4 8 12 16",
                                        "c X", "gather 16 0 0",
                                        "c X", "irecv -1 4 99 0 0",
                                        "c X", "reduce 8 0 0",
                                        "c X", "end"};
    };
    // Ranks 0 and 1: the 5 round trips fold into one loop of 5 (send and receive, each after its compute:
    // 4 lines); rank 1 received from ANY_SOURCE with ANY_TAG, and the trace names rank 0 and tag 7.
    std::vector<std::vector<std::string>> expected = {
        {"csrec 1 0 4", "loop 5 4", "c X", "send 1 1024 7 0", "c X", "recv 1 1024 8 0"},
        {"csrec 1 1 4", "loop 5 4", "c X", "recv 0 1024 7 0", "c X", "send 0 1024 8 0"},
        {"csrec 1 2 4"},
        {"csrec 1 3 4"}};
    const std::string members[] = {"1 0", "1 0", "3 2", "3 2"};
    for (int r = 0; r < 4; ++r) {
        const int pairRank = r % 2 == 0 ? 1 : 0; // reversed: world rank 0 is the pair's rank 1
        const std::vector<std::string> t = tail(r, pairRank, members[r]);
        expected[r].insert(expected[r].end(), t.begin(), t.end());
        std::vector<double> computes;
        const std::string text = readText(dir + "/rank-" + std::to_string(r) + ".csrec");
        INFO("rank " << r << ":\n" << text);
        CHECK(shape(text, &computes) == expected[r]);
        // The 20 ms of compute before the broadcast (the fourth compute on ranks 0 and 1: two in the loop's
        // body, then the one after the PROC_NULL send; the first on ranks 2 and 3).
        REQUIRE(computes.size() >= 3);
        const double before = computes[r < 2 ? 2 : 0];
        CHECK(before >= 0.02);
        CHECK(before < 0.5);
        CHECK(!readText(dir + "/rank-" + std::to_string(r) + ".host").empty());
    }
}

TEST_CASE("record: a rank past CS_RECORD_LIMIT ends its trace with truncated and the program runs on", "[record][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    QTemporaryDir work;
    const std::string dir = work.path().toStdString() + "/trace";
    const ProcessRun plain = recorded({CS_RECORD_SEQUENCE_EXE, "5"}, 4, "", work);
    REQUIRE(plain.ok());
    ::setenv("CS_RECORD_LIMIT", "300", 1); // addRecording passes it on with -x
    const ProcessRun run = recorded({CS_RECORD_SEQUENCE_EXE, "5"}, 4, dir, work);
    ::unsetenv("CS_RECORD_LIMIT");
    INFO(run.failure() << "\n" << run.out << run.err);
    REQUIRE(run.ok());
    CHECK(run.out == plain.out);
    for (int r = 0; r < 4; ++r) {
        const std::string text = readText(dir + "/rank-" + std::to_string(r) + ".csrec");
        INFO("rank " << r << ":\n" << text);
        CHECK(text.size() <= 300);
        const std::vector<std::string> ls = linesOf(text);
        REQUIRE(ls.size() >= 2);
        CHECK(ls.front() == "csrec 1 " + std::to_string(r) + " 4");
        CHECK_THAT(ls.back(), Catch::StartsWith("truncated ") && Contains("CS_RECORD_LIMIT (300 bytes)"));
    }
}

#ifdef CS_EXAMPLE_JACOBI_EXE
TEST_CASE("record: the Jacobi example at P = 2 shows its halo exchange once per iteration, folded", "[record][mpi]")
{
    if (!cs::test::haveMpirun())
        return;
    // From examples/jacobi/jacobi.cpp and examples/common/ExampleMpi.h, at N = 16 and 7 iterations on 2 ranks:
    // each rank holds 8 planes of 16 x 16 doubles. A barrier, then per iteration exchangeHalo posts
    //   MPI_Irecv(below, tag 1), MPI_Irecv(above, tag 0), MPI_Isend(below, tag 0), MPI_Isend(above, tag 1)
    // of one plane (256 doubles, 2048 bytes) and waits for the four; then sumAll's MPI_Allreduce of one double.
    // Rank 0 has no rank below (MPI_PROC_NULL: no message, no line): one irecv from 1 with tag 0 (request
    // slot 0), one isend to 1 with tag 1 (slot 1), their Waitall; rank 1 the mirror (irecv from 0 tag 1, isend
    // to 0 tag 0). So each rank shows one send and one receive per iteration, the loop's body is 4 events (8
    // lines with their computes), and its count is the 7 iterations. Then the closing barrier and the end.
    // "sleep" waits by MPI_Testall every 50 us: the tests that complete nothing are no events, and the trace is
    // the same.
    for (const char* wait : {"poll", "sleep"}) {
        QTemporaryDir work;
        const std::string dir = work.path().toStdString() + "/trace";
        const ProcessRun run = recorded({CS_EXAMPLE_JACOBI_EXE, "16", "7", wait}, 2, dir, work);
        INFO(wait << ": " << run.failure() << "\n" << run.out << run.err);
        REQUIRE(run.ok());
        const std::vector<std::vector<std::string>> expected = {
            {"csrec 1 0 2", "c X", "barrier 0", "loop 7 8", "c X", "irecv 1 2048 0 0 0", "c X", "isend 1 2048 1 0 1",
             "c X", "waitall 2 0 1", "c X", "allreduce 8 0", "c X", "barrier 0", "c X", "end"},
            {"csrec 1 1 2", "c X", "barrier 0", "loop 7 8", "c X", "irecv 0 2048 1 0 0", "c X", "isend 0 2048 0 0 1",
             "c X", "waitall 2 0 1", "c X", "allreduce 8 0", "c X", "barrier 0", "c X", "end"}};
        for (int r = 0; r < 2; ++r) {
            const std::string text = readText(dir + "/rank-" + std::to_string(r) + ".csrec");
            INFO(wait << ", rank " << r << ":\n" << text);
            CHECK(shape(text) == expected[static_cast<std::size_t>(r)]);
        }
    }
}

TEST_CASE("record: run-app --record writes each P's recording beside the results, and refuses what it cannot record",
          "[record][mpi][runapp]")
{
    if (!cs::test::haveMpirun())
        return;
    QTemporaryDir work;
    const std::string runs = work.path().toStdString() + "/runs.json";
    const std::string cli = std::string(CS_CLI_EXE) + " run-app --nodes mpi:2 --at P=1,2 --repeat 2 --quiet ";
    std::string out;
    const int status = cs::test::sh(cli + "--time 'stdout:time_s ([0-9.eE+-]+)' --record -o " + runs + " -- " +
                                        CS_EXAMPLE_JACOBI_EXE + " 16 4",
                                    &out);
    INFO(out);
    REQUIRE(status == 0);
    const nlohmann::json doc = nlohmann::json::parse(readText(runs));
    REQUIRE(doc["results"].size() == 2);
    REQUIRE(doc["recordings"].size() == 2);
    for (int i = 0; i < 2; ++i) {
        const nlohmann::json& rec = doc["recordings"][static_cast<std::size_t>(i)];
        const int P = i + 1;
        CHECK(rec["P"] == P);
        CHECK(rec["program"] == CS_EXAMPLE_JACOBI_EXE);
        CHECK(rec["args"] == nlohmann::json::array({"16", "4"}));
        CHECK(rec["nodes"] == "mpi:2");
        CHECK(rec["compute_speed"] == 1.0);
        CHECK(rec["truncated"] == false);
        REQUIRE(rec["run"] == i);
        CHECK(doc["results"][static_cast<std::size_t>(i)]["params"]["P"] == P);
        REQUIRE(rec["ranks"].size() == static_cast<std::size_t>(P));
        REQUIRE(rec["hosts"].size() == static_cast<std::size_t>(P));
        for (int r = 0; r < P; ++r) {
            const std::string text = rec["ranks"][static_cast<std::size_t>(r)];
            CHECK(text.rfind("csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\n", 0) == 0);
            CHECK_THAT(text, Catch::EndsWith("\nend\n") && Contains("loop 4 "));
        }
    }
    // The results' readers (calibrate, fit, verify) take the file with its recordings.
    CHECK(cs::calib::readResultsFile(runs).size() == 2);

    // --record-dir: the traces go to (and stay in) a folder of the user's, one of its own per run and P.
    const std::string shared = work.path().toStdString() + "/shared";
    REQUIRE(cs::test::sh(cli + "--record --record-dir " + shared + " -o " + runs + " -- " + CS_EXAMPLE_JACOBI_EXE +
                             " 16 2",
                         &out) == 0);
    const QStringList kept = QDir(QString::fromStdString(shared)).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    REQUIRE(kept.size() == 2);
    CHECK(kept[0].endsWith("-0-P1"));
    CHECK(kept[1].endsWith("-1-P2"));
    CHECK(QFileInfo(QString::fromStdString(shared) + "/" + kept[1] + "/rank-1.csrec").isFile());
    CHECK(cs::test::sh(cli + "--record-dir " + shared + " -o " + runs + " -- true", &out) == 2);
    CHECK_THAT(out, Contains("give --record too"));

    // A program that is not an MPI program leaves no trace: its P fails, saying so.
    CHECK(cs::test::sh(cli + "--record -o " + runs + " -- true", &out) == 1);
    CHECK_THAT(out, Contains("--record: no rank of true wrote a trace") && Contains("not an MPI program"));
    // Without the library, --record says where it looked.
    CHECK(cs::test::sh("CLUSTERSCOPE_RECORD_LIB=/nonexistent/libcsrecord.so " + cli + "--record -o " + runs +
                           " -- true",
                       &out) == 1);
    CHECK_THAT(out, Contains("--record needs libcsrecord.so"));
}
#endif
#endif
