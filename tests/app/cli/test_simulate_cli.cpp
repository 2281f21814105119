// `clusterscope-cli simulate`: analytic and simulated totals side by side.
#include "tests/app/cli/CliTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using cs::test::cli;
using nlohmann::json;

namespace {
const json* rowOf(const json& rows, const std::string& variant)
{
    for (const json& r : rows)
        if (r["variant"] == variant)
            return &r;
    return nullptr;
}
} // namespace

TEST_CASE("simulate acc-fft: the INIC transpose on one switch agrees with 000 eq. (8)", "[cli][simulate]")
{
    // acc-fft at P = 8: rows = 1024, elem = 16 B, so S = 1024^2 x 16 / 8 =
    // 2097152 B and blocks of S/P = 262144 B; the card's bw_cn = 90 MiB/s =
    // 94371840 B/s is below the 125e6 B/s link. eq. (8): T_dfg = 7 x 262144 /
    // 94371840 = 7/360 = 0.0194444 s, and the pairwise exchange on one switch
    // takes exactly that; T (two transposes) agrees.
    const cs::test::CliResult r = cli({"simulate", "acc-fft", "--param", "P=8", "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    const json* inic = rowOf(j["rows"], "INIC");
    REQUIRE(inic);
    CHECK((*inic)["replaced"] == "T_dfg");
    CHECK((*inic)["analytic_part"].get<double>() == Approx(7.0 / 360).epsilon(1e-9));
    CHECK((*inic)["simulated_part"].get<double>() == Approx(7.0 / 360).epsilon(1e-6));
    CHECK((*inic)["ratio"].get<double>() == Approx(1.0).epsilon(0.01));
    CHECK((*inic)["simulated_speedup"].get<double>() == Approx((*inic)["speedup"].get<double>()).epsilon(0.01));
}

TEST_CASE("simulate: a variant without a pattern says so and has no simulated value", "[cli][simulate]")
{
    const cs::test::CliResult r = cli({"simulate", "maestro2-mdo", "--param", "P=4", "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    const json* mdo = rowOf(j["rows"], "barrier, MDO");
    REQUIRE(mdo);
    CHECK((*mdo)["simulated"].is_null());
    CHECK((*mdo)["note"] == "no simulated pattern for offload.collective");
    // Its peer-to-peer counterpart (logp.loggp T_barrier, recursive doubling
    // over 4 hosts on one switch, 2 steps) is simulated.
    const json* p2p = rowOf(j["rows"], "barrier, peer-to-peer");
    REQUIRE(p2p);
    CHECK((*p2p)["pattern"] == "recursive doubling");
    CHECK((*p2p)["phases"].size() == 2);
}

TEST_CASE("simulate mesh-4x4-switch: local pairs on their own segments agree, text and csv", "[cli][simulate]")
{
    // 7 local pairs spread over the 8 segments (one each, c_L = 1): the
    // simulated token exchange meets X_PL = P m / T_L (004 §4 Fig. 7).
    const cs::test::CliResult r =
        cli({"simulate", "mesh-4x4-switch", "--param", "mesh.m=8192", "--variant", "local nodes", "--csv"});
    REQUIRE(r.rc == 0);
    CHECK(r.out.rfind("variant,mesh.m,analytic,simulated,ratio", 0) == 0);
    CHECK(r.out.find("local nodes,8192,") != std::string::npos);
    CHECK(r.out.find("remote nodes") == std::string::npos);
    const cs::test::CliResult j = cli({"simulate", "mesh-4x4-switch", "--param", "mesh.m=8192", "--json"});
    REQUIRE(j.rc == 0);
    const json rows = json::parse(j.out)["rows"];
    CHECK((*rowOf(rows, "local nodes"))["ratio"].get<double>() == Approx(1.0).epsilon(0.01));
    const cs::test::CliResult text = cli({"simulate", "mesh-4x4-switch", "--param", "mesh.m=8192"});
    CHECK(text.out.find("X_PL") != std::string::npos);
}

TEST_CASE("simulate refuses bad options with the option and value named", "[cli][simulate]")
{
    const auto bad = cli({"simulate", "acc-fft", "--network-model", "NS3"});
    CHECK(bad.rc == 2);
    CHECK(bad.err.find("--network-model 'NS3'") != std::string::npos);
    const auto variant = cli({"simulate", "acc-fft", "--variant", "nope"});
    CHECK(variant.rc == 1);
    CHECK(variant.err.find("'nope'") != std::string::npos);
    const auto many = cli({"simulate", "acc-fft", "--param", "P=1:16", "--max", "10"});
    CHECK(many.rc == 1);
    // 16 points x 5 variants (serial FFTW, INIC, prototype INIC, Gigabit and Fast Ethernet).
    CHECK(many.err.find("80 simulations") != std::string::npos);
}

TEST_CASE("simulate --slice I/N: one array task's share of the points", "[cli][simulate][slurm-array]")
{
    // Points P = 1, 2, 4, 8 are 0..3; slice 1/3 holds the points p with
    // p % 3 == 1: only P = 2.
    const cs::test::CliResult r =
        cli({"simulate", "acc-fft", "--param", "P=1,2,4,8", "--variant", "INIC", "--slice", "1/3", "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    REQUIRE(j["rows"].size() == 1);
    CHECK(j["rows"][0]["point"] == 1);
    CHECK(j["rows"][0]["axes"]["P"] == 2);
    // Bad slices and a slice with an array are refused by name.
    for (const char* bad : {"3/3", "1", "a/2", "0/0"}) {
        const cs::test::CliResult b = cli({"simulate", "acc-fft", "--param", "P=1,2", "--slice", bad});
        CHECK(b.rc != 0);
        CHECK(b.err.find(std::string("--slice ") + bad) != std::string::npos);
    }
    const cs::test::CliResult both =
        cli({"simulate", "acc-fft", "--slice", "0/2", "--slurm-array", "2"});
    CHECK(both.rc != 0);
    CHECK(both.err.find("--slice is for one task") != std::string::npos);
}
