// Measured series (from results and CSV), measured against predicted, and
// the uncertainty band of a sweep.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/core/AtomicFile.h"

#include "CalibTestData.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <unistd.h>

using namespace cs;
using namespace cs::calib;
using namespace cs::calibtest;
using Catch::Contains;

namespace {

double oneWay(double s)
{
    return 20e-6 + (s - 1) * 1e-8;
}

// A CSV file in a temporary folder, removed at the end of the test.
struct TempCsv {
    std::string path;
    explicit TempCsv(const std::string& content, const std::string& name = "m.csv")
    {
        const auto dir = std::filesystem::temp_directory_path() / ("cs-calib-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        path = (dir / name).string();
        writeFileAtomically(path, content);
    }
    ~TempCsv() { std::filesystem::remove(path); }
};

} // namespace

TEST_CASE("measured series from ping-pong results, placed in the design", "[calib]")
{
    const DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const json results = json::array({pingpong({65536, 1024, 4096}, oneWay)});
    const std::vector<MeasuredSeries> all = measuredSeries(results, &doc);
    const MeasuredSeries* lat = nullptr;
    for (const auto& m : all)
        if (m.name == "net.pingpong latency@")
            lat = &m;
    REQUIRE(lat);
    CHECK(lat->x == std::vector<double>{1024, 4096, 65536}); // sorted
    CHECK(lat->y[0] == Approx(oneWay(1024)));
    CHECK(lat->yLow[0] == Approx(0.99 * oneWay(1024)));
    CHECK(lat->yUnit == "s");
    CHECK(lat->xName == "k");
    CHECK(lat->xUnit == "B");
    CHECK(lat->xPath == "net.k");
    CHECK(lat->yPath == "net.T_oneway");
    // rtt@ is a series too, but no spec places it in the design.
    bool rtt = false;
    for (const auto& m : all)
        if (m.name == "net.pingpong rtt@") {
            rtt = true;
            CHECK(m.xPath.empty());
        }
    CHECK(rtt);
    // Without a document: the same points, no place.
    CHECK(measuredSeries(results).front().xPath.empty());
}

TEST_CASE("plain series take x from the parameter that varies", "[calib]")
{
    json results = json::array();
    for (double keys : {4096.0, 1024.0})
        results.push_back(result("cpu.sort", {{"countsort", stat(1e-8 * keys)}}, {}, {{"keys", keys}, {"buckets", 8}}));
    const std::vector<MeasuredSeries> s = measuredSeries(results);
    REQUIRE(s.size() == 1);
    CHECK(s[0].name == "cpu.sort countsort vs keys");
    CHECK(s[0].x == std::vector<double>{1024, 4096});
    CHECK(s[0].y[1] == Approx(4096e-8));
}

TEST_CASE("measured against predicted, before and after calibration", "[calib]")
{
    DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const std::vector<double> sizes{1024, 4096, 16384, 65536, 262144, 1048576};
    const json results = json::array({pingpong(sizes, oneWay)});
    MeasuredSeries lat = measuredSeries(results, &doc).front();
    REQUIRE(lat.yPath == "net.T_oneway");

    // Defaults: T(1024) = o_s + L + o_r + 1023 G = 15 us + 1023/38e6 s = 41.921053 us;
    // measured 20 us + 1023 * 10 ns = 30.23 us; error (41.921053 - 30.23)/30.23 = 0.3867368.
    const Comparison before = compareWithDesign(doc, lat);
    REQUIRE(before.points.size() == 6);
    CHECK(before.points[0].predicted == Approx(41.921053e-6).epsilon(1e-6));
    CHECK(before.points[0].relError == Approx(0.3867368).epsilon(1e-5));

    CalibrationOptions o;
    o.holdOutFraction = 0.0;
    doc = applied(doc, calibrate(doc, results, o)).doc;
    const Comparison after = compareWithDesign(doc, lat);
    CHECK(after.meanAbsRelError == Approx(0.0).margin(1e-9));
    CHECK(after.maxAbsRelError == Approx(0.0).margin(1e-9));

    MeasuredSeries nowhere = lat;
    nowhere.xPath.clear();
    CHECK_THROWS_WITH(compareWithDesign(doc, nowhere), Contains("has no place in the design"));
    nowhere = lat;
    nowhere.yPath = "net.nope";
    CHECK_THROWS_WITH(compareWithDesign(doc, nowhere), Contains("yPath \"net.nope\" is not an output"));
}

TEST_CASE("a measured CSV with one or several series", "[calib]")
{
    TempCsv one("# measured by hand\nx,y\n1,2.5\n2, 3.5\r\n\n4,5e-1\n");
    const auto a = readMeasuredCsv(one.path);
    REQUIRE(a.size() == 1);
    CHECK(a[0].name == "m"); // the file's name
    CHECK(a[0].x == std::vector<double>{1, 2, 4});
    CHECK(a[0].y == std::vector<double>{2.5, 3.5, 0.5});

    TempCsv two("series,note,y,x\nfast,ok,1,10\nslow,,2,10\nfast,,3,20\n", "two.csv");
    const auto b = readMeasuredCsv(two.path);
    REQUIRE(b.size() == 2);
    CHECK(b[0].name == "fast");
    CHECK(b[0].x == std::vector<double>{10, 20});
    CHECK(b[0].y == std::vector<double>{1, 3});
    CHECK(b[1].name == "slow");
}

TEST_CASE("imported CSV series go into the document and come back unchanged", "[calib]")
{
    TempCsv two("series,x,y\nfast,10,1\nslow,10,2\nfast,20,3\n", "two.csv");
    DesignDocument doc;
    for (const MeasuredSeries& m : readMeasuredCsv(two.path))
        doc.imported.push_back(importedJson(m, "two.csv"));
    REQUIRE(doc.imported.size() == 2);
    const std::vector<ImportedSeries> back = importedSeries(doc);
    REQUIRE(back.size() == 2);
    CHECK(back[0].file == "two.csv");
    CHECK(back[0].series.name == "fast");
    CHECK(back[0].series.x == std::vector<double>{10, 20});
    CHECK(back[0].series.y == std::vector<double>{1, 3});
    CHECK(back[1].series.name == "slow");
    CHECK(back[1].series.y == std::vector<double>{2});
    // An entry a reader would reject (y not numbers) is skipped, not thrown on.
    doc.imported.push_back({{"name", "bad"}, {"x", {1}}, {"y", {"a"}}});
    CHECK(importedSeries(doc).size() == 2);
}

TEST_CASE("a bad CSV names the file, line and column", "[calib]")
{
    TempCsv badCell("x,y\n1,2\n2,abc\n");
    CHECK_THROWS_WITH(readMeasuredCsv(badCell.path), Contains(badCell.path + " line 3, column y: 'abc' is not a number"));
    TempCsv nanCell("x,y\nnan,2\n");
    CHECK_THROWS_WITH(readMeasuredCsv(nanCell.path), Contains("line 2, column x: 'nan' is not a finite number"));
    TempCsv empty("x,y\n1,\n");
    CHECK_THROWS_WITH(readMeasuredCsv(empty.path), Contains("line 2, column y: the cell is empty"));
    TempCsv header("size,time\n1,2\n");
    CHECK_THROWS_WITH(readMeasuredCsv(header.path),
                      Contains("line 1: the header must name columns x and y (found: size, time)"));
    TempCsv columns("x,y\n1,2,3\n");
    CHECK_THROWS_WITH(readMeasuredCsv(columns.path), Contains("line 2: expected 2 columns as in the header, found 3"));
    TempCsv nothing("# only a comment\n");
    CHECK_THROWS_WITH(readMeasuredCsv(nothing.path), Contains("the file is empty"));
    TempCsv noData("x,y\n");
    CHECK_THROWS_WITH(readMeasuredCsv(noData.path), Contains("no data lines after the header"));
    CHECK_THROWS_WITH(readMeasuredCsv("/nonexistent/m.csv"), Contains("/nonexistent/m.csv"));
}

TEST_CASE("an uncertainty band from the calibrated inputs' CIs", "[calib]")
{
    DesignDocument doc = design(R"([{"name": "fft", "type": "fftw.transpose"}])");
    const std::vector<SweepAxisValues> axes{{"fft.P", {2, 4, 8}}};
    CHECK_THROWS_WITH(uncertaintyBand(doc, axes, "T"), Contains("no calibrated input with a confidence interval"));

    // G calibrated to 20 ns/B within [18, 22] ns/B.
    Provenance p;
    p.kind = ProvenanceKind::Calibrated;
    p.ciLow = 18e-9;
    p.ciHigh = 22e-9;
    doc.design.setValue(Endpoint{"fft", "G"}, 20e-9, p);

    // T grows with G, so the corners' band is T at G = 18 and 22 ns/B.
    BandOptions corners;
    corners.method = BandOptions::Method::Corners;
    const UncertaintyBand c = uncertaintyBand(doc, axes, "T", corners);
    CHECK(c.params == std::vector<std::string>{"fft.G"});
    REQUIRE(c.lo.size() == 3);
    DesignDocument atLo = doc, atHi = doc;
    atLo.design.setValue(Endpoint{"fft", "G"}, 18e-9);
    atHi.design.setValue(Endpoint{"fft", "G"}, 22e-9);
    const SweepTable tLo = runSweep(atLo, axes), tHi = runSweep(atHi, axes), tMid = runSweep(doc, axes);
    const auto T = static_cast<std::size_t>(tLo.column("T"));
    for (std::size_t r = 0; r < 3; ++r) {
        CHECK(c.lo[r] == Approx(tLo.at(r, T)));
        CHECK(c.hi[r] == Approx(tHi.at(r, T)));
        CHECK(c.nominal[r] == Approx(tMid.at(r, T)));
    }

    // Monte Carlo: inside the corners, around the nominal, and the same every time (fixed seed).
    const UncertaintyBand m = uncertaintyBand(doc, axes, "T");
    const UncertaintyBand m2 = uncertaintyBand(doc, axes, "T");
    for (std::size_t r = 0; r < 3; ++r) {
        CHECK(m.lo[r] >= c.lo[r] - 1e-15);
        CHECK(m.hi[r] <= c.hi[r] + 1e-15);
        CHECK(m.lo[r] < m.nominal[r]);
        CHECK(m.hi[r] > m.nominal[r]);
        CHECK(m.lo[r] == m2.lo[r]);
        CHECK(m.hi[r] == m2.hi[r]);
    }

    // An output path works as the column; an unknown one is named.
    const UncertaintyBand a2a = uncertaintyBand(doc, axes, "fft.T_a2a", corners);
    CHECK(a2a.hi[0] > a2a.lo[0]);
    CHECK_THROWS_WITH(uncertaintyBand(doc, axes, "nope", corners), Contains("column \"nope\" is not in the sweep table"));
    CHECK_THROWS_WITH(uncertaintyBand(doc, axes, "fft.nope", corners), Contains("fft.nope"));
}
