// The per-job estimate and timeout (app/runner/JobEstimate.h), by hand.
#include "TestSupport.h"

#include "app/runner/JobEstimate.h"
#include "app/runner/Runner.h"

#include <catch2/catch.hpp>

using namespace cs;

TEST_CASE("the payload rate of a link is R / 8 x 1448 / 1514", "[estimate]")
{
    // 10 Mbit/s: 1.25e6 B/s x 0.95640687 = 1195508.6 B/s (NetnsTest.cpp, DESIGN.md).
    CHECK(runner::linkFromBits(10e6).bandwidth == Approx(1195508.6));
    CHECK(runner::linkFromBits(1e9).bandwidth == Approx(119550858.6));
    CHECK(runner::assumedLink().link.bandwidth == Approx(119550858.6));
}

TEST_CASE("a job's timeout follows its plan on the slower of its link and 10 Mbit/s", "[estimate]")
{
    // One size of 1 KiB, 10 round trips, no budget. On 10 Mbit/s (1195508.6 B/s, 50 us one way):
    // a round is 2 x (50e-6 + 1024 / 1195508.6) = 2 x (5e-5 + 8.56539e-4) = 1.813078e-3 s,
    // ten of them 0.01813078 s; the timeout 30 + 2 x 0.01813078 = 30.0362616 s.
    const std::map<std::string, double> params{{"size_min", 1024}, {"size_max", 1024}, {"size_factor", 2},
                                               {"warmups", 0},     {"reps", 10},       {"budget", 0},
                                               {"min_reps", 3}};
    CHECK(runner::jobTimeout("net.pingpong", params, runner::assumedLink().link) == Approx(30.0362616));
    // A slower link counts as it is: 1 Mbit/s = 119550.86 B/s; round 2 x (5e-5 + 1024 / 119550.86)
    // = 2 x (5e-5 + 8.565386e-3) = 0.01723077 s; x 10 = 0.1723077; 30 + 0.3446154 = 30.3446154 s.
    CHECK(runner::jobTimeout("net.pingpong", params, runner::linkFromBits(1e6)) == Approx(30.3446154));
    // Its estimate on 1 Gbit/s: 2 x (5e-5 + 1024 / 119550858.6) = 1.1713078e-4 s per round, 1.1713078e-3 s.
    const auto e = runner::estimateJob("net.pingpong", params, runner::assumedLink().link);
    REQUIRE(e);
    CHECK(e->seconds == Approx(1.1713078e-3));
    // A probe without a size model: no estimate, the old fixed timeout.
    CHECK_FALSE(runner::estimateJob("cpu.sort", {}, runner::assumedLink().link));
    CHECK(runner::jobTimeout("cpu.sort", {}, runner::assumedLink().link) == 120.0);
}

TEST_CASE("planJobs gives each job the plan's timeout rule and estimate", "[estimate]")
{
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("local:cpu=0,local:cpu=1");
    plan.probe = "net.pingpong";
    plan.params = {{"size_min", 1024}, {"size_max", 1024}, {"reps", 10}, {"warmups", 0}};
    const auto jobs = runner::planJobs(plan, test::plugins());
    REQUIRE(jobs.size() == 1);
    CHECK(jobs[0].timeout == Approx(30.0362616)); // as above
    CHECK(jobs[0].estimate == Approx(1.1713078e-3));
    plan.timeout = 7; // --timeout wins
    CHECK(runner::planJobs(plan, test::plugins())[0].timeout == 7.0);
    plan.timeout = -1;
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()),
                      "timeout = -1 s must be in (0, 86400] seconds, or 0 to follow the plan");
    plan.timeout = 0;
    plan.link.bandwidth = 0;
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), "link bandwidth = 0 B/s must be positive");
}

TEST_CASE("a size sweep's progress names its size", "[estimate]")
{
    const std::map<std::string, double> pp{{"size_min", 1024}, {"size_max", 4194304}, {"size_factor", 4}};
    // 1024, 4096, 16384, 65536, 262144, 1048576, 4194304: index 5 is the sixth.
    CHECK(runner::sizeAt("net.pingpong", pp, 5) == "size 6 of 7 (1048576 B)");
    const std::map<std::string, double> lg{{"size_min", 1}, {"size_max", 4096}, {"size_step", 1024}};
    CHECK(runner::sizeAt("net.loggp", lg, 2) == "size 3 of 5 (2048 B)"); // 1, 1024, 2048, 3072, 4096
    CHECK(runner::sizeAt("cpu.sort", {}, 2) == "");
}

TEST_CASE("planJobs: an MPI probe's plan of 2 ranks a host runs each mpi node's pair on one host", "[estimate][slots]")
{
    // The intra-node pair calibrate asks for (calibrationPlan's ranksPerHost): the node's first host, both ranks.
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("mpi:8:hosts=a+b+c+d");
    plan.probe = "mpi.loggp";
    plan.ranksPerHost = 2;
    const auto jobs = runner::planJobs(plan, test::plugins());
    REQUIRE(jobs.size() == 1);
    REQUIRE(jobs[0].nodes.size() == 1);
    CHECK(jobs[0].nodes[0].ranks == 2);
    CHECK(jobs[0].nodes[0].slotsPerHost == 2);
    CHECK_THAT(jobs[0].label, Catch::Contains("(2 ranks on one host)"));
    // A node whose hosts Slurm or a hostfile gives cannot be told to put both on one: said, naming it.
    plan.nodes = runner::parseNodeSpec("mpi:allocation:ranks=4", [](const std::string&) {
        return std::optional<std::string>("n[1-2]");
    });
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()),
                      Catch::Contains("takes its hosts from Slurm or a hostfile; give it hosts="));
}
