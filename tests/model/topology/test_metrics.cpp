// Hop histograms, bisection bandwidth and link loads, against values worked
// out by hand. A hop is one link traversed host to host (host-switch-host = 2).
#include "TopologyTestSupport.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/metrics/Bisection.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/HostHops.h"
#include "model/topology/routing/Routing.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs;
using cs::test::linkLoad;

namespace {

std::size_t v(const Topology& t, const char* id)
{
    const auto x = t.find(id);
    REQUIRE(x);
    return *x;
}

// The histogram by brute force: a BFS per host over the Boost graph.
HopHistogram bruteForce(const Topology& t)
{
    HopHistogram h;
    for (std::size_t s : t.hosts()) {
        const std::vector<int> d = hopDistances(t, s);
        for (std::size_t x : t.hosts()) {
            if (x == s)
                continue;
            if (d[x] < 0) {
                ++h.unreachable;
                continue;
            }
            if (h.count.size() <= static_cast<std::size_t>(d[x]))
                h.count.resize(d[x] + 1, 0);
            ++h.count[d[x]];
        }
    }
    return h;
}

} // namespace

TEST_CASE("hop histogram of the k=4 fat-tree", "[topology]")
{
    // 16 hosts, 240 ordered pairs. From any host: 1 peer on its edge switch
    // (k/2 - 1 = 1) at host-edge-host = 2 hops; the other edge switch of its
    // pod holds 2 peers at host-edge-agg-edge-host = 4 hops; the 12 hosts of
    // the other 3 pods are at host-edge-agg-core-agg-edge-host = 6 hops.
    // Ordered pairs: 16 x 1 = 16, 16 x 2 = 32, 16 x 12 = 192.
    const Topology t = generate("fat-tree", {{"k", 4}});
    const HopHistogram h = hostHopHistogram(t);
    REQUIRE(h.count.size() == 7);
    CHECK(h.count[0] == 0);
    CHECK(h.count[1] == 0);
    CHECK(h.count[2] == 16);
    CHECK(h.count[3] == 0);
    CHECK(h.count[4] == 32);
    CHECK(h.count[5] == 0);
    CHECK(h.count[6] == 192);
    CHECK(h.pairs() == 240);
    CHECK(h.unreachable == 0);
    // Average (16 x 2 + 32 x 4 + 192 x 6) / 240 = 1312 / 240 = 5.4667.
    CHECK(h.average() == Approx(1312.0 / 240.0));
    CHECK(h.diameter() == 6);
    // k=8: per host 3 at 2, 12 at 4, 112 at 6 (128 hosts).
    const HopHistogram h8 = hostHopHistogram(generate("fat-tree", {{"k", 8}}));
    CHECK(h8.count[2] == 128 * 3);
    CHECK(h8.count[4] == 128 * 12);
    CHECK(h8.count[6] == 128 * 112);
}

TEST_CASE("torus average distance matches its closed form", "[topology]")
{
    // k-ary n-cube torus: along one dimension the distances from a node to
    // the k positions sum to k^2/4 (k even) or (k^2-1)/4 (k odd). Over all
    // k^n nodes a dimension contributes k^(n-1) times that, so the mean over
    // the other k^n - 1 nodes is n k^(n-1) S / (k^n - 1).
    auto formula = [](double k, double n) {
        const double S = std::fmod(k, 2) == 0 ? k * k / 4 : (k * k - 1) / 4;
        return n * std::pow(k, n - 1) * S / (std::pow(k, n) - 1);
    };
    // k=4, n=2: 2 x 4 x 4 / 15 = 32/15.
    CHECK(formula(4, 2) == Approx(32.0 / 15.0));
    CHECK(hostHopHistogram(generate("torus", {{"k", 4}, {"dims", 2}})).average() == Approx(32.0 / 15.0));
    // k=5, n=2: 2 x 5 x 6 / 24 = 2.5.
    CHECK(hostHopHistogram(generate("torus", {{"k", 5}, {"dims", 2}})).average() == Approx(2.5));
    // k=6, n=3: 3 x 36 x 9 / 215 = 972/215.
    CHECK(hostHopHistogram(generate("torus", {{"k", 6}, {"dims", 3}})).average() == Approx(972.0 / 215.0));
    // k=7, n=1 (a ring): 1 x 1 x 12 / 6 = 2.
    CHECK(hostHopHistogram(generate("torus", {{"k", 7}, {"dims", 1}})).average() == Approx(2.0));
    // 4x4 torus histogram from (0,0): 4 at 1, 6 at 2, 4 at 3, 1 at 4 (x16).
    const HopHistogram h = hostHopHistogram(generate("torus", {{"k", 4}, {"dims", 2}}));
    CHECK(h.count == std::vector<std::uint64_t>{0, 64, 96, 64, 16});
}

