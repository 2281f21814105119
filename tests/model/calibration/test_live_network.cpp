// Which inputs came from the live network (issue 31, "the headline use"): a calibration record stamps the
// design's network as applied, and once the drawing changes the calibrated inputs are named, with the network
// then and now; a new placement of the job, a reverted input or a record without a stamp say nothing.
#include "model/calibration/Calibration.h"
#include "model/calibration/LiveNetwork.h"
#include "model/document/DocumentEdits.h"
#include "model/topology/io/TopologyJson.h"
#include "model/core/Plan.h"
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
    nlohmann::json t = writeNetwork(doc.topology);
    t["job"] = {{"placement", "spread"}};
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
    CHECK(calib::changedNetworkNotes(doc).empty());

    // Twice the hosts: net.G is named, with the network then and now.
    t["params"]["n"] = 16;
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
    const std::vector<std::string> notes = calib::changedNetworkNotes(doc);
    REQUIRE(notes.size() == 1);
    CHECK_THAT(notes[0], Contains("net.G came from the live network"));
    CHECK_THAT(notes[0], Contains("calibrated at 2026-11-24T07:00:00Z on generator star (n = 8)"));
    CHECK_THAT(notes[0], Contains("now generator star (n = 16)"));

    // A drawn network is described by its counts.
    t = nlohmann::json::parse(R"({"vertices": [{"id": "s", "kind": "switch"}, {"id": "a", "kind": "host"},
        {"id": "b", "kind": "host"}], "edges": [{"from": "a", "to": "s", "bandwidth": "100 Mbit/s"},
        {"from": "b", "to": "s", "bandwidth": "100 Mbit/s"}]})");
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
    REQUIRE(calib::changedNetworkNotes(doc).size() == 1);
    CHECK_THAT(calib::changedNetworkNotes(doc)[0],
               Contains("now a drawn network of 2 hosts, 1 switch and 2 links at 100 Mbit/s"));

    // Calibrated on that drawing, then only its rate changed: the note tells the two apart.
    doc = calibrated(doc, reportOfG(8e-8));
    CHECK(calib::changedNetworkNotes(doc).empty());
    for (auto& e : t["edges"])
        e["bandwidth"] = "10 Mbit/s";
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
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
    REQUIRE(edit::setTopology(doc, readNetwork({{"generator", "star"}, {"params", {{"n", 16}}}})).ok());
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

namespace {

double evaluated(const DesignDocument& doc, const std::string& path)
{
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    REQUIRE(plan.run(slots.data(), nullptr));
    const int slot = plan.slotOf(path);
    REQUIRE(slot >= 0);
    return slots[static_cast<std::size_t>(slot)];
}

} // namespace

TEST_CASE("live network: with G_floor = scaled, calibrate records B_cal and G follows a faster or slower drawing",
          "[calibration][live]")
{
    // A star of 8 hosts on 100 Mbit/s links (12.5e6 B/s), LogGP scaled with B_net from xchg_bw and B_pair from
    // inj_bw, as scripts/netns-cluster.sh writes it. G = 83.7 ns/B measured on h0, h1.
    DesignDocument doc = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "topology": {"generator": "star", "params": {"n": 8, "bw": 12500000}},
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"G_floor": "scaled"}}],
      "wires": [{"from": "topology.xchg_bw", "to": "net.B_net"}, {"from": "topology.inj_bw", "to": "net.B_pair"}]})");
    calib::CalibrationReport r = reportOfG(83.7e-9);
    r.params[0].nodes = "h0,h1";
    const calib::CalibrationPlan plan = calib::planCalibration(doc, r);
    REQUIRE(plan.changes.size() == 2);
    CHECK(plan.changes[1].param == "B_cal");
    CHECK(plan.changes[1].after.value == Approx(12.5e6)); // what a host injected then: one 100 Mbit/s link
    doc = calib::withCalibration(doc, plan);
    // The same drawing: pairwise rounds on a star share no link, B_pair / B_net = 1, B_cal / B_pair = 1.
    CHECK(evaluated(doc, "net.G_out") == Approx(83.7e-9));
    // Redrawn at 50 Mbit/s (6.25e6 B/s): G x 12.5e6 / 6.25e6 = 167.4 ns/B; the prediction moves.
    nlohmann::json t = writeNetwork(doc.topology);
    t["params"]["bw"] = 6.25e6;
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
    CHECK(evaluated(doc, "net.G_out") == Approx(167.4e-9));
    // At 1 Gbit/s (125e6 B/s): 83.7 x 12.5 / 125 = 8.37 ns/B.
    t["params"]["bw"] = 125e6;
    REQUIRE(edit::setTopology(doc, readNetwork(t)).ok());
    CHECK(evaluated(doc, "net.G_out") == Approx(8.37e-9));

    // G_floor = network: nothing recorded (1/B_net is the drawing's own floor there).
    DesignDocument plain = starWithLogGP();
    CHECK(calib::planCalibration(plain, reportOfG(83.7e-9)).changes.size() == 1);
}
