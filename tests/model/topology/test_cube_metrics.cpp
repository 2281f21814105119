// CubeMetrics: a torus's or hypercube's metrics from its generator's
// parameters, without building it, against computeMetrics on the network
// the generator builds (which test_metrics_exact.cpp holds to an oracle that
// walks every flow), figure by figure; and a few figures by hand.
#include "TopologyTestSupport.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/metrics/CubeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::test;

namespace {

struct Case {
    const char* generator;
    NamedValues params;
};

std::optional<TopologyMetrics> unbuilt(const Case& c, const MetricsOptions& o)
{
    const Generator& g = GeneratorRegistry::builtin().get(c.generator);
    const std::vector<double> p = generatorParams(g, c.params);
    REQUIRE(checkGeneratorParams(g, p.data()).empty());
    return g.metrics(p.data(), o);
}

void checkLoads(const LinkLoads& a, const LinkLoads& b)
{
    INFO(patternName(a.pattern));
    CHECK(a.pattern == b.pattern);
    CHECK(a.flows == b.flows);
    CHECK(a.unroutable == b.unroutable);
    CHECK(close(a.maxLoad, b.maxLoad));
    CHECK(close(a.maxCongestion, b.maxCongestion));
    CHECK(a.bottleneck == b.bottleneck);
    CHECK(a.exact == b.exact);
}

void checkOptional(const std::optional<LinkLoads>& a, const std::optional<LinkLoads>& b)
{
    REQUIRE(a.has_value() == b.has_value());
    if (a)
        checkLoads(*a, *b);
}

// Every figure `topo` prints, the same from both.
void checkSameMetrics(const TopologyMetrics& a, const TopologyMetrics& b)
{
    CHECK(a.counts.hosts == b.counts.hosts);
    CHECK(a.counts.switches == b.counts.switches);
    CHECK(a.counts.segments == b.counts.segments);
    CHECK(a.counts.links == b.counts.links);
    CHECK(a.hops.count == b.hops.count);
    CHECK(a.hops.unreachable == b.hops.unreachable);
    CHECK(close(a.avgLatency, b.avgLatency));
    CHECK(close(a.maxLatency, b.maxLatency));
    CHECK(a.bisection.bandwidth == b.bisection.bandwidth);
    CHECK(a.bisection.exact == b.bisection.exact);
    CHECK(a.bisection.method == b.bisection.method);
    CHECK(a.bisection.cut == b.bisection.cut);
    checkLoads(a.allToAll, b.allToAll);
    CHECK(close(a.a2aBandwidth, b.a2aBandwidth));
    checkOptional(a.transpose, b.transpose);
    checkOptional(a.nearestNeighbour, b.nearestNeighbour);
    checkOptional(a.ring, b.ring);
    REQUIRE(a.valiant.size() == b.valiant.size());
    for (std::size_t i = 0; i < a.valiant.size(); ++i) {
        checkLoads(a.valiant[i], b.valiant[i]);
        CHECK(a.valiant[i].method == b.valiant[i].method);
    }
    CHECK(a.skipped == b.skipped);
}

MetricsOptions topoOptions()
{
    MetricsOptions o;
    o.perLinkLoads = false; // as topo asks
    return o;
}

} // namespace

TEST_CASE("a cube's metrics without building equal computeMetrics on the built cube", "[topology][cube]")
{
    std::vector<Case> cases;
    for (int k : {3, 4, 5, 6, 8})
        for (int dims : {1, 2, 3})
            if (std::pow(k, dims) <= 600)
                cases.push_back({"torus", {{"k", k}, {"dims", dims}}});
    for (int dims = 1; dims <= 9; ++dims)
        cases.push_back({"hypercube", {{"dims", dims}}});
    // Link and host figures off their defaults, so that latency, capacity
    // and channels all count.
    cases.push_back({"torus", {{"k", 6}, {"dims", 2}, {"bw", 2.5e9}, {"lat", 1.5e-6}, {"channels", 2},
                               {"forward_cost", 3e-7}}});
    cases.push_back({"hypercube", {{"dims", 6}, {"bw", 2.5e9}, {"lat", 1.5e-6}, {"channels", 2},
                                   {"forward_cost", 3e-7}}});
    // The transpose's boxes are too large here (1e9 steps): left out by both
    // alike. The last case, with every pattern only.
    cases.push_back({"torus", {{"k", 50}, {"dims", 3}}});
    bool sawSkipped = false;
    for (const Case& c : cases) {
        std::string label = c.generator;
        for (const auto& [k, v] : c.params)
            label += " " + k + "=" + std::to_string(v);
        INFO(label);
        const int variants = &c == &cases.back() ? 1 : 3;
        for (int variant = 0; variant < variants; ++variant) {
            MetricsOptions o = topoOptions();
            o.transpose = variant != 1;
            o.nearestNeighbour = variant != 2;
            INFO("variant " << variant);
            const std::optional<TopologyMetrics> fast = unbuilt(c, o);
            const Topology t = generate(c.generator, c.params);
            if (std::string(c.generator) == "torus" && int(c.params[0].second) % 2 != 0) {
                // An odd torus's bisection is searched on the built network.
                CHECK_FALSE(fast);
                continue;
            }
            REQUIRE(fast);
            checkSameMetrics(*fast, computeMetrics(t, o));
            sawSkipped = sawSkipped || !fast->skipped.empty();
        }
    }
    CHECK(sawSkipped);
}

