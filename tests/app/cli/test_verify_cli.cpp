// clusterscope-cli verify --results: saved application runs against the design (no live nodes).
#include "CliTestSupport.h"
#include "app/cli/Cli.h"
#include "tests/app/ProgramRun.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using cs::test::cli;
using nlohmann::json;

TEST_CASE("verify --results compares saved app.fft2d runs with fftw.transpose", "[cli][verify]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string design = dir.filePath("d.json").toStdString();
    const std::string results = dir.filePath("r.json").toStdString();
    // rows = 1024, P = 2: blocks of 512^2 x 16 = 4,194,304 B. With L = o = g = 0 and G = 100 ns/B,
    // T_a2a = 2 transposes x 1 round x 4,194,303 x 100e-9 = 0.8388606 s.
    std::ofstream(design) << R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 1024, "L": 0, "o_s": 0, "o_r": 0,
        "g": 0, "G": 1e-7, "t_pen": 0}}]})";
    std::ofstream(results) << json{{"format", "clusterscope-probe-results"}, {"version", 1}, {"results",
                                    {{{"probe", "app.fft2d"},
                                      {"status", "ok"},
                                      {"nodes", {"a", "b"}},
                                      {"parts", {{{"details", {{"P", 2}}}}}},
                                      {"summary",
                                       {{"series",
                                         {{"T_a2a", {{"median", 0.8}, {"ci_lo", 0.79}, {"ci_hi", 0.81}, {"n", 5}}}}}}}}}}}
                                  .dump();
    const cs::test::CliResult j = cli({"verify", design, "--results", results, "--json"});
    INFO(j.err);
    REQUIRE(j.rc == 0);
    const json r = json::parse(j.out);
    REQUIRE(r["rows"].size() == 1);
    const json& row = r["rows"][0];
    CHECK(row["variant"] == "default");
    CHECK(row["P"] == 2);
    CHECK(row["quantity"] == "T_a2a");
    CHECK(row["predicted"].get<double>() == Approx(0.8388606).epsilon(1e-9));
    CHECK(row["measured"].get<double>() == 0.8);
    CHECK(row["error"].get<double>() == Approx((0.8388606 - 0.8) / 0.8).epsilon(1e-9)); // +4.86%
    // No calibration results in the design: every point is held out.
    CHECK(row["held_out"] == true);

    const cs::test::CliResult t = cli({"verify", design, "--results", results});
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Catch::Contains("T_a2a") && Catch::Contains("+4.9%") && Catch::Contains("held out"));

    const cs::test::CliResult bad = cli({"verify", design, "--results", results, "--at", "P=2"});
    CHECK(bad.rc == 2);
    CHECK_THAT(bad.err, Catch::Contains("--results compares saved application results"));
    const cs::test::CliResult badAt = cli({"verify", design, "--nodes", "local,local", "--at", "P=1"});
    CHECK(badAt.rc == 2);
    CHECK_THAT(badAt.err, Catch::Contains("'1' is not a node count from 2 to 1024"));
}

namespace {

// One application result as the runner writes it: P nodes, the given series' medians (CI +-10%).
json appResult(const std::string& probe, int P, const std::vector<std::pair<std::string, double>>& medians)
{
    json nodes = json::array(), series = json::object();
    for (int i = 0; i < P; ++i)
        nodes.push_back("h" + std::to_string(i));
    for (const auto& [q, m] : medians)
        series[q] = {{"median", m}, {"ci_lo", 0.9 * m}, {"ci_hi", 1.1 * m}, {"n", 7}, {"min", 0.8 * m}, {"max", 1.2 * m}};
    return {{"probe", probe},
            {"status", "ok"},
            {"nodes", nodes},
            {"parts", json::array({{{"details", {{"P", P}}}}})},
            {"summary", {{"series", series}}}};
}

const json* rowOf(const json& report, double P, const std::string& q)
{
    for (const json& r : report["rows"])
        if (r["P"].get<double>() == P && r["quantity"] == q)
            return &r;
    return nullptr;
}

} // namespace

