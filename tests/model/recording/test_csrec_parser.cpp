// The csrec reader (model/recording/CsrecParser.h): a recording with loops,
// communicators and nonblocking calls read as written, and every limit of the
// format refused with its rank and line: a truncated file, a peer that does
// not exist, 10^9 repeats, a negative size, a loop past the end, a line of
// more than 1 MiB, an unknown communicator.
#include "ReplayTestSupport.h"
#include "model/core/ModelError.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"
#include "model/recording/TimeIndependent.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;
using Catch::Contains;

namespace {

std::string refusal(const std::string& text)
{
    return cs::test::refusalOf([&] { parseCsrec(text, "rank 0"); });
}

} // namespace

TEST_CASE("csrec: a rank's text is read with its loops, communicators and requests", "[recording]")
{
    const RankTrace t = parseCsrec("csrec 1 1 4\n"
                                   "comm 1 0 2 3 1\n"
                                   "c 0.5\n"
                                   "loop 100 4\n"
                                   "irecv -1 80 7 0 0\n"
                                   "isend 0 80 7 1 1\n"
                                   "waitall 2 0 1\n"
                                   "c 0.001\n"
                                   "wait 0 2\n"
                                   "allreduce 8 1\n"
                                   "end\n",
                                   "rank 1");
    CHECK(t.rank == 1);
    CHECK(t.size == 4);
    REQUIRE(t.events.size() == 9);
    REQUIRE(t.comms.size() == 2);
    CHECK(t.comms[1].members == std::vector<std::int32_t>{3, 1});
    CHECK(t.events[2].kind == Kind::Loop);
    CHECK(t.events[2].value == 100);
    CHECK(t.events[2].count == 4);
    CHECK(t.events[3].peer == -1); // ANY_SOURCE: the later `wait 0 2` names rank 2 but is another request
    CHECK(t.events[4].peer == 0);
    CHECK(t.events[4].line == 6);
    // Events gone through: comm, c, loop header, 100 x 4, wait, allreduce = 405; sends: 100.
    CHECK(t.expandedEvents == 405);
    CHECK(t.expandedSends == 100);
    CHECK(t.maxRequest == 1);
}

TEST_CASE("csrec: an irecv from any source takes the source its wait names", "[recording]")
{
    const Recording rec = parseRecording({"csrec 1 0 2\nirecv -1 8 0 0 0\nwait 0 1\nend\n",
                                          "csrec 1 1 2\nsend 0 8 0 0\nend\n"});
    CHECK(rec.ranks[0].events[0].peer == 1);
}

TEST_CASE("csrec: irecvs from any source posted across a loop's passes are matched by each wait's source",
          "[recording]")
{
    // As libcsrecord.so wrote HPCC's RandomAccess (a real trace, P = 4): rank 0 keeps one irecv from ANY_SOURCE
    // posted, and each wait names who it got. The body's last irecv is completed by the next pass's first wait
    // (from rank 1) and, after the last pass, by the wait after the loop (from rank 2): its line stands for
    // irecvs of two sources. Completions in order: 1, 2, 1, 2, 2. Giving that irecv line the source of the wait
    // read after it (2) took rank 2's message at the second pass's `wait 0 1`, and the replay stopped at the
    // last wait ("the replay cannot go on").
    const Recording rec = parseRecording({"csrec 1 0 3\nirecv -1 8 -1 0 0\n"
                                          "loop 2 4\nwait 0 1\nirecv -1 8 -1 0 0\nwait 0 2\nirecv -1 8 -1 0 0\n"
                                          "wait 0 2\nend\n",
                                          "csrec 1 1 3\nloop 2 1\nsend 0 8 1 0\nend\n",
                                          "csrec 1 2 3\nloop 3 1\nsend 0 8 2 0\nend\n"});
    const std::vector<Event>& ev = rec.ranks[0].events;
    CHECK(ev[0].peer == -1); // completed inside the loop that opens after it
    CHECK(ev[3].peer == 2);  // posted and completed within one pass: the same wait every pass
    CHECK(ev[5].peer == -1); // completed by the next pass's first wait, or the one after the loop
    CHECK(ev[6].peer == 2);  // each wait keeps its own source
    const ReplayResult r = replay(rec, cs::test::plainNet());
    CHECK(r.messages == 5);
    // Ranks 1 and 2 send back to back, paced by max(g, o_s, (k-1)G) = 2 us, each message arriving o_s + 7G + L
    // = 7.007 us after it leaves: from rank 1 at 7.007 and 9.007 us, from rank 2 at 7.007, 9.007 and 11.007 us.
    // Rank 0 takes them in its waits' order, o_r = 3 us each, every one there before it waits: 10.007, 13.007,
    // 16.007, 19.007 and 22.007 us, the end.
    CHECK(r.seconds == Approx(22.007e-6).epsilon(1e-9));
    // SimGrid's irecv names its source: each is written at its wait, with the wait's source.
    CHECK(exportTimeIndependent(rec, 1e9)[0] == "0 init\n"
                                                "0 irecv 1 -1 8\n0 wait 1 0 -1\n0 irecv 2 -1 8\n0 wait 2 0 -1\n"
                                                "0 irecv 1 -1 8\n0 wait 1 0 -1\n0 irecv 2 -1 8\n0 wait 2 0 -1\n"
                                                "0 irecv 2 -1 8\n0 wait 2 0 -1\n0 finalize\n");
}

