// Which inputs came from the live network (issue 31, "the headline use"): a calibration record stamps the
// design's network as applied, and once the drawing changes the calibrated inputs are named, with the network
// then and now; a new placement of the job, a reverted input or a record without a stamp say nothing.
#include "model/calibration/Calibration.h"
#include "model/calibration/LiveNetwork.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>

using namespace cs;
using Catch::Contains;

namespace {

DesignDocument starWithLogGP()
{
    return parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "topology": {"generator": "star", "params": {"n": 8}},
      "blocks": [{"name": "net", "type": "logp.loggp"}]})");
}

calib::CalibrationReport reportOfG(double G)
{
    calib::CalibrationReport r;
    calib::CalibratedParam p;
    p.block = "net";
    p.param = "G";
    p.value = G;
    p.ciLow = 0.9 * G;
    p.ciHigh = 1.1 * G;
    p.unit = "s/B";
    p.probe = "net.pingpong";
    r.params.push_back(p);
    r.time = "2026-11-24T07:00:00Z";
    return r;
}

// The report applied through the editing layer, as calibrate -o applies it.
DesignDocument calibrated(const DesignDocument& doc, const calib::CalibrationReport& r)
{
    return calib::withCalibration(doc, calib::planCalibration(doc, r));
}

} // namespace

TEST_CASE("live network: calibrated inputs are named once the drawing changes, not before", "[calibration][live]")
{
    DesignDocument doc = starWithLogGP();
    REQUIRE(calib::planCalibration(doc, reportOfG(8e-9)).changes.size() == 1);
    doc = calibrated(doc, reportOfG(8e-9));
    const nlohmann::json& stamp = doc.calibration.back()["network"];
    CHECK(stamp["signature"].get<std::string>().size() == 16);
    CHECK(stamp["description"] == "generator star (n = 8)");
    CHECK(calib::changedNetworkNotes(doc).empty());

    // Placing the job differently is not another network.
    nlohmann::json t = doc.topology;
    t["job"] = {{"placement", "spread"}};
    REQUIRE(edit::setTopology(doc, t).ok());
    CHECK(calib::changedNetworkNotes(doc).empty());

    // Twice the hosts: net.G is named, with the network then and now.
    t["params"]["n"] = 16;
    REQUIRE(edit::setTopology(doc, t).ok());
    const std::vector<std::string> notes = calib::changedNetworkNotes(doc);
    REQUIRE(notes.size() == 1);
    CHECK_THAT(notes[0], Contains("net.G came from the live network"));
    CHECK_THAT(notes[0], Contains("calibrated at 2026-11-24T07:00:00Z on generator star (n = 8)"));
    CHECK_THAT(notes[0], Contains("now generator star (n = 16)"));

    // A drawn network is described by its counts.
    t = nlohmann::json::parse(R"({"vertices": [{"id": "s", "kind": "switch"}, {"id": "a", "kind": "host"},
        {"id": "b", "kind": "host"}], "edges": [{"from": "a", "to": "s", "bandwidth": "100 Mbit/s"},
        {"from": "b", "to": "s", "bandwidth": "100 Mbit/s"}]})");
    REQUIRE(edit::setTopology(doc, t).ok());
    REQUIRE(calib::changedNetworkNotes(doc).size() == 1);
    CHECK_THAT(calib::changedNetworkNotes(doc)[0],
               Contains("now a drawn network of 2 hosts, 1 switch and 2 links at 100 Mbit/s"));

    // Calibrated on that drawing, then only its rate changed: the note tells the two apart.
    doc = calibrated(doc, reportOfG(8e-8));
    CHECK(calib::changedNetworkNotes(doc).empty());
    for (auto& e : t["edges"])
        e["bandwidth"] = "10 Mbit/s";
    REQUIRE(edit::setTopology(doc, t).ok());
    REQUIRE(calib::changedNetworkNotes(doc).size() == 1);
    CHECK_THAT(calib::changedNetworkNotes(doc)[0], Contains("2 links at 100 Mbit/s, and the design's network"));
    CHECK_THAT(calib::changedNetworkNotes(doc)[0], Contains("now a drawn network of 2 hosts, 1 switch and 2 links at "
                                                            "10 Mbit/s"));

    // Back to its default, net.G no longer claims the live network.
    REQUIRE(edit::clearValues(doc, {"net.G"}).ok());
    CHECK(calib::changedNetworkNotes(doc).empty());
}

TEST_CASE("live network: a record without a stamp, and a design without a network, say nothing", "[calibration][live]")
{
    DesignDocument doc = starWithLogGP();
    doc = calibrated(doc, reportOfG(8e-9));
    doc.calibration.back().erase("network"); // a record from before stamps
    REQUIRE(edit::setTopology(doc, {{"generator", "star"}, {"params", {{"n", 16}}}}).ok());
    CHECK(calib::changedNetworkNotes(doc).empty());

    DesignDocument bare = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "net", "type": "logp.loggp"}]})");
    bare = calibrated(bare, reportOfG(8e-9));
    CHECK_FALSE(bare.calibration.back().contains("network"));
    CHECK(calib::changedNetworkNotes(bare).empty());
    // The stamp is read back as a calibration record member, with no warning.
    DesignDocument stamped = starWithLogGP();
    stamped = calibrated(stamped, reportOfG(8e-9));
    const DesignDocument again = parseDocument(serializeDocument(stamped));
    CHECK(again.warnings.empty());
    CHECK(again.calibration.back()["network"] == stamped.calibration.back()["network"]);
}
