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

TEST_CASE("metrics estimated beyond about a minute are refused, smaller ones pass", "[topology][budget]")
{
    // The requests that ran for minutes or hours.
    CHECK_THAT(topologyMetricsProblem(countsFor("hypercube", {{"dims", 20}})),
               Catch::StartsWith("the metrics of a topology of 1048576 hosts and 10485760 links need about"));
    CHECK_FALSE(topologyMetricsProblem(countsFor("hypercube", {{"dims", 14}})).empty());
    CHECK_FALSE(topologyMetricsProblem(countsFor("fat-tree", {{"k", 160}})).empty());
    CHECK_FALSE(topologyMetricsProblem(countsFor("torus", {{"k", 1448}, {"dims", 2}})).empty());
    // What this machine does in seconds.
    CHECK(topologyMetricsProblem(countsFor("hypercube", {{"dims", 10}})).empty());
    CHECK(topologyMetricsProblem(countsFor("fat-tree", {{"k", 24}})).empty());
    CHECK(topologyMetricsProblem(countsFor("torus", {{"k", 64}, {"dims", 2}})).empty());
    CHECK(topologyMetricsProblem(countsFor("star", {{"n", 100000}})).empty());
    // One named limit over one estimate.
    const TopologyCost c = estimateTopologyCost(countsFor("hypercube", {{"dims", 14}}));
    CHECK(c.metricsWork > kMaxMetricsWork);
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
    const Topology t = generate("fat-tree", {{"k", 4}});
    CHECK(countsOf(t).roots == countsFor("fat-tree", {{"k", 4}}).roots);
}
