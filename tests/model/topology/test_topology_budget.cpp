// Topologies within the generators' ranges can still take hours to measure
// or more memory than the machine has: the estimate from counts alone
// refuses them in words before any work starts.
#include "model/core/ModelError.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/graph/TopologyFields.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace cs;

namespace {

GeneratorCounts countsFor(const std::string& name, const NamedValues& values)
{
    const Generator& g = GeneratorRegistry::builtin().get(name);
    const std::vector<double> p = generatorParams(g, values);
    REQUIRE(checkGeneratorParams(g, p.data()).empty());
    return g.counts(p.data());
}

} // namespace

TEST_CASE("the estimate counts orbit roots where symmetry applies, every root where not", "[topology][budget]")
{
    // Networks the metrics compute in seconds through their symmetry (one
    // orbit of roots) and coordinate routers are not refused.
    for (const auto& [name, values] : std::vector<std::pair<std::string, NamedValues>>{
             {"torus", {{"k", 32}, {"dims", 3}}},
             {"hypercube", {{"dims", 20}}},
             {"fat-tree", {{"k", 48}}},
             {"fat-tree", {{"k", 160}}},
             {"torus", {{"k", 100}, {"dims", 3}}},
             {"star", {{"n", 100000}}}}) {
        INFO(name);
        CHECK(topologyMetricsProblem(countsFor(name, values)).empty());
    }
    // 32^3 torus: 32768 hosts, 3 x 32768 = 98304 links, no leaf hosts. One
    // root (translations) over 32768 + 2 x 98304 = 229376 steps; flows:
    // transpose and ring one per host, 2 x 32768 = 65536, nearest-neighbour
    // each link both ways, 2 x 98304 = 196608; the router's 16 boxes a
    // flow: 16 x 32768 x 2 + 16 x 196608 = 4194304; the cube recognised
    // whole, one check over 32768 + 98304 = 131072 vertices and links; the
    // passes its 32768 vertices (no leaf hosts), every link a core link.
    const TopologyCost torus = estimateTopologyCost(countsFor("torus", {{"k", 32}, {"dims", 3}}));
    CHECK(torus.searches == 229376);
    CHECK(torus.patterns == 0);
    CHECK(torus.flows == 65536);
    CHECK(torus.neighbourFlows == 196608);
    CHECK(torus.boxes == 4194304);
    CHECK(torus.symmetry == 131072);
    CHECK(torus.passes == 32768);
    CHECK(torus.coreLinks == 98304);
    CHECK(torus.bisection == 0); // k even: the generator's exact cut
    // A search of 229376 steps is past kCacheSize = 120000: its steps cost
    // 1 + 1.4 = 2.4 times a small search's.
    CHECK(torus.stepFactor == Approx(2.4));
    // A 5 x 5 mesh: reflections and the swap leave the folded coordinates
    // {0,1,2} as a multiset of two: C(3 + 2 - 1, 2) = 6 roots of 25.
    const GeneratorCounts mesh = countsFor("mesh", {{"k", 5}, {"dims", 2}});
    CHECK(mesh.orbitRoots == 6);
    CHECK(mesh.roots == 25);
    // Without symmetry every root counts: a drawn ring of 100000 forwarding
    // hosts, 100000 roots x (100000 + 2 x 100000) = 3e10 steps, at 3.4e-9 s
    // a step (TopologyBudget.cpp) times 2.4 for searches of 300000 steps
    // (past kCacheSize), 244.8 s: refused, with the time in words.
    GeneratorCounts ring;
    ring.hosts = 100000;
    ring.links = 100000;
    ring.roots = 100000;
    const TopologyCost ringCost = estimateTopologyCost(ring);
    CHECK(ringCost.searches == 3e10);
    CHECK(ringCost.stepFactor == Approx(2.4));
    CHECK(ringCost.seconds > kMaxMetricsSeconds);
    const std::string drawn = topologyMetricsProblem(ring);
    CHECK_THAT(drawn, Catch::StartsWith("the metrics of a topology of 100000 hosts and 100000 links would take about "));
    CHECK_THAT(drawn, Catch::Contains(" (one BFS per root, with no symmetry to use), more than the 60 s allowed; about "));
    // ... and the way out: the searches grow as hosts squared, so the same
    // shape fits at hosts x sqrt(60 / seconds), which is below 100000 x
    // sqrt(60 / 244.8) = 49507.
    const double fits = 100000 * std::sqrt(kMaxMetricsSeconds / ringCost.seconds);
    CHECK(fits < 49508);
    CHECK_THAT(drawn, Catch::EndsWith("about " + std::to_string(static_cast<long long>(std::floor(fits))) +
                                      " hosts of this shape fit, or use a generator whose symmetry the metrics use"));
    // Symmetry without a coordinate router searches every destination of
    // the sparse patterns again, each a whole search: a complete graph of
    // 2048 hosts (one orbit), 2048 x 2047 / 2 = 2096128 links, 2048 x (2048
    // + 2 x 2096128) = 8.59e9 steps; its nearest-neighbour pattern lists
    // every other host: 2048 x 2047 flows, and transpose and ring one a
    // host each.
    const TopologyCost full = estimateTopologyCost(countsFor("full", {{"n", 2048}}));
    CHECK(full.searches == 2048 + 2 * 2096128);
    CHECK(full.patterns == 2048.0 * (2048 + 2 * 2096128));
    CHECK(full.neighbourFlows == 2048.0 * 2047);
    CHECK(full.flows == 2 * 2048);
    CHECK(full.passes == 2048); // no leaf hosts: every link is a core link
    CHECK(full.coreLinks == 2096128);
    // Symmetry that leaves many orbits still counts them: a 1448 x 1448 mesh
    // has C(724 + 1, 2) = 262450 orbit roots, each a search of 1448^2 + 2 x
    // 2 x 1447 x 1448 = 10477728 steps: 2.7e12 steps, hours.
    CHECK_FALSE(topologyMetricsProblem(countsFor("mesh", {{"k", 1448}, {"dims", 2}})).empty());
}

