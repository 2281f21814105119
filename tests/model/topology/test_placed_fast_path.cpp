// The placed job's shortcuts (PlacedNetwork's fast paths: the coordinate
// router, the all-to-all counted by core vertex, one route search per leaf
// group) give the plain computation's figures, pair by pair and round by
// round, on a fat-tree, a leaf-spine with 3:1 oversubscription, a torus and
// drawn trees with mixed link rates and latencies, for every placement and
// schedule. No golden values: the plain path is the reference, and its own
// values are derived by hand in test_job_placement.cpp.
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;

namespace {

// A two-level tree, `n` hosts, `perLeaf` a leaf, `perPod` leaves a pod. Link
// latencies and some rates differ from link to link, so leaf hosts of one
// switch are not all interchangeable for the rounds (uniformLeaves) and their
// latencies differ; switch latencies too. `dual`: one more host with links
// to two leaves (a core vertex that is a host).
json mixedTree(int n, int perLeaf, int perPod, bool dual)
{
    const int leaves = (n + perLeaf - 1) / perLeaf, pods = (leaves + perPod - 1) / perPod;
    json v = json::array({{{"id", "core"}, {"kind", "switch"}, {"latency", 3e-7}}}), e = json::array();
    for (int p = 0; p < pods; ++p) {
        v.push_back({{"id", "pod" + std::to_string(p)}, {"kind", "switch"}, {"latency", 2e-7 + 1e-8 * p}});
        e.push_back({{"from", "pod" + std::to_string(p)}, {"to", "core"}, {"bandwidth", 2e6}, {"latency", 1e-6}});
    }
    for (int l = 0; l < leaves; ++l) {
        v.push_back({{"id", "leaf" + std::to_string(l)}, {"kind", "switch"}, {"latency", 1e-7}});
        e.push_back({{"from", "leaf" + std::to_string(l)},
                     {"to", "pod" + std::to_string(l / perPod)},
                     {"bandwidth", 1e6},
                     {"latency", 5e-7 + 1e-8 * l}});
    }
    for (int i = 0; i < n; ++i) {
        v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        e.push_back({{"from", "h" + std::to_string(i)},
                     {"to", "leaf" + std::to_string(i / perLeaf)},
                     {"bandwidth", i % 5 == 3 ? 5e5 : 1e6},
                     {"latency", 1e-6 + 1e-7 * (i % 3)}});
    }
    if (dual) {
        v.push_back({{"id", "dual"}, {"kind", "host"}});
        e.push_back({{"from", "dual"}, {"to", "leaf0"}, {"bandwidth", 1e6}});
        e.push_back({{"from", "dual"}, {"to", "leaf" + std::to_string(leaves - 1)}, {"bandwidth", 1e6}});
    }
    return {{"vertices", v}, {"edges", e}};
}

void sameFigures(const Topology& t, const std::vector<std::size_t>& hosts, Schedule s)
{
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork fast(t, g, true), plain(t, g, false);
    const PlacedFigures a = placedFigures(fast, hosts, s), b = placedFigures(plain, hosts, s);
    auto same = [](double x, double y) { return x == Approx(y).epsilon(1e-9).margin(1e-300); };
    CHECK(same(a.a2aLoad, b.a2aLoad));
    CHECK(same(a.a2aBandwidth, b.a2aBandwidth));
    CHECK(same(a.transposeBw, b.transposeBw));
    CHECK(same(a.nnBw, b.nnBw));
    CHECK(same(a.ringBw, b.ringBw));
    CHECK(same(a.avgHops, b.avgHops));
    CHECK(a.diameter == b.diameter);
    CHECK(same(a.avgLatency, b.avgLatency));
    CHECK(same(a.maxLatency, b.maxLatency));
    CHECK(same(a.xchgBandwidth, b.xchgBandwidth));
    REQUIRE(a.roundSecondsPerByte.size() == b.roundSecondsPerByte.size());
    for (std::size_t r = 0; r < a.roundSecondsPerByte.size(); ++r)
        CHECK(same(a.roundSecondsPerByte[r], b.roundSecondsPerByte[r]));
}

// Every placement (random: two of its seeded orders; listed: every other
// host, from the last) and schedule, at job sizes from 2 to every host.
void everyJob(const Topology& t)
{
    const auto H = static_cast<std::uint32_t>(t.hosts().size());
    std::vector<std::uint32_t> listed;
    for (std::uint32_t i = H; i-- > 0;)
        if (i % 2 == 0)
            listed.push_back(i);
    struct Case {
        Placement placement;
        int sample;
    };
    for (const Case c : {Case{Placement::Packed, 0}, Case{Placement::Spread, 0}, Case{Placement::Random, 0},
                         Case{Placement::Random, 1}, Case{Placement::Listed, 0}}) {
        const std::vector<std::uint32_t> order = placementOrder(t, c.placement, listed, c.sample);
        for (std::uint32_t P : {2u, 3u, 5u, 8u, H - 1, H}) {
            if (P > order.size())
                continue;
            std::vector<std::size_t> hosts;
            for (std::uint32_t i = 0; i < P; ++i)
                hosts.push_back(t.hosts()[order[i]]);
            for (std::size_t s = 0; s < scheduleNames().size(); ++s) {
                INFO(placementNames()[static_cast<std::size_t>(c.placement)]
                     << " (sample " << c.sample << "), P = " << P << ", " << scheduleNames()[s]);
                sameFigures(t, hosts, static_cast<Schedule>(s));
            }
        }
    }
}

} // namespace

TEST_CASE("placed fast path: a fat-tree, a leaf-spine and a torus", "[topology][placement]")
{
    const Topology ft = generate("fat-tree", {{"k", 4}});
    const Topology ls = generate("leaf-spine", {{"leaves", 4}, {"spines", 2}, {"p", 6}, {"oversub", 3}});
    const Topology torus = generate("torus", {{"k", 4}, {"dims", 2}});
    // The coordinate router takes the fat-tree's and the torus's rounds.
    CHECK(PlacedNetwork(ft, CoreGraph::build(ft)).router != nullptr);
    CHECK(PlacedNetwork(torus, CoreGraph::build(torus)).router != nullptr);
    SECTION("fat-tree") { everyJob(ft); }
    SECTION("leaf-spine") { everyJob(ls); }
    SECTION("torus") { everyJob(torus); }
}

TEST_CASE("placed fast path: drawn trees with mixed links", "[topology][placement]")
{
    SECTION("12 hosts, 3 a leaf") { everyJob(topologyFromJson(mixedTree(12, 3, 2, false))); }
    SECTION("with a host on two leaves") { everyJob(topologyFromJson(mixedTree(12, 3, 2, true))); }
}
