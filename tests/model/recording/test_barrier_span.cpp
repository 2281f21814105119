// The span a prediction prices between two barriers of all ranks (model/recording/BarrierSpan.h, Replay.h's
// spanOf; replay --between): a recording of three barriers replayed by hand, the pair read from its text, and
// every pair a recording does not have refused with its P, its count and the pair.
#include "ReplayTestSupport.h"
#include "model/core/ModelError.h"
#include "model/recording/BarrierSpan.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;
using Catch::Contains;

namespace {

using cs::test::plainNet;

// Two ranks: setup, barrier 1, compute, barrier 2, a ping-pong of 1001 B and 1 ms of compute on rank 0 (the
// loop a program times), barrier 3, then 5 ms more on rank 0.
Recording threeBarriers()
{
    return parseRecording({"csrec 1 0 2\nc 0.010\nbarrier 0\nc 0.002\nbarrier 0\nsend 1 1001 0 0\nrecv 1 1001 0 0\n"
                           "c 0.001\nbarrier 0\nc 0.005\nend\n",
                           "csrec 1 1 2\nc 0.005\nbarrier 0\nc 0.003\nbarrier 0\nrecv 0 1001 0 0\nsend 0 1001 0 0\n"
                           "barrier 0\nend\n"});
}

ReplayOptions betweenOf(BarrierPair pair)
{
    ReplayOptions o;
    o.between = pair;
    return o;
}

} // namespace

TEST_CASE("barrier span: the span between barriers 2 and 3 of three leaves the setup and the first phase out",
          "[recording][replay][span]")
{
    // On plainNet (L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 1 ns/B). A barrier of two ranks is one
    // recursive-doubling step of 0 B: o_s + L + o_r = 2 + 5 + 3 = 10 us after the last rank enters.
    //  - barrier 1: rank 0 enters last, at 10 ms; it ends at 10.010 ms;
    //  - rank 0 computes 2 ms (12.010 ms), rank 1 3 ms (13.010 ms): barrier 2 ends at 13.010 + 0.010 = 13.020 ms;
    //  - the round trip of 1001 B: 2 x (o_s + (k-1)G + L + o_r) = 2 x (2 + 1000 x 0.001 + 5 + 3) = 22 us, rank 0
    //    back at 13.042 ms, then 1 ms: it enters barrier 3 at 14.042 ms (rank 1, after its send's o_s, at
    //    13.020 + 0.011 + 0.002 = 13.033 ms); barrier 3 ends at 14.052 ms;
    //  - rank 0's 5 ms more: the whole run is 19.052 ms.
    // Span 2:3: 14.052 - 13.020 = 1.032 ms, rank 0 computing 1 ms of it (rank 1 none).
    // Span 1:3 (the default, first to last): 14.052 - 10.010 = 4.042 ms; compute: rank 0 2 + 1 = 3 ms, rank 1 3 ms.
    // Span 1:2: 13.020 - 10.010 = 3.010 ms; compute 3 ms (rank 1).
    const Recording rec = threeBarriers();
    CHECK(barriersOfAllRanks(rec) == 3);

    const ReplayResult first = replay(rec, plainNet());
    REQUIRE(first.barrierEnds.size() == 3);
    CHECK(first.barrierEnds[0] == Approx(10.010e-3).epsilon(1e-12));
    CHECK(first.barrierEnds[1] == Approx(13.020e-3).epsilon(1e-12));
    CHECK(first.barrierEnds[2] == Approx(14.052e-3).epsilon(1e-12));
    CHECK(first.seconds == Approx(19.052e-3).epsilon(1e-12));
    const ReplaySpan all = spanOf(first, false);
    CHECK(all.timed);
    CHECK(all.seconds == Approx(4.042e-3).epsilon(1e-9));
    CHECK(all.compute == Approx(3e-3).epsilon(1e-9));
    CHECK(all.from == 0);
    CHECK(all.to == 2);

    // Between 2 and 3, and the same pair counted from the end (-2:-1) and mixed (2:-1).
    for (const BarrierPair pair : {BarrierPair{2, 3}, BarrierPair{-2, -1}, BarrierPair{2, -1}}) {
        INFO(toString(pair));
        const ReplayResult r = replay(rec, plainNet(), betweenOf(pair));
        REQUIRE(r.between == pair);
        const ReplaySpan s = spanOf(r, false);
        CHECK(s.timed);
        CHECK(s.seconds == Approx(1.032e-3).epsilon(1e-9));
        CHECK(s.alone == Approx(1.032e-3).epsilon(1e-9)); // plainNet has no contention: the first pass's
        CHECK(s.compute == Approx(1e-3).epsilon(1e-9));
        CHECK(s.from == 1);
        CHECK(s.to == 2);
        // The whole run is still there, the same whichever span.
        CHECK(r.seconds == Approx(19.052e-3).epsilon(1e-12));
    }
    const ReplaySpan firstTwo = spanOf(replay(rec, plainNet(), betweenOf({1, 2})), false);
    CHECK(firstTwo.seconds == Approx(3.010e-3).epsilon(1e-9));
    CHECK(firstTwo.compute == Approx(3e-3).epsilon(1e-9));

    // The one function every caller picks the span with.
    CHECK(timedSpan(first.barrierEnds, {2, 3}) == Approx(1.032e-3).epsilon(1e-9));
    CHECK(timedSpan(first.barrierEnds, {1, 2}) == Approx(3.010e-3).epsilon(1e-9));
    CHECK(timedSpan(first.barrierEnds) == Approx(4.042e-3).epsilon(1e-9));
    CHECK(std::isnan(timedSpan(first.barrierEnds, {2, 4})));
    CHECK(std::isnan(timedSpan(first.barrierEnds, {3, -2})));
}

