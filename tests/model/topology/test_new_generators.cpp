// The leaf-spine, dragonfly and HyperX generators: counts, hops, loads and
// bisection derived by hand, the symmetry the metrics use, and the Valiant
// loads of the dragonfly. A hop is one link traversed host to host; loads
// are flows (ordered host pairs) on the busiest link direction.
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/metrics/TopologyMetrics.h"
#include "tests/model/topology/TopologyTestSupport.h"

#include <catch2/catch.hpp>

using namespace cs;

namespace {

// The metrics with and without symmetry must agree (the symmetric path is
// what users get; the plain one is the check).
void sameWithoutSymmetry(const Topology& t, const TopologyMetrics& m)
{
    MetricsOptions plain;
    plain.symmetry = false;
    const TopologyMetrics p = computeMetrics(t, plain);
    CHECK(p.hops.count == m.hops.count);
    CHECK(p.allToAll.maxLoad == Approx(m.allToAll.maxLoad));
    CHECK(p.avgLatency == Approx(m.avgLatency));
}

const LinkLoads& valiant(const TopologyMetrics& m, TrafficPattern p)
{
    for (const LinkLoads& l : m.valiant)
        if (l.pattern == p)
            return l;
    FAIL("no Valiant loads for " << patternName(p));
    return m.valiant.front();
}

} // namespace

TEST_CASE("leaf-spine: counts, hops, oversubscribed up-links and the exact bisection", "[topology][leaf-spine]")
{
    // 4 leaves x 4 hosts, 2 spines, oversub 2: u = 4 / 2 = 2 up-links per
    // leaf, one to each spine. Links: 16 host + 4 x 2 = 24.
    const double b = 12.5e9;
    const Topology t = generate("leaf-spine", {{"leaves", 4}, {"spines", 2}, {"p", 4}, {"oversub", 2}});
    CHECK(t.counts().hosts == 16);
    CHECK(t.counts().switches == 6);
    CHECK(t.counts().links == 24);
    const TopologyMetrics m = computeMetrics(t);
    // Each host: 3 peers on its leaf at 2 hops, 12 at 4 hops:
    // (16 x 3 x 2 + 16 x 12 x 4) / 240 = (96 + 768) / 240 = 3.6.
    CHECK(m.diameter() == 4);
    CHECK(m.hops.count[2] == 48);
    CHECK(m.hops.count[4] == 192);
    CHECK(m.avgHops() == Approx(3.6));
    // All-to-all: a leaf's 4 hosts send to 12 hosts elsewhere, 48 flows over
    // 2 up-links: 24 per up-link, above a host link's 15.
    CHECK(m.allToAll.maxLoad == Approx(24));
    CHECK_THAT(m.allToAll.bottleneck, Catch::StartsWith("link leaf"));
    // Exact bisection: half the leaves' up-links, 4 / 2 x 2 = 4 links.
    CHECK(m.bisection.exact);
    CHECK(m.bisection.bandwidth == Approx(4 * b));
    // One orbit of roots: every leaf is a twin of every other.
    CHECK_THAT(m.method, Catch::Contains("ECMP from 1 of 4 destination roots"));
    sameWithoutSymmetry(t, m);

    // Non-blocking (oversub 1): 4 up-links per leaf, 2 channels to each
    // spine; an up-link carries 24 flows on twice the capacity (12 per
    // channel), so the host links (15 flows) are the bottleneck.
    const TopologyMetrics nb = computeMetrics(generate("leaf-spine", {{"leaves", 4}, {"spines", 2}, {"p", 4}}));
    CHECK(nb.allToAll.maxLoad == Approx(15));
    CHECK(nb.bisection.bandwidth == Approx(4 / 2 * 4 * b)); // 8 links' worth

    // Up-links that do not spread over the spines are refused by name.
    const Generator& g = GeneratorRegistry::builtin().get("leaf-spine");
    const std::vector<double> p = generatorParams(g, {{"p", 48}, {"oversub", 3}, {"spines", 5}});
    CHECK(checkGeneratorParams(g, p.data()) ==
          "p / oversub = 16 up-links per leaf do not spread evenly over spines = 5");
}

