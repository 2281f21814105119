// verify's runs (app/runner/ApplicationPlans), shared by `clusterscope-cli verify` and the Calibration dock's
// Verify page: one run per variant and P on the first P nodes, the block's parameters, the timeout rule, and
// the refusals before anything runs.
#include "TestSupport.h"

#include "app/runner/ApplicationPlans.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/VerifyTargets.h"

#include <catch2/catch.hpp>

using namespace cs;
using Catch::Matchers::Contains;

TEST_CASE("applicationPlans: the application of each variant at each P on the first P nodes", "[verify]")
{
    const DesignDocument doc = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 512}}],
      "variants": [{"name": "pairwise", "total": "fft.T"},
                   {"name": "linear", "total": "fft.T", "overrides": {"fft.alltoall": 0}}]})");
    const std::vector<verify::Target> targets = verify::targetsOf(doc);
    REQUIRE(targets.size() == 2);
    const std::vector<runner::Node> nodes = runner::parseNodeSpec("local:cpu=0,local:cpu=1,local:cpu=0,local:cpu=1");
    const auto plans = runner::applicationPlans(targets, nodes, {2, 4}, test::plugins(), {{"budget", 2}});
    REQUIRE(plans.size() == 4); // 2 variants x 2 P
    CHECK(plans[0].probe == "app.fft2d");
    CHECK(plans[0].nodes.size() == 2);
    CHECK(plans[1].nodes.size() == 4);
    CHECK(plans[0].params["rows"] == 512);
    CHECK(plans[0].params["alltoall"] == 1); // the block's default: pairwise
    CHECK(plans[2].params["alltoall"] == 0); // the variant's override
    // 120 s plus three times the budget of 2 s.
    CHECK(plans[0].timeout == Approx(126.0));
    CHECK(runner::applicationPlans(targets, nodes, {2}, test::plugins(), {}, 30)[0].timeout == 30);

    CHECK_THROWS_WITH(runner::applicationPlans(targets, nodes, {8}, test::plugins()),
                      Contains("P=8: only 4 node(s) given"));
    // Over one mpi:N node the MPI version runs on P of its ranks; more than N, or an mpi node beside
    // others, is refused.
    const auto overMpi = runner::applicationPlans(targets, runner::parseNodeSpec("mpi:2"), {2}, test::plugins());
    REQUIRE(overMpi.size() == 2); // 2 variants x 1 P
    CHECK(overMpi[0].probe == "mpi.app.fft2d");
    CHECK(overMpi[0].nodes.size() == 1);
    CHECK(overMpi[0].nodes[0].ranks == 2);
    // The sort and the collectives have theirs too, with the block's problem size.
    const DesignDocument apps = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "sort", "type": "sort.parallel", "values": {"E_init": 65536}},
                 {"name": "net", "type": "logp.loggp", "values": {"k": 1024}}],
      "variants": [{"name": "sort", "total": "sort.T"}, {"name": "coll", "total": "net.T_bcast"}]})");
    const auto appsOverMpi =
        runner::applicationPlans(verify::targetsOf(apps), runner::parseNodeSpec("mpi:4"), {2, 4}, test::plugins());
    REQUIRE(appsOverMpi.size() == 4);
    CHECK(appsOverMpi[0].probe == "mpi.app.sort");
    CHECK(appsOverMpi[0].params["keys"] == 65536);
    CHECK(appsOverMpi[1].nodes[0].ranks == 4);
    CHECK(appsOverMpi[2].probe == "mpi.app.collectives");
    CHECK(appsOverMpi[2].params["bytes"] == 1024);
    CHECK_THROWS_WITH(runner::applicationPlans(targets, runner::parseNodeSpec("mpi:2"), {4}, test::plugins()),
                      Contains("P=4: only 2 rank(s) in"));
    CHECK_THROWS_WITH(
        runner::applicationPlans(targets, runner::parseNodeSpec("mpi:2,local:cpu=0"), {2}, test::plugins()),
        Contains("verify over MPI takes one mpi node"));
}

TEST_CASE("verify's P list and results files say what is wrong", "[verify]")
{
    CHECK(verify::parseNodeCounts("P=8,2,4,2") == std::vector<int>{2, 4, 8});
    CHECK(verify::parseNodeCounts("P = 2, 4") == std::vector<int>{2, 4});
    CHECK_THROWS_WITH(verify::parseNodeCounts("P=2,x"), Contains("'x' is not a node count from 2 to 1024"));
    CHECK_THROWS_WITH(verify::parseNodeCounts("rows=2"), Contains("only P can be chosen"));
    CHECK(verify::defaultNodeCounts(7) == std::vector<int>{2, 4});
    CHECK(verify::defaultNodeCounts(1).empty());
    // Results files are read by calib::resultsFromText (tests/app/cli/test_hostile_input_cli.cpp).
    CHECK(verify::isApplicationProbe("app.fft2d"));
    CHECK(verify::isApplicationProbe("mpi.app.sort"));
    CHECK_FALSE(verify::isApplicationProbe("net.pingpong"));
    // A switch that runs the collectives itself: no application between agents runs it.
    const DesignDocument offload = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "offload.collective"}]})");
    CHECK_THROWS_WITH(verify::targetsOf(offload),
                      Contains("no application probe runs what block net (offload.collective)"));
    // Beside a variant an application runs, the others are left out with their reason; named, refused.
    const DesignDocument mixed = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "offload.collective"}, {"name": "fft", "type": "fftw.transpose"}],
      "variants": [{"name": "offload", "total": "net.T_barrier"}, {"name": "fft", "total": "fft.T"}]})");
    std::vector<std::string> skipped;
    const auto targets = verify::targetsOf(mixed, "", &skipped);
    REQUIRE(targets.size() == 1);
    CHECK(targets[0].variant == "fft");
    REQUIRE(skipped.size() == 1);
    CHECK_THAT(skipped[0], Contains("variant 'offload'"));
    CHECK_THROWS_WITH(verify::targetsOf(mixed, "offload"), Contains("variant 'offload'"));
    CHECK_THROWS_WITH(verify::targetsOf(mixed, "other"), Contains("--variant other: no variant of that name"));
}
