// Max-min fair rates of flows at once (model/topology/placement/FairShare.h), derived by hand on two leaves joined by a
// slow uplink.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace cs;

TEST_CASE("fair share: a flow held back by one link leaves its share of the others to the rest", "[topology][fair]")
{
    // h0, h1 on switch A, h2, h3 on switch B; host links 1e8 B/s, the uplink A -- B 5e7 B/s.
    const Topology t = topologyFromJson(nlohmann::json::parse(R"({"vertices": [
        {"id": "A", "kind": "switch"}, {"id": "B", "kind": "switch"},
        {"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"}, {"id": "h3", "kind": "host"}],
      "edges": [{"from": "h0", "to": "A", "bandwidth": 1e8}, {"from": "h1", "to": "A", "bandwidth": 1e8},
                {"from": "h2", "to": "B", "bandwidth": 1e8}, {"from": "h3", "to": "B", "bandwidth": 1e8},
                {"from": "A", "to": "B", "bandwidth": 5e7}]})"));
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork placed(t, g);
    std::vector<std::size_t> hosts;
    for (const char* h : {"h0", "h1", "h2", "h3"})
        hosts.push_back(*t.find(h));
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