TEST_CASE("verify --results maps app.sort to sort.parallel and app.collectives to logp.loggp", "[cli][verify]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string results = dir.filePath("r.json").toStdString();
    std::ofstream(results) << json{{"format", "clusterscope-probe-results"}, {"version", 1}, {"results",
                                    {appResult("app.sort", 4, {{"T", 0.1}, {"T_xchg", 0.08}}),
                                     appResult("app.sort", 2, {{"T_xchg", 0.1}}),
                                     appResult("app.collectives", 4, {{"T_bcast", 40e-6}, {"T_barrier", 30e-6}}),
                                     appResult("app.collectives", 6, {{"T_allreduce", 80e-6}, {"T_alltoall", 80e-6}}),
                                     appResult("app.fft2d", 4, {{"T", 1.0}})}}}
                                  .dump();

    // sort.parallel, E_init = 2^20 keys of 4 B, t_bucket1 = 10 ns, t_bucket2 = 20 ns, T_countsort = 5 ms,
    // bw_net = 10 MB/s, o_msg = 100 us, m_small = 0 (no stall).
    const std::string sortDesign = dir.filePath("sort.json").toStdString();
    std::ofstream(sortDesign) << R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "sort", "type": "sort.parallel", "values": {"E_init": 1048576, "key": 4,
        "t_bucket1": 1e-8, "t_bucket2": 2e-8, "T_countsort": 5e-3, "bw_net": 1e7, "o_msg": 1e-4, "m_small": 0}}]})";
    const cs::test::CliResult s = cli({"verify", sortDesign, "--results", results, "--json"});
    INFO(s.err);
    REQUIRE(s.rc == 0);
    const json sr = json::parse(s.out);
    CHECK(sr["rows"].size() == 3); // app.sort's three series; the other probes' results are not this block's
    // P = 4: 262,144 keys per node, S = 1,048,576 B, m = S / P = 262,144 B.
    //   T_bucket1 = 262,144 x 10 ns = 2.62144 ms; T_bucket2 = 262,144 x 20 ns = 5.24288 ms; T_count = 5 ms
    //   T_xchg = (P - 1)(o_msg + m / bw_net) = 3 (100e-6 + 262,144 / 1e7) = 3 x 0.0263144 = 0.0789432 s
    //   T = 2.62144e-3 + 0.0789432 + 5.24288e-3 + 5e-3 = 0.09180752 s
    const json* T4 = rowOf(sr, 4, "T");
    const json* X4 = rowOf(sr, 4, "T_xchg");
    const json* X2 = rowOf(sr, 2, "T_xchg");
    REQUIRE(T4);
    REQUIRE(X4);
    REQUIRE(X2);
    CHECK((*T4)["predicted"].get<double>() == Approx(0.09180752).epsilon(1e-9));
    CHECK((*T4)["error"].get<double>() == Approx((0.09180752 - 0.1) / 0.1).epsilon(1e-9)); // -8.2%
    CHECK((*X4)["predicted"].get<double>() == Approx(0.0789432).epsilon(1e-9));
    // P = 2: m = 2^19 keys x 4 B / 2 = 1,048,576 B; T_xchg = 1 x (100e-6 + 0.1048576) = 0.1049576 s.
    CHECK((*X2)["predicted"].get<double>() == Approx(0.1049576).epsilon(1e-9));
    CHECK((*X2)["error"].get<double>() == Approx(0.049576).epsilon(1e-6));

    // logp.loggp, L = 10 us, o_s = 2 us, o_r = 3 us, g = 5 us, G = 1 ns/B, k = 1024 B, pairwise all-to-all.
    // oneWay(1024) = o_s + 1023 G + L + o_r = 2 + 1.023 + 10 + 3 = 16.023 us; oneWay(0) = 15 us.
    const std::string collDesign = dir.filePath("coll.json").toStdString();
    std::ofstream(collDesign) << R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"L": 1e-5, "o_s": 2e-6, "o_r": 3e-6, "g": 5e-6,
        "G": 1e-9, "k": 1024, "alltoall": 1}}]})";
    const cs::test::CliResult c = cli({"verify", collDesign, "--results", results, "--json"});
    INFO(c.err);
    REQUIRE(c.rc == 0);
    const json cr = json::parse(c.out);
    CHECK(cr["rows"].size() == 4);
    // P = 4: broadcast ceil(log2 4) = 2 steps, 2 x 16.023 = 32.046 us; barrier 2 steps of 15 us = 30 us.
    const json* B4 = rowOf(cr, 4, "T_bcast");
    const json* S4 = rowOf(cr, 4, "T_barrier");
    // P = 6: allreduce log2 4 + 2 = 4 steps, 4 x 16.023 = 64.092 us; all-to-all 5 rounds, 80.115 us.
    const json* R6 = rowOf(cr, 6, "T_allreduce");
    const json* A6 = rowOf(cr, 6, "T_alltoall");
    REQUIRE(B4);
    REQUIRE(S4);
    REQUIRE(R6);
    REQUIRE(A6);
    CHECK((*B4)["predicted"].get<double>() == Approx(32.046e-6).epsilon(1e-9));
    CHECK((*B4)["error"].get<double>() == Approx((32.046 - 40) / 40).epsilon(1e-9)); // -19.9%
    CHECK((*S4)["predicted"].get<double>() == Approx(30e-6).epsilon(1e-9));
    CHECK((*S4)["error"].get<double>() == Approx(0).margin(1e-9));
    CHECK((*R6)["predicted"].get<double>() == Approx(64.092e-6).epsilon(1e-9));
    CHECK((*A6)["predicted"].get<double>() == Approx(80.115e-6).epsilon(1e-9));
    CHECK((*A6)["measured"].get<double>() == 80e-6);

    // The table names the quantities; a block no application runs is refused with the ones verify knows.
    const cs::test::CliResult t = cli({"verify", collDesign, "--results", results});
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Catch::Contains("T_allreduce") && Catch::Contains("-19.9%"));
    const std::string offload = dir.filePath("off.json").toStdString();
    std::ofstream(offload) << R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "mdo", "type": "offload.collective"}]})";
    const cs::test::CliResult none = cli({"verify", offload, "--results", results});
    CHECK(none.rc != 0);
    CHECK_THAT(none.err, Catch::Contains("offload.collective") && Catch::Contains("sort.parallel (app.sort)") &&
                             Catch::Contains("logp.loggp (app.collectives)"));
}

