// Ping-pong over loopback, TCP and UDP: structure and sanity ranges only (no wall-clock asserts).
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("TCP ping-pong sweeps sizes and returns sane samples", "[kernels][pingpong]")
{
    ServerThread server;
    PingPongParams p;
    p.transport = Transport::Tcp;
    p.sizes = {1, 1024, 65536};
    p.warmups = 10;
    p.repetitions = 50;
    const PingPongResult r = runPingPongClient(server.endpoint(), p, quickControl());
    REQUIRE(r.sizes.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& s = r.sizes[i];
        CHECK(s.size == p.sizes[i]);
        CHECK(s.rtt.count == 50);
        CHECK(s.rtt.warmupsDiscarded == 10);
        CHECK(s.rtt.samples.size() == 50);
        CHECK(s.lost == 0);
        CHECK(saneTime(s.rtt.median));
        CHECK(ordered(s.rtt));
        CHECK(s.latency.median == Approx(s.rtt.median / 2));
        CHECK(s.bandwidth.median > 0);
        // n = 50 at 95%: j = 18 covers 1 - 2 P(B <= 17) = 0.9672, j = 19 only 1 - 2 P(B <= 18) = 0.9351
        CHECK(s.rtt.ciRanks.lower == 18);
        CHECK(s.rtt.ciRanks.upper == 33);
    }
    CHECK(r.env.kernelsVersion == kKernelsVersion);
    const ServeResult sr = server.join();
    REQUIRE(sr.sessions.size() == 1);
    CHECK(sr.sessions[0].kernel == KernelId::PingPong);
    CHECK(sr.sessions[0].messages == 3 * 60);
    CHECK(sr.sessions[0].bytesReceived == 60ull * (1 + 1024 + 65536));
}

TEST_CASE("UDP ping-pong carries sequence numbers and returns sane samples", "[kernels][pingpong]")
{
    ServerThread server;
    PingPongParams p;
    p.transport = Transport::Udp;
    p.sizes = {1, 8, 1472, 65507};
    p.warmups = 5;
    p.repetitions = 40;
    const PingPongResult r = runPingPongClient(server.endpoint(), p, quickControl());
    REQUIRE(r.sizes.size() == 4);
    for (const auto& s : r.sizes) {
        // Loopback does not drop at this rate; a lost datagram is dropped from the samples, not faked.
        CHECK(s.rtt.count + s.lost == 40);
        CHECK(saneTime(s.rtt.median));
        CHECK(ordered(s.rtt));
    }
    CHECK(server.join().sessions.at(0).messages >= 4 * 40);
}

TEST_CASE("the client pins itself and records where it ran", "[kernels][pingpong]")
{
    const int cpu = allowedCpus().front();
    ServeOptions opts;
    opts.cpu = allowedCpus().back();
    ServerThread server(opts);
    PingPongParams p;
    p.sizes = {64};
    p.warmups = 2;
    p.repetitions = 10;
    p.cpu = cpu;
    const PingPongResult r = runPingPongClient(server.endpoint(), p, quickControl());
    CHECK(r.env.pinned);
    CHECK(r.env.requestedCpu == cpu);
    CHECK(r.env.cpuObserved == cpu);
    const ServeResult sr = server.join();
    CHECK(sr.env.pinned);
    CHECK(sr.env.cpuObserved == opts.cpu);
}

TEST_CASE("ping-pong parameters out of bounds are rejected with the field named", "[kernels][pingpong]")
{
    PingPongParams p;
    CHECK(p.validate().empty());
    p.sizes = {};
    CHECK(p.validate() == "sizes has 0 entries; it needs 1 to 64");
    p.sizes = {0};
    CHECK(p.validate() == "message size 0 B must be in [1, 16777216] for TCP");
    p.transport = Transport::Udp;
    p.sizes = {65508};
    CHECK(p.validate() == "message size 65508 B must be in [1, 65507] for UDP");
    p.sizes = {1};
    p.repetitions = 0;
    CHECK(p.validate() == "repetitions = 0 must be in [1, 10000000]");
    p.repetitions = 1;
    p.lossTimeout_s = 0;
    CHECK(p.validate() == "lossTimeout_s = 0 must be in (0, 10] seconds");
    CHECK_THROWS_WITH(runPingPongClient(SocketAddress{"127.0.0.1", 1}, p, quickControl()),
                      "ping-pong: lossTimeout_s = 0 must be in (0, 10] seconds");
}

TEST_CASE("a running ping-pong is cancelled by the stop flag", "[kernels][pingpong][cancel]")
{
    ServerThread server;
    PingPongParams p;
    p.sizes = {1};
    p.warmups = 0;
    p.repetitions = 10000000; // would take minutes: only the stop flag ends it
    std::atomic<bool> stop{false};
    RunControl rc = quickControl();
    rc.stop = &stop;
    std::thread raiser([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
    });
    try {
        (void)runPingPongClient(server.endpoint(), p, rc);
        FAIL("the run should have been cancelled");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
    raiser.join();
    // The server sees its client vanish (or its own stop flag, raised by the destructor).
    server.stop();
    const auto kind = server.joinError();
    REQUIRE(kind.has_value());
    CHECK((*kind == ErrorKind::PeerClosed || *kind == ErrorKind::Cancelled));
}

TEST_CASE("a server killed mid-run makes the client fail with PeerClosed or Timeout", "[kernels][pingpong]")
{
    auto server = std::make_unique<ServerThread>(ServeOptions{}, std::string{}, 5.0);
    const SocketAddress ep = server->endpoint();
    PingPongParams p;
    p.sizes = {1};
    p.warmups = 0;
    p.repetitions = 10000000;
    std::thread killer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        server.reset(); // stop + join: the server's sockets close under the client
    });
    try {
        (void)runPingPongClient(ep, p, quickControl(2.0));
        FAIL("the client should notice its server is gone");
    } catch (const ProbeError& e) {
        CHECK((e.kind() == ErrorKind::PeerClosed || e.kind() == ErrorKind::Timeout ||
               e.kind() == ErrorKind::Protocol));
    }
    killer.join();
}
