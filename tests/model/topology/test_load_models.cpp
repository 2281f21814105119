// The two load models (model/topology/routing/SinglePathLoads.h, docs/topology.md
// "Two load models"): the metrics split each flow evenly over its minimum-hop
// routes; the runner and SimGrid send it on the one route Router gives it
// (destination-mod-k). Their worst link loads under all-to-all compared on an
// oversubscribed leaf-spine, a torus and a dragonfly, by hand where the
// arithmetic is short, by a bound where it is not. Loads are flows (ordered
// host pairs) on a link direction; every link of these networks has one rate.
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/routing/SinglePathLoads.h"
#include "model/topology/metrics/TopologyMetrics.h"
#include "tests/model/topology/TopologyTestSupport.h"

#include <catch2/catch.hpp>

using namespace cs;

namespace {

// The busiest direction of the links between two switches or routers (not
// a host's own link).
double worstCoreLink(const Topology& t, const LinkLoads& l)
{
    double worst = 0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (t.attributes(a).kind == VertexKind::Host || t.attributes(b).kind == VertexKind::Host)
            continue;
        worst = std::max({worst, l.forward[e], l.backward[e]});
    }
    return worst;
}

} // namespace

TEST_CASE("load models: on a 3:1 leaf-spine destination-mod-k spreads as evenly as the split", "[topology][loadmodels]")
{
    // 4 leaves x 6 hosts, 2 spines, oversub 3: u = 6 / 3 = 2 up-links a leaf,
    // one to each spine. All-to-all: a leaf's 6 hosts send to the 18 hosts of
    // the other leaves, 108 flows over 2 up-links.
    //  - even split: 54 on each up-link;
    //  - single path: the spine is the destination's ordinal mod 2, and each
    //    leaf holds 3 even and 3 odd ordinals, so 9 of the 18 destinations go
    //    by each spine: 6 x 9 = 54 on each up-link. Down-links: 3 hosts of a
    //    leaf by each spine, from 18 sources: 54.
    // A host link carries 23 either way, so the up-links are the bottleneck of both.
    const Topology t = generate("leaf-spine", {{"leaves", 4}, {"spines", 2}, {"p", 6}, {"oversub", 3}});
    REQUIRE(t.counts().hosts == 24);
    const LinkLoads split = computeMetrics(t).allToAll;
    const LinkLoads single = singlePathLoads(t, TrafficPattern::AllToAll);
    CHECK(split.maxLoad == Approx(54));
    CHECK(single.maxLoad == Approx(54));
    CHECK(worstCoreLink(t, single) == Approx(54));
    CHECK(single.unroutable == 0);
    CHECK(single.flows == 24 * 23);
}

TEST_CASE("load models: on a 4 x 4 torus the single path loads some links above the split's even 8",
          "[topology][loadmodels]")
{
    // 16 hosts, each a router with 4 links. All-to-all x-hops from one source:
    // offsets 0, 1, 2, 3 in its row are 0, 1, 2, 1 hops, 4 a row, 16 over the
    // 4 rows; 16 sources give 256 x-hop flows on the 32 x-link directions.
    //  - even split: the distance-2 ties go half each way round, and the
    //    torus is the same from every host: 256 / 32 = 8 on every x (and y)
    //    link direction;
    //  - single path: the same 512 hop-flows over the same 64 link directions
    //    (every route has minimum hops), so its busiest carries at least the
    //    mean, 8, and more wherever a tie is not split evenly.
    const Topology t = generate("torus", {{"k", 4}, {"dims", 2}});
    const LinkLoads split = computeMetrics(t).allToAll;
    const LinkLoads single = singlePathLoads(t, TrafficPattern::AllToAll);
    CHECK(split.maxLoad == Approx(8));
    double hopFlows = 0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e)
        hopFlows += single.forward[e] + single.backward[e];
    CHECK(hopFlows == Approx(512));
    CHECK(single.maxLoad >= 8);
    WARN("4 x 4 torus, all-to-all, worst link direction: even split " << split.maxLoad << " flows, single path "
                                                                       << single.maxLoad << " (" << single.bottleneck
                                                                       << ")");
}

TEST_CASE("load models: on the 6-cycle dragonfly the split's 4.5 a ring link becomes a whole route's worth",
          "[topology][loadmodels]")
{
    // groups 3, a = 2, p = 1, h = 1: the routers form one 6-cycle, one host
    // each (test_new_generators.cpp derives it). Ring link directions:
    //  - even split: 1 flow at distance 1, 2 at distance 2, and the 3-hop
    //    flows half each way: 1 + 2 + 1.5 = 4.5 on each; a host link carries
    //    5 (its host's 5 peers), the split's bottleneck;
    //  - single path: every 3-hop flow goes one way round. The ring carries
    //    12 x 1 + 12 x 2 + 6 x 3 = 54 hop-flows on 12 directions either way, a
    //    mean of 4.5; the host links still carry 5.
    const Topology t = generate("dragonfly", {{"groups", 3}, {"a", 2}, {"p", 1}, {"h", 1}});
    const LinkLoads split = computeMetrics(t).allToAll;
    const LinkLoads single = singlePathLoads(t, TrafficPattern::AllToAll);
    CHECK(split.maxLoad == Approx(5));
    CHECK(worstCoreLink(t, split) == Approx(4.5));
    double ring = 0;
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        if (t.attributes(a).kind != VertexKind::Host && t.attributes(b).kind != VertexKind::Host)
            ring += single.forward[e] + single.backward[e];
    }
    CHECK(ring == Approx(54));
    // Between the mean and the most a direction can get, every 3-hop flow
    // through it: 1 + 2 + 3 = 6.
    CHECK(worstCoreLink(t, single) >= 4.5);
    CHECK(worstCoreLink(t, single) <= 6);
    CHECK(single.maxLoad >= 5);
    WARN("6-cycle dragonfly, all-to-all, worst ring link direction: even split 4.5, single path "
         << worstCoreLink(t, single) << "; worst link: " << split.maxLoad << " against " << single.maxLoad << " ("
         << single.bottleneck << ")");
}

TEST_CASE("load models: single-path loads of the other patterns, and nearest-neighbour refused", "[topology][loadmodels]")
{
    // A ring pattern on a 5-host star: each host link carries 1 flow each way.
    const Topology star = generate("star", {{"n", 5}});
    const LinkLoads ring = singlePathLoads(star, TrafficPattern::Ring);
    CHECK(ring.flows == 5);
    CHECK(ring.maxLoad == Approx(1));
    CHECK_THROWS_WITH(singlePathLoads(star, TrafficPattern::NearestNeighbour), Catch::Contains("nearest-neighbour"));
}
