// The Beowulf token exchange (004 §3) over loopback UDP.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("small tokens, one in flight: one packet each way per exchange", "[kernels][token]")
{
    ServerThread server;
    TokenExchangeParams p;
    p.tokenBytes = 4; // 2^2, the smallest token of 004
    p.inFlight = 1;
    p.exchanges = 200;
    p.warmups = 1;
    p.repetitions = 3;
    const TokenExchangeResult r = runTokenExchangeClient(server.endpoint(), p, quickControl());
    CHECK(r.packetsPerToken == 1);
    REQUIRE(r.repetitions.size() == 3);
    CHECK(r.throughput.count == 3);
    CHECK(r.throughput.median > 0);
    // throughput counts both directions: exactly twice the one-way figure, repetition by repetition.
    for (const auto& rep : r.repetitions) {
        CHECK(rep.throughput == Approx(2 * rep.oneWayThroughput));
        CHECK(rep.oneWayThroughput == Approx(4.0 * 200 / rep.elapsed_s));
    }
    CHECK(saneTime(r.exchangeTime.median));
    CHECK(server.join().sessions.at(0).kernel == KernelId::TokenExchange);
}

TEST_CASE("8 KiB tokens are split into frame-sized packets, several tokens in flight", "[kernels][token]")
{
    ServerThread server;
    TokenExchangeParams p;
    p.tokenBytes = 8192; // 2^13, the largest token of 004
    p.inFlight = 4;
    p.exchanges = 200;
    p.warmups = 0;
    p.repetitions = 2;
    const TokenExchangeResult r = runTokenExchangeClient(server.endpoint(), p, quickControl());
    // 1456 token bytes per packet: 5 x 1456 = 7280 < 8192 <= 6 x 1456 = 8736 -> 6 packets.
    CHECK(r.packetsPerToken == 6);
    CHECK(r.throughput.median > 0);
    CHECK(r.oneWayThroughput.median == Approx(r.throughput.median / 2));
    const ServeResult sr = server.join();
    // Every completed exchange stored and returned 8192 token bytes (lost tokens are re-sent, so >=).
    CHECK(sr.sessions.at(0).bytesSent >= 2ull * 200 * 8192);
}

TEST_CASE("token exchange parameters out of bounds are rejected", "[kernels][token]")
{
    TokenExchangeParams p;
    CHECK(p.validate().empty());
    p.inFlight = 0;
    CHECK(p.validate() == "inFlight = 0 must be in [1, 64]");
    p.inFlight = 1;
    p.tokenBytes = 0;
    CHECK(p.validate() == "tokenBytes = 0 must be in [1, 1048576]");
    p.tokenBytes = 4;
    p.packetPayload = 70000;
    CHECK(p.validate() == "packetPayload = 70000 B must be in [1, 65000]");
}

TEST_CASE("a token exchange against a server that never answers times out", "[kernels][token]")
{
    // A listener that nobody serves holds the hello in its backlog and never answers.
    Listener tcpOnly(SocketAddress{"127.0.0.1", 0}, false);
    try {
        (void)runTokenExchangeClient(SocketAddress{"127.0.0.1", tcpOnly.port()}, TokenExchangeParams{},
                                     quickControl(0.3, 1.0));
        FAIL("should fail");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Timeout);
    }
}
