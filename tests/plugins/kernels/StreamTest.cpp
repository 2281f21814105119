// Streaming bandwidth over loopback: one-way and two-way, 1..N sockets, fixed and adaptive sizes.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs::probe;
using namespace cs::probe::test;

TEST_CASE("one-way streaming over one socket reports receiver-side rates", "[kernels][stream]")
{
    ServerThread server;
    StreamParams p;
    p.mode = StreamMode::OneWay;
    p.streams = 1;
    p.bytesPerStream = 8u << 20;
    p.warmups = 1;
    p.repetitions = 3;
    const StreamResult r = runStreamClient(server.endpoint(), p, quickControl());
    CHECK(r.clientToServer.count == 3);
    CHECK(r.clientToServer.warmupsDiscarded == 1);
    CHECK(r.clientToServer.median > 0);
    CHECK(std::isfinite(r.clientToServer.median));
    CHECK(r.serverToClient.count == 0); // one-way: nothing flows back
    CHECK(r.total.median == r.clientToServer.median);
    REQUIRE(r.repetitions.size() == 3);
    for (const auto& rep : r.repetitions) {
        CHECK(rep.bytesPerStream == 8u << 20);
        CHECK(rep.serverToClient == 0);
    }
    const ServeResult sr = server.join();
    CHECK(sr.sessions.at(0).bytesReceived == 4ull * (8u << 20)); // warm-up + 3 repetitions
    CHECK(sr.sessions.at(0).bytesSent == 0);
}

TEST_CASE("two-way streaming over several sockets measures both directions", "[kernels][stream]")
{
    ServerThread server;
    StreamParams p;
    p.mode = StreamMode::TwoWay;
    p.streams = 3;
    p.messageSize = 16384;
    p.bytesPerStream = 2u << 20;
    p.warmups = 0;
    p.repetitions = 2;
    const StreamResult r = runStreamClient(server.endpoint(), p, quickControl());
    CHECK(r.streams == 3);
    CHECK(r.clientToServer.count == 2);
    CHECK(r.serverToClient.count == 2);
    CHECK(r.clientToServer.median > 0);
    CHECK(r.serverToClient.median > 0);
    for (const auto& rep : r.repetitions)
        CHECK(rep.total == Approx(rep.clientToServer + rep.serverToClient));
    const ServeResult sr = server.join();
    CHECK(sr.sessions.at(0).bytesReceived == 2ull * 3 * (2u << 20));
    CHECK(sr.sessions.at(0).bytesSent == 2ull * 3 * (2u << 20));
}

TEST_CASE("adaptive sizing picks a per-stream byte count from a warm-up rate", "[kernels][stream]")
{
    ServerThread server;
    StreamParams p;
    p.streams = 2;
    p.bytesPerStream = 0;
    p.duration_s = 0.05;
    p.warmups = 0;
    p.repetitions = 2;
    const StreamResult r = runStreamClient(server.endpoint(), p, quickControl());
    REQUIRE(r.repetitions.size() == 2);
    CHECK(r.repetitions[0].bytesPerStream >= p.messageSize);
    CHECK(r.repetitions[0].bytesPerStream == r.repetitions[1].bytesPerStream);
    CHECK(r.clientToServer.median > 0);
}

TEST_CASE("streaming parameters out of bounds are rejected with the field named", "[kernels][stream]")
{
    StreamParams p;
    CHECK(p.validate().empty());
    p.streams = 0;
    CHECK(p.validate() == "streams = 0 must be in [1, 64]");
    p.streams = 65;
    CHECK(p.validate() == "streams = 65 must be in [1, 64]");
    p.streams = 1;
    p.bytesPerStream = 10;
    CHECK(p.validate() == "bytesPerStream = 10 B must be 0 (adaptive) or in [messageSize = 131072, 68719476736]");
    p.bytesPerStream = 0;
    p.duration_s = 0;
    CHECK(p.validate() == "duration_s = 0 must be in [0.01, 600] seconds");
}

TEST_CASE("a stream run is cancelled within its poll slice", "[kernels][stream][cancel]")
{
    ServerThread server;
    StreamParams p;
    p.bytesPerStream = 64ull << 30; // 64 GiB: only the stop flag ends it
    p.warmups = 0;
    p.repetitions = 1;
    std::atomic<bool> stop{false};
    RunControl rc = quickControl();
    rc.stop = &stop;
    std::thread raiser([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop = true;
    });
    try {
        (void)runStreamClient(server.endpoint(), p, rc);
        FAIL("the run should have been cancelled");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
    raiser.join();
    server.stop();
    CHECK(server.joinError().has_value());
}
