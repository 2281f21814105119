// calibrate --dry-run shows the rounds jobs run in: the jobs of a round share
// no node and no link of the design's network and run at once.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using cs::test::cli;
using Catch::Matchers::Contains;

namespace {

// Two leaf switches (s1: a, b; s2: c, d) joined by one uplink; a LogGP block.
const char* kTwoLeaves = R"({"format": "clusterscope-design", "version": 3, "name": "two leaves",
  "blocks": [{"name": "net", "type": "logp.loggp"}],
  "topology": {"vertices": [{"id": "s1", "kind": "switch"}, {"id": "s2", "kind": "switch"},
    {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}, {"id": "c", "kind": "host"}, {"id": "d", "kind": "host"}],
    "edges": [{"from": "a", "to": "s1", "bandwidth": "1Gbit/s"}, {"from": "b", "to": "s1", "bandwidth": "1Gbit/s"},
              {"from": "c", "to": "s2", "bandwidth": "1Gbit/s"}, {"from": "d", "to": "s2", "bandwidth": "1Gbit/s"},
              {"from": "s1", "to": "s2", "bandwidth": "1Gbit/s"}]}})";

} // namespace

TEST_CASE("cli: calibrate --dry-run prints the rounds of link-disjoint pairs", "[cli][parallel]")
{
    const std::string design = cs::test::tempPath("cs_parallel_", "two-leaves.json");
    std::ofstream(design) << kTwoLeaves;
    const std::string nodes = "slurm:a,slurm:b,slurm:c,slurm:d";
    // Every pair, in the order ab, ac, ad, bc, bd, cd. By hand: ab opens round
    // 1; ac shares a with it and opens 2; ad shares a with both and opens 3;
    // bc shares b with round 1, c with 2 and the uplink s1-s2 with ad, so
    // opens 4; bd shares b with 1 and 4 and the uplink with 2 and 3, so opens
    // 5; cd shares nothing with ab (other hosts, other leaf) and joins round 1.
    auto r = cli({"calibrate", design, "--nodes", nodes, "--probe", "net.loggp", "--pairs", "all", "--timeout", "10s",
                  "--dry-run"});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    // Each job line carries its estimate and timeout ("  about X s, timeout 10 s").
    auto job = [](const std::string& pair) { return "    net.loggp " + pair + "  about "; };
    CHECK_THAT(r.out, Contains("  round 1: 2 jobs at once\n" + job("a -> b")));
    CHECK_THAT(r.out, Contains(", timeout 10 s\n" + job("c -> d")));
    CHECK_THAT(r.out, Contains(", timeout 10 s\n  round 2: 1 job\n" + job("a -> c")));
    CHECK_THAT(r.out, Contains("  round 5: 1 job\n" + job("b -> d")));
    CHECK_THAT(r.out, Contains("6 jobs in 5 rounds;"));
    CHECK_THAT(r.out, Contains("(at most 8, --parallel)"));
    // A round lasts as long as its slowest job and ends within its longest
    // timeout: all six jobs are alike, so the estimate is 5 x one job's and the
    // bound 5 x 10 s = 50 s.
    const auto at = r.out.find("about ");
    REQUIRE(at != std::string::npos);
    const double perJob = std::stod(r.out.substr(at + 6));
    const auto total = r.out.find("estimated probe time ");
    REQUIRE(total != std::string::npos);
    CHECK(std::stod(r.out.substr(total + 21)) == Approx(5 * perJob).epsilon(1e-4));
    CHECK_THAT(r.out, Contains("the run takes at most 50 s"));
    // One at a time: six rounds; the bound is a timeout per round.
    r = cli({"calibrate", design, "--nodes", nodes, "--probe", "net.loggp", "--pairs", "all", "--parallel", "1",
             "--timeout", "10s", "--dry-run"});
    CHECK_THAT(r.out, Contains("6 jobs in 6 rounds;"));
    CHECK_THAT(r.out, Contains("the run takes at most 60 s"));
    // Off the design's network only the nodes count: ab+cd, ac+bd, ad+bc.
    r = cli({"calibrate", design, "--nodes", "slurm:a,slurm:b,slurm:c,slurm:x", "--probe", "net.loggp", "--pairs",
             "all", "--dry-run"});
    CHECK_THAT(r.out, Contains("  round 2: 2 jobs at once\n" + job("a -> c")));
    CHECK_THAT(r.out, Contains("\n" + job("b -> x")));
    CHECK_THAT(r.out, Contains("6 jobs in 3 rounds;"));

    r = cli({"calibrate", design, "--nodes", nodes, "--parallel", "0", "--dry-run"});
    CHECK(r.rc != 0);
    CHECK_THAT(r.err, Contains("--parallel 0: expected a whole number of jobs run at once, 1 to 1024"));
    r = cli({"calibrate", design, "--nodes", nodes, "--parallel", "2x", "--dry-run"});
    CHECK_THAT(r.err, Contains("--parallel 2x: expected a whole number"));
    std::filesystem::remove(design);
}