TEST_CASE("dragonfly: a ring of groups by hand, minimal and Valiant loads", "[topology][dragonfly]")
{
    // groups 3, a = 2, p = 1, h = 1: a h = 2 global ports per group, one to
    // each other group. Port 0 (router 0) of group i meets port 1 (router 1)
    // of group i + 1, so the routers form one 6-cycle:
    // r0_0 - r0_1 - r2_0 - r2_1 - r1_0 - r1_1 - r0_0 (local, global, ...).
    const Topology t = generate("dragonfly", {{"groups", 3}, {"a", 2}, {"p", 1}, {"h", 1}});
    CHECK(t.counts().hosts == 6);
    CHECK(t.counts().switches == 6);
    CHECK(t.counts().links == 6 + 3 + 3);
    const TopologyMetrics m = computeMetrics(t);
    // On a 6-cycle each router has 2 routers at 1, 2 at 2 and 1 at 3 router
    // hops; host hops are 2 more: 12 pairs at 3, 12 at 4, 6 at 5;
    // average (36 + 48 + 30) / 30 = 3.8.
    CHECK(m.diameter() == 5);
    CHECK(m.hops.count[3] == 12);
    CHECK(m.hops.count[4] == 12);
    CHECK(m.hops.count[5] == 6);
    CHECK(m.avgHops() == Approx(3.8));
    // Minimal all-to-all: a ring link direction carries 1 flow at distance
    // 1, 2 at distance 2 and 3 halves at distance 3 (two equal ways round):
    // 4.5; a host link carries 5. So the host links are the bottleneck.
    CHECK(m.allToAll.maxLoad == Approx(5));
    // Valiant all-to-all: the ring links carry 2 (H - 1) / H x 4.5 = 2 x 5 /
    // 6 x 4.5 = 7.5, now above the host links' own 5.
    const LinkLoads& va = valiant(m, TrafficPattern::AllToAll);
    CHECK(va.exact);
    CHECK(va.maxLoad == Approx(7.5));
    CHECK_THAT(va.bottleneck, Catch::StartsWith("link r"));
    // Valiant ring (k = 1 flow a host): 2 x 1 / 6 x 4.5 = 1.5 on ring links.
    CHECK(valiant(m, TrafficPattern::Ring).maxLoad == Approx(1.5));
    // The group shift leaves the 2 routers of one group as roots.
    CHECK_THAT(m.method, Catch::Contains("group shifts") && Catch::Contains("ECMP from 2 of 6 destination roots"));
    sameWithoutSymmetry(t, m);
    // The generator's cut: hosts 0-2 (routers r0_0, r0_1, r1_0) against 3-5,
    // each router with its host, crosses r0_1 - r2_0, r2_1 - r1_0, r1_0 -
    // r1_1 and r1_1 - r0_0: 4 links; the host links of half the hosts: 3.
    // The search (small enough to run) does better: three routers in a row
    // on the cycle with their hosts cut 2 ring links, the true bisection
    // (every balanced split of a 6-cycle with one host a router cuts at
    // least 2 links). Still labelled a bound.
    CHECK_FALSE(m.bisection.exact);
    CHECK(m.bisection.bandwidth == Approx(2 * 12.5e9));
}

TEST_CASE("dragonfly: the balanced shape of the paper and its work estimate", "[topology][dragonfly]")
{
    // a = 2p = 2h = 4, groups = a h + 1 = 9: 36 routers, 72 hosts; links 72
    // host + 9 x C(4, 2) = 54 local + 9 x 8 / 2 = 36 global = 162; one global
    // link per pair of groups.
    const Topology t = generate("dragonfly", {});
    CHECK(t.counts().hosts == 72);
    CHECK(t.counts().switches == 36);
    CHECK(t.counts().links == 162);
    CHECK(t.fact("global_links_per_group_pair") == 1.0);
    const TopologyMetrics m = computeMetrics(t);
    // Router to router at most local, global, local: 3, so 5 host hops.
    CHECK(m.diameter() == 5);
    sameWithoutSymmetry(t, m);
    // The estimate counts one group's routers (4 of 36 roots).
    const Generator& g = GeneratorRegistry::builtin().get("dragonfly");
    const std::vector<double> p = generatorParams(g, {});
    CHECK(g.counts(p.data()).orbitRoots == 4);
    CHECK(g.counts(p.data()).roots == 36);
    // a = 2p = 2h = 8, groups 33: 1056 hosts, computed.
    const std::vector<double> mid = generatorParams(g, {{"groups", 33}, {"a", 8}, {"p", 4}, {"h", 4}});
    REQUIRE(checkGeneratorParams(g, mid.data()).empty());
    CHECK(topologyMetricsProblem(g.counts(mid.data())).empty());
    // a = 2p = 2h = 46, groups 1059 (1,120,422 hosts): the group shift leaves
    // 46 all-to-all roots, and DragonflyEvenSplit routes the sparse patterns
    // from 46 more searches instead of one per each of the 48,714 routers
    // (which was 0.5 x 48714 x 6.7e6 = 1.6e11 steps): computed, not refused.
    const std::vector<double> big = generatorParams(g, {{"groups", 1059}, {"a", 46}, {"p", 23}, {"h", 23}});
    REQUIRE(checkGeneratorParams(g, big.data()).empty());
    CHECK(g.counts(big.data()).hosts == 1120422);
    CHECK(g.counts(big.data()).coordinateRouted);
    CHECK(topologyMetricsProblem(g.counts(big.data())).empty());
}

