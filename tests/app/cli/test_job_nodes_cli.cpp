// A sweep of the job's nodes from the command line (issue 45, "Sweeps"):
// `sweep DESIGN --param topology.nodes=SPEC` at a fixed topology.ranks_per_node,
// P following nodes x ranks_per_node, speedup against the serial baseline.
//
// The acc-fft preset on a 4-host star of 8 Mbit/s links (b = 1e6 B/s), its P
// left to follow the network. Hand arithmetic for the INIC at P = 8 (as in
// test_topology_design_cli.cpp, 000 eqs. (3)-(10)): S = 1024^2 x 16 / 8 =
// 2097152 B, S/P = 262144 B; T_compute = 2 x 100e-6 x 128 = 0.0256 s, T_dtc =
// 262144 / 83886080 = 0.003125 s, T_dth = 2097152 / 83886080 = 0.025 s;
// T_dtg = 262144 / a2a_bw, T_dfg = 7 x that.
//   4 nodes x 2 ranks: a host link carries 2 ranks x 6 off-host = 12 flows:
//     a2a_bw = 7 / (12/b) = 583333.3 B/s; T = 0.0256 + 2 x 3.6232427 = 7.2720854 s.
//   2 nodes x 4 ranks: 4 x 4 = 16 flows: a2a_bw = 7b/16 = 437500 B/s;
//     T = 0.0256 + 2 x 4.8216153 = 9.6688306 s.
// The serial baseline (variant 'serial FFTW', fftw.transpose at P = 1, bw_mem =
// 43e6 B/s): T_compute = 2 x 100e-6 x 1024 = 0.2048 s, the two local transposes
// 2 x 1024^2 x 16 / 43e6 = 0.78033563 s, no exchange: 0.98513563 s.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using cs::test::cli;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

// acc-fft on the 4-host star, P following the network (the preset pins P = 8).
std::string starDesign()
{
    std::ifstream in(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json");
    json doc = json::parse(in);
    doc["topology"] = {{"generator", "star"}, {"params", {{"n", 4}, {"bw", "8Mbit/s"}}}};
    for (json& p : doc["parameters"])
        if (p["name"] == "P")
            p.erase("value");
    const std::string path = cs::test::tempPath("cs_job_nodes_", "star.json");
    std::ofstream(path) << doc.dump(2);
    return path;
}

// The rows of `variant` in a sweep's --json output.
json rowsOf(const std::string& out, const std::string& variant)
{
    const json parsed = json::parse(out); // held: a range-for over a temporary's member dangles
    json rows = json::array();
    for (const json& row : parsed["rows"])
        if (row["variant"] == variant)
            rows.push_back(row);
    return rows;
}

} // namespace

TEST_CASE("cli: sweep --param topology.nodes at a fixed ranks per node, speedup against the serial FFTW",
          "[cli][topology][job_nodes]")
{
    const std::string design = starDesign();
    constexpr double serial = 0.98513563;
    {
        const auto r = cli({"sweep", design, "--set", "topology.ranks_per_node=2", "--param", "topology.nodes=4",
                            "--json"});
        INFO(r.err);
        REQUIRE(r.rc == 0);
        const json rows = rowsOf(r.out, "INIC");
        REQUIRE(rows.size() == 1);
        CHECK(rows[0]["T"].get<double>() == Approx(7.2720854).epsilon(1e-6));
        CHECK(rows[0]["speedup"].get<double>() == Approx(serial / 7.2720854).epsilon(1e-6));
        CHECK(rows[0]["efficiency"].get<double>() == Approx(serial / 7.2720854 / 8).epsilon(1e-6));
    }
    {
        // 2 nodes of 4 ranks: P = 8 (derived above); 5 nodes are more than the star's 4 hosts.
        const auto r = cli({"sweep", design, "--set", "topology.ranks_per_node=4", "--param", "topology.nodes=2,5",
                            "--json"});
        INFO(r.err);
        REQUIRE(r.rc == 0);
        const json rows = rowsOf(r.out, "INIC");
        REQUIRE(rows.size() == 2);
        CHECK(rows[0]["T"].get<double>() == Approx(9.6688306).epsilon(1e-6));
        CHECK(rows[0]["speedup"].get<double>() == Approx(serial / 9.6688306).epsilon(1e-6));
        CHECK_THAT(rows[1]["error"].get<std::string>(), Contains("nodes = 5: the job's nodes exceed the network's 4 hosts"));
    }
}