using cs::test::jacobiRun;

TEST_CASE("verify --results gives each program and arguments its own error statistics (issue 48, defect 3)",
          "[cli][verify]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string results = dir.filePath("r.json").toStdString();
    // The jacobi preset (t_cell = 5 ns, star of 125 MB/s links) predicts, as test_program_runs.cpp derives:
    //   P = 1: 0.221184 s;  P = 2: 0.1450864 s;  P = 4: 0.1217848 s.
    // './jacobi 96 50' measured 0.221184, 0.1450864 x 1.005, 0.1217848 x 0.995: errors 0, 1/1.005 - 1 = -0.4975%,
    //   1/0.995 - 1 = +0.5025%; mean |error| (0 + 0.4975 + 0.5025) / 3 = 0.3333%, max 0.5025%.
    // './jacobi 32 10' measured 290, 200, 150 us: 0.221184 / 290e-6 - 1 = 761.70, 0.1450864 / 200e-6 - 1 = 724.43,
    //   0.1217848 / 150e-6 - 1 = 810.90; mean (761.70 + 724.43 + 810.90) / 3 = 765.68 (76568%), max 81090%.
    // Pooled, the six points would read a mean of 38284% for both.
    json all = json::array();
    for (auto [P, T] : {std::pair{1.0, 290e-6}, {2.0, 200e-6}, {4.0, 150e-6}})
        all.push_back(jacobiRun({"32", "10"}, P, T));
    for (auto [P, T] : {std::pair{1.0, 0.221184}, {2.0, 0.1450864 * 1.005}, {4.0, 0.1217848 * 0.995}})
        all.push_back(jacobiRun({"96", "50"}, P, T));
    std::ofstream(results) << json{{"format", "clusterscope-probe-results"}, {"version", 1}, {"results", all}}.dump();
    const std::string design = std::string(CS_SOURCE_DIR) + "/presets/jacobi.json";

    const cs::test::CliResult j = cli({"verify", design, "--results", results, "--json"});
    INFO(j.err);
    REQUIRE(j.rc == 0);
    const json r = json::parse(j.out);
    REQUIRE(r["rows"].size() == 6);
    const json& groups = r["summary"]["groups"];
    REQUIRE(groups.size() == 2);
    for (const json& g : groups) {
        INFO(g.dump());
        CHECK(g["held_out"]["count"] == 3);
        if (g["runs"] == "./jacobi 96 50") {
            CHECK(g["held_out"]["mean_abs_error"].get<double>() == Approx(0.0033333).epsilon(1e-3));
            CHECK(g["held_out"]["max_abs_error"].get<double>() == Approx(0.0050251).epsilon(1e-3));
        } else {
            CHECK(g["runs"] == "./jacobi 32 10");
            CHECK(g["held_out"]["mean_abs_error"].get<double>() == Approx(765.68).epsilon(1e-3));
            CHECK(g["held_out"]["max_abs_error"].get<double>() == Approx(810.90).epsilon(1e-3));
        }
    }

    const cs::test::CliResult t = cli({"verify", design, "--results", results});
    INFO(t.out);
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Catch::Contains("runs of ./jacobi 96 50:\n    held out (P no calibration probe spanned): 3 "
                                      "point(s), mean |error| 0.3%, max 0.5%"));
    CHECK_THAT(t.out, Catch::Contains("runs of ./jacobi 32 10:\n    held out (P no calibration probe spanned): 3 "
                                      "point(s), mean |error| 7656"));
    CHECK_THAT(t.out, !Catch::Contains("6 point(s)"));
}