TEST_CASE("dragonfly: sparse patterns routed from one group's searches", "[topology][dragonfly]")
{
    // The 6-cycle of the test above (positions r0_0 0, r0_1 1, r2_0 2,
    // r2_1 3, r1_0 4, r1_1 5), one host per router, hosts in group order:
    // ring flows (in positions) 0->1, 1->4, 4->5, 5->2, 2->3, 3->0. The
    // three at distance 3 split in halves both ways round. Direction 0->1
    // carries 0->1 (1) and the clockwise half of 5->2 (5, 0, 1, 2): 1.5; a
    // global direction such as 1->2 carries the clockwise halves of 1->4
    // and 5->2: 1; host links 1. The group shift maps ring flows to ring
    // flows, so 2->3 and 4->5 carry 1.5 too: the bottleneck is 1.5.
    const Topology t = generate("dragonfly", {{"groups", 3}, {"a", 2}, {"p", 1}, {"h", 1}});
    const TopologyMetrics m = computeMetrics(t);
    REQUIRE(m.ring);
    CHECK(m.ring->maxLoad == Approx(1.5));
    CHECK(test::linkLoad(t, *m.ring, "r0_0", "r0_1") == Approx(1.5));
    CHECK(test::linkLoad(t, *m.ring, "r0_1", "r0_0") == Approx(1.0));
    CHECK_THAT(m.ring->method, Catch::Contains("dragonfly group shift"));
    // Every pattern, link by link, equals the general search (one per
    // destination) on shapes with one global link per pair of groups, two
    // (groups 5, a h = 8), and several hosts per router.
    for (const auto& params : std::vector<std::vector<std::pair<std::string, double>>>{
             {{"groups", 3}, {"a", 2}, {"p", 1}, {"h", 1}},
             {},
             {{"groups", 5}, {"a", 4}, {"p", 3}, {"h", 2}},
             {{"groups", 7}, {"a", 3}, {"p", 2}, {"h", 4}}}) {
        const Topology d = generate("dragonfly", params);
        const TopologyMetrics fast = computeMetrics(d);
        MetricsOptions plain;
        plain.symmetry = false;
        const TopologyMetrics slow = computeMetrics(d, plain);
        for (auto p : {&TopologyMetrics::transpose, &TopologyMetrics::nearestNeighbour, &TopologyMetrics::ring}) {
            REQUIRE((fast.*p).has_value());
            REQUIRE((slow.*p).has_value());
            const LinkLoads &a = *(fast.*p), &b = *(slow.*p);
            CHECK_THAT(a.method, Catch::Contains("dragonfly group shift"));
            CHECK(a.flows == b.flows);
            CHECK(a.maxLoad == Approx(b.maxLoad));
            for (std::size_t e = 0; e < d.edgeCount(); ++e) {
                CHECK(a.forward[e] == Approx(b.forward[e]).margin(1e-12));
                CHECK(a.backward[e] == Approx(b.backward[e]).margin(1e-12));
            }
        }
    }
}

TEST_CASE("HyperX: a trunked complete graph and a 3 x 3 grid by hand", "[topology][hyperx]")
{
    const double b = 12.5e9;
    // dims 1, s = 4, trunk 2, p = 1: K4 of routers, 2 channels a pair.
    const Topology k4 = generate("hyperx", {{"dims", 1}, {"s", 4}, {"trunk", 2}, {"p", 1}});
    CHECK(k4.counts().links == 4 + 6);
    const TopologyMetrics m4 = computeMetrics(k4);
    // Every other host 3 hops away (host, router, router, host).
    CHECK(m4.diameter() == 3);
    CHECK(m4.avgHops() == Approx(3));
    // A router pair carries its one direct flow per direction on 2
    // channels; a host link carries 3 flows on one: the host links bind.
    CHECK(m4.allToAll.maxLoad == Approx(3));
    CHECK_THAT(m4.allToAll.bottleneck, Catch::Contains("h"));
    // The cheaper of the generator's two cuts: 2 host links (H / 2) against
    // 2 x 2 router pairs x 2 channels = 8 channels: 2 links, a bound.
    CHECK(m4.bisection.bandwidth == Approx(2 * b));
    CHECK_FALSE(m4.bisection.exact);

    // dims 2, s = 3, p = 1: the 3 x 3 rook's graph. Each router has 4 in its
    // row or column (3 hops host to host) and 4 elsewhere (4 hops):
    // average (4 x 3 + 4 x 4) / 8 = 3.5.
    const Topology g3 = generate("hyperx", {{"dims", 2}, {"s", 3}, {"p", 1}});
    CHECK(g3.counts().links == 9 + 9 * 2 * 2 / 2);
    const TopologyMetrics m3 = computeMetrics(g3);
    CHECK(m3.diameter() == 4);
    CHECK(m3.avgHops() == Approx(3.5));
    // A row link r -> r' carries the direct flow (1), half of each of the 2
    // two-hop flows from r to the column of r' (1), and half of each of the
    // 2 two-hop flows from r's column to r' (1): 3. Host links carry 8.
    CHECK(m3.allToAll.maxLoad == Approx(8));
    CHECK(test::linkLoad(g3, m3.allToAll, "r0_0", "r1_0") == Approx(3));
    CHECK_THAT(m3.method, Catch::Contains("coordinate shifts") && Catch::Contains("ECMP from 1 of 9"));
    sameWithoutSymmetry(g3, m3);
}