TEST_CASE("barrier span: a pair the recording does not have is refused with its P, its count and the pair",
          "[recording][replay][span]")
{
    const Recording rec = threeBarriers();
    const auto refusal = [&](BarrierPair pair) {
        return cs::test::refusalOf([&] { replay(rec, plainNet(), betweenOf(pair)); });
    };
    CHECK(refusal({2, 4}) == "P = 2: the recording has 3 barriers of all ranks; the span 2:4 asks for barrier 4, "
                             "which it does not have (give indices from 1 to 3, or from -3 to -1 counting from the "
                             "end)");
    CHECK(refusal({-4, 2}) == "P = 2: the recording has 3 barriers of all ranks; the span -4:2 asks for barrier -4, "
                              "which it does not have (give indices from 1 to 3, or from -3 to -1 counting from the "
                              "end)");
    // 3:-2 of three is barrier 3 to barrier 2.
    CHECK(refusal({3, -2}) == "P = 2: the recording has 3 barriers of all ranks; the span 3:-2 is from barrier 3 to "
                              "barrier 2 of them: the first must come before the second");
    CHECK_THROWS_AS(replay(rec, plainNet(), betweenOf({2, 4})), BarrierRangeError);
    // A recording without barriers of all ranks has no pair at all.
    const Recording none = parseRecording({"csrec 1 0 2\nsend 1 8 0 0\nend\n", "csrec 1 1 2\nrecv 0 8 0 0\nend\n"});
    CHECK(cs::test::refusalOf([&] { replay(none, plainNet(), betweenOf({1, 2})); }) ==
          "P = 2: the recording has no barrier of all ranks; the span 1:2 asks for barrier 1, which it does not have");
    // Without between it is priced whole, as before.
    CHECK_FALSE(spanOf(replay(none, plainNet()), false).timed);
    // The whole run and a pair are two spans.
    ReplayOptions both = betweenOf({2, 3});
    both.wholeRun = true;
    CHECK_THAT(cs::test::refusalOf([&] { replay(rec, plainNet(), both); }),
               Contains("a span between barriers 2:3 and the whole run were both asked for"));
}

TEST_CASE("barrier span: I:J is read from its text, and every malformed one is refused saying why",
          "[recording][span]")
{
    CHECK(parseBarrierPair("3:4") == BarrierPair{3, 4});
    CHECK(parseBarrierPair("3:-2") == BarrierPair{3, -2});
    CHECK(parseBarrierPair("-3:-1") == BarrierPair{-3, -1});
    CHECK(parseBarrierPair("-1:2") == BarrierPair{-1, 2}); // known only for a count: refused by the replay if wrong
    CHECK(toString({3, -2}) == "3:-2");
    const auto why = [](const std::string& text) { return cs::test::refusalOf([&] { parseBarrierPair(text); }); };
    for (const char* bad : {"3", "3:", ":4", "a:b", "3:4:5", "3.5:4", " 3:4", "3:4 ", "+3:4", "", "99999999999:1"}) {
        INFO(bad);
        CHECK_THAT(why(bad), Contains("expected I:J, the 1-based indices of two barriers of all ranks"));
    }
    CHECK_THAT(why("0:2"), Contains("there is no barrier 0: the barriers of all ranks are counted from 1"));
    CHECK_THAT(why("2:0"), Contains("there is no barrier 0"));
    CHECK(why("4:3") == "barrier 4 does not come before barrier 3: the span runs from the end of the first to the end "
                        "of the second");
    CHECK_THAT(why("3:3"), Contains("barrier 3 does not come before barrier 3"));
    CHECK_THAT(why("-1:-2"), Contains("barrier -1 does not come before barrier -2"));
}

TEST_CASE("barrier span: the barriers of all ranks are counted with their loops, as the replay ends them",
          "[recording][span]")
{
    // A barrier in a loop of 4, and 2 x (3 + 1) in nested loops: 4 + 8 = 12.
    const std::string body = "loop 4 2\nc 0.001\nbarrier 0\nloop 2 3\nloop 3 1\nbarrier 0\nbarrier 0\nend\n";
    const Recording looped = parseRecording({"csrec 1 0 2\n" + body, "csrec 1 1 2\n" + body});
    CHECK(barriersOfAllRanks(looped) == 12);
    CHECK(replay(looped, plainNet()).barrierEnds.size() == 12);
    // A barrier of some ranks is not counted: 3 ranks, ranks 0 and 1 (comm 1) between two of all three.
    const Recording sub = parseRecording(
        {"csrec 1 0 3\ncomm 1 0 2 0 1\nbarrier 0\nbarrier 1\nc 0.001\nbarrier 0\nend\n",
         "csrec 1 1 3\ncomm 1 0 2 0 1\nbarrier 0\nbarrier 1\nbarrier 0\nend\n",
         "csrec 1 2 3\nbarrier 0\nbarrier 0\nend\n"});
    CHECK(barriersOfAllRanks(sub) == 2);
    // Barriers 1 and 2 by index from both ends on it: 1:2 and -2:-1 are the same span.
    const ReplaySpan a = spanOf(replay(sub, plainNet(), betweenOf({1, 2})), false);
    const ReplaySpan b = spanOf(replay(sub, plainNet(), betweenOf({-2, -1})), false);
    CHECK(a.seconds == b.seconds);
    CHECK(a.seconds == spanOf(replay(sub, plainNet()), false).seconds);
}
