// Topologies within the generators' ranges can still take hours to measure
// or more memory than the machine has: the estimate from counts alone
// refuses them in words before any work starts.
#include "model/core/ModelError.h"
#include "model/topology/GeneratorRegistry.h"
#include "model/topology/TopologyBudget.h"

#include <catch2/catch.hpp>

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
    // 32^3 torus: one root (translations) over 32768 + 2 x 98304 = 229376
    // steps; the coordinate router's 3 x 16 x 32768 = 1572864; the cube
    // recognised whole, one check: 4 x 229376 = 917504; passes 40 x (32768 +
    // 98304) = 5242880.
    const TopologyCost torus = estimateTopologyCost(countsFor("torus", {{"k", 32}, {"dims", 3}}));
    CHECK(torus.searches == 229376);
    CHECK(torus.patterns == 1572864);
    CHECK(torus.symmetry == 917504);
    CHECK(torus.passes == 5242880);
    CHECK(torus.bisection == 0); // k even: the generator's exact cut
    CHECK(torus.metricsWork == 229376 + 1572864 + 917504 + 5242880);
    // A 5 x 5 mesh: reflections and the swap leave the folded coordinates
    // {0,1,2} as a multiset of two: C(3 + 2 - 1, 2) = 6 roots of 25.
    const GeneratorCounts mesh = countsFor("mesh", {{"k", 5}, {"dims", 2}});
    CHECK(mesh.orbitRoots == 6);
    CHECK(mesh.roots == 25);
    // Without symmetry every root counts: a drawn ring of 40000 forwarding
    // hosts, 40000 roots x (40000 + 2 x 40000) = 4.8e9 steps, plus passes
    // 40 x 80000 and six max flows 120 x 80000: 4.8128e9.
    GeneratorCounts ring;
    ring.hosts = 40000;
    ring.links = 40000;
    ring.roots = 40000;
    const std::string drawn = topologyMetricsProblem(ring);
    CHECK_THAT(drawn, Catch::StartsWith("the metrics of a topology of 40000 hosts and 40000 links need about 4.8e+09 "
                                        "BFS steps (one BFS per root, with no symmetry to use), more than the 1.5e+09"));
    // ... and the way out: the same shape fits at about 40000 x sqrt(1.5e9 /
    // 4.8128e9) = 40000 x 0.55827 = 22330.9, rounded down: 22330 hosts.
    CHECK_THAT(drawn, Catch::EndsWith("about 22330 hosts of this shape fit, or use a generator whose symmetry the "
                                      "metrics use"));
    // Symmetry without a coordinate router still searches every destination
    // of the sparse patterns: a complete graph of 2048 hosts (one orbit),
    // 2048 x 2047 / 2 = 2096128 links, 0.5 x 2048 x (2048 + 2 x 2096128) =
    // 4.3e9 steps.
    const TopologyCost full = estimateTopologyCost(countsFor("full", {{"n", 2048}}));
    CHECK(full.searches == 2048 + 2 * 2096128);
    CHECK(full.patterns == 0.5 * 2048 * (2048 + 2 * 2096128));
    CHECK(full.metricsWork > kMaxMetricsWork);
    // Symmetry that leaves many orbits still counts them: a 1448 x 1448 mesh
    // has C(724 + 1, 2) = 262450 orbit roots.
    CHECK_FALSE(topologyMetricsProblem(countsFor("mesh", {{"k", 1448}, {"dims", 2}})).empty());
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
