// clusterscope-cli calibrate, driven in-process from a saved results file
// (the probes themselves run in tests/app/runner/CalibrationE2ETest.cpp).
#include "CliTestSupport.h"
#include "app/cli/Cli.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using cs::test::cli;
using nlohmann::json;
using Catch::Contains;
namespace fs = std::filesystem;

namespace {

fs::path tempDir()
{
    const fs::path d = fs::temp_directory_path() / ("cs_calibrate_cli_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

std::string writeFile(const std::string& name, const std::string& text)
{
    const fs::path p = tempDir() / name;
    std::ofstream(p) << text;
    return p.string();
}

const char* kDesign = R"({"format": "clusterscope-design", "version": 2, "name": "net",
  "blocks": [{"name": "net", "type": "logp.loggp"}]})";

// A ping-pong whose one-way time is 20 us + (s-1) 10 ns/B exactly, sizes 1 KiB .. 1 MiB.
json pingpongResults(const std::string& status = "ok")
{
    json series = json::object();
    for (double s : {1024.0, 4096.0, 16384.0, 65536.0, 262144.0, 1048576.0}) {
        const double t = 20e-6 + (s - 1) * 1e-8;
        series["latency@" + std::to_string(static_cast<long>(s))] = {
            {"n", 100}, {"median", t}, {"ci_lo", 0.99 * t}, {"ci_hi", 1.01 * t}, {"unit", "s"}};
    }
    json r = {{"probe", "net.pingpong"}, {"nodes", {"a", "b"}},       {"status", status},
              {"params", json::object()}, {"started", "2026-11-21T20:00:00Z"},
              {"summary", {{"series", series}, {"derived", json::object()}}}};
    if (status != "ok")
        r["reason"] = "node b: connection refused";
    return {{"format", "clusterscope-probe-results"}, {"version", 1}, {"results", {r}}};
}

} // namespace

TEST_CASE("calibrate from a results file prints parameters, fits and validation", "[calib-cli]")
{
    const std::string design = writeFile("net.json", kDesign);
    const std::string results = writeFile("results.json", pingpongResults().dump());
    const cs::test::CliResult r = cli({"calibrate", design, "--results", results});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    // G = 10 ns/B exactly; L = 20 - 4 - 5 = 11 us (the block's o_s, o_r).
    CHECK_THAT(r.out, Contains("net.G = 10 ns/B"));
    CHECK_THAT(r.out, Contains("net.L = 11 us"));
    CHECK_THAT(r.out, Contains("segmented line from net.pingpong"));
    // Six sizes, ceil(0.25 * 6) = 2 held out by default.
    CHECK_THAT(r.out, Contains("4 point(s) + 2 held out"));
    CHECK_THAT(r.out, Contains("held out"));
    CHECK_THAT(r.out, Contains("on held-out points: mean 0.00%"));
}

TEST_CASE("calibrate --json gives the report, -o writes the calibrated design", "[calib-cli]")
{
    const std::string design = writeFile("net2.json", kDesign);
    const std::string results = writeFile("results2.json", pingpongResults().dump());
    const std::string outFile = (tempDir() / "calibrated.json").string();
    const cs::test::CliResult r = cli({"calibrate", design, "--results", results, "--json", "--hold-out", "0", "-o", outFile});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    CHECK(j["format"] == "clusterscope-calibration");
    REQUIRE(j["params"].size() == 2);
    CHECK(j["fits"][0]["n"] == 6);
    CHECK(j["held_out_mean_abs_rel_error"].is_null());

    const cs::DesignDocument doc = cs::loadDocument(outFile);
    const cs::ParamValue G = doc.design.value(cs::Endpoint{"net", "G"});
    CHECK(G.value == Approx(1e-8).epsilon(1e-9));
    CHECK(G.provenance.kind == cs::ProvenanceKind::Calibrated);
    CHECK(G.provenance.detail == "net.pingpong@2026-11-21T20:00:00Z");
    CHECK(G.provenance.nodes == "a,b");
    REQUIRE(doc.calibration.size() == 1);
    CHECK(doc.calibration[0]["params"].size() == 2);
}