TEST_CASE("HyperX: sparse patterns from router coordinates equal the search", "[topology][hyperx]")
{
    // The 3 x 3 rook's graph, one host a router, hosts in router order
    // (router r at (r mod 3, r / 3)). The ring's flows 2 -> 3, (2, 0) to
    // (0, 1), and 8 -> 0, (2, 2) to (0, 0), each differ in both
    // coordinates: half of each sets the first coordinate first, half the
    // second. The direction r2_0 -> r0_0 carries the half of 8 -> 0 that
    // goes by (2, 0) and the half of 2 -> 3 that goes by (0, 0): 1; no
    // other ring flow crosses it.
    const Topology g3 = generate("hyperx", {{"dims", 2}, {"s", 3}, {"p", 1}});
    const TopologyMetrics m3 = computeMetrics(g3);
    REQUIRE(m3.ring);
    CHECK_THAT(m3.ring->method, Catch::Contains("hyperx coordinates"));
    CHECK(test::linkLoad(g3, *m3.ring, "r2_0", "r0_0") == Approx(1.0));
    CHECK(test::linkLoad(g3, *m3.ring, "r0_0", "r1_0") == Approx(1.0)); // 0 -> 1 alone
    // Every pattern, link by link, equals the search per destination, on
    // shapes with trunks, several hosts a router, one dimension and three.
    for (const auto& params : std::vector<std::vector<std::pair<std::string, double>>>{
             {{"dims", 2}, {"s", 3}, {"p", 1}},
             {{"dims", 1}, {"s", 5}, {"p", 2}},
             {{"dims", 2}, {"s", 4}, {"trunk", 2}, {"p", 3}},
             {{"dims", 3}, {"s", 3}, {"p", 1}},
             {{"dims", 3}, {"s", 2}, {"p", 2}}}) {
        const Topology x = generate("hyperx", params);
        INFO(x.hosts().size() << " hosts");
        const TopologyMetrics fast = computeMetrics(x);
        MetricsOptions plain;
        plain.symmetry = false;
        const TopologyMetrics slow = computeMetrics(x, plain);
        for (auto p : {&TopologyMetrics::transpose, &TopologyMetrics::nearestNeighbour, &TopologyMetrics::ring}) {
            REQUIRE((fast.*p).has_value());
            REQUIRE((slow.*p).has_value());
            const LinkLoads &a = *(fast.*p), &b = *(slow.*p);
            CHECK_THAT(a.method, Catch::Contains("hyperx coordinates"));
            CHECK(a.flows == b.flows);
            CHECK(a.unroutable == b.unroutable);
            CHECK(a.maxLoad == Approx(b.maxLoad));
            CHECK(a.bottleneck == b.bottleneck);
            std::size_t bad = 0;
            for (std::size_t e = 0; e < x.edgeCount(); ++e)
                bad += a.forward[e] != Approx(b.forward[e]).margin(1e-12) ||
                       a.backward[e] != Approx(b.backward[e]).margin(1e-12);
            CHECK(bad == 0);
        }
    }
    // An edited HyperX (one row link gone) is searched, not taken for one.
    Topology cut = generate("hyperx", {{"dims", 2}, {"s", 3}, {"p", 1}});
    Topology edited;
    for (std::size_t v = 0; v < cut.vertexCount(); ++v) {
        const VertexProps p = cut.vertex(v);
        if (p.kind == VertexKind::Host)
            edited.addHost(p.id);
        else
            edited.addSwitch(p.id, p.ports, p.latency);
    }
    for (std::size_t e = 0; e + 1 < cut.edgeCount(); ++e)
        edited.addLink(cut.endpoints(e).first, cut.endpoints(e).second, cut.link(e));
    edited.generator = cut.generator;
    edited.generatorParams = cut.generatorParams;
    const TopologyMetrics me = computeMetrics(edited);
    REQUIRE(me.ring);
    CHECK_THAT(me.ring->method, !Catch::Contains("hyperx coordinates"));
}
