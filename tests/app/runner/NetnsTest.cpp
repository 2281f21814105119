// Two network namespaces joined by a veth pair act as two nodes; the link is
// shaped by tbf. A TCP payload over a rate-shaped Ethernet link carries
// 1448 payload bytes per 1514-byte frame (MTU 1500 minus 20 IP, 20 TCP and
// 12 timestamp-option bytes, plus the 14-byte Ethernet header tbf counts),
// so the expected payload rate is R x 1448 / 1514 = 0.9564 R.
#include "TestSupport.h"

#include <catch2/catch.hpp>

using namespace cs;

TEST_CASE("streaming bandwidth between two namespaces matches the tbf payload rate within 5%", "[netns]")
{
    const double rateBits = 80e6; // tbf rate 80mbit
    test::NetnsPair pair("80mbit");
    if (!pair.ok()) {
        WARN("skipped: " << pair.error());
        return;
    }
    // Server in namespace b, client in namespace a: the client's data leaves
    // through a's shaped veth end.
    const std::string nodes = "local:netns=" + pair.nsB() + ":address=" + pair.addrB() + ":bind=" + pair.addrB() +
                              ":name=b,local:netns=" + pair.nsA() + ":address=" + pair.addrA() +
                              ":bind=" + pair.addrA() + ":name=a";
    const auto r = test::runOne(nodes, "net.stream", {{"duration", 1.0}, {"reps", 3}, {"warmups", 1}}, 120);
    INFO(r.reason);
    REQUIRE(r.ok());
    const double measured = r.summary["derived"]["bandwidth"]["value"]; // bytes/s of payload
    const double expected = rateBits / 8 * 1448.0 / 1514.0;             // 10e6 B/s x 0.95641 = 9.5641e6 B/s
    INFO("measured " << measured << " B/s, expected " << expected << " B/s");
    CHECK(measured == Approx(expected).epsilon(0.05));
    // The data really crossed the link: the client connected to b's address.
    CHECK(r.parts[1].details["server"].get<std::string>().rfind(pair.addrB(), 0) == 0);
    CHECK(r.parts[0].agentEnvironment["hostname"].is_string());
}

TEST_CASE("ping-pong between two namespaces over the veth link", "[netns]")
{
    test::NetnsPair pair("1gbit");
    if (!pair.ok()) {
        WARN("skipped: " << pair.error());
        return;
    }
    const std::string nodes = "local:netns=" + pair.nsA() + ":address=" + pair.addrA() + ":bind=" + pair.addrA() +
                              ",local:netns=" + pair.nsB() + ":address=" + pair.addrB() + ":bind=" + pair.addrB();
    const auto r = test::runOne(nodes, "net.pingpong", {{"size_max", 64}, {"reps", 50}, {"warmups", 5}});
    INFO(r.reason);
    REQUIRE(r.ok());
    CHECK(r.summary["derived"]["latency"]["value"].get<double>() > 0);
}
