// clusterscope-cli validate --assumed: the assumed inputs of a preset, ranked
// by their effect on the variant totals (docs/validation.md).
#include "CliTestSupport.h"
#include "app/cli/Cli.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using cs::test::cli;
using nlohmann::json;

TEST_CASE("validate --assumed ranks a preset's assumed inputs and names their probes", "[cli][validation]")
{
    const cs::test::CliResult r = cli({"validate", "--assumed", "acc-sort"});
    REQUIRE(r.rc == 0);
    // 59 settable inputs since the topology's job took ranks_per_node, then nodes, then the generator its hosts'
    // cores, then the sort blocks their job's cores (issue 45), counts with a stated source and so "paper" ones:
    // 53 and 17 before ranks_per_node, 54 and 18 before nodes, 55 and 19 before the hosts' cores, 56 and 20
    // before the blocks' (three of them settable: countsort, serial and serialcount, which no wire from
    // topology.job_cores feeds; inic, proto and tcp take theirs from it).
    CHECK_THAT(r.out, Catch::Contains("acc-sort: 59 settable inputs (28 assumed, 1 fitted, 23 paper, 7 set); 28 assumed"));
    // The Fast Ethernet exchange is the largest: T_xchg = 15 x (o_msg + m / bw_net) with bw_net = 11.5 MB/s
    // (the variant's override), so -/+10% of it moves that total by about 12%.
    CHECK_THAT(r.out, Catch::Contains("tcp.bw_net") && Catch::Contains("[calibrate: net.alltoall]"));
    CHECK_THAT(r.out, Catch::Contains("[calibrate: cpu.sort]"));
    CHECK(r.out.find("tcp.bw_net") < r.out.find("tcp.t_bucket1")); // ranked by effect

    const cs::test::CliResult j = cli({"validate", "--assumed", "multiedge", "--json"});
    REQUIRE(j.rc == 0);
    const json doc = json::parse(j.out);
    REQUIRE(doc["presets"].size() == 1);
    for (const json& a : doc["presets"][0]["assumed"]) {
        INFO(a["path"]);
        CHECK(a["path"] != "nx1.f_irq"); // fitted to the level-off of 003 Fig. 2 now
        CHECK(a["matters"] == false);    // nothing assumed in multiedge moves a total by 2%
    }
    CHECK(doc["presets"][0]["inputsByBasis"]["fitted"] == 10);

    const cs::test::CliResult bad = cli({"validate", "--assumed", "nosuch"});
    CHECK(bad.rc == 1);
    CHECK_THAT(bad.err, Catch::Contains("'nosuch' is neither a file nor a preset"));
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
}
