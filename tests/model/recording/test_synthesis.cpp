// Synthesis at a P that was not recorded (model/recording/Synthesis.h): a
// one-dimensional halo exchange recorded at P = 2, 3, 4 and 6 and synthesised
// at P = 8 is the recording at P = 8, line for line, so the two replay alike;
// a line whose numbers follow no term of the grid is named.
#include "HaloRecording.h"
#include "ReplayTestSupport.h"
#include "model/core/ModelError.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"
#include "model/recording/Synthesis.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;
using namespace cs::rec;
using Catch::Contains;

namespace {

Recording halo(int P, double extra = 0)
{
    return parseRecording(cs::test::haloTexts(P, extra));
}

} // namespace

TEST_CASE("synthesis: a halo exchange at P = 8 from P = 2, 3, 4 and 6 is the one recorded at 8", "[recording]")
{
    const Recording r2 = halo(2), r3 = halo(3), r4 = halo(4), r6 = halo(6), r8 = halo(8);
    const Synthesized s = synthesize({&r2, &r3, &r4, &r6}, 8);
    CHECK(s.fromP == 6);
    CHECK(s.poorSites.empty());
    REQUIRE(s.recording.P() == 8);
    // Compute 0.08 / P is c P^-1 exactly; the planes and the loop count are constants.
    CHECK(s.recording.ranks[3].events[1].value == Approx(0.01).epsilon(1e-12));
    CHECK(s.recording.ranks[3].events[2].peer == 2);
    CHECK(s.recording.ranks[7].events[2].peer == 6);
    const ReplayResult a = replay(s.recording, cs::test::plainNet()), b = replay(r8, cs::test::plainNet());
    CHECK(a.seconds == Approx(b.seconds).epsilon(1e-12));
    CHECK(a.messages == b.messages);
}

TEST_CASE("synthesis: a line that follows no term of the grid is named", "[recording]")
{
    // Rank 0's first send: 1000, 5000, 2000, 9000 bytes at P = 2, 3, 4, 6: no c P^a log2(P)^b comes near.
    const Recording r2 = halo(2, 1000), r3 = halo(3, 5000), r4 = halo(4, 2000), r6 = halo(6, 9000);
    const Synthesized s = synthesize({&r2, &r3, &r4, &r6}, 8);
    REQUIRE(!s.poorSites.empty());
    CHECK_THAT(s.poorSites.front(), Contains("first rank, line 2 (send bytes): "));
    CHECK_THAT(s.poorSites.front(), Contains("misses the recorded values by"));
}

TEST_CASE("synthesis: fewer than three recordings are refused", "[recording]")
{
    const Recording r2 = halo(2), r4 = halo(4);
    CHECK_THROWS_WITH(synthesize({&r2, &r4}, 8), Contains("recordings at three or more P; there are 2"));
}
