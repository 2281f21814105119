// Measurements imported from CSV and from Extra-P's text format, as run-app results.
#include "app/runner/apprun/MeasuredImport.h"

#include <catch2/catch.hpp>

using namespace cs::runner;
using namespace cs::runner::apprun;
using Catch::Contains;

namespace {

std::vector<double> samplesOf(const JobResult& r)
{
    return r.parts.at(0).samples.at("T");
}

} // namespace

TEST_CASE("run-app --import: CSV lines P,value, repeated P being repetitions", "[runapp][import]")
{
    const auto rs = importCsv("P,time\n# a comment\n1, 4.0\n2,2.2\n\n1,4.4\n2,2.0\n1,4.2\n", "m.csv");
    REQUIRE(rs.size() == 2);
    CHECK(rs[0].probe == "app.run");
    CHECK(rs[0].params["P"] == 1);
    CHECK(samplesOf(rs[0]) == std::vector<double>{4.0, 4.4, 4.2}); // in file order
    // Median of {4.0, 4.2, 4.4} is 4.2; of {2.2, 2.0} the midpoint (2.0 + 2.2) / 2 = 2.1.
    CHECK(rs[0].summary["series"]["T"]["median"].get<double>() == Approx(4.2));
    CHECK(rs[1].summary["series"]["T"]["median"].get<double>() == Approx(2.1));
    CHECK(rs[1].summary["series"]["T"]["n"] == 2);
    CHECK(rs[0].parts[0].details["format"] == "csv");
}

TEST_CASE("run-app --import: bad CSV names the line and the value", "[runapp][import]")
{
    CHECK_THROWS_WITH(importCsv("1,2\n2,abc\n", "m.csv"), "m.csv:2: value at P = 2: 'abc' is not a number");
    CHECK_THROWS_WITH(importCsv("1,2\n0.5,3\n", "m.csv"),
                      "m.csv:2: P: '0.5' is not a whole number of processes >= 1");
    CHECK_THROWS_WITH(importCsv("1,2\n3\n", "m.csv"), "m.csv:2: expected P,value, got '3'");
    CHECK_THROWS_WITH(importCsv("1,2,3\n", "m.csv"), "m.csv:1: expected two columns P,value, got '1,2,3'");
    CHECK_THROWS_WITH(importCsv("1,-2\n", "m.csv"), Contains("m.csv:1: value at P = 1: -2 is negative"));
    CHECK_THROWS_WITH(importCsv("P,value\n", "m.csv"), "m.csv: no measurement (expected lines P,value)");
}

namespace {

const char* kExtraP = "# strong scaling of the solver\n"
                      "PARAMETER p\n"
                      "POINTS ( 2 ) ( 4 ) 8\n"
                      "REGION main\n"
                      "METRIC time\n"
                      "DATA 2.0 2.1 1.9\n"
                      "DATA 1.1 1.0\n"
                      "DATA 0.6\n"
                      "REGION main->solve\n"
                      "DATA 1.5\n"
                      "DATA 0.8\n"
                      "DATA 0.45\n";

} // namespace

TEST_CASE("run-app --import: Extra-P's text format, one DATA line per point", "[runapp][import]")
{
    ImportChoice c;
    c.region = "main";
    const auto rs = importExtraP(kExtraP, "s.txt", c);
    REQUIRE(rs.size() == 3);
    CHECK(rs[0].params["P"] == 2);
    CHECK(samplesOf(rs[0]) == std::vector<double>{2.0, 2.1, 1.9});
    CHECK(rs[0].summary["series"]["T"]["median"].get<double>() == Approx(2.0)); // sorted {1.9, 2.0, 2.1}
    CHECK(rs[2].params["P"] == 8);
    CHECK(rs[2].parts[0].details["region"] == "main");
    CHECK(rs[2].parts[0].details["parameter"] == "p");
    c.region = "main->solve";
    CHECK(samplesOf(importExtraP(kExtraP, "s.txt", c)[1]) == std::vector<double>{0.8});
    // Two regions and no choice: refused, naming them.
    CHECK_THROWS_WITH(importExtraP(kExtraP, "s.txt"),
                      "s.txt: 2 measurements (REGION main METRIC time, REGION main->solve METRIC time); choose one "
                      "with --region and --metric");
}

TEST_CASE("run-app --import: bad Extra-P input names the line and the value", "[runapp][import]")
{
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2 4\nREGION r\nDATA 1.0\n", "e.txt"),
                      "e.txt:3: REGION r METRIC time has 1 DATA lines for the 2 POINTS (one DATA line per point)");
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2 4\nREGION r\nDATA 1.0\nDATA 2 x3\n", "e.txt"),
                      "e.txt:5: DATA: 'x3' is not a number");
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2 four\n", "e.txt"),
                      "e.txt:2: POINTS p: 'four' is not a number");
    CHECK_THROWS_WITH(importExtraP("PARAMETER p q\n", "e.txt"), Contains("e.txt:1: more than one PARAMETER"));
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2\nDATA 1\n", "e.txt"), "e.txt:3: DATA before any REGION");
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2\nREGION r\nDATA 1\nDATA 2\n", "e.txt"),
                      Contains("e.txt:5: a DATA line beyond the 1 POINTS"));
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2\nREGION r\nMEASURE 1\n", "e.txt"),
                      Contains("e.txt:4: unknown line 'MEASURE 1'"));
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2\n", "e.txt"), "e.txt: no REGION with DATA");
    CHECK_THROWS_WITH(importExtraP("PARAMETER p\nPOINTS 2\nREGION r\n", "e.txt"),
                      Contains("e.txt:3: REGION r METRIC time has 0 DATA lines"));
}
