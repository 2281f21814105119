// clusterscope-cli fit (issue 31, section 4): the stencil's t_cell fitted to runs imported from CSV (as
// run-app --import makes them), P = 8 held out and predicted, the fitted design written and read back;
// and each bad input refused by name.
#include "CliTestSupport.h"

#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "tests/model/formula/StencilBlock.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>

using cs::test::cli;
using Catch::Contains;
using nlohmann::json;

namespace {

std::string writeFile(const std::string& name, const std::string& text)
{
    const std::string path = cs::test::tempPath("fit_", name);
    std::ofstream(path) << text;
    return path;
}

// The stencil of issue 31 with t_cell at 2.5e-9 s, to be fitted.
const std::string kStencil = cs::test::stencilDocument().dump();

// The times the stencil takes with t_cell = 5e-9 s, by hand:
//   T_comp = 50 x 96^3 x 5e-9 / P = 0.221184 / P
//   T_halo = 300 (4e-6 + 8 x 9216 x 8e-10 / P^(2/3)) = 1.2e-3 + 0.01769472 / P^(2/3)
//   P = 1: 0.221184 + 0.0012 + 0.01769472                 = 0.24007872
//   P = 2: 0.110592 + 0.0012 + 0.01769472 / 1.58740105    = 0.12293898
//   P = 4: 0.055296 + 0.0012 + 0.01769472 / 2.51984210    = 0.06351815
//   P = 8: 0.027648 + 0.0012 + 0.01769472 / 4              = 0.03327168
const double kT[] = {0.24007872, 0.12293898, 0.06351815, 0.03327168};

// Three runs a P, 1% either side of the time: the median is the time.
std::string runsCsv()
{
    std::string csv = "P,seconds\n";
    const int Ps[] = {1, 2, 4, 8};
    for (int i = 0; i < 4; ++i)
        for (double f : {0.99, 1.0, 1.01})
        {
            char line[64];
            std::snprintf(line, sizeof line, "%d,%.10g\n", Ps[i], kT[i] * f);
            csv += line;
        }
    return csv;
}

} // namespace