TEST_CASE("the fast histogram agrees with a plain BFS per host", "[topology]")
{
    // Covers leaf hosts on switches and segments, multi-homed hosts,
    // forwarding and non-forwarding hosts, and hosts hanging off hosts.
    std::vector<Topology> cases = {
        generate("fat-tree", {{"k", 4}}), generate("gfat", {}),           generate("beowulf-mesh", {}),
        generate("beowulf-mesh", {{"routing", 1}, {"rows", 3}, {"cols", 5}}),
        generate("bonded", {{"nets", 3}, {"n", 7}}),                      generate("hypercube", {{"dims", 4}}),
        generate("mesh", {{"k", 3}, {"dims", 3}}),                        generate("full", {{"n", 6}}),
        generate("bus", {{"n", 3}}),
    };
    Topology odd; // h0 - sw0 - h1; h2 forwards and hangs off sw0 with leaf h3 behind it; h4 - h5 direct
    LinkProps l{1e9, 0, 1, true};
    odd.addHost("h0");
    odd.addHost("h1");
    odd.addHost("h2", true);
    odd.addHost("h3");
    odd.addSwitch("sw0", 8);
    odd.addHost("h4", true);
    odd.addHost("h5");
    odd.addLink("h0", "sw0", l);
    odd.addLink("h1", "sw0", l);
    odd.addLink("h2", "sw0", l);
    odd.addLink("h3", "h2", l);
    odd.addLink("h4", "sw0", l);
    odd.addLink("h4", "h5", l);
    odd.addLink("h4", "h2", l);
    cases.push_back(odd);
    for (const Topology& t : cases) {
        INFO(t.generator);
        const HopHistogram fast1 = hostHopHistogram(t, 1);
        const HopHistogram fast2 = hostHopHistogram(t, 2);
        const HopHistogram slow = bruteForce(t);
        CHECK(fast1.count == slow.count);
        CHECK(fast2.count == slow.count);
        CHECK(fast1.unreachable == slow.unreachable);
    }
    // By hand for `odd`: h3 - h2 - h4 - h5 = 3 hops; h0 - sw0 - h2 - h3 = 3.
    CHECK(hopDistances(odd, v(odd, "h3"))[v(odd, "h5")] == 3);
    CHECK(hopDistances(odd, v(odd, "h0"))[v(odd, "h3")] == 3);
}

TEST_CASE("bisection bandwidth of a hypercube and a torus, exact and by max-flow", "[topology]")
{
    const double b = 125e6; // default link bandwidth of these generators
    // Hypercube dims=3: cutting one dimension severs 2^(3-1) = 4 links.
    Topology cube = generate("hypercube", {{"dims", 3}});
    BisectionResult r = bisection(cube);
    CHECK(r.exact);
    CHECK(r.bandwidth == Approx(4 * b));
    // dims=4: 8 links.
    CHECK(bisection(generate("hypercube", {{"dims", 4}})).bandwidth == Approx(8 * b));
    // Without the generator's answer the max-flow bound finds the same cut:
    // hosts 0-3 against 4-7 differ in bit 2, four links between them.
    cube.exactBisection.reset();
    r = bisection(cube);
    CHECK_FALSE(r.exact);
    CHECK(r.bandwidth == Approx(4 * b));

    // 4x4 torus: a cut across one dimension severs k^(n-1) = 4 links, and the
    // wrap-around doubles that: 8 links.
    Topology torus = generate("torus", {{"k", 4}, {"dims", 2}});
    CHECK(bisection(torus).exact);
    CHECK(bisection(torus).bandwidth == Approx(8 * b));
    torus.exactBisection.reset();
    // Hosts 0-7 are rows 0-1: 4 links between rows 1 and 2, 4 wrapping 3 to 0.
    CHECK(bisection(torus).bandwidth == Approx(8 * b));
    // 6x6x6 torus: 2 x 6^2 = 72 links.
    CHECK(bisection(generate("torus", {{"k", 6}, {"dims", 3}})).bandwidth == Approx(72 * b));
    // 4x4 mesh (no wrap): 4 links.
    CHECK(bisection(generate("mesh", {{"k", 4}, {"dims", 2}})).bandwidth == Approx(4 * b));
    // Odd k: no generator cut; 3x3 mesh, any 4 hosts have at least 4 links out
    // (a 2x2 corner), so the bound is 4 links.
    const BisectionResult m3 = bisection(generate("mesh", {{"k", 3}, {"dims", 2}}));
    CHECK_FALSE(m3.exact);
    CHECK(m3.bandwidth == Approx(4 * b));
    CHECK_THAT(m3.method, Catch::Contains("max-flow"));
}