TEST_CASE("csrec: link translates a communicator's ranks to world ranks and matches communicators by members",
          "[recording]")
{
    // Ranks 1 and 3 make a communicator {3, 1} (rank 0 of it is world rank 3); rank 1 also
    // made another one before, so their ids differ: 2 on rank 1, 1 on rank 3.
    const Recording rec = parseRecording({"csrec 1 0 4\nend\n",
                                          "csrec 1 1 4\ncomm 1 0 2 1 0\ncomm 2 0 2 3 1\nsend 0 8 5 2\nend\n",
                                          "csrec 1 2 4\nend\n",
                                          "csrec 1 3 4\ncomm 1 0 2 3 1\nrecv 1 8 5 1\nend\n"});
    REQUIRE(rec.comms.size() == 3);
    const Event& send = rec.ranks[1].events[2];
    const Event& recv = rec.ranks[3].events[1];
    CHECK(send.peer == 3);
    CHECK(recv.peer == 1);
    CHECK(send.comm == recv.comm);
}

TEST_CASE("csrec: hostile texts are refused with the rank and the line", "[recording]")
{
    // A truncated file: the text stops without `end` (or `truncated`).
    CHECK_THAT(refusal("csrec 1 0 2\nsend 1 8 0 0\nrecv 1 8 0 0\n"),
               Contains("rank 0, line 3: the text ends at line 3 without `end` or `truncated`: the file is cut short"));
    // Cut inside a line, the line itself is short of fields.
    CHECK_THAT(refusal("csrec 1 0 2\nsend 1 8"), Contains("rank 0, line 2: send takes 4 field(s)"));
    // A peer that does not exist: world has 2 ranks.
    CHECK_THAT(refusal("csrec 1 0 2\nsend 5 8 0 0\nend\n"),
               Contains("line 2: PEER 5 does not exist: communicator 0 has 2 rank(s)"));
    CHECK_THAT(refusal("csrec 1 0 2\nbcast 8 2 0\nend\n"), Contains("line 2: ROOT 2 does not exist"));
    // 10^9 repeats.
    CHECK_THAT(refusal("csrec 1 0 2\nloop 1000000000 1\nsend 1 8 0 0\nend\n"),
               Contains("line 2: COUNT 1000000000 is above the limit of 10000000"));
    // A negative size, a negative compute.
    CHECK_THAT(refusal("csrec 1 0 2\nsend 1 -8 0 0\nend\n"), Contains("line 2: BYTES is negative (-8)"));
    CHECK_THAT(refusal("csrec 1 0 2\nc -0.5\nend\n"), Contains("line 2: SECONDS is negative (-0.5)"));
    // A loop body beyond the file, beyond its enclosing loop.
    CHECK_THAT(refusal("csrec 1 0 2\nloop 3 5\nsend 1 8 0 0\nend\n"),
               Contains("line 2: the loop's body of 5 lines runs past the end of the text"));
    CHECK_THAT(refusal("csrec 1 0 2\nloop 3 2\nloop 2 2\nsend 1 8 0 0\nsend 1 8 0 0\nend\n"),
               Contains("line 3: the loop's body of 2 lines runs past the body of the loop of line 2"));
    // A line of more than 1 MiB.
    CHECK_THAT(refusal("csrec 1 0 2\nc " + std::string(std::size_t{1} << 20, '1') + "\nend\n"),
               Contains("line 2: the line is longer than the limit of 1 MiB"));
    // An unknown communicator; a member outside the world.
    CHECK_THAT(refusal("csrec 1 0 2\nbarrier 3\nend\n"), Contains("line 2: unknown communicator 3"));
    CHECK_THAT(refusal("csrec 1 0 2\ncomm 1 0 2 0 9\nend\n"), Contains("line 2: member 9 is above the limit of 1"));
    // The header.
    CHECK_THAT(refusal("send 1 8 0 0\nend\n"), Contains("line 1: the first line must be the header"));
    CHECK_THAT(refusal("csrec 1 0 2000000000\nend\n"), Contains("SIZE 2000000000 is above the limit of 1048576"));
    CHECK_THAT(refusal("csrec 1 0 2\nsend 1 8 0 0\nend\nsend 1 8 0 0\n"), Contains("line 4: a line after `end`"));
    CHECK_THAT(refusal("csrec 1 0 2\nfrobnicate 1\nend\n"), Contains("line 2: unknown event 'frobnicate'"));
    CHECK_THAT(refusal("csrec 1 0 2\nwaitall 3 0 1\nend\n"), Contains("line 2: waitall takes 4 field(s)"));
}

