// A host has cores (issue 45, "Nodes with many cores"): a drawn host's "cores", a generator's parameter
// `cores`, and the topology's output job_cores, the cores the job's ranks compute on: P over the most ranks a
// core runs on its busiest node. Ranks beyond a node's cores share them; a host that states none (0) has a
// core a rank, so a design without cores is priced as before.
#include "JobTestNetworks.h"

#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

// The 8-host netns tree with every host's cores set (0: not stated).
json treeWithCores(int cores)
{
    json t = test::tree(8, 2, 2);
    if (cores > 0)
        for (json& v : t["vertices"])
            if (v["kind"] == "host")
                v["cores"] = cores;
    return t;
}

double jobCores(const json& topo, double P, double ranksPerNode)
{
    test::Job job;
    job.P = P;
    job.ranksPerNode = ranksPerNode;
    return test::jobOutputs(topo, job)[TopologySource::job_cores];
}

std::string refusal(const json& topo)
{
    try {
        topologyFromJson(topo, "t");
    } catch (const ModelError& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST_CASE("job_cores: ranks beyond a node's cores share them, derived by hand", "[topology][cores]")
{
    const json two = treeWithCores(2);
    // 8 ranks on 2 nodes of 4 (block), 2 cores each: each core runs 2 ranks, 8 / 2 = 4 = 2 nodes x 2 cores.
    CHECK(jobCores(two, 8, 4) == 4);
    // 8 ranks on 4 nodes of 2: no node holds more ranks than cores, each rank has its own: 8.
    CHECK(jobCores(two, 8, 2) == 8);
    // 7 ranks at 3 a node: nodes of 3, 3 and 1 ranks; the busiest runs 3 on 2 cores, 1.5 a core, and the job
    // waits for its slowest rank: 7 / 1.5 = 4.666... cores' worth.
    CHECK(jobCores(two, 7, 3) == Approx(7.0 / 1.5).epsilon(1e-15));
    // One rank a node: a core each, 8.
    CHECK(jobCores(two, 8, 1) == 8);
    // A job on one node of 4 ranks: its 2 cores.
    CHECK(jobCores(two, 4, 4) == 2);
    // Not stated (0): a core a rank, whatever the ranks a node.
    CHECK(jobCores(treeWithCores(0), 16, 8) == 16);
    // Hosts that differ: h0 has 4 cores and h1 one; 4 ranks on each, the busiest core runs 4 ranks: 8 / 4 = 2.
    json mixed = test::tree(8, 2, 2);
    for (json& v : mixed["vertices"]) {
        if (v["id"] == "h0")
            v["cores"] = 4;
        if (v["id"] == "h1")
            v["cores"] = 1;
    }
    CHECK(jobCores(mixed, 8, 4) == 2);
}

TEST_CASE("job_cores: a host's cores change no network figure, and a host without cores is as before",
          "[topology][cores]")
{
    test::Job job;
    job.P = 8;
    job.ranksPerNode = 4;
    const auto without = test::jobOutputs(treeWithCores(0), job);
    const auto with = test::jobOutputs(treeWithCores(2), job);
    for (int o = 0; o < TopologySource::kOutputs; ++o)
        if (o != TopologySource::job_cores) {
            INFO("output " << o);
            CHECK(with[static_cast<std::size_t>(o)] == without[static_cast<std::size_t>(o)]);
        }
}

TEST_CASE("a generator takes cores a host, and a sweep of it changes job_cores alone", "[topology][cores][sweep]")
{
    // A 4-host star, P following: 4 nodes x 4 ranks = 16 ranks; cores 0 (not stated), 1, 2, 4, 8.
    json topology = {{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}, {"job", {{"ranks_per_node", 4}}}};
    const DesignDocument doc = documentFromJson(test::fftDocument(topology));
    SweepOptions o;
    o.extraOutputs = {"topology.job_cores", "topology.a2a_load"};
    const SweepTable t = runSweep(doc, {{"topology.cores", {0, 1, 2, 4, 8}}}, o);
    REQUIRE(t.errors.empty());
    const int cores = t.column("topology.job_cores"), load = t.column("topology.a2a_load");
    // 16 / max(1, 4 / c): 16, 4, 8, 16, 16. Each host link: 4 ranks x 12 others = 48 flows, at every c.
    const double expect[] = {16, 4, 8, 16, 16};
    for (std::size_t r = 0; r < 5; ++r) {
        CHECK(t.at(r, static_cast<std::size_t>(cores)) == expect[r]);
        CHECK(t.at(r, static_cast<std::size_t>(load)) == 48);
    }
    // The generated hosts carry it.
    const Topology star = generate("star", {{"n", 4}, {"cores", 16}});
    for (std::size_t h : star.hosts())
        CHECK(star.attributes(h).cores == 16);
    CHECK(generate("star", {{"n", 4}}).attributes(0).cores == 0);
}

TEST_CASE("a host's cores read and written, and a bad count refused naming the field", "[topology][cores]")
{
    const Topology t = topologyFromJson(treeWithCores(32), "t");
    CHECK(t.attributes(t.hosts().front()).cores == 32);
    const json back = topologyToJson(t, TopologyJsonForm::Explicit);
    for (const json& v : back["vertices"])
        if (v["kind"] == "host")
            CHECK(v["cores"] == 32);
    // Not stated: not written, as a file before cores.
    for (const json& v : topologyToJson(topologyFromJson(treeWithCores(0), "t"), TopologyJsonForm::Explicit)["vertices"])
        CHECK_FALSE(v.contains("cores"));

    json negative = treeWithCores(0);
    negative["vertices"][7]["cores"] = -1; // h0 (after core, 2 pods, 4 leaves)
    CHECK_THAT(refusal(negative), Contains("vertices[7].cores") && Contains("-1"));
    json huge = treeWithCores(0);
    huge["vertices"][7]["cores"] = 70000;
    CHECK_THAT(refusal(huge), Contains("vertices[7].cores") && Contains("70000"));
    json half = treeWithCores(0);
    half["vertices"][7]["cores"] = 2.5;
    CHECK_THAT(refusal(half), Contains("vertices[7].cores"));
    CHECK_THROWS_WITH(generate("star", {{"n", 4}, {"cores", 70000}}),
                      "generator star: cores = 70000 is out of range [0, 65536]");
}
