// Max-min fair rates of flows at once (model/topology/placement/FairShare.h), derived by hand on two leaves joined by a
// slow uplink.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace cs;

namespace {

// h0, h1 on switch A, h2, h3 on switch B; host links 1e8 B/s, the uplink A -- B 5e7 B/s.
Topology twoLeaves()
{
    return topologyFromJson(nlohmann::json::parse(R"({"vertices": [
        {"id": "A", "kind": "switch"}, {"id": "B", "kind": "switch"},
        {"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"}, {"id": "h3", "kind": "host"}],
      "edges": [{"from": "h0", "to": "A", "bandwidth": 1e8}, {"from": "h1", "to": "A", "bandwidth": 1e8},
                {"from": "h2", "to": "B", "bandwidth": 1e8}, {"from": "h3", "to": "B", "bandwidth": 1e8},
                {"from": "A", "to": "B", "bandwidth": 5e7}]})"));
}

std::vector<std::size_t> hostsOf(const Topology& t)
{
    std::vector<std::size_t> hosts;
    for (const char* h : {"h0", "h1", "h2", "h3"})
        hosts.push_back(*t.find(h));
    return hosts;
}

} // namespace

TEST_CASE("fair share: a flow held back by one link leaves its share of the others to the rest", "[topology][fair]")
{
    const Topology t = twoLeaves();
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork placed(t, g);
    const std::vector<std::size_t> hosts = hostsOf(t);
    FairShare share(placed, hosts);

    // 0 -> 2 and 1 -> 2 cross the uplink (5e7 B/s): 2.5e7 each, where it fills first. 1 -> 0 shares h1's link
    // (1e8) with 1 -> 2, which holds only 2.5e7 of it: 1 -> 0 gets the 7.5e7 left. (An equal share of h1's
    // link, the slowest-link figure, would give it 5e7.)
    const std::vector<double> r = share.rates({{0, 2}, {1, 2}, {1, 0}});
    REQUIRE(r.size() == 3);
    CHECK(r[0] == Approx(2.5e7));
    CHECK(r[1] == Approx(2.5e7));
    CHECK(r[2] == Approx(7.5e7));
    // One flow alone: its slowest link. A pair that repeats is two flows: they halve the uplink.
    CHECK(share.rates({{0, 2}})[0] == Approx(5e7));
    const std::vector<double> twice = share.rates({{0, 2}, {0, 2}});
    CHECK(twice[0] == Approx(2.5e7));
    CHECK(twice[1] == Approx(2.5e7));
    // Two ranks on one host cross no link: the network does not limit them.
    FairShare same(placed, {hosts[0], hosts[0]});
    CHECK(std::isinf(same.rates({{0, 1}})[0]));
}

TEST_CASE("fair share: TCP's ACKs load the reverse route, so an exchange both ways gives each flow r / (1 + ack)",
          "[topology][fair][ack]")
{
    const Topology t = twoLeaves(); // host links 1e8 B/s each way, the uplink 5e7

    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork placed(t, g);
    const std::vector<std::size_t> hosts = hostsOf(t);
    FairShare share(placed, hosts);
    const double ack = 0.0218; // RFC 5681: a 66 B ACK per two 1514 B segments, 66 / 3028 = 0.0218

    // A lone flow's ACKs go the other way on links nothing else uses: it keeps the whole link.
    CHECK(share.rates({{0, 1}}, {}, ack)[0] == Approx(1e8));
    // 0 -> 1 and 1 -> 0 at once: h0's link towards A carries 0 -> 1 and the ACKs of 1 -> 0, r + ack r = 1e8, so
    // r = 1e8 / 1.0218 = 9.78665e7 each (without ACKs 1e8 each: the links are duplex).
    const std::vector<double> both = share.rates({{0, 1}, {1, 0}}, {}, ack);
    CHECK(both[0] == Approx(1e8 / 1.0218));
    CHECK(both[1] == Approx(1e8 / 1.0218));
    const std::vector<double> without = share.rates({{0, 1}, {1, 0}});
    CHECK(without[0] == Approx(1e8));
    CHECK(without[1] == Approx(1e8));
    // Across the uplink both ways, 0 -> 2 and 2 -> 0: the uplink fills first, 5e7 / 1.0218 = 4.89333e7 each.
    const std::vector<double> up = share.rates({{0, 2}, {2, 0}}, {}, ack);
    CHECK(up[0] == Approx(5e7 / 1.0218));
    CHECK(up[1] == Approx(5e7 / 1.0218));
    // Two ranks on one host: no link, no ACKs on one.
    FairShare same(placed, {hosts[0], hosts[0]});
    CHECK(std::isinf(same.rates({{0, 1}, {1, 0}}, {}, ack)[0]));
}
