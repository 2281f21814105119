// TCP's acknowledgements in the fluid replay (ReplayNetwork::ack, logp.loggp's ack; model/recording/Replay.h):
// each flow loads its reverse route with `ack` of its rate, so an exchange both ways at once runs at
// r / (1 + ack) where a lone message keeps r. Every time is derived by hand below; "m" is the bytes a message puts
// on the wire, k - 1 of its k (the replay prices the first byte in L).
#include "ReplayTestSupport.h"
#include "StarNetwork.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"

#include <catch2/catch.hpp>

#include <string>

using namespace cs;
using namespace cs::rec;
using cs::test::Star;

namespace {

// plainNet()'s LogGP: L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 1 ns/B (G_floor network: max(G, s)).
const loggp::Params kPlain = cs::test::plainNet().loggp;
constexpr double kAck = 0.0218; // RFC 5681 sec. 4.2: a 66 B ACK per two 1514 B segments

// Ranks 0 and 1 send each other k bytes at once (irecv, isend, waitall), as a halo exchange does.
Recording exchange(long k)
{
    const std::string b = std::to_string(k);
    auto rank = [&](int me) {
        const std::string peer = std::to_string(1 - me);
        return "csrec 1 " + std::to_string(me) + " 2\nirecv " + peer + " " + b + " 0 0 0\nisend " + peer + " " + b +
               " 0 0 1\nwaitall 2 0 1\nend\n";
    };
    return parseRecording({rank(0), rank(1)});
}

Recording oneWay(long k)
{
    const std::string b = std::to_string(k);
    return parseRecording({"csrec 1 0 2\nsend 1 " + b + " 0 0\nend\n", "csrec 1 1 2\nrecv 0 " + b + " 0 0\nend\n"});
}

} // namespace

TEST_CASE("replay with ACKs: an exchange both ways shares each link with the other way's ACKs",
          "[recording][replay][ack]")
{
    Star s(2, 0); // links 1e8 B/s each way, no buckets
    ReplayNetwork net = s.net(kPlain);
    net.ack = kAck;
    // k = 1,000,001: m = 1e6 B. Each host's link towards the switch carries its own message and the ACKs of the
    // other's: r (1 + 0.0218) = 1e8 B/s, 1.0218e-8 s/B > G (1 ns/B), so m takes 1e6 x 1.0218e-8 = 10,218 us on the
    // wire. The receive is done at o_s + 10,218 + L + o_r = 2 + 10,218 + 5 + 3 = 10,228 us, on both ranks.
    const ReplayResult r = replay(exchange(1000001), net);
    CHECK(r.rankSeconds[0] == Approx(10228e-6).epsilon(1e-9));
    CHECK(r.rankSeconds[1] == Approx(10228e-6).epsilon(1e-9));
    // Without them (ReplayOptions::acks false, or ack 0): m / r = 10,000 us on the wire, 10,010 us.
    ReplayOptions none;
    none.acks = false;
    CHECK(replay(exchange(1000001), net, none).rankSeconds[1] == Approx(10010e-6).epsilon(1e-9));
    net.ack = 0;
    CHECK(replay(exchange(1000001), net).rankSeconds[1] == Approx(10010e-6).epsilon(1e-9));
}

TEST_CASE("replay with ACKs: a lone message keeps its link's rate", "[recording][replay][ack]")
{
    Star s(2, 0);
    ReplayNetwork net = s.net(kPlain);
    net.ack = kAck;
    // Its ACKs go back on the links' other directions, which nothing else uses: m / r = 10,000 us on the wire,
    // done at 2 + 10,000 + 5 + 3 = 10,010 us.
    CHECK(replay(oneWay(1000001), net).rankSeconds[1] == Approx(10010e-6).epsilon(1e-9));
}

TEST_CASE("replay with ACKs: they drain the reverse route's token buckets", "[recording][replay][ack][bucket]")
{
    // Buckets of b = 1e5 B each way. An exchange of m = 1e6 B each way: each host's link towards the switch carries
    // its message at the flow's rate x and the ACKs of the other's at 0.0218 x. While the buckets hold tokens no
    // link limits, and G (1 ns/B) does: x = 1e9 B/s; every bucket then drains at 1.0218e9 - 1e8 = 9.218e8 B/s
    // and runs out after 1e5 / 9.218e8 = 108.4834 us, when 108,483.4 B of each message have left. The other
    // 891,516.6 B go at 1e8 / 1.0218 B/s: 891,516.6 x 1.0218e-8 = 9109.5166 us. On the wire 108.4834 + 9109.5166
    // = 9218 us, which is (m (1 + ack) - b) / r = (1.0218e6 - 1e5) / 1e8: the link's bytes less its burst at its
    // rate. Done at 2 + 9218 + 5 + 3 = 9228 us (without ACKs (m - b) / r = 9000 us, 9010 us).
    Star s(2, 1e5);
    ReplayNetwork net = s.net(kPlain);
    net.ack = kAck;
    CHECK(replay(exchange(1000001), net).rankSeconds[1] == Approx(9228e-6).epsilon(1e-9));
    ReplayOptions none;
    none.acks = false;
    CHECK(replay(exchange(1000001), net, none).rankSeconds[1] == Approx(9010e-6).epsilon(1e-9));
}