TEST_CASE("bisection of buses, bonded networks, stars, fat-trees and the segment mesh", "[topology]")
{
    // A bus: everything shares the one 10 Mbit/s medium (004 §3).
    CHECK(bisection(generate("bus", {})).bandwidth == Approx(1.25e6));
    // Two bonded segments: 2 x 1.25e6.
    CHECK(bisection(generate("bonded", {})).bandwidth == Approx(2.5e6));
    // Star of 5 at 125 MB/s: the smaller half's floor(5/2) = 2 links.
    CHECK(bisection(generate("star", {{"n", 5}})).bandwidth == Approx(2 * 125e6));
    // k=4 fat-tree: full bisection, 16/2 = 8 links.
    CHECK(bisection(generate("fat-tree", {{"k", 4}})).bandwidth == Approx(8 * 125e6));
    // 4x4 software segment mesh: hosts 0-7 are rows 0-1; all cross traffic
    // must use the 4 column segments, 4 x 1.25e6 (a bound).
    const BisectionResult s = bisection(generate("beowulf-mesh", {}));
    CHECK_FALSE(s.exact);
    CHECK(s.bandwidth == Approx(4 * 1.25e6));
}

TEST_CASE("link loads under all-to-all, transpose and nearest-neighbour", "[topology]")
{
    SECTION("k=4 fat-tree")
    {
        const Topology t = generate("fat-tree", {{"k", 4}});
        const LinkLoads a = linkLoads(t, TrafficPattern::AllToAll);
        CHECK(a.flows == 240);
        CHECK(a.unroutable == 0);
        // A host link carries the host's 15 outgoing flows (and 15 incoming).
        CHECK(linkLoad(t, a, "h0_0_0", "edge0_0") == Approx(15));
        CHECK(linkLoad(t, a, "edge0_0", "h0_0_0") == Approx(15));
        // Edge switch up-link: 2 hosts x 14 peers off the switch, over 2 aggs = 14.
        CHECK(linkLoad(t, a, "edge0_0", "agg0_0") == Approx(14));
        // Agg up-link: 4 hosts x 12 peers outside the pod, over 4 agg-core links = 12.
        CHECK(linkLoad(t, a, "agg0_0", "core0") == Approx(12));
        CHECK(a.maxLoad == Approx(15));
        // Per-host all-to-all bandwidth = 15 peers x (125e6 / 15 per flow) = 125e6.
        CHECK(allToAllBandwidth(a, 16) == Approx(125e6));
        // Transpose of the 4x4 host matrix: 12 off-diagonal hosts send 1 flow.
        const LinkLoads tr = linkLoads(t, TrafficPattern::Transpose);
        CHECK(tr.flows == 12);
        CHECK(tr.maxLoad == Approx(1));
        // Nearest neighbour: each host's nearest is its one edge-switch peer.
        const LinkLoads nn = linkLoads(t, TrafficPattern::NearestNeighbour);
        CHECK(nn.flows == 16);
        CHECK(nn.maxLoad == Approx(1));
        CHECK(linkLoad(t, nn, "edge0_0", "agg0_0") == 0);
    }
    SECTION("4x4 torus")
    {
        const Topology t = generate("torus", {{"k", 4}, {"dims", 2}});
        const LinkLoads a = linkLoads(t, TrafficPattern::AllToAll);
        // Flow-hops = 240 pairs x 32/15 = 512, spread evenly by symmetry over
        // 32 links x 2 directions = 64: 8 per direction.
        for (std::size_t e = 0; e < t.edgeCount(); ++e) {
            CHECK(a.forward[e] == Approx(8));
            CHECK(a.backward[e] == Approx(8));
        }
        // a2a: 15 x 125e6 / 8 = 234.375e6 per host.
        CHECK(allToAllBandwidth(a, 16) == Approx(15 * 125e6 / 8));
        // Nearest neighbour: 4 neighbours at 1 hop, one flow per link direction.
        const LinkLoads nn = linkLoads(t, TrafficPattern::NearestNeighbour);
        CHECK(nn.flows == 64);
        CHECK(nn.maxLoad == Approx(1));
    }
    SECTION("shared media: the bus and the segment mesh")
    {
        // A bus of 4: all 12 flows cross the one segment.
        const Topology bus = generate("bus", {{"n", 4}});
        const LinkLoads a = linkLoads(bus, TrafficPattern::AllToAll);
        CHECK(a.maxLoad == Approx(12));
        CHECK(a.bottleneck == "segment bus0");
        // 3 peers x 1.25e6 / 12 per flow = 312500 B/s per host.
        CHECK(allToAllBandwidth(a, 4) == Approx(3 * 1.25e6 / 12));
        // Bonded over 2 segments: ECMP halves the 240 flows, 120 each.
        const LinkLoads b = linkLoads(generate("bonded", {}), TrafficPattern::AllToAll);
        CHECK(b.maxLoad == Approx(120));
        // 4x4 segment mesh: 96 local pairs use one segment each (96/8 = 12 per
        // segment); 144 remote pairs use one row and one column segment on
        // either route (144 x 2 / 8 = 36 per segment). 12 + 36 = 48.
        const Topology m = generate("beowulf-mesh", {});
        const LinkLoads ml = linkLoads(m, TrafficPattern::AllToAll);
        for (const char* seg : {"row0", "row3", "col0", "col2"})
            CHECK(ml.throughSegment[v(m, seg)] == Approx(48));
        CHECK(ml.maxLoad == Approx(48));
        CHECK(allToAllBandwidth(ml, 16) == Approx(15 * 1.25e6 / 48));
    }
    SECTION("nearest neighbours on a star are all the others")
    {
        // Star of 5: every other host is at host-switch-host = 2 hops, so each
        // host sends 4 flows (20 in all) and each host link carries 4 each way.
        const Topology t = generate("star", {{"n", 5}});
        const LinkLoads nn = linkLoads(t, TrafficPattern::NearestNeighbour);
        CHECK(nn.flows == 20);
        CHECK(linkLoad(t, nn, "h0", "sw0") == Approx(4));
        CHECK(linkLoad(t, nn, "sw0", "h3") == Approx(4));
        CHECK(nn.maxLoad == Approx(4));
    }
    SECTION("transpose partners")
    {
        // 16 hosts: 4x4; host 1 = (0,1) -> (1,0) = 4.
        CHECK(transposePartner(1, 16) == 4);
        CHECK(transposePartner(5, 16) == 5);
        // 8 hosts: 2x4 (2 = largest divisor <= sqrt 8); host 1 = (0,1) goes to
        // (1,0) of the 4x2 transpose = 1 x 2 + 0 = 2; host 5 = (1,1) -> 3.
        CHECK(transposePartner(1, 8) == 2);
        CHECK(transposePartner(5, 8) == 3);
        // A prime count is a 1 x H matrix: nothing moves.
        CHECK(transposePartner(3, 7) == 3);
    }
}

TEST_CASE("computeMetrics gathers it all and validates first", "[topology]")
{
    const TopologyMetrics m = computeMetrics(generate("hypercube", {{"dims", 3}}));
    // 8 hosts: from each, 3 at 1 hop, 3 at 2, 1 at 3: avg (3 + 6 + 3)/7 = 12/7.
    CHECK(m.avgHops() == Approx(12.0 / 7.0));
    CHECK(m.diameter() == 3);
    // Flow-hops 56 x 12/7 = 96 over 24 link directions = 4 each;
    // a2a = 7 x 125e6 / 4.
    CHECK(m.allToAll.maxLoad == Approx(4));
    CHECK(m.a2aBandwidth == Approx(7 * 125e6 / 4));
    REQUIRE(m.transpose);
    REQUIRE(m.nearestNeighbour);
    CHECK(m.nearestNeighbour->flows == 24); // 8 hosts x 3 neighbours

    Topology bad;
    bad.addHost("h0");
    CHECK_THROWS_WITH(computeMetrics(bad), "host 'h0' is disconnected: it has no links");
}
