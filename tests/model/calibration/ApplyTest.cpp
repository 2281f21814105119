// planCalibration applied through the editing layer, reverting, and the report in the saved document.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"

#include "CalibTestData.h"
#include "model/document/DocumentEdits.h"

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::calib;
using namespace cs::calibtest;
using Catch::Contains;

namespace {

CalibrationReport pingpongReport(const DesignDocument& doc)
{
    std::vector<double> sizes{1024, 4096, 16384, 65536, 262144, 1048576};
    CalibrationOptions o;
    o.holdOutFraction = 0.25;
    o.time = "2026-11-21T21:00:00Z";
    return calibrate(doc, json::array({pingpong(sizes, [](double s) { return 20e-6 + (s - 1) * 1e-8; })}), o);
}

} // namespace

TEST_CASE("applying sets calibrated values with provenance and keeps the report", "[calib]")
{
    DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const CalibrationReport r = pingpongReport(doc);
    const Applied a = applied(doc, r);
    doc = a.doc;
    const std::vector<AppliedChange>& changes = a.changes;
    CHECK(a.skipped.empty());
    REQUIRE(changes.size() == 2); // G and L
    const ParamValue G = doc.design.value(Endpoint{"net", "G"});
    CHECK(G.value == Approx(1e-8).epsilon(1e-9));
    CHECK(G.provenance.kind == ProvenanceKind::Calibrated);
    CHECK(G.provenance.detail == "net.pingpong@2026-11-21T20:00:00.000Z");
    CHECK(G.provenance.time == "2026-11-21T20:00:00.000Z");
    CHECK(G.provenance.nodes == "n1,n2");
    CHECK(G.provenance.ciLow <= G.value);
    CHECK(G.provenance.ciHigh >= G.value);
    // The change list carries the old value for undo.
    for (const AppliedChange& c : changes)
        if (c.param == "G") {
            CHECK(c.before.value == Approx(1.0 / 38e6));
            CHECK(c.before.provenance.kind == ProvenanceKind::Default);
            CHECK(c.after.value == G.value);
        }
    REQUIRE(doc.calibration.is_array());
    REQUIRE(doc.calibration.size() == 1);
    CHECK(doc.calibration[0]["format"] == "clusterscope-calibration");

    // Revert (the Calibration dock's Revert: edit::clearValues): back to the default and its provenance.
    REQUIRE(edit::clearValues(doc, {"net.G"}).ok());
    CHECK(doc.design.value(Endpoint{"net", "G"}).value == Approx(1.0 / 38e6));
    CHECK(doc.design.value(Endpoint{"net", "G"}).provenance.kind == ProvenanceKind::Default);
    CHECK_THAT(edit::clearValues(doc, {"nope.G"}).message(), Contains("no block named 'nope'"));
    CHECK_THAT(edit::clearValues(doc, {"net.Q"}).message(), Contains("no input 'Q'"));
}

TEST_CASE("the calibrated document round-trips through the writer and reader", "[calib]")
{
    DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const CalibrationReport r = pingpongReport(doc);
    doc = applied(doc, r).doc;
    const std::string text = serializeDocument(doc);
    const DesignDocument back = parseDocument(text);
    for (const char* p : {"G", "L"}) {
        const ParamValue a = doc.design.value(Endpoint{"net", p});
        const ParamValue b = back.design.value(Endpoint{"net", p});
        CHECK(b.value == a.value);
        CHECK(b.provenance.kind == ProvenanceKind::Calibrated);
        CHECK(b.provenance.detail == a.provenance.detail);
        CHECK(b.provenance.ciLow == a.provenance.ciLow);
        CHECK(b.provenance.ciHigh == a.provenance.ciHigh);
        CHECK(b.provenance.time == a.provenance.time);
        CHECK(b.provenance.nodes == a.provenance.nodes);
    }
    REQUIRE(back.calibration.size() == 1);
    CHECK(back.calibration == doc.calibration);
    // And the report itself reads back whole, NaN-free fields included.
    const CalibrationReport r2 = reportFromJson(back.calibration[0]);
    REQUIRE(r2.params.size() == r.params.size());
    for (std::size_t i = 0; i < r.params.size(); ++i) {
        CHECK(r2.params[i].block == r.params[i].block);
        CHECK(r2.params[i].param == r.params[i].param);
        CHECK(r2.params[i].value == r.params[i].value);
        CHECK(r2.params[i].ciLow == r.params[i].ciLow);
        CHECK(r2.params[i].run == r.params[i].run);
        CHECK(r2.params[i].fit == r.params[i].fit);
    }
    REQUIRE(r2.fits.size() == r.fits.size());
    CHECK(r2.fits[0].result.values == r.fits[0].result.values);
    CHECK(r2.fits[0].heldOutX == r.fits[0].heldOutX);
    CHECK(r2.validation.size() == r.validation.size());
    CHECK(r2.heldOutMeanAbsRelError == Approx(r.heldOutMeanAbsRelError).margin(1e-12));
    CHECK(reportToJson(r2) == reportToJson(r));
}

TEST_CASE("a report with no held-out points writes null and reads NaN", "[calib]")
{
    CalibrationReport r;
    r.heldOutMeanAbsRelError = std::nan("");
    r.heldOutMaxAbsRelError = std::nan("");
    const json j = reportToJson(r);
    CHECK(j["held_out_mean_abs_rel_error"].is_null());
    CHECK(std::isnan(reportFromJson(j).heldOutMeanAbsRelError));
}

TEST_CASE("reportFromJson names a missing or mistyped field", "[calib]")
{
    DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    json j = reportToJson(pingpongReport(doc));
    json a = j;
    a["params"][0].erase("value");
    CHECK_THROWS_WITH(reportFromJson(a), Contains("calibration.params[0].value is missing"));
    json b = j;
    b["fits"][0]["values"][0] = "x";
    CHECK_THROWS_WITH(reportFromJson(b), Contains("calibration.fits[0].values[0] = \"x\" is not a number"));
    json c = j;
    c["format"] = "other";
    CHECK_THROWS_WITH(reportFromJson(c), Contains("calibration.format = \"other\" is not \"clusterscope-calibration\""));
}

TEST_CASE("applying skips wired inputs and missing blocks, saying why", "[calib]")
{
    DesignDocument doc = design(R"([{"name": "net", "type": "logp.loggp"}])");
    const CalibrationReport r = pingpongReport(doc);
    DesignDocument wired = parseDocument(R"({"format": "clusterscope-design", "version": 2,
        "blocks": [{"name": "src", "type": "logp.loggp"}, {"name": "net", "type": "logp.loggp"}],
        "wires": [{"from": "src.G_out", "to": "net.G"}]})");
    const Applied a = applied(wired, r);
    const auto& changes = a.changes;
    std::vector<std::string> skipped = a.skipped;
    REQUIRE(changes.size() == 1); // L only
    CHECK(changes[0].param == "L");
    REQUIRE(skipped.size() == 1);
    CHECK_THAT(skipped[0], Contains("net.G is wired from src.G_out"));

    DesignDocument other = design(R"([{"name": "x", "type": "logp.loggp"}])");
    const Applied none = applied(other, r);
    CHECK(none.changes.empty());
    skipped = none.skipped;
    CHECK_THAT(skipped[0], Contains("net.G: no block named 'net'"));
}