TEST_CASE("the budget searches the core: hosts on one link are not searched", "[topology][budget]")
{
    // Issue 35: a 1,048,576-host leaf-spine of 4096 leaves x 256 hosts with
    // 64 spines (4:1) was refused as 7.6e9 BFS steps over the whole graph.
    // Its searches run over the core: 4096 + 64 = 4160 switches and 4096 x
    // 64 = 262144 links, 4160 + 2 x 262144 = 528448 steps a search, once per
    // leaf for the sparse patterns: 4096 x 528448 = 2164502528 steps.
    const GeneratorCounts big = countsFor("leaf-spine", {{"leaves", 4096}, {"spines", 64}, {"p", 256}});
    CHECK(big.hosts == 1048576);
    CHECK(big.leafHosts == 1048576);
    const TopologyCost cost = estimateTopologyCost(big);
    // The passes: 1048576 + 4160 vertices and the hosts' 1048576 links; the
    // 262144 leaf-to-spine links are the core's.
    CHECK(cost.passes == 1048576 + 4160 + 1048576);
    CHECK(cost.coreLinks == 262144);
    CHECK(cost.searches == 528448);
    CHECK(cost.patterns == 4096.0 * 528448);
    CHECK(topologyMetricsProblem(big).empty());
    // The 393,216-host leaf-spine (1536 leaves x 256 hosts, 64 spines) that
    // was priced at 45 s and ran in 1.9 s: 1536 x (1600 + 2 x 98304) =
    // 304435200 pattern steps, a few hundred ms at a nanosecond or two a
    // step, not tens of seconds.
    const TopologyCost mid = estimateTopologyCost(countsFor("leaf-spine", {{"leaves", 1536}, {"spines", 64}, {"p", 256}}));
    CHECK(mid.patterns == 1536.0 * (1600 + 2 * 98304));
    CHECK(mid.seconds < 3);
    // A drawn network is counted the same way: the fat-tree's 16 hosts hang
    // off edge switches.
    const Topology t = generate("fat-tree", {{"k", 4}});
    Topology drawn = t;
    drawn.generator.clear();
    CHECK(countsOf(drawn).leafHosts == 16);
}

TEST_CASE("a topology that would not fit in memory is refused before it is built", "[topology][budget]")
{
    GeneratorCounts absurd;
    absurd.hosts = 1e12;
    absurd.links = 1e12;
    absurd.roots = 1;
    CHECK_THAT(topologyBuildProblem(absurd), Catch::StartsWith("a topology of 1000000000000 hosts and 1000000000000 links needs about"));
    CHECK(topologyBuildProblem(countsFor("star", {{"n", 1000}})).empty());
    // Counts of a built topology come from its generator when it names one.
    Topology t = generate("fat-tree", {{"k", 4}});
    CHECK(countsOf(t).roots == countsFor("fat-tree", {{"k", 4}}).roots);
    CHECK(countsOf(t).orbitRoots == 1);
    // Edited after generation, it is counted: one root per edge switch (8),
    // one per host that is not a leaf (the new one, on two links), no symmetry.
    const std::size_t h = t.addHost("extra");
    t.addLink(h, *t.find("edge0_0"), LinkProps{1e9});
    t.addLink(h, *t.find("edge1_0"), LinkProps{1e9});
    const GeneratorCounts edited = countsOf(t);
    CHECK(edited.roots == 9);
    CHECK(edited.orbitRoots < 0);
}

TEST_CASE("the budget's words for the kinds come from the one table", "[topology][budget][fields]")
{
    // Issue 47: "host"/"hosts" and the rest are the table's nouns (TopologyFields.h), not the budget's own.
    GeneratorCounts c{.hosts = 2, .switches = 1, .segments = 3, .links = 1e12, .roots = 1};
    const auto noun = [](VertexKind k, bool one) {
        return std::string(one ? vertexKindTraits(k).name : vertexKindTraits(k).plural);
    };
    const std::string words = "a topology of 2 " + noun(VertexKind::Host, false) + ", 1 " +
                              noun(VertexKind::Switch, true) + ", 3 " + noun(VertexKind::Segment, false) +
                              " and 1000000000000 links needs about";
    CHECK(words == "a topology of 2 hosts, 1 switch, 3 segments and 1000000000000 links needs about");
    CHECK_THAT(topologyBuildProblem(c), Catch::StartsWith(words));
    c.hosts = 1;
    c.switches = 2;
    CHECK_THAT(topologyBuildProblem(c),
               Catch::StartsWith("a topology of " + countedVertices(1, VertexKind::Host) + ", " +
                                 countedVertices(2, VertexKind::Switch) + ", 3 segments and "));
}
