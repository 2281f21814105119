// Rounds of probe jobs that may run together: jobs that share a node or a
// link of their route never overlap (they would measure each other).
#include "model/cluster/PairRounds.h"
#include "model/cluster/PathClasses.h"
#include "model/cluster/Routes.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

using namespace cs;
using nlohmann::json;
using Rounds = std::vector<std::vector<std::size_t>>;

namespace {

// What a pair job holds: both hosts and every link of its route.
std::vector<std::string> pairUses(const Topology& t, RouteFinder& routes, const std::string& a, const std::string& b)
{
    const std::size_t va = *t.find(a), vb = *t.find(b);
    std::vector<std::string> uses{"node:" + a, "node:" + b};
    const auto route = routes.links(va, vb);
    for (std::size_t e : *route)
        uses.push_back(linkKey(LinkId{static_cast<std::uint32_t>(e)}));
    return uses;
}

Topology twoLeaves()
{
    // Two leaf switches of two hosts each, joined by one uplink s1 - s2.
    return topologyFromJson(json::parse(R"({"vertices": [{"id": "s1", "kind": "switch"},
        {"id": "s2", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"},
        {"id": "c", "kind": "host"}, {"id": "d", "kind": "host"}],
        "edges": [{"from": "a", "to": "s1", "bandwidth": 1}, {"from": "b", "to": "s1", "bandwidth": 1},
                  {"from": "c", "to": "s2", "bandwidth": 1}, {"from": "d", "to": "s2", "bandwidth": 1},
                  {"from": "s1", "to": "s2", "bandwidth": 1}]})"));
}

} // namespace

TEST_CASE("routes are the links of a minimum-hop path", "[cluster][rounds]")
{
    const Topology t = twoLeaves();
    RouteFinder routes(t);
    // Edges in file order: 0 a-s1, 1 b-s1, 2 c-s2, 3 d-s2, 4 s1-s2.
    // a to c: a-s1 (0), s1-s2 (4), s2-c (2); listed from c back to a.
    CHECK(*routes.links(*t.find("a"), *t.find("c")) == std::vector<std::size_t>{2, 4, 0});
    CHECK(*routes.links(*t.find("a"), *t.find("b")) == std::vector<std::size_t>{1, 0});
    CHECK(routes.links(*t.find("a"), *t.find("a"))->empty());
    // A route never passes through a host that does not forward: with no
    // uplink, c is unreachable from a.
    const Topology split = topologyFromJson(json::parse(R"({"vertices": [{"id": "s1", "kind": "switch"},
        {"id": "s2", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "c", "kind": "host"}],
        "edges": [{"from": "a", "to": "s1", "bandwidth": 1}, {"from": "c", "to": "s2", "bandwidth": 1}]})"),
                                            "topology", TopologyCheck::Structure);
    RouteFinder none(split);
    CHECK_FALSE(none.links(*split.find("a"), *split.find("c")).has_value());
}

TEST_CASE("pairs sharing the uplink run in different rounds, disjoint pairs together", "[cluster][rounds]")
{
    const Topology t = twoLeaves();
    RouteFinder routes(t);
    // Jobs: 0 a-b (under s1), 1 c-d (under s2), 2 a-c and 3 b-d (both over s1-s2).
    const std::vector<std::vector<std::string>> uses{pairUses(t, routes, "a", "b"), pairUses(t, routes, "c", "d"),
                                                     pairUses(t, routes, "a", "c"), pairUses(t, routes, "b", "d")};
    // By hand: 0 opens round 0; 1 shares nothing with it (other hosts, other
    // switch) and joins; 2 shares a with job 0, so opens round 1; 3 shares b
    // with round 0 and the uplink (edge 4) with job 2, so opens round 2 even
    // though its hosts differ from job 2's.
    CHECK(groupRounds(uses, 8) == Rounds{{0, 1}, {2}, {3}});
    // A cap of one: one job at a time, in plan order.
    CHECK(groupRounds(uses, 1) == Rounds{{0}, {1}, {2}, {3}});
    CHECK_THROWS_WITH(groupRounds(uses, 0), "the number of jobs run at once must be at least 1, got 0");
}

TEST_CASE("without a topology only node-disjoint pairs overlap: all pairs of four nodes in three rounds",
          "[cluster][rounds]")
{
    // Every pair of a, b, c, d in the order i < j; each uses only its nodes.
    const std::vector<std::string> n{"a", "b", "c", "d"};
    std::vector<std::vector<std::string>> uses;
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = i + 1; j < 4; ++j)
            uses.push_back({"node:" + n[i], "node:" + n[j]});
    // Jobs 0 ab, 1 ac, 2 ad, 3 bc, 4 bd, 5 cd. By hand: ab opens round 0; ac
    // (a) opens 1; ad (a in both) opens 2; bc: b in round 0, c in round 1, so
    // round 2 {ad}; bd: b in 0, round 1 {ac} is free; cd: round 0 {ab} is free.
    CHECK(groupRounds(uses, 8) == Rounds{{0, 5}, {1, 4}, {2, 3}});
    // A cap of two is no limit here; a cap below the round's size opens more.
    CHECK(groupRounds(uses, 2) == Rounds{{0, 5}, {1, 4}, {2, 3}});
    const std::vector<std::vector<std::string>> free{{}, {}, {}};
    CHECK(groupRounds(free, 2) == Rounds{{0, 1}, {2}});
}

TEST_CASE("path-class stand-ins of a k=4 fat-tree share nothing, so they make one round", "[cluster][rounds]")
{
    const Topology t = topologyFromJson(json{{"generator", "fat-tree"}, {"params", {{"k", 4}, {"bw", 125e6}}}});
    std::vector<std::string> hosts;
    for (std::size_t v : t.hosts())
        hosts.push_back(t.vertex(v).id);
    const auto pairs = pairsByPathClass(t, hosts, 0);
    REQUIRE(pairs.size() == 3);
    // By hand (host index 4 pod + 2 edge + i; the generator links each edge
    // switch to its hosts, then to agg 0 and agg 1; agg a to core 2a, 2a+1):
    // 2 hops: (0, 1) under edge0_0, the first pair. 4 hops: every pair of
    // host 0 or 1 is taken by then; (2, 3) is 2 hops; host 2's first
    // 6-hop pair (2, 4) comes first: h0_1_0-edge0_1-agg0_0-core0-agg1_0-
    // edge1_0-h1_0_0, disjoint from (0, 1), so it stands in for 6 hops. The
    // routes are the one router's (model/topology/routing/Routing.h, destination-mod-k:
    // at each step back from the destination, the next digit of its host
    // ordinal). In pod 1, (5, 6) goes up edge1_0-agg1_0 (6 = 0 mod 2), which
    // (2, 4) uses; (5, 7) goes up edge1_0-agg1_1 (7 = 1 mod 2) and down
    // agg1_1-edge1_1: free, so it stands in for 4 hops.
    CHECK(pairs[0].server == 0);
    CHECK(pairs[0].client == 1);
    CHECK(pairs[1].server == 5);
    CHECK(pairs[1].client == 7);
    CHECK(pairs[1].pathClass.rfind("4 hops", 0) == 0);
    CHECK(pairs[2].server == 2);
    CHECK(pairs[2].client == 4);
    CHECK(pairs[2].pathClass.rfind("6 hops", 0) == 0);
    RouteFinder routes(t);
    std::vector<std::vector<std::string>> uses;
    for (const PairChoice& p : pairs)
        uses.push_back(pairUses(t, routes, hosts[p.server], hosts[p.client]));
    CHECK(groupRounds(uses, 8) == Rounds{{0, 1, 2}});
}
