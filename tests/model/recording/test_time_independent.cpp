// SimGrid's time-independent traces (model/recording/TimeIndependent.h) read
// into a recording and written from one; the results file's recordings array
// (RecordingJson.h).
#include "ReplayTestSupport.h"
#include "model/core/ModelError.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/RecordingJson.h"
#include "model/recording/Replay.h"
#include "model/recording/TimeIndependent.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using namespace cs::rec;
using Catch::Contains;

namespace {

using cs::test::plainNet;

const std::vector<std::string> kTrace = {
    "# version: 1.0\n0 init\n0 compute 2e9\n0 isend 1 0 1001\n0 recv 1 0 1001\n0 wait 0 1 0\n0 bcast 1001 0\n"
    "0 finalize\n",
    "1 init\n1 recv 0 0 1001\n1 send 0 0 1001\n1 bcast 1001 0\n1 finalize\n"};

} // namespace

TEST_CASE("SimGrid traces: imported at a stated flop rate and replayed", "[recording]")
{
    const Recording rec = importTimeIndependent(kTrace, 1e9);
    // 2e9 flops at 1e9 flop/s: 2 s. Then, in us after 2 s (L 5, o_s 2, o_r 3, 1000 B x 1 ns = 1 us):
    // rank 0's isend arrives at 2 + 1 + 5 = 8, rank 1 receives at 11 and sends back: arrives at 11 + 8 = 19,
    // rank 0 receives at 22; rank 1 entered the broadcast at 13: it starts at 22 and takes one step, 11: 33.
    const ReplayResult r = replay(rec, plainNet());
    CHECK(r.seconds == Approx(2.0 + 33e-6).epsilon(1e-12));
    CHECK(r.messages == 2);
    CHECK(r.collectives == 1);
}

TEST_CASE("SimGrid traces: a recording written and read back replays the same", "[recording]")
{
    const Recording rec = parseRecording(
        {"csrec 1 0 2\nc 0.5\nloop 3 4\nirecv 1 2048 4 0 0\nisend 1 4096 4 0 1\nwaitall 2 0 1\nallreduce 8 0\n"
         "sendrecv 1 100 9 1 200 9 0\nend\n",
         "csrec 1 1 2\nc 0.25\nloop 3 4\nirecv 0 4096 4 0 0\nisend 0 2048 4 0 1\nwaitall 2 1 0\nallreduce 8 0\n"
         "sendrecv 0 200 9 0 100 9 0\nend\n"});
    const std::vector<std::string> ti = exportTimeIndependent(rec, 1e9);
    REQUIRE(ti.size() == 2);
    CHECK_THAT(ti[0], Contains("0 init\n0 compute 5e+08\n0 irecv 1 4 2048\n0 isend 1 4 4096\n0 wait 1 0 4\n"
                               "0 wait 0 1 4\n0 allreduce 8 0\n"));
    CHECK_THAT(ti[0], Contains("0 isend 1 9 100\n0 recv 1 9 200\n0 wait 0 1 9\n0 finalize\n"));
    const Recording back = importTimeIndependent(ti, 1e9);
    CHECK(replay(back, plainNet()).seconds == Approx(replay(rec, plainNet()).seconds).epsilon(1e-12));
}

TEST_CASE("SimGrid traces: what one format cannot say in the other is refused", "[recording]")
{
    auto importRefusal = [](const std::vector<std::string>& t) {
        return cs::test::refusalOf([&] { importTimeIndependent(t, 1e9); });
    };
    CHECK_THAT(importRefusal({"0 init\n0 send 0 0 8 2\n0 finalize\n"}),
               Contains("rank 0 (SimGrid trace), line 2: send has a datatype or other field"));
    CHECK_THAT(importRefusal({"0 init\n0 send 3 0 8\n0 finalize\n"}),
               Contains("rank 0 (SimGrid trace), line 2: PEER 3 does not exist"));
    CHECK_THAT(importRefusal({"0 init\n0 compute -5\n0 finalize\n"}), Contains("line 2: a negative number (-5)"));
    CHECK_THAT(importRefusal({"0 init\n0 compute 5\n"}), Contains("the file is cut short"));
    CHECK_THAT(importRefusal({"1 init\n"}), Contains("line 1: the line is of rank 1 in rank 0's trace"));
    // A collective on a communicator of two of three ranks.
    const Recording sub = parseRecording({"csrec 1 0 3\ncomm 1 0 2 0 1\nbarrier 1\nend\n",
                                          "csrec 1 1 3\ncomm 1 0 2 0 1\nbarrier 1\nend\n", "csrec 1 2 3\nend\n"});
    CHECK_THAT(cs::test::refusalOf([&] { exportTimeIndependent(sub, 1e9); }),
               Contains("rank 0, line 3: barrier on a communicator other than MPI_COMM_WORLD"));
}

TEST_CASE("recordings: the results file's array is read and checked", "[recording]")
{
    const nlohmann::json good = nlohmann::json::parse(R"({"recordings": [{"P": 2, "hosts": ["a", "b"],
        "compute_speed": 0.5, "run": 3, "ranks": ["csrec 1 0 2\nsend 1 8 0 0\nend\n", "csrec 1 1 2\nrecv 0 8 0 0\nend\n"]}]})");
    const std::vector<RecordedRun> runs = recordingsFromJson(good);
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].P == 2);
    CHECK(runs[0].hosts == std::vector<std::string>{"a", "b"});
    CHECK(runs[0].computeSpeed == 0.5);
    CHECK(runs[0].run == 3);
    CHECK(runs[0].recording.P() == 2);
    CHECK(recordingsFromJson(nlohmann::json::object()).empty());
    auto refusal = [](const char* text) {
        return cs::test::refusalOf([&] { recordingsFromJson(nlohmann::json::parse(text)); });
    };
    CHECK_THAT(refusal(R"({"recordings": [{"P": 2, "ranks": ["csrec 1 0 2\nend\n"]}]})"),
               Contains("recordings[0].ranks: 1 rank texts for P = 2"));
    CHECK_THAT(refusal(R"({"recordings": [{"P": 0, "ranks": []}]})"), Contains("recordings[0].P: expected the rank count"));
    CHECK_THAT(refusal(R"({"recordings": [{"P": 1, "ranks": ["csrec 1 0 1\nc 1\n"]}]})"),
               Contains("recordings[0].ranks[0], line 2: the text ends at line 2 without `end`"));
    CHECK_THAT(refusal(R"({"recordings": {}})"), Contains("recordings: expected an array"));
}
