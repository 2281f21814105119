// A placed job counted by the parts a large network is drawn as (issue 48,
// defect 10): the topology editor's aggregates mark the parts holding the job
// with their count of its hosts, which sums to the job's nodes.
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/JobTally.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;

namespace {

// The group of each vertex of a dragonfly from its id ("h3_1_0", "r3_1": group 3).
std::vector<int> groupOf(const Topology& t)
{
    std::vector<int> out(t.vertexCount(), -1);
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        const std::string id(t.id(v));
        out[v] = std::stoi(id.substr(1, id.find('_') - 1));
    }
    return out;
}

std::vector<std::string> placedIds(const Topology& t, Placement p, const JobShape& job)
{
    std::vector<std::string> ids;
    for (std::size_t h : rankHosts(t, placementOrder(t, p, {}), job))
        ids.emplace_back(t.id(h));
    return ids;
}

} // namespace

TEST_CASE("a placed job is tallied by the groups of a dragonfly", "[topology][placement][tally]")
{
    // The default dragonfly: 9 groups of a = 4 routers with p = 2 hosts, 8 hosts a group.
    const Topology t = generate("dragonfly", {});
    const std::vector<int> parts = groupOf(t);

    // P = 10 packed, one rank a node: group 0's 8 hosts, then the first 2 of group 1.
    JobTally tally = tallyJob(t, parts, 9, placedIds(t, Placement::Packed, {10, 1, RankOrder::Block}));
    REQUIRE(tally.parts.size() == 9);
    CHECK(tally.parts[0].hosts == 8);
    CHECK(tally.parts[0].ranks == 8);
    CHECK(tally.parts[1].hosts == 2);
    CHECK(tally.parts[1].ranks == 2);
    for (std::size_t g = 2; g < 9; ++g)
        CHECK(tally.parts[g].hosts == 0);
    CHECK(tally.elsewhere == 0);

    // P = 20 at 2 ranks a node: 10 nodes, group 0's 8 (16 ranks) and 2 of group 1 (4 ranks).
    tally = tallyJob(t, parts, 9, placedIds(t, Placement::Packed, {20, 2, RankOrder::Cyclic}));
    CHECK(tally.parts[0].hosts == 8);
    CHECK(tally.parts[0].ranks == 16);
    CHECK(tally.parts[1].hosts == 2);
    CHECK(tally.parts[1].ranks == 4);

    // Spread over the 36 routers (leaves), one host each, P = 36: every group holds 4 hosts.
    tally = tallyJob(t, parts, 9, placedIds(t, Placement::Spread, {36, 1, RankOrder::Block}));
    std::size_t sum = 0;
    for (const PartTally& p : tally.parts) {
        CHECK(p.hosts == 4);
        sum += p.hosts;
    }
    CHECK(sum == 36);

    // Group 1 not shown (a part of -1) and an id the network does not have: counted elsewhere, once a host.
    std::vector<int> without1 = parts;
    for (int& g : without1)
        g = g == 1 ? -1 : g;
    std::vector<std::string> ids = placedIds(t, Placement::Packed, {20, 2, RankOrder::Block});
    ids.push_back("nowhere");
    ids.push_back("nowhere");
    tally = tallyJob(t, without1, 9, ids);
    CHECK(tally.parts[0].hosts == 8);
    CHECK(tally.parts[1].hosts == 0);
    CHECK(tally.elsewhere == 3);
}
