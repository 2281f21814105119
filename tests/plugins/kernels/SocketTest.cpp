// Timeouts, cancellation, endpoint parsing and the server's rejection of bad hellos.
#include "KernelTestSupport.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstring>

using namespace cs::probe;
using namespace cs::probe::test;

namespace {

// A port that nobody listens on: bind an ephemeral one, then close it.
std::uint16_t deadPort()
{
    Listener l(SocketAddress{"127.0.0.1", 0}, false);
    return l.port();
}

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Little-endian header of a frame: magic "CSPK", version, type, length.
std::vector<std::uint8_t> header(std::uint32_t magic, std::uint16_t version, std::uint16_t type, std::uint32_t len)
{
    std::vector<std::uint8_t> h;
    for (int i = 0; i < 4; ++i)
        h.push_back(static_cast<std::uint8_t>(magic >> (8 * i)));
    for (int i = 0; i < 2; ++i)
        h.push_back(static_cast<std::uint8_t>(version >> (8 * i)));
    for (int i = 0; i < 2; ++i)
        h.push_back(static_cast<std::uint8_t>(type >> (8 * i)));
    for (int i = 0; i < 4; ++i)
        h.push_back(static_cast<std::uint8_t>(len >> (8 * i)));
    return h;
}

} // namespace

TEST_CASE("endpoints parse as host:port and [v6]:port", "[kernels][socket]")
{
    CHECK(parseSocketAddress("127.0.0.1:5201").port == 5201);
    CHECK(parseSocketAddress("node07:1").host == "node07");
    CHECK(parseSocketAddress("[::1]:80").host == "::1");
    CHECK(SocketAddress{"::1", 80}.toString() == "[::1]:80");
    CHECK_THROWS_WITH(parseSocketAddress("node07"), Catch::Contains("must be host:port"));
    CHECK_THROWS_WITH(parseSocketAddress("h:70000"), Catch::Contains("not in [0, 65535]"));
    CHECK_THROWS_WITH(parseSocketAddress("h:x1"), Catch::Contains("not in [0, 65535]"));
    CHECK_THROWS_WITH(parseSocketAddress("[::1]80"), Catch::Contains("[v6-address]:port"));
}

TEST_CASE("a client pointed at a port nobody listens on fails within its connect timeout", "[kernels][socket]")
{
    const SocketAddress nobody{"127.0.0.1", deadPort()};
    RunControl rc = quickControl(1.0, 0.3);
    const auto t0 = std::chrono::steady_clock::now();
    try {
        (void)runPingPongClient(nobody, PingPongParams{}, rc);
        FAIL("connecting to a closed port should fail");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::ConnectFailed);
        CHECK_THAT(e.what(), Catch::Contains("connect to 127.0.0.1:" + std::to_string(nobody.port)) &&
                                 Catch::Contains("Connection refused"));
    }
    // It retried for about 0.3 s; a generous bound only guards against blocking forever.
    CHECK(secondsSince(t0) < 10.0);
}

TEST_CASE("an accept with nobody coming times out, and a stop flag cancels it", "[kernels][socket]")
{
    Listener l;
    RunControl rc = quickControl();
    try {
        (void)l.accept(0.1, rc);
        FAIL("accept should time out");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Timeout);
        CHECK_THAT(e.what(), Catch::Contains("no client connected within 0.1 s"));
    }
    std::atomic<bool> stop{false};
    rc.stop = &stop;
    std::thread raiser([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stop = true;
    });
    try {
        (void)l.accept(30.0, rc);
        FAIL("accept should be cancelled");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
    raiser.join();
}

TEST_CASE("a run deadline turns into a Timeout", "[kernels][socket]")
{
    Listener l;
    RunControl rc = RunControl::withTimeout(0.1);
    try {
        (void)l.accept(30.0, rc);
        FAIL("the deadline should end the accept");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Timeout);
        CHECK_THAT(e.what(), Catch::Contains("deadline"));
    }
}

TEST_CASE("a server that never answers makes the client time out", "[kernels][socket]")
{
    Listener silent(SocketAddress{"127.0.0.1", 0}, false); // accepts in the kernel backlog, never replies
    RunControl rc = quickControl(0.3, 1.0);
    try {
        (void)runPingPongClient(SocketAddress{"127.0.0.1", silent.port()}, PingPongParams{}, rc);
        FAIL("a silent server should time the client out");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Timeout);
        CHECK_THAT(e.what(), Catch::Contains("no progress within 0.3 s"));
    }
}

TEST_CASE("invalid RunControl values are rejected before any I/O", "[kernels][socket]")
{
    RunControl rc;
    rc.ioTimeout_s = 0;
    CHECK(rc.validate() == "ioTimeout_s = 0 must be in (0, 3600] seconds");
    rc.ioTimeout_s = 1;
    rc.pollSlice_s = 5;
    CHECK(rc.validate() == "pollSlice_s = 5 must be in [0.001, 1] seconds");
    rc.pollSlice_s = 0.05;
    rc.token.assign(300, 'x');
    CHECK(rc.validate() == "token length 300 must be at most 256 bytes");
    CHECK_THROWS_AS(runPingPongClient(SocketAddress{"127.0.0.1", 1}, PingPongParams{}, rc), ProbeError);
}

