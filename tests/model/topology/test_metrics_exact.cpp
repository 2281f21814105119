// The fast metric paths against slower ones: symmetric (generator
// automorphisms, cube and fat-tree coordinates) against the plain
// per-destination computation, and both against an oracle that walks every
// flow on the Topology itself. Results must agree to 1e-9 relative.
#include "TopologyTestSupport.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/metrics/HostHops.h"
#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/routing/HopHistogram.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::test;

namespace {

void checkSame(const TopologyMetrics& a, const TopologyMetrics& b)
{
    CHECK(a.hops.count == b.hops.count);
    CHECK(a.hops.unreachable == b.hops.unreachable);
    CHECK(close(a.avgLatency, b.avgLatency));
    CHECK(close(a.maxLatency, b.maxLatency));
    CHECK(close(a.a2aBandwidth, b.a2aBandwidth));
    checkSameLoads(a.allToAll, b.allToAll);
    for (auto p : {&TopologyMetrics::transpose, &TopologyMetrics::nearestNeighbour, &TopologyMetrics::ring}) {
        REQUIRE((a.*p).has_value());
        REQUIRE((b.*p).has_value());
        checkSameLoads(*(a.*p), *(b.*p));
    }
}

// Every pattern against the oracle, and latency over all pairs.
void checkOracle(const Topology& t, const TopologyMetrics& m)
{
    const OracleResult a2a = oracleRoute(t, patternFlows(t, TrafficPattern::AllToAll));
    CHECK(a2a.routed == m.hops.pairs());
    CHECK(close(m.avgLatency, a2a.routed ? a2a.latencySum / a2a.routed : 0.0));
    CHECK(close(m.maxLatency, a2a.latencyMax));
    const std::pair<TrafficPattern, const LinkLoads*> cases[] = {
        {TrafficPattern::AllToAll, &m.allToAll},
        {TrafficPattern::Transpose, &*m.transpose},
        {TrafficPattern::NearestNeighbour, &*m.nearestNeighbour},
        {TrafficPattern::Ring, &*m.ring},
    };
    for (const auto& [p, loads] : cases) {
        INFO(patternName(p));
        const OracleResult o = p == TrafficPattern::AllToAll ? a2a : oracleRoute(t, patternFlows(t, p));
        CHECK(loads->flows == o.routed + o.unroutable);
        CHECK(loads->unroutable == o.unroutable);
        std::size_t bad = 0;
        for (std::size_t e = 0; e < t.edgeCount(); ++e)
            bad += !close(loads->forward[e], o.forward[e]) || !close(loads->backward[e], o.backward[e]);
        CHECK(bad == 0);
    }
}

// Non-zero link latencies, switch latencies and forward costs, so that the
// latency metrics have something to add up.
NamedValues withLatency(NamedValues v, const Generator& g)
{
    if (g.spec().paramIndex("lat") >= 0)
        v.emplace_back("lat", 1e-6);
    if (g.spec().paramIndex("switch_lat") >= 0)
        v.emplace_back("switch_lat", 3e-6);
    if (g.spec().paramIndex("forward_cost") >= 0)
        v.emplace_back("forward_cost", 5e-6);
    return v;
}

// A copy of a generated switched network (generator record kept) with
// `extraPorts` more ports on every switch and, when `lat5` > 0, that latency
// on link 5 (a host link of edge0_0 in a k=4 fat-tree).
Topology rebuilt(const Topology& f, int extraPorts, double lat5)
{
    Topology g;
    for (std::size_t v = 0; v < f.vertexCount(); ++v) {
        const VertexProps& p = f.vertex(v);
        if (p.kind == VertexKind::Host)
            g.addHost(p.id);
        else
            g.addSwitch(p.id, p.ports + extraPorts, p.latency);
    }
    for (std::size_t e = 0; e < f.edgeCount(); ++e) {
        LinkProps l = f.link(e);
        if (e == 5 && lat5 > 0)
            l.latency = lat5;
        g.addLink(f.endpoints(e).first, f.endpoints(e).second, l);
    }
    g.generator = f.generator;
    g.generatorParams = f.generatorParams;
    return g;
}

} // namespace

