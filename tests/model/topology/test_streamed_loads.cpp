// The bottlenecks `topo` prints come from the arcs without per-link vectors
// (MetricsOptions::perLinkLoads off, StreamedLoads.h): they must be the
// ones the per-link computation names, number for number, on every
// generator, with and without the symmetry.
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <catch2/catch.hpp>

using namespace cs;

namespace {

void sameSummary(const LinkLoads& a, const LinkLoads& b)
{
    INFO(patternName(a.pattern));
    CHECK(a.pattern == b.pattern);
    CHECK(a.flows == b.flows);
    CHECK(a.unroutable == b.unroutable);
    CHECK(a.maxLoad == b.maxLoad); // exactly: the same sums in the same order
    CHECK(a.maxCongestion == b.maxCongestion);
    CHECK(a.bottleneck == b.bottleneck);
    CHECK(a.exact == b.exact);
    CHECK(a.method == b.method);
}

} // namespace

TEST_CASE("bottlenecks without per-link loads are those with them, on every generator", "[topology][loads]")
{
    for (const Generator* gen : GeneratorRegistry::builtin().all()) {
        const Topology t = generate(gen->spec().name, {});
        for (const bool symmetry : {true, false}) {
            INFO(gen->spec().name << (symmetry ? " with" : " without") << " symmetry");
            MetricsOptions o;
            o.threads = 1; // one summation order for both
            o.symmetry = symmetry;
            const TopologyMetrics full = computeMetrics(t, o);
            o.perLinkLoads = false;
            const TopologyMetrics lean = computeMetrics(t, o);
            sameSummary(full.allToAll, lean.allToAll);
            CHECK(lean.allToAll.forward.empty());
            REQUIRE(full.transpose.has_value() == lean.transpose.has_value());
            REQUIRE(full.nearestNeighbour.has_value() == lean.nearestNeighbour.has_value());
            REQUIRE(full.ring.has_value() == lean.ring.has_value());
            if (full.transpose)
                sameSummary(*full.transpose, *lean.transpose);
            if (full.nearestNeighbour)
                sameSummary(*full.nearestNeighbour, *lean.nearestNeighbour);
            if (full.ring) {
                sameSummary(*full.ring, *lean.ring);
                CHECK(lean.ring->forward.empty());
                CHECK(full.ring->forward.size() == t.edgeCount());
            }
            REQUIRE(full.valiant.size() == lean.valiant.size());
            for (std::size_t i = 0; i < full.valiant.size(); ++i)
                sameSummary(full.valiant[i], lean.valiant[i]);
            CHECK(full.a2aBandwidth == lean.a2aBandwidth);
            CHECK(full.skipped == lean.skipped);
        }
    }
}
