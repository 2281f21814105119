// clusterscope-cli eval / sweep / pareto / sensitivity on a design document,
// driven in-process the way a user types them. Every figure below is worked
// out by hand from 000_e9da438bafb3289f.txt eqs. (3)-(10) (the INIC 2D-FFT).
#include "CliTestSupport.h"
#include "app/cli/Cli.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using cs::test::cli;
using nlohmann::json;

namespace {

std::string tempPath(const std::string& name)
{
    return cs::test::tempPath("cs_design_cli_", name);
}

// One inic.fft2d block: rows n = 64, elem 16 B (so n^2 elem = 65536 B),
// t_fft1d = 10 us, bw_hc = bw_cn = 1 MiB/s = 1048576 B/s; P from the design.
// Variant "fast" as is; "slow" halves bw_cn. Costs: 100 USD per P, plus
// 500 USD once for the fast network.
//
// Eq. (5) S = n^2 elem / P; (4) T_compute = 2 t_fft1d n/P; (6) T_dtc = (S/P)/bw_hc;
// (7) T_dtg = (S/P)/bw_cn; (8) T_dfg = (P-1)(S/P)/bw_cn; (9) T_dth = S/bw_hc;
// (10) T_trans = 2 (T_dtc + T_dtg + T_dfg + T_dth); (3) T = T_compute + T_trans.
//
// fast, P=1: S = 65536; T_compute = 2*10us*64 = 1.28 ms; dtc = dtg = dth = 65536/1048576 = 0.0625 s,
//            dfg = 0; T_trans = 2*0.1875 = 0.375; T = 0.37628 s
// fast, P=2: S = 32768; T_compute = 0.64 ms; dtc = dtg = dfg = 16384/1048576 = 0.015625, dth = 0.03125;
//            T_trans = 2*0.078125 = 0.15625; T = 0.15689 s
// fast, P=4: S = 16384; T_compute = 0.32 ms; dtc = dtg = 4096/1048576 = 0.00390625,
//            dfg = 3*4096/1048576 = 0.01171875, dth = 0.015625; T_trans = 2*0.03515625 = 0.0703125;
//            T = 0.0706325 s
// slow (bw_cn = 524288): P=1: dtg = 0.125 -> T_trans = 2*0.25 = 0.5, T = 0.50128 s
//                        P=2: dtg = dfg = 0.03125 -> T_trans = 2*0.109375 = 0.21875, T = 0.21939 s
//                        P=4: dtg = 0.0078125, dfg = 0.0234375 -> T_trans = 2*0.05078125 = 0.1015625,
//                             T = 0.1018825 s
const char* kDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "small fft",
  "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
  "blocks": [{"name": "fft", "type": "inic.fft2d",
              "values": {"rows": 64, "elem": 16, "t_fft1d": 1e-5, "bw_hc": 1048576, "bw_cn": 1048576}}],
  "wires": [{"from": "P", "to": "fft.P"}],
  "variants": [{"name": "fast", "total": "fft.T", "overrides": {}},
               {"name": "slow", "total": "fft.T", "overrides": {"fft.bw_cn": 524288}}],
  "sweep": {"axes": [{"path": "P", "values": "1,2,4"}], "speedup": {"param": "P", "baseline": 1}},
  "costs": [{"name": "node", "usd": 100, "per": "P"}, {"name": "fast network", "usd": 500, "variants": ["fast"]}]
})";

std::string docFile()
{
    const std::string p = tempPath("small.json");
    std::ofstream(p) << kDoc;
    return p;
}

} // namespace