TEST_CASE("fit: the stencil's t_cell from runs at P = 1, 2, 4, and P = 8 held out and predicted", "[cli][fit]")
{
    const std::string design = writeFile("stencil.json", kStencil);
    const std::string csv = writeFile("runs.csv", runsCsv());
    const std::string runs = cs::test::tempPath("fit_", "runs.json");
    REQUIRE(cli({"run-app", "--import", csv, "-o", runs}).rc == 0);
    const std::string fitted = cs::test::tempPath("fit_", "fitted.json");
    const auto r = cli({"fit", design, "--results", runs, "--hold-out", "P=8", "-o", fitted, "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    CHECK(j["fitted"] == 3);
    REQUIRE(j["inputs"].size() == 1);
    CHECK(j["inputs"][0]["input"] == "app.t_cell");
    // The runs were made (to 7 digits) with t_cell = 5e-9 s.
    CHECK(j["inputs"][0]["value"].get<double>() == Approx(5e-9).epsilon(1e-6));
    CHECK(j["inputs"][0]["applied"] == true);
    CHECK(j["r2"].get<double>() == Approx(1.0).margin(1e-9));
    // P = 8 was not fitted, and is predicted as derived: 0.03327168 s.
    const json& p8 = j["points"][3];
    CHECK(p8["P"] == 8);
    CHECK(p8["held_out"] == true);
    CHECK(p8["predicted"].get<double>() == Approx(0.03327168).epsilon(1e-6));
    CHECK(std::abs(p8["error"].get<double>()) < 1e-6);

    // The fitted design evaluates with the fitted value, calibrated.
    const cs::DesignDocument doc = cs::loadDocument(fitted);
    const cs::ParamValue v = doc.design.value({"app", "t_cell"});
    CHECK(v.value == Approx(5e-9).epsilon(1e-6));
    CHECK(v.provenance.kind == cs::ProvenanceKind::Calibrated);
    CHECK_THAT(v.provenance.detail, Contains("fit of app.T to 3 runs"));

    // verify reads the runs against the fitted design: P = 8, which the fit did not see, is marked held out.
    const auto ver = cli({"verify", fitted, "--results", runs, "--json"});
    INFO(ver.err);
    REQUIRE(ver.rc == 0);
    const json rows = json::parse(ver.out)["rows"];
    REQUIRE(rows.size() == 4);
    for (const json& row : rows) {
        CHECK(row["held_out"] == (row["P"] == 8));
        CHECK(std::abs(row["error"].get<double>()) < 1e-5);
    }
    // verify cannot run the user's program itself: it says how to measure it.
    const auto live = cli({"verify", fitted, "--nodes", "mpi:2", "--at", "P=2"});
    CHECK(live.rc != 0);
    CHECK_THAT(live.err, Contains("verify cannot run it") && Contains("run-app"));

    // The table a person reads.
    const auto t = cli({"fit", design, "--results", runs, "--hold-out", "P=8"});
    CHECK(t.rc == 0);
    CHECK_THAT(t.out, Contains("app.t_cell"));
    CHECK_THAT(t.out, Contains("held out"));
}

TEST_CASE("fit: runs that miss the model by far more than their spread are weighed by their time", "[cli][fit]")
{
    // The stencil's times (kT) with three runs 0.1% apart, but P = 2 10% slower than the model: a network part
    // off at one P. Weighted by 1/stderr^2 (stderr about 0.05%), P = 2 misses by some 200 standard errors and
    // the interval of t_cell would cross zero; the misses are the model's, so the fit weighs each run by its
    // time. By hand, to first order: t_cell's relative sensitivities are 0.221184 / 0.24007872 = 0.92 (P = 1),
    // 0.110592 / 0.12293898 = 0.90 (P = 2) and 0.055296 / 0.06351815 = 0.87 (P = 4); the relative fit moves
    // it by 0.90 x 0.10 / (0.92^2 + 0.90^2 + 0.87^2) = 0.09 / 2.41 = +3.7%, to about 5.19e-9 s.
    std::string csv = "P,seconds\n";
    const int Ps[] = {1, 2, 4};
    for (int i = 0; i < 3; ++i)
        for (double f : {0.999, 1.0, 1.001}) {
            char line[64];
            std::snprintf(line, sizeof line, "%d,%.10g\n", Ps[i], kT[i] * f * (Ps[i] == 2 ? 1.10 : 1.0));
            csv += line;
        }
    const std::string design = writeFile("stencil3.json", kStencil);
    const std::string runs = cs::test::tempPath("fit_", "runs3.json");
    REQUIRE(cli({"run-app", "--import", writeFile("runs3.csv", csv), "-o", runs}).rc == 0);
    const auto r = cli({"fit", design, "--results", runs, "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    CHECK_THAT(j["weighting"].get<std::string>(), Contains("relative"));
    REQUIRE(j["notes"].size() == 1);
    CHECK_THAT(j["notes"][0].get<std::string>(), Contains("at P = 2"));
    CHECK(j["inputs"][0]["applied"] == true);
    CHECK(j["inputs"][0]["value"].get<double>() == Approx(5.19e-9).epsilon(0.01));
    CHECK(j["inputs"][0]["ci"][0].get<double>() > 0);
}

TEST_CASE("fit: runs faster than the network part leave no room for compute: held at 0, never applied", "[cli][fit]")
{
    // 90% of the stencil's T_halo alone (kT less T_comp = 0.221184 / P): P = 1 0.01889472 x 0.9, P = 2
    // 0.01234698 x 0.9, P = 4 0.00822215 x 0.9. Any t_cell >= 0 predicts more; the solver wants t_cell < 0,
    // outside its range [0, inf) (the preset's "min": 0; the stencil as the issue writes it has none): the fit
    // ends at the bound, and says so.
    const double halo[] = {0.01889472, 0.01234698, 0.00822215};
    std::string csv = "P,seconds\n";
    const int Ps[] = {1, 2, 4};
    for (int i = 0; i < 3; ++i)
        for (double f : {0.99, 1.0, 1.01}) {
            char line[64];
            std::snprintf(line, sizeof line, "%d,%.10g\n", Ps[i], 0.9 * halo[i] * f);
            csv += line;
        }
    json doc = json::parse(kStencil);
    doc["blocks"][0]["inputs"]["t_cell"]["min"] = 0;
    const std::string design = writeFile("stencil4.json", doc.dump());
    const std::string runs = cs::test::tempPath("fit_", "runs4.json");
    REQUIRE(cli({"run-app", "--import", writeFile("runs4.csv", csv), "-o", runs}).rc == 0);
    for (const bool accept : {false, true}) {
        std::vector<std::string> args{"fit", design, "--results", runs, "--json"};
        if (accept)
            args.push_back("--accept-poor-fits");
        const auto r = cli(args);
        INFO(r.out << r.err);
        CHECK(r.rc == 1);
        const json j = json::parse(r.out);
        CHECK(j["inputs"][0]["value"] == 0);
        CHECK(j["inputs"][0]["applied"] == false);
        CHECK_THAT(j["inputs"][0]["problem"].get<std::string>(), Contains("outside the input's range"));
    }
}

TEST_CASE("fit: bad input is refused by name", "[cli][fit]")
{
    const std::string design = writeFile("stencil2.json", kStencil);
    const std::string csv = writeFile("runs2.csv", runsCsv());
    const std::string runs = cs::test::tempPath("fit_", "runs2.json");
    REQUIRE(cli({"run-app", "--import", csv, "-o", runs}).rc == 0);
    auto r = cli({"fit", design});
    CHECK(r.rc == 2);
    CHECK_THAT(r.err, Contains("needs --results"));
    r = cli({"fit", design, "--results", "/nonexistent/runs.json"});
    CHECK(r.rc != 0);
    CHECK_THAT(r.err, Contains("/nonexistent/runs.json"));
    r = cli({"fit", design, "--results", runs, "--block", "nope"});
    CHECK(r.rc != 0);
    CHECK_THAT(r.err, Contains("no block named 'nope'"));
    r = cli({"fit", design, "--results", runs, "--output", "X"});
    CHECK_THAT(r.err, Contains("no output 'X'"));
    // One input needs two fitted points: three P held out leave one.
    r = cli({"fit", design, "--results", runs, "--hold-out", "P=2,4,8"});
    CHECK(r.rc != 0);
    CHECK_THAT(r.err, Contains("needs at least 2 fitted points"));
    // A preset without fit inputs.
    r = cli({"fit", "acc-fft", "--results", runs});
    CHECK(r.rc != 0);
    CHECK_THAT(r.err, Contains("no formula block with an input marked"));
}

TEST_CASE("fit --search: the compute term found in what the runs leave after the network part", "[cli][fit][search]")
{
    // Runs of the stencil whose compute is 0.221184 / P s (t_cell = 5e-9 s: 50 x 96^3 x 5e-9 = 0.221184), the
    // network part T_halo = 1.2e-3 + 0.01769472 / P^(2/3) as above; T by hand (P^(2/3) = 2^(2k/3) at P = 2^k):
    //   P  T_halo      compute     T
    //   1  0.01889472  0.22118400  0.24007872
    //   2  0.01234698  0.11059200  0.12293898
    //   4  0.00822215  0.05529600  0.06351815
    //   8  0.00562368  0.02764800  0.03327168
    //  16  0.00398674  0.01382400  0.01781074
    //  32  0.00295554  0.00691200  0.00986754
    //  64  0.00230592  0.00345600  0.00576192
    const double T[] = {0.24007872, 0.12293898, 0.06351815, 0.03327168, 0.01781074, 0.00986754, 0.00576192};
    std::string csv = "P,seconds\n";
    for (int k = 0; k < 7; ++k)
        for (double f : {0.99, 1.0, 1.01}) {
            char line[64];
            std::snprintf(line, sizeof line, "%d,%.10g\n", 1 << k, T[k] * f);
            csv += line;
        }
    const std::string design = writeFile("search.json", kStencil);
    const std::string runs = cs::test::tempPath("fit_", "search_runs.json");
    REQUIRE(cli({"run-app", "--import", writeFile("search.csv", csv), "-o", runs}).rc == 0);
    const std::string found = cs::test::tempPath("fit_", "found.json");
    const auto r = cli({"fit", design, "--results", runs, "--search", "--hold-out", "P=64", "-o", found, "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.rc == 0);
    const json j = json::parse(r.out);
    // The generating term, P^-1, with its coefficient 0.221184 s; the held-out P = 64 predicted.
    CHECK_THAT(j["found"][0]["formula"].get<std::string>(), Contains("P^-1"));
    const json& p64 = j["points"][6];
    CHECK(p64["held_out"] == true);
    CHECK(p64["network"].get<double>() == Approx(0.00230592).epsilon(1e-6));
    CHECK(p64["predicted"].get<double>() == Approx(0.00576192).epsilon(1e-4));

    // The design written with the term as T_found, a phase of T: T at P = 64 is the measured time.
    const cs::DesignDocument doc = cs::loadDocument(found);
    const cs::Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    slots[static_cast<std::size_t>(plan.slotOf("app.P"))] = 64;
    plan.runOrThrow(slots.data());
    CHECK(slots[static_cast<std::size_t>(plan.slotOf("app.T"))] == Approx(0.00576192).epsilon(1e-4));
    CHECK(slots[static_cast<std::size_t>(plan.slotOf("app.T_found"))] == Approx(0.003456).epsilon(1e-4));

    // Fewer than 5 P values: refused with Extra-P's rule.
    const auto few = cli({"fit", design, "--results", runs, "--search", "--hold-out", "P=16,32,64"});
    CHECK(few.rc != 0);
    CHECK_THAT(few.err, Contains("5"));
}
