// clusterscope-cli verify --results: saved application runs against the design (no live nodes).
#include "CliTestSupport.h"
#include "app/cli/Cli.h"

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
    std::ofstream(results) << json{{"results",
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