TEST_CASE("symmetric metrics equal the plain computation on every symmetric family", "[topology][symmetry]")
{
    struct Case {
        const char* gen;
        NamedValues params;
        const char* router; // how the sparse patterns are routed
    };
    const char* box = "box of minimum-hop routes";
    const char* closed = "closed form (fat-tree";
    const char* search = "per destination root";
    const Case cases[] = {
        {"torus", {{"k", 4}, {"dims", 2}}, box},
        {"torus", {{"k", 4}, {"dims", 3}}, box},
        {"torus", {{"k", 5}, {"dims", 2}}, box},
        {"torus", {{"k", 6}, {"dims", 1}}, box},
        // k = 3: a one-hop flow goes +1 or -1 round the wrap (the router's
        // one-hop path), never both ways.
        {"torus", {{"k", 3}, {"dims", 3}}, box},
        {"hypercube", {{"dims", 4}}, box},
        // The transpose by its symmetry (even dims), and by flows (odd).
        {"hypercube", {{"dims", 6}}, box},
        {"hypercube", {{"dims", 5}}, box},
        {"mesh", {{"k", 4}, {"dims", 2}}, box},
        {"mesh", {{"k", 3}, {"dims", 3}}, box},
        {"fat-tree", {{"k", 4}}, closed},
        {"fat-tree", {{"k", 6}}, closed},
        {"gfat", {}, search}, // Berkeley NOW, 105 hosts
        // A two-level gfat whose level-1 switches all link to every level-2 switch.
        {"gfat", {{"levels", 2}, {"down1", 4}, {"up1", 4}, {"group2", 6}, {"down2", 6}, {"up2", 0}}, search},
    };
    for (const Case& c : cases) {
        const Generator& gen = GeneratorRegistry::builtin().get(c.gen);
        const Topology t = generate(c.gen, withLatency(c.params, gen));
        INFO(c.gen << " with " << t.hosts().size() << " hosts");
        MetricsOptions fastOpt, plainOpt;
        plainOpt.symmetry = false;
        const TopologyMetrics fast = computeMetrics(t, fastOpt);
        const TopologyMetrics plain = computeMetrics(t, plainOpt);
        // The symmetry was found and used: fewer roots than hosts' roots.
        CHECK_THAT(fast.method, Catch::Contains("automorphism"));
        CHECK_THAT(plain.method, Catch::Contains("no symmetry"));
        CHECK_THAT(fast.transpose->method, Catch::Contains(c.router));
        CHECK_THAT(fast.ring->method, Catch::Contains(c.router));
        checkSame(fast, plain);
        CHECK(fast.avgLatency > 0);
        // The histogram from a Topology uses the symmetry too.
        CHECK(hostHopHistogram(t).count == plain.hops.count);
    }
}

TEST_CASE("loads of every pattern and path latency match a flow-by-flow oracle", "[topology][oracle]")
{
    std::vector<Topology> cases = {
        generate("beowulf-mesh", {{"lat", 2e-6}}),
        generate("beowulf-mesh", {{"routing", 1}, {"rows", 3}, {"cols", 4}, {"lat", 1e-6}}),
        generate("bonded", {{"nets", 3}, {"n", 5}}),
        generate("gfat", {{"lat", 1e-6}, {"switch_lat", 2e-6}}),
        generate("fat-tree", {{"k", 4}, {"lat", 1e-6}, {"switch_lat", 2e-6}}),
        generate("torus", {{"k", 4}, {"dims", 2}, {"lat", 1e-6}, {"forward_cost", 3e-6}}),
    };
    // Hosts that forward and hosts that do not, hosts hanging off hosts,
    // parallel links and a non-forwarding host with a leaf (g1 reaches only
    // g0; it must come first to pass validation); latencies differ.
    Topology odd;
    odd.addHost("g0");
    odd.addHost("g1");
    odd.addHost("h0");
    odd.addHost("h1");
    odd.addHost("h2", true, 4e-6);
    odd.addHost("h3");
    odd.addSwitch("sw0", 16, 2e-6);
    odd.addSwitch("sw1", 16, 7e-6);
    odd.addHost("h4", true, 1e-6);
    odd.addHost("h5", true, 2e-6);
    odd.addHost("h6");
    odd.addHost("h7");
    auto link = [&](const char* a, const char* b, double lat) { odd.addLink(a, b, LinkProps{1e9, lat, 1, true}); };
    link("h0", "sw0", 1e-6);
    link("h1", "sw0", 2e-6);
    link("h2", "sw0", 3e-6);
    link("h3", "h2", 4e-6);
    link("h4", "sw0", 5e-6);
    link("h4", "h5", 6e-6);
    link("h4", "h2", 7e-6);
    link("sw0", "sw1", 8e-6);
    link("sw0", "sw1", 9e-6); // a parallel link: ECMP splits over both
    link("h6", "sw1", 1e-6);
    link("h5", "h7", 2e-6);
    link("g0", "sw1", 3e-6);
    link("g0", "g1", 4e-6);
    cases.push_back(odd);
    for (const Topology& t : cases) {
        INFO((t.generator.empty() ? std::string("drawn") : t.generator));
        MetricsOptions o;
        o.symmetry = false;
        const TopologyMetrics m = computeMetrics(t, o);
        checkOracle(t, m);
        // The public one-pattern entry point is the same computation.
        checkSameLoads(linkLoads(t, TrafficPattern::Ring), *m.ring);
    }
}

TEST_CASE("the symmetric path matches the oracle too", "[topology][symmetry]")
{
    for (const Topology& t : {generate("torus", {{"k", 4}, {"dims", 2}, {"lat", 1e-6}, {"forward_cost", 2e-6}}),
                              generate("fat-tree", {{"k", 4}, {"lat", 1e-6}, {"switch_lat", 3e-6}}),
                              generate("hypercube", {{"dims", 3}, {"lat", 1e-6}})}) {
        INFO(t.generator);
        checkOracle(t, computeMetrics(t));
    }
}