TEST_CASE("cube metrics by hand", "[topology][cube]")
{
    SECTION("hypercube dims = 3")
    {
        // 8 hosts; C(3, h) hosts h bits away from each: 3, 3, 1, so 24, 24
        // and 8 ordered pairs at 1, 2 and 3 hops. Each arc across bit b is
        // crossed by the flows whose ends differ in b, a quarter of the 64
        // ordered pairs... by symmetry: 8 x 4 flows cross bit b, and there
        // are 8 arcs across it (one a host), so 4 a arc = H / 2.
        const auto m = unbuilt({"hypercube", {{"dims", 3}}}, topoOptions());
        REQUIRE(m);
        CHECK(m->hops.count == std::vector<std::uint64_t>{0, 24, 24, 8});
        CHECK(m->allToAll.maxLoad == 4.0);
        CHECK(m->allToAll.bottleneck == "link h0 -> h1");
        CHECK(m->allToAll.flows == 56);
        // Nearest neighbour: 8 hosts x 3 neighbours, one flow on each arc.
        REQUIRE(m->nearestNeighbour);
        CHECK(m->nearestNeighbour->flows == 24);
        CHECK(m->nearestNeighbour->maxLoad == 1.0);
        // Bisection: 2^(3-1) = 4 links of 125e6 B/s.
        CHECK(m->bisection.bandwidth == 4 * 125e6);
    }
    SECTION("torus k = 4, dims = 2, with latencies")
    {
        // One dimension's distances from a host: 0 (1 host), 1 (2), 2 (1);
        // convolved with itself: 1, 4, 6, 4, 1 hosts at 0..4 hops; times 16
        // hosts: 64, 96, 64, 16 ordered pairs at 1..4 hops (240 in all).
        // Latency of h hops with 1 us links and 0.5 us forwarding: h + 0.5 (h - 1) us:
        // (64 x 1 + 96 x 2.5 + 64 x 4 + 16 x 5.5) / 240 = 648 / 240 = 2.7 us; the
        // diameter's 4 + 1.5 = 5.5 us.
        const auto m = unbuilt({"torus", {{"k", 4}, {"dims", 2}, {"lat", 1e-6}, {"forward_cost", 5e-7}}}, topoOptions());
        REQUIRE(m);
        CHECK(m->hops.count == std::vector<std::uint64_t>{0, 64, 96, 64, 16});
        CHECK(m->avgLatency == Approx(2.7e-6).epsilon(1e-12));
        CHECK(m->maxLatency == Approx(5.5e-6).epsilon(1e-12));
        // All-to-all along dimension 0: from each host, 4 destinations at
        // offset 1 (1 hop +), 4 at offset 3 (1 hop -), 4 at offset 2 (2 hops,
        // half each way): 4 + 4 + 8 = 16 hops over its 32 arcs (2 a host),
        // 16 sources: 256 / 32 = 8 on every arc.
        CHECK(m->allToAll.maxLoad == 8.0);
        CHECK(m->allToAll.bottleneck == "link h0_0 -> h1_0");
    }
}

TEST_CASE("the cube numbering is the generators' and CubeEvenSplit's", "[topology][cube]")
{
    // Every link of a built cube is the numbering's, in order, and its two
    // arcs in the numbering's load vector are the arcs CubeEvenSplit::detect
    // finds on the built graph between the same hosts.
    for (const Case& c : std::vector<Case>{{"torus", {{"k", 5}, {"dims", 3}}},
                                           {"torus", {{"k", 4}, {"dims", 2}}},
                                           {"mesh", {{"k", 3}, {"dims", 2}}},
                                           {"hypercube", {{"dims", 5}}}}) {
        INFO(c.generator);
        const Topology t = generate(c.generator, c.params);
        const bool hypercube = std::string(c.generator) == "hypercube";
        const auto k = static_cast<std::uint32_t>(hypercube ? 2 : c.params[0].second);
        const auto dims = static_cast<std::uint32_t>(c.params[hypercube ? 0 : 1].second);
        const CubeNumbering net(k, dims, std::string(c.generator) == "torus", hypercube, t.link(0), 0.0);
        REQUIRE(net.edgeCount() == t.edgeCount());
        REQUIRE(net.vertexCount() == t.vertexCount());
        for (std::size_t v = 0; v < t.vertexCount(); ++v)
            CHECK(net.id(v) == t.id(v));
        const CoreGraph g = CoreGraph::build(t);
        const auto split = CubeEvenSplit::detect(t, g);
        REQUIRE(split);
        std::size_t bad = 0;
        for (std::size_t e = 0; e < t.edgeCount(); ++e) {
            bad += net.endpoints(e) != t.endpoints(e);
            const auto [a, b] = t.endpoints(e);
            const auto [fwd, bwd] = net.arcs(e);
            // The numbering's arc (v, d, dir), looked up in detect's table.
            auto coreArc = [&](std::size_t arc, std::size_t from) {
                const std::size_t step = hypercube ? arc * 2 + ((from >> (arc % dims)) & 1) : arc;
                return split->arcTable()[step];
            };
            const std::uint32_t fa = coreArc(fwd, a), ba = coreArc(bwd, b);
            bad += g.adj[fa] != g.coreOf[b] || g.arcEdge[fa] != e;
            bad += g.adj[ba] != g.coreOf[a] || g.arcEdge[ba] != e;
        }
        CHECK(bad == 0);
    }
}
