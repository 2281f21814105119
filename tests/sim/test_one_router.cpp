// One router for the model, the runner's pair planner and the simulator:
// the links a pair's messages cross are the same whichever asks, on a
// generated fat-tree and on a fabric imported from the cluster's own
// topology.conf, and each route is a minimum-hop one.
#include "model/cluster/ClusterTopology.h"
#include "model/cluster/Routes.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/routing/Routing.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"
#include "sim/SimRoutes.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

using namespace cs;

namespace {

// Every ordered pair of hosts: the planner's links (from the destination
// back) are the simulator's hops, reversed; and as many as the hop distance.
void checkAgreement(const Topology& t)
{
    RouteFinder planner(t);
    const sim::RouteTable simulator(t);
    const std::vector<std::size_t>& hosts = t.hosts();
    for (std::size_t a : hosts) {
        const std::vector<int> dist = hopDistances(t, a);
        const std::vector<std::vector<sim::RouteHop>> hops = simulator.from(a, hosts);
        for (std::size_t i = 0; i < hosts.size(); ++i) {
            const std::size_t b = hosts[i];
            const std::optional<std::vector<std::size_t>> links = planner.links(a, b);
            REQUIRE(links);
            std::vector<std::size_t> simLinks;
            for (const sim::RouteHop& h : hops[i])
                simLinks.push_back(h.edge);
            std::reverse(simLinks.begin(), simLinks.end());
            INFO(t.vertex(a).id << " -> " << t.vertex(b).id);
            CHECK(*links == simLinks);
            CHECK(static_cast<int>(links->size()) == dist[b]);
        }
    }
}

} // namespace

TEST_CASE("the planner and the simulator route every pair of a fat-tree over the same links", "[sim][routes]")
{
    // k = 4: 16 hosts, 20 switches; pairs in other pods have 4 equal routes.
    checkAgreement(generate("fat-tree", {{"k", 4}}));
}

TEST_CASE("the planner and the simulator agree on an imported two-spine fabric, and spread it", "[sim][routes]")
{
    // Two leaves of two nodes, each leaf cabled to both spines: two equal routes between the leaves.
    const Topology t = buildTopology(topologyFromSlurmConf("SwitchName=leaf1 Nodes=n[1-2]\n"
                                                              "SwitchName=leaf2 Nodes=n[3-4]\n"
                                                              "SwitchName=spine1 Switches=leaf[1-2]\n"
                                                              "SwitchName=spine2 Switches=leaf[1-2]\n",
                                                              "topology.conf"));
    checkAgreement(t);
    // Destination-mod-k: n3 and n4 (host ordinals 2 and 3) are reached over
    // different spines, so n1 -> n3 and n2 -> n4 share no link and the
    // runner may measure them in one round.
    std::vector<std::string> order;
    for (std::size_t h : t.hosts())
        order.push_back(t.vertex(h).id);
    REQUIRE(order == std::vector<std::string>{"n1", "n2", "n3", "n4"});
    RouteFinder planner(t);
    const auto a = planner.links(*t.find("n1"), *t.find("n3"));
    const auto b = planner.links(*t.find("n2"), *t.find("n4"));
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->size() == 4);
    const std::set<std::size_t> first(a->begin(), a->end());
    CHECK(std::none_of(b->begin(), b->end(), [&](std::size_t e) { return first.count(e) > 0; }));
}