TEST_CASE("symmetry is checked on the graph, not assumed from the generator name", "[topology][symmetry]")
{
    // A torus with one link made slower (latency) and one extra chord: the
    // generator record still says torus, but translations are no longer
    // automorphisms. The symmetric path must notice and give the plain
    // result.
    Topology t = generate("torus", {{"k", 4}, {"dims", 2}});
    t.addLink("h0_0", "h2_2", LinkProps{125e6, 0, 1, true});
    MetricsOptions plainOpt;
    plainOpt.symmetry = false;
    const TopologyMetrics fast = computeMetrics(t), plain = computeMetrics(t, plainOpt);
    CHECK_THAT(fast.method, Catch::Contains("no symmetry"));
    CHECK_THAT(fast.transpose->method, Catch::Contains("per destination root"));
    checkSame(fast, plain);
    // The same for a fat-tree with one extra link between two edge switches.
    Topology x = rebuilt(generate("fat-tree", {{"k", 4}}), 1, 0);
    x.addLink("edge0_0", "edge1_1", LinkProps{125e6, 0, 1, true});
    const TopologyMetrics xf = computeMetrics(x), xp = computeMetrics(x, plainOpt);
    CHECK_THAT(xf.transpose->method, Catch::Contains("per destination root"));
    checkSame(xf, xp);

    // A fat-tree with a different latency on one host link: pod shifts still
    // hold for loads, but not for latency; the checked group is smaller and
    // the results still equal the plain ones.
    const Topology g = rebuilt(generate("fat-tree", {{"k", 4}, {"lat", 1e-6}}), 0, 9e-6);
    const TopologyMetrics gf = computeMetrics(g), gp = computeMetrics(g, plainOpt);
    checkSame(gf, gp);
    checkOracle(g, gf);
}

TEST_CASE("the cube router's work estimate counts each flow's steps", "[topology][router]")
{
    // On a hypercube (HypercubeEvenSplit.h) a flow j bits long takes
    // (j + 2) 2^(j - 1) steps: the 2^j subsets of its bits and the
    // j 2^(j - 1) arcs they leave by. j = 1: 3, j = 2: 8, j = 3: 20, j = 4: 48.
    // Nearest-neighbour on dims = 4: each of the 16 hosts sends to its 4
    // neighbours, one bit apart: 16 x 4 x 3 = 192.
    // Ring: host i to i + 1 (15 to 0). i -> i + 1 differs in the bits up to
    // the lowest 0 bit of i: 1 bit for 8 of them, 2 for 4, 3 for 2, 4 for 1
    // (7 -> 8), and 15 -> 0 in 4 bits: 8 x 3 + 4 x 8 + 2 x 20 + 2 x 48 = 192.
    // Transpose on dims = 4 by its symmetry: host (h, l) -> (l, h), 2 bits a
    // half. The walk visits the sources (h, l) with h and l disjoint and the
    // subsets of h | l: per bit 5 choices (0 0; h, in the subset or not; l,
    // in or not), 5^2 = 25, less the source 0 with no flow: 24 steps; and
    // per arc left, per bit: h in the subset 1 (its low bit), h out 2, l in
    // 0, l out 1, 0 0 none: 4 a bit for each of the other bit's 5 choices,
    // 2 x 4 x 5 = 40; then the 4 x 16 arcs read from their representatives:
    // 24 + 40 + 64 = 128 (by flows it would be 12 flows: the 8 with
    // h ^ l one bit set, 2 x 1 = 2 bits apart, 8 steps each, and the 4 with
    // h ^ l = 3, 4 bits apart, 48 each: 64 + 192 = 256).
    const Topology t = generate("hypercube", {{"dims", 4}});
    const CoreGraph g = CoreGraph::build(t);
    const auto router = CubeEvenSplit::detect(t, g);
    REQUIRE(router);
    for (int threads : {1, 2}) {
        CHECK(router->work(g, trafficDemands(t, g, TrafficPattern::NearestNeighbour), threads) == 192.0);
        CHECK(router->work(g, trafficDemands(t, g, TrafficPattern::Ring), threads) == 192.0);
        CHECK(router->work(g, trafficDemands(t, g, TrafficPattern::Transpose), threads) == 128.0);
    }
    // The generator states the same (TopologyMetrics leaves a pattern out
    // by it without listing the flows).
    const Generator& gen = GeneratorRegistry::builtin().get("hypercube");
    const std::vector<double> p = generatorParams(gen, {{"dims", 4}});
    const GeneratorCounts c = gen.counts(p.data());
    CHECK(c.patternRouterWork[0] == 128.0);
    CHECK(c.patternRouterWork[1] == 192.0);
    CHECK(c.patternRouterWork[2] == 192.0);
}
