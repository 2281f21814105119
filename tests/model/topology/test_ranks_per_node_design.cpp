// Nodes with many cores in a design (issue 45): the design's P is bounded by
// topology.hosts x topology.ranks_per_node, a P that follows the host count
// fills every host, and a sweep takes topology.ranks_per_node as an axis.
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"
#include "JobTestNetworks.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

// A 4-host star of 1e6 B/s links at `ranksPerNode` a node, P following its
// host count, and one INIC FFT wired to the job's P.
DesignDocument starDesign(int ranksPerNode)
{
    json topology = {{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}};
    if (ranksPerNode != 1)
        topology["job"] = {{"ranks_per_node", ranksPerNode}};
    return documentFromJson(test::fftDocument(topology));
}

// Evaluates the design at a P set by the user; false with `err` when it fails.
bool runAt(DesignDocument& doc, double P, EvalError& err)
{
    doc.design.setDesignParam("P", P);
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    return plan.run(slots.data(), &err);
}

} // namespace

TEST_CASE("ranks per node: P is bounded by hosts x ranks_per_node, naming both", "[topology][ranks_per_node]")
{
    DesignDocument doc = starDesign(2);
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    plan.runOrThrow(slots.data());
    // Following the host count: every host full, 4 x 2 = 8 ranks on 4 nodes.
    CHECK(slots[plan.slotOf("P")] == 8);
    CHECK(slots[plan.slotOf("fft.P")] == 8);
    CHECK(slots[plan.slotOf("topology.placed")] == 4);
    // Each host link carries its 2 ranks x the 6 others' = 12 flows each way.
    CHECK(slots[plan.slotOf("topology.a2a_load")] == Approx(12));

    // P = 8 set by the user fits; 9 does not.
    EvalError err;
    CHECK(runAt(doc, 8, err));
    CHECK_FALSE(runAt(doc, 9, err));
    CHECK(err.message == "design parameter P = 9 exceeds topology.hosts x topology.ranks_per_node = 4 x 2 = 8");

    // At one rank a node, today's words.
    DesignDocument one = starDesign(1);
    CHECK_FALSE(runAt(one, 5, err));
    CHECK(err.message == "design parameter P = 5 exceeds topology.hosts = 4");
}

TEST_CASE("ranks per node: a sweep takes topology.ranks_per_node as an axis", "[topology][ranks_per_node][sweep]")
{
    // P follows: 4 x 1, 4 x 2, 4 x 4 ranks. Every host holds r ranks, each
    // sending to the 4r - r others off the host: r x 3r = 3r^2 flows on a
    // host link: 3, 12, 48.
    SweepOptions o;
    o.extraOutputs = {"fft.P", "topology.a2a_load"};
    const SweepTable t = runSweep(starDesign(1), {{"topology.ranks_per_node", {1, 2, 4}}}, o);
    REQUIRE(t.errors.empty());
    const int P = t.column("fft.P"), load = t.column("topology.a2a_load");
    REQUIRE(P >= 0);
    REQUIRE(load >= 0);
    const double expectP[] = {4, 8, 16}, expectLoad[] = {3, 12, 48};
    for (std::size_t r = 0; r < 3; ++r) {
        CHECK(t.at(r, static_cast<std::size_t>(P)) == expectP[r]);
        CHECK(t.at(r, static_cast<std::size_t>(load)) == Approx(expectLoad[r]));
    }
    // A swept P above the slots is refused in the same words.
    const SweepTable over = runSweep(starDesign(2), {{"P", {8, 9}}});
    REQUIRE(over.errors.size() == 1);
    CHECK_THAT(over.errors[0].second, Contains("P = 9 exceeds topology.hosts x topology.ranks_per_node = 4 x 2 = 8"));
}
