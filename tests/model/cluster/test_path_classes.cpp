// Pairs chosen by path class: one pair stands for every pair whose path
// looks the same to a probe, plus random checks.
#include "model/cluster/PathClasses.h"
#include "model/core/ModelError.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

using namespace cs;
using nlohmann::json;

TEST_CASE("a k=4 fat-tree has three path classes among its 16 hosts", "[cluster][pairs]")
{
    const Topology t = topologyFromJson(json{{"generator", "fat-tree"}, {"params", {{"k", 4}, {"bw", 125e6}}}});
    std::vector<std::string> hosts;
    for (std::size_t v : t.hosts())
        hosts.push_back(t.vertex(v).id);
    REQUIRE(hosts.size() == 16);
    const auto pairs = pairsByPathClass(t, hosts, 2, 7);
    // By hand: k/2 = 2 hosts per edge switch, 2 edge switches per pod, 4 pods.
    // Host 0's partner under its own edge switch is 2 hops away (h-e-h); in
    // its pod under the other edge switch 4 (h-e-a-e-h); in another pod 6
    // (h-e-a-c-a-e-h). Every link is 125 MB/s and every switch has the
    // generator's 1 us, so the three hop counts are the three classes. 16 x 15 / 2 = 120 pairs
    // in all; 3 classes + 2 checks = 5 jobs.
    REQUIRE(pairs.size() == 5);
    std::set<std::string> classes;
    for (const PairChoice& p : pairs)
        classes.insert(p.pathClass.substr(0, p.pathClass.find(':')));
    CHECK(classes == std::set<std::string>{"2 hops", "4 hops", "6 hops"});
    CHECK(pairs[0].pathClass == "2 hops: 125 MB/s link, switch 1 us, 125 MB/s link");
    CHECK(pairs[0].server == 0);
    CHECK(pairs[0].client == 1);
    CHECK_FALSE(pairs[2].check);
    CHECK(pairs[3].check);
    CHECK(pairs[4].check);
    // Checks are pairs not already taken, and a seed repeats the plan.
    CHECK((pairs[3].server != pairs[4].server || pairs[3].client != pairs[4].client));
    const auto again = pairsByPathClass(t, hosts, 2, 7);
    CHECK(again[3].server == pairs[3].server);
    CHECK(again[3].client == pairs[3].client);
}

TEST_CASE("links of another rate make another class, mistakes are named", "[cluster][pairs]")
{
    const Topology t = topologyFromJson(json::parse(R"({"vertices": [{"id": "sw", "kind": "switch"},
        {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}, {"id": "c", "kind": "host"},
        {"id": "d", "kind": "host"}],
        "edges": [{"from": "a", "to": "sw", "bandwidth": "1Gbit/s"}, {"from": "b", "to": "sw", "bandwidth": "1Gbit/s"},
                  {"from": "c", "to": "sw", "bandwidth": "100Mbit/s"}, {"from": "d", "to": "sw", "bandwidth": "100Mbit/s"}]})"));
    // a-b: both 125 MB/s; a-c, a-d, b-c, b-d: 125 then 12.5; c-d: both 12.5.
    const auto pairs = pairsByPathClass(t, {"a", "b", "c", "d"}, 0);
    REQUIRE(pairs.size() == 3);
    CHECK(pairs[0].pathClass == "2 hops: 125 MB/s link, switch, 125 MB/s link");
    CHECK(pairs[1].pathClass == "2 hops: 125 MB/s link, switch, 12.5 MB/s link");
    CHECK(pairs[2].pathClass == "2 hops: 12.5 MB/s link, switch, 12.5 MB/s link");
    // Asking for more checks than there are other pairs gives what there is.
    CHECK(pairsByPathClass(t, {"a", "b", "c", "d"}, 10).size() == 6);

    CHECK_THROWS_WITH(pairsByPathClass(t, {"a", "x"}),
                      Catch::StartsWith("node on 'x': the design's topology has no host named 'x'"));
    const Topology split = topologyFromJson(json::parse(R"({"vertices": [{"id": "s1", "kind": "switch"},
        {"id": "s2", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"},
        {"id": "c", "kind": "host"}, {"id": "d", "kind": "host"}],
        "edges": [{"from": "a", "to": "s1", "bandwidth": 1}, {"from": "b", "to": "s1", "bandwidth": 1},
                  {"from": "c", "to": "s2", "bandwidth": 1}, {"from": "d", "to": "s2", "bandwidth": 1}]})"),
                                            "topology", TopologyCheck::Structure);
    CHECK_THROWS_WITH(pairsByPathClass(split, {"a", "c"}),
                      "nodes on 'a' and 'c': the design's topology has no path between these hosts");
}