TEST_CASE("csrec: a recording whose ranks disagree is refused by link", "[recording]")
{
    auto refused = [](const std::vector<std::string>& texts) {
        return cs::test::refusalOf([&] { parseRecording(texts); });
    };
    CHECK_THAT(refused({"csrec 1 0 2\nend\n", "csrec 1 0 2\nend\n"}), Contains("rank 1's text is headed `csrec 1 0"));
    CHECK_THAT(refused({"csrec 1 0 2\nend\n"}), Contains("rank 0's header gives SIZE 2, but the recording holds 1"));
    CHECK_THAT(refused({"csrec 1 0 2\nend\n", "csrec 1 1 2\nsend 7 8 0 0\nend\n"}),
               Contains("rank 1, line 2: PEER 7 does not exist"));
}

TEST_CASE("csrec: nested loops of 10^7 x 10^7 take memory by their text and are refused by the replay",
          "[recording]")
{
    const Recording rec = parseRecording({"csrec 1 0 2\nloop 10000000 2\nloop 10000000 1\nsend 1 8 0 0\nend\n",
                                          "csrec 1 1 2\nloop 10000000 2\nloop 10000000 1\nrecv 0 8 0 0\nend\n"});
    CHECK(rec.ranks[0].events.size() == 3);
    // 1 + 10^7 x (1 + 10^7 x 1) events a rank: 10^14 + 10^7 + 1.
    CHECK(rec.ranks[0].expandedEvents == 100000010000001ull);
    CHECK(rec.ranks[0].expandedSends == 100000000000000ull);
    CHECK_THAT(cs::test::refusalOf([&] { replay(rec, ReplayNetwork{}); }),
               Contains("the recording's loops expand to 200000020000002 events, more than the replay's limit of "
                        "400000000"));
}

TEST_CASE("csrec: a recording cut by its limit is read, and its replay refused", "[recording]")
{
    const Recording rec = parseRecording({"csrec 1 0 2\nloop 5 1\nsend 1 8 0 0\ntruncated events above 1000000\n",
                                          "csrec 1 1 2\nrecv 0 8 0 0\nend\n"});
    CHECK(rec.truncated());
    CHECK(rec.ranks[0].truncatedWhy == "events above 1000000");
    CHECK_THAT(cs::test::refusalOf([&] { replay(rec, ReplayNetwork{}); }),
               Contains("rank 0's recording was cut short at line 4 (events above 1000000)"));
}

TEST_CASE("csrec: request slots are numbered densely, so a large REQ takes no more memory than a small one",
          "[recording]")
{
    const RankTrace t = parseCsrec("csrec 1 0 2\nisend 1 8 0 0 65535\nirecv 1 8 0 0 7\nwait 65535\nwait 7\nend\n",
                                   "rank 0");
    CHECK(t.maxRequest == 1);
    CHECK(t.events[0].req == 0);
    CHECK(t.events[1].req == 1);
    CHECK(t.events[2].req == 0);
    CHECK(t.events[3].req == 1);
    CHECK_THAT(refusal("csrec 1 0 2\nisend 1 8 0 0 65536\nend\n"), Contains("line 2: REQ 65536 is above the limit of 65535"));
}