TEST_CASE("calibrate errors exit 1 naming the field, usage errors exit 2", "[calib-cli]")
{
    const std::string design = writeFile("net3.json", kDesign);

    const cs::test::CliResult failed = cli({"calibrate", design, "--results", writeFile("failed.json", pingpongResults("failed").dump())});
    CHECK(failed.rc == 1);
    CHECK_THAT(failed.err, Contains("results[0] (net.pingpong).status = \"failed\" (node b: connection refused)"));

    json badMedian = pingpongResults();
    badMedian["results"][0]["summary"]["series"]["latency@1024"]["median"] = "fast";
    const cs::test::CliResult bad = cli({"calibrate", design, "--results", writeFile("bad.json", badMedian.dump())});
    CHECK(bad.rc == 1);
    // Read like a document: the shape check names the path before any fit reads it.
    CHECK_THAT(bad.err, Contains("bad.json: results[0].summary.series.latency@1024.median: expected a number, got string"));
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);

    const cs::test::CliResult missing = cli({"calibrate", design, "--results", "/nonexistent/r.json"});
    CHECK(missing.rc == 1);
    CHECK_THAT(missing.err, Contains("/nonexistent/r.json"));

    const cs::test::CliResult notJson = cli({"calibrate", design, "--results", writeFile("nj.json", "{oops")});
    CHECK(notJson.rc == 1);
    CHECK_THAT(notJson.err, Contains("nj.json: not JSON"));

    const cs::test::CliResult probe = cli({"calibrate", design, "--results", writeFile("r4.json", pingpongResults().dump()),
                              "--probe", "cpu.fft"});
    CHECK(probe.rc == 1);
    CHECK_THAT(probe.err, Contains("probe \"cpu.fft\" calibrates no block of this design"));

    CHECK(cli({"calibrate"}).rc == 2);
    CHECK_THAT(cli({"calibrate"}).err, Contains("calibrate needs a DESIGN"));
    const cs::test::CliResult holdOut = cli({"calibrate", design, "--results", "x.json", "--hold-out", "half"});
    CHECK(holdOut.rc == 2);
    CHECK_THAT(holdOut.err, Contains("--hold-out half: expected a fraction in [0, 1)"));
    CHECK(cli({"calibrate", design, "--results", "x.json", "--nodes", "local:cpu=0"}).rc == 2);
    CHECK(cli({"calibrate", design, "--colour"}).rc == 2);
    // Probing without nodes (the design has none) is a usage error.
    const cs::test::CliResult noNodes = cli({"calibrate", design, "--quiet"});
    CHECK(noNodes.rc == 2);
    CHECK_THAT(noNodes.err, Contains("calibrate needs --nodes SPEC"));
}

TEST_CASE("calibrate --dry-run estimates each job's time and timeout on the stated link", "[calib-cli]")
{
    const std::string design = writeFile("estimate.json", kDesign);
    // One ping-pong size, 1 MiB, on --link-bw 10Mbit/s: payload 1.25e6 x 1448/1514 = 1195508.59 B/s,
    // 50 us one way. A round trip: 2 x (5e-5 + 1048576 / 1195508.59) = 2 x 0.87714617 = 1.75429234 s,
    // over the plan's 1 s budget, so the fewest rounds run: 3 kept + 1 warm-up = 4 -> 7.01717 s.
    // The timeout: 30 + 2 x 7.0171693 = 44.0343 s.
    const auto r = cli({"calibrate", design, "--nodes", "local:cpu=0,local:cpu=1", "--probe", "net.pingpong", "--set",
                        "size_min=1MiB", "--set", "size_max=1MiB", "--link-bw", "10Mbit/s", "--dry-run"});
    INFO(r.err);
    CHECK(r.rc == 0);
    CHECK_THAT(r.out, Contains("net.pingpong local0 -> local1  about 7.01717 s, timeout 44.0343 s\n"));
    CHECK_THAT(r.out, Contains("estimated probe time 7.01717 s on --link-bw 10 Mbit/s (TCP payload x 1448/1514)"));
    CHECK_THAT(r.out, Contains("(nothing was run)"));

    // With --json: what would be measured, without estimates (a plan to compare with another run's).
    const auto j = cli({"calibrate", design, "--nodes", "local:cpu=0,local:cpu=1", "--probe", "net.pingpong", "--set",
                        "size_min=1MiB", "--set", "size_max=1MiB", "--link-bw", "10Mbit/s", "--dry-run", "--json"});
    INFO(j.err);
    REQUIRE(j.rc == 0);
    const nlohmann::json jobs = nlohmann::json::parse(j.out).at("jobs");
    REQUIRE(jobs.size() == 1);
    CHECK(jobs[0]["probe"] == "net.pingpong");
    CHECK(jobs[0]["label"] == "net.pingpong local0 -> local1");
    CHECK(jobs[0]["round"] == 1);
    CHECK(jobs[0]["params"]["size_min"] == 1048576);
    CHECK(jobs[0]["params"]["size_max"] == 1048576);
    CHECK(jobs[0]["nodes"] == nlohmann::json({"local cpu 0", "local cpu 1"}));
    CHECK_FALSE(jobs[0].contains("timeout"));

    const auto bad = cli({"calibrate", design, "--nodes", "local:cpu=0,local:cpu=1", "--link-bw", "0Mbit/s",
                          "--dry-run"});
    CHECK(bad.rc == 2);
    CHECK_THAT(bad.err, Contains("--link-bw 0Mbit/s: the link bandwidth must be positive"));
}