TEST_CASE("the server rejects a wrong token, and the client is told why", "[kernels][socket][protocol]")
{
    ServerThread server(ServeOptions{}, "secret-run-token");
    RunControl rc = quickControl();
    rc.token = "guess";
    try {
        (void)runPingPongClient(server.endpoint(), PingPongParams{}, rc);
        FAIL("a wrong token must be rejected");
    } catch (const ProbeError& e) {
        CHECK(e.kind() == ErrorKind::Protocol);
        CHECK_THAT(e.what(), Catch::Contains("rejected the run: wrong token"));
    }
    std::string what;
    CHECK(server.joinError(&what) == ErrorKind::Protocol);
    CHECK_THAT(what, Catch::Contains("wrong token"));
}

TEST_CASE("the server runs only the kernels it enables", "[kernels][socket][protocol]")
{
    ServeOptions opts;
    opts.allowed = {KernelId::Stream};
    ServerThread server(opts);
    try {
        (void)runPingPongClient(server.endpoint(), PingPongParams{}, quickControl());
        FAIL("ping-pong is not enabled");
    } catch (const ProbeError& e) {
        CHECK_THAT(e.what(), Catch::Contains("kernel pingpong is not enabled on this server"));
    }
    CHECK(server.joinError() == ErrorKind::Protocol);
}

TEST_CASE("the server rejects a malformed frame and an oversized frame", "[kernels][socket][protocol]")
{
    RunControl rc = quickControl();
    SECTION("bad magic")
    {
        ServerThread server;
        Socket s = connectTcp(server.endpoint(), rc);
        const auto h = header(0xdeadbeef, 1, 1, 0);
        s.sendAll(h.data(), h.size(), rc);
        std::string what;
        CHECK(server.joinError(&what) == ErrorKind::Protocol);
        CHECK_THAT(what, Catch::Contains("bad magic"));
    }
    SECTION("oversized length")
    {
        ServerThread server;
        Socket s = connectTcp(server.endpoint(), rc);
        const auto h = header(0x4B505343u, kWireVersion, 1, 64u << 20); // 64 MiB > 1 MiB bound; nothing is allocated
        s.sendAll(h.data(), h.size(), rc);
        std::string what;
        CHECK(server.joinError(&what) == ErrorKind::Protocol);
        CHECK_THAT(what, Catch::Contains("oversized frame"));
    }
    SECTION("wrong wire version")
    {
        ServerThread server;
        Socket s = connectTcp(server.endpoint(), rc);
        const auto h = header(0x4B505343u, 99, 1, 0);
        s.sendAll(h.data(), h.size(), rc);
        std::string what;
        CHECK(server.joinError(&what) == ErrorKind::Protocol);
        CHECK_THAT(what, Catch::Contains("wire version 99 is not supported"));
    }
    SECTION("truncated hello")
    {
        ServerThread server;
        Socket s = connectTcp(server.endpoint(), rc);
        auto f = header(0x4B505343u, kWireVersion, 1, 3); // hello of 3 bytes: kernel id + half a token length
        f.insert(f.end(), {1, 0, 5});
        s.sendAll(f.data(), f.size(), rc);
        std::string what;
        CHECK(server.joinError(&what) == ErrorKind::Protocol);
        CHECK_THAT(what, Catch::Contains("truncated frame"));
    }
    SECTION("out-of-bounds parameters in a hello")
    {
        ServerThread server;
        Socket s = connectTcp(server.endpoint(), rc);
        // Ping-pong hello: kernel 1, empty token, TCP, sizes = {0} (below the 1-byte bound), ...
        std::vector<std::uint8_t> p = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        for (int i = 0; i < 24; ++i)
            p.push_back(0); // lossTimeout_s, maxLossFraction and budget_s = 0.0 as doubles
        p.insert(p.end(), {3, 0, 0, 0}); // minRepetitions = 3
        auto f = header(0x4B505343u, kWireVersion, 1, static_cast<std::uint32_t>(p.size()));
        f.insert(f.end(), p.begin(), p.end());
        s.sendAll(f.data(), f.size(), rc);
        std::string what;
        CHECK(server.joinError(&what) == ErrorKind::Protocol);
        CHECK_THAT(what, Catch::Contains("must be in"));
    }
}

TEST_CASE("a server waiting for clients is cancelled by its stop flag", "[kernels][socket]")
{
    ServeOptions opts;
    opts.acceptTimeout_s = 60;
    ServerThread server(opts);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto t0 = std::chrono::steady_clock::now();
    server.stop();
    CHECK(server.joinError() == ErrorKind::Cancelled);
    CHECK(secondsSince(t0) < 5.0); // within a poll slice in practice; generous bound against hangs
}