TEST_CASE("verify --dry-run lists the application runs it would make, and --json names each job's parameters and "
          "nodes, and runs nothing",
          "[cli][verify]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string design = dir.filePath("d.json").toStdString();
    std::ofstream(design) << R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 256}}]})";
    // P = 2 and 3 on three local nodes: app.fft2d on the first 2, then on all 3, each with the design's rows.
    const cs::test::CliResult j = cli({"verify", design, "--nodes", "local,local,local", "--at", "P=2,3", "--set",
                                       "budget=2", "--dry-run", "--json"});
    INFO(j.err);
    REQUIRE(j.rc == 0);
    const json jobs = json::parse(j.out).at("jobs");
    REQUIRE(jobs.size() == 2);
    CHECK(jobs[0]["probe"] == "app.fft2d");
    CHECK(jobs[0]["nodes"].size() == 2);
    CHECK(jobs[1]["nodes"].size() == 3);
    CHECK(jobs[1]["nodes"][2] == "local");
    CHECK(jobs[0]["params"]["rows"] == 256);
    CHECK(jobs[0]["params"]["budget"] == 2);
    CHECK_FALSE(jobs[0].contains("estimate"));

    const cs::test::CliResult t = cli({"verify", design, "--nodes", "local,local", "--at", "P=2", "--dry-run"});
    REQUIRE(t.rc == 0);
    CHECK_THAT(t.out, Catch::Contains("app.fft2d: 1 job") && Catch::Contains("(nothing was run)"));

    const cs::test::CliResult bad = cli({"verify", design, "--results", design, "--dry-run"});
    CHECK(bad.rc == 2);
    CHECK_THAT(bad.err, Catch::Contains("--dry-run are for running"));
}
