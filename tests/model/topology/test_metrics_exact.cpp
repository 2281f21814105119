// The metrics against an oracle that walks every flow on the Topology
// itself. Results must agree to 1e-9 relative.
#include "TopologyTestSupport.h"
#include "model/topology/GeneratorRegistry.h"
#include "model/topology/HopHistogram.h"
#include "model/topology/TopologyMetrics.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::test;

namespace {

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

} // namespace

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
        const TopologyMetrics m = computeMetrics(t);
        checkOracle(t, m);
        // The public one-pattern entry point is the same computation.
        checkSameLoads(linkLoads(t, TrafficPattern::Ring), *m.ring);
    }
}