TEST_CASE("eval DESIGN prints each variant's total, phases and speedup", "[cli][design]")
{
    const std::string file = docFile();
    const cs::test::CliResult r = cli({"eval", file, "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    REQUIRE(j["variants"].size() == 2);
    const json& fast = j["variants"][0];
    CHECK(fast["variant"] == "fast");
    CHECK(fast["T"].get<double>() == Approx(0.0706325));
    // Speedup against P = 1: 0.37628 / 0.0706325 = 5.32726; efficiency / 4 = 1.33182.
    CHECK(fast["speedup"].get<double>() == Approx(0.37628 / 0.0706325));
    CHECK(fast["efficiency"].get<double>() == Approx(0.37628 / 0.0706325 / 4));
    CHECK(fast["cost"].get<double>() == Approx(900)); // 100*4 + 500
    CHECK(fast["phases"]["T_compute"].get<double>() == Approx(0.00032));
    CHECK(fast["phases"]["T_trans"].get<double>() == Approx(0.0703125));
    const json& slow = j["variants"][1];
    CHECK(slow["T"].get<double>() == Approx(0.1018825));
    CHECK(slow["cost"].get<double>() == Approx(400));

    // --set changes the document's value before evaluating: P = 2.
    const cs::test::CliResult p2 = cli({"eval", file, "--set", "P=2", "--json"});
    REQUIRE(p2.rc == 0);
    CHECK(json::parse(p2.out)["variants"][0]["T"].get<double>() == Approx(0.15689));

    // The text form names the total, the phases with their share, and the speedup.
    const cs::test::CliResult text = cli({"eval", file});
    REQUIRE(text.rc == 0);
    CHECK_THAT(text.out, Catch::Contains("variant fast:"));
    CHECK_THAT(text.out, Catch::Contains("T_trans"));
    CHECK_THAT(text.out, Catch::Contains("99.5%")); // 0.0703125 / 0.0706325 = 99.55%
    CHECK_THAT(text.out, Catch::Contains("speedup     5.327"));
    std::filesystem::remove(file);
}

TEST_CASE("sweep DESIGN --param prints one row per point and variant", "[cli][design]")
{
    const std::string file = docFile();
    const cs::test::CliResult r = cli({"sweep", file, "--param", "P=1,2,4", "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    REQUIRE(j["rows"].size() == 6); // 3 points x 2 variants
    const double expected[6] = {0.37628, 0.50128, 0.15689, 0.21939, 0.0706325, 0.1018825};
    for (int i = 0; i < 6; ++i) {
        INFO("row " << i);
        CHECK(j["rows"][i]["T"].get<double>() == Approx(expected[i]));
        CHECK(j["rows"][i]["axes"]["P"].get<double>() == (i < 2 ? 1 : i < 4 ? 2 : 4));
    }

    // A grid over two parameters: 3 x 2 points, 2 variants. rows = 128 at P = 1 (fast):
    // S = 128^2*16 = 262144; T_compute = 2*10us*128 = 2.56 ms; dtc = dtg = dth = 0.25 s; T = 1.50256 s.
    const cs::test::CliResult grid = cli({"sweep", file, "--param", "P=1:4:log2", "--param", "fft.rows=64,128", "--json"});
    REQUIRE(grid.rc == 0);
    const json g = json::parse(grid.out);
    REQUIRE(g["rows"].size() == 12);
    CHECK(g["rows"][2]["axes"]["fft.rows"].get<double>() == 128);
    CHECK(g["rows"][2]["T"].get<double>() == Approx(1.50256));

    // CSV to a file (written atomically): a header and 6 rows.
    const std::string csv = tempPath("sweep.csv");
    REQUIRE(cli({"sweep", file, "--param", "P=1,2,4", "--csv", "-o", csv}).rc == 0);
    std::ifstream in(csv);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(std::count(text.begin(), text.end(), '\n') == 7);
    CHECK_THAT(text, Catch::StartsWith("P,variant,T"));
    std::filesystem::remove(csv);
    std::filesystem::remove(file);
}

TEST_CASE("sweep errors name the parameter and the value", "[cli][design]")
{
    const std::string file = docFile();
    const cs::test::CliResult unknown = cli({"sweep", file, "--param", "fft.nope=1,2"});
    CHECK(unknown.rc == 1);
    CHECK_THAT(unknown.err, Catch::Contains("fft.nope"));
    const cs::test::CliResult bad = cli({"sweep", file, "--param", "P=8:1"});
    CHECK(bad.rc == 1);
    CHECK_THAT(bad.err, Catch::Contains("the end 1 is below the start 8"));
    const cs::test::CliResult missing = cli({"sweep", tempPath("does-not-exist.json"), "--param", "P=1,2"});
    CHECK(missing.rc == 1);
    CHECK_THAT(missing.err, Catch::Contains("does-not-exist.json"));
    std::filesystem::remove(file);
}

TEST_CASE("pareto finds the front of cost against time and the cheapest design meeting a target", "[cli][design]")
{
    // (cost USD, T s): slow P1 (100, 0.50128), slow P2 (200, 0.21939), slow P4 (400, 0.1018825),
    // fast P1 (600, 0.37628), fast P2 (700, 0.15689), fast P4 (900, 0.0706325).
    // fast P1 and fast P2 cost more than slow P4 and are slower: dominated. The front is the other 4.
    // Cheapest with T <= 0.2 s: slow P4 (400 USD). With T <= 0.09 s only fast P4 (900 USD) qualifies.
    const std::string file = docFile();
    const cs::test::CliResult r = cli({"pareto", file, "--target", "0.2s", "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    REQUIRE(j["front"].size() == 4);
    std::vector<std::pair<std::string, double>> front;
    for (const json& row : j["front"])
        front.emplace_back(row["variant"].get<std::string>(), row["axes"]["P"].get<double>());
    std::sort(front.begin(), front.end());
    CHECK(front == std::vector<std::pair<std::string, double>>{{"fast", 4}, {"slow", 1}, {"slow", 2}, {"slow", 4}});
    CHECK(j["cheapest"]["variant"] == "slow");
    CHECK(j["cheapest"]["cost"].get<double>() == Approx(400));

    const cs::test::CliResult tight = cli({"pareto", file, "--target", "90ms"});
    REQUIRE(tight.rc == 0);
    CHECK_THAT(tight.out, Catch::Contains("Pareto front of cost against time (4 of 6 designs)"));
    CHECK_THAT(tight.out, Catch::Contains("cheapest design meeting T <= 0.09"));
    CHECK_THAT(tight.out, Catch::Contains("fast       P=4  cost 900 USD"));
    const cs::test::CliResult none = cli({"pareto", file, "--target", "1ms"});
    CHECK_THAT(none.out, Catch::Contains("no design meets T <= 0.001"));
    std::filesystem::remove(file);
}

TEST_CASE("sensitivity reports +/-10% swings, largest first", "[cli][design]")
{
    // Variant fast at P = 4, T = 0.0706325 s.
    // t_fft1d +/-10%: T_compute 0.32 ms -> 0.288 / 0.352 ms: T = 0.0706005 .. 0.0706645.
    // bw_hc -10%: (dtc + dth) = 0.01953125 / 0.9 = 0.0217013889, doubled 0.0434027778; dtg + dfg doubled
    //   = 0.03125; T = 0.00032 + 0.0434027778 + 0.03125 = 0.0749727778.
    // bw_hc +10%: 0.01953125 / 1.1 * 2 = 0.0355113636; T = 0.0670813636.
    const std::string file = docFile();
    const cs::test::CliResult r = cli({"sensitivity", file, "--variant", "fast", "--json"});
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    CHECK(j["base"].get<double>() == Approx(0.0706325));
    const json& bars = j["bars"];
    auto bar = [&](const std::string& path) {
        for (const json& b : bars)
            if (b["path"] == path)
                return b;
        FAIL("no bar for " << path);
        return json();
    };
    CHECK(bar("fft.t_fft1d")["outLow"].get<double>() == Approx(0.0706005));
    CHECK(bar("fft.t_fft1d")["outHigh"].get<double>() == Approx(0.0706645));
    CHECK(bar("fft.bw_hc")["outLow"].get<double>() == Approx(0.0749727778));
    CHECK(bar("fft.bw_hc")["outHigh"].get<double>() == Approx(0.0670813636));
    for (std::size_t i = 1; i < bars.size(); ++i)
        CHECK(bars[i - 1]["swing"].get<double>() >= bars[i]["swing"].get<double>());

    const cs::test::CliResult badStep = cli({"sensitivity", file, "--step", "1.5"});
    CHECK(badStep.rc == 1);
    CHECK_THAT(badStep.err, Catch::Contains("--step must be between 0 and 1, got 1.5"));
    std::filesystem::remove(file);
}

TEST_CASE("a preset name works wherever a document is expected", "[cli][design]")
{
    const cs::test::CliResult r = cli({"eval", "acc-fft", "--json"});
    // acc-fft's Fast Ethernet variant may fail at its default P; the others evaluate.
    const json j = json::parse(r.out);
    CHECK(j["design"].get<std::string>().find("ACC") != std::string::npos);
    CHECK(j["variants"].size() == 5); // the serial FFTW baseline and four parallel variants
    const cs::test::CliResult s = cli({"sweep", "acc-fft", "--param", "P=1,2", "--csv"});
    CHECK(s.rc == 0);
    CHECK(std::count(s.out.begin(), s.out.end(), '\n') == 1 + 2 * 5);
}

TEST_CASE("eval prints speedup and efficiency to 4 significant digits, --json in full", "[cli][design]")
{
    // acc-sort, INIC at P = 16 against the serial sort (derived in test_preset_acc_sort.cpp from
    // 000 eqs. (11)-(17)): 6.03979776 / 0.23120085 = 26.1236..., efficiency 26.1236 / 16 = 1.632727...
    const cs::test::CliResult text = cli({"eval", "acc-sort", "--set", "P=16"});
    REQUIRE(text.rc == 0);
    CHECK_THAT(text.out, Catch::Contains("speedup     26.12  (efficiency 1.633, serial baseline: serial sort at P = 1)"));
    CHECK_THAT(text.out, !Catch::Contains("26.1235")); // no 16-digit figures
    const cs::test::CliResult j = cli({"eval", "acc-sort", "--set", "P=16", "--json"});
    REQUIRE(j.rc == 0);
    // The parsed report outlives the loop (a range over a member of a temporary would dangle).
    const json report = json::parse(j.out);
    bool sawInic = false;
    for (const json& v : report["variants"])
        if (v["variant"] == "INIC") {
            sawInic = true;
            // Full precision: the value agrees with the hand derivation to 1e-6, which 26.12 would not.
            CHECK(v["speedup"].get<double>() == Approx(6.03979776 / 0.23120085).epsilon(1e-6));
            CHECK(v["efficiency"].get<double>() == Approx(6.03979776 / 0.23120085 / 16).epsilon(1e-6));
        }
    CHECK(sawInic);
}

TEST_CASE("eval writes every variant's total in one unit", "[cli][design]")
{
    // fft.T is shown in ms by its block, net.T_oneway in us by its own: side
    // by side they take the unit that puts the smaller at 1 or more (us).
    json doc = json::parse(kDoc);
    doc["blocks"].push_back({{"name", "net"}, {"type", "logp.loggp"}, {"values", json::object()}});
    doc["variants"] = json::array({{{"name", "fft"}, {"total", "fft.T"}, {"overrides", json::object()}},
                                   {{"name", "message"}, {"total", "net.T_oneway"}, {"overrides", json::object()}}});
    doc["sweep"]["speedup"] = {{"param", ""}, {"baseline", 1}};
    doc["costs"] = json::array();
    const std::string file = tempPath("units.json");
    std::ofstream(file) << doc.dump();
    const cs::test::CliResult r = cli({"eval", file});
    REQUIRE(r.rc == 0);
    // fft at P = 4: T = 0.0706325 s (above) = 70632.5 us.
    CHECK_THAT(r.out, Catch::Contains("T           70632.5 us"));
    // Every total and phase line is in us: none in ms or s.
    std::istringstream lines(r.out);
    int totals = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("  T", 0) != 0 && line.rfind("    T", 0) != 0)
            continue;
        ++totals;
        INFO(line);
        CHECK(line.find(" us") != std::string::npos);
    }
    CHECK(totals >= 3); // two totals and fft's phases
    std::filesystem::remove(file);
}
