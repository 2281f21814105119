// Issue 48, minor: the metrics dock's "Job at P = 4" read "Latency 4.46667 us", six digits where the dock's
// other figures have four, through no formatter of the program's (formatQuantity's "%.6g" in a fixed us).
//
// The network: two pods of two leaves of two hosts (h0 h1 | h2 h3 || h4 h5 | h6 h7), every link 1 us, switches
// 0 us. P = 4 packed is on h0..h3. Each of them has, over the ordered pairs, one partner on its leaf
// (host-leaf-host: 2 links, 2 us) and two on the other leaf of its pod (host-leaf-pod-leaf-host: 4 links, 4 us):
// the mean is (2 + 4 + 4) / 3 = 10/3 us = 3.333 us to four digits, the worst 4 us.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/topology/JobFiguresBox.h"
#include "app/gui/topology/MetricsPanel.h"
#include "model/document/DocumentFormat.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"
#include "tests/app/gui/sweep/SweepTestSupport.h"

#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

json treeWithLatency()
{
    const double b = 1e6, lat = 1e-6;
    json v = json::array({{{"id", "core"}, {"kind", "switch"}}}), e = json::array();
    for (int p = 0; p < 2; ++p) {
        v.push_back({{"id", "pod" + std::to_string(p)}, {"kind", "switch"}});
        e.push_back({{"from", "pod" + std::to_string(p)}, {"to", "core"}, {"bandwidth", b}, {"latency", lat}});
    }
    for (int l = 0; l < 4; ++l) {
        v.push_back({{"id", "leaf" + std::to_string(l)}, {"kind", "switch"}});
        e.push_back({{"from", "leaf" + std::to_string(l)}, {"to", "pod" + std::to_string(l / 2)}, {"bandwidth", b},
                     {"latency", lat}});
    }
    for (int i = 0; i < 8; ++i) {
        v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        e.push_back({{"from", "h" + std::to_string(i)}, {"to", "leaf" + std::to_string(i / 2)}, {"bandwidth", b},
                     {"latency", lat}});
    }
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "job latency"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"value", 8}, {"min", 1}, {"max", 64},
                             {"follows", "topology.hosts"}}}},
            {"topology", {{"vertices", v}, {"edges", e}}},
            {"blocks", {{{"name", "net"}, {"type", "logp.loggp"}, {"values", json::object()}}}},
            {"wires", {{{"from", "P"}, {"to", "net.P"}}, {{"from", "topology.xchg_bw"}, {"to", "net.B_net"}}}},
            {"variants", {{{"name", "net"}, {"total", "net.T_alltoall"}}}},
            {"sweep", {{"axes", {{{"path", "P"}, {"values", "1,2,4,8"}}}}}}};
}

} // namespace

TEST_CASE("the job's latency in the metrics dock has four digits, as its other figures (issue 48, minor)",
          "[gui][topology][placement][units]")
{
    MainWindow w;
    cs::test::showAt1280x800(w);
    SweepPanel* sweep = w.sweepPanel();
    QSignalSpy updated(sweep, &SweepPanel::plotsUpdated);
    w.model()->setDocument(documentFromJson(treeWithLatency()), {});
    w.showDesign();
    w.showTab(0);
    REQUIRE((updated.count() > 0 || updated.wait(30000)));
    sweep->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    QTest::qWait(100);

    // The mouse over the speedup chart at P = 4, as the user points at it.
    cs::test::moveCursorTo(*sweep, 4.0);
    REQUIRE(sweep->cursorValue() == 4);
    JobFiguresBox* job = w.metricsPanel()->jobFigures();
    for (int i = 0; i < 400 && (job->hosts().isEmpty() || job->isComputing()); ++i)
        QTest::qWait(25);
    REQUIRE(job->hosts() == QStringList{"h0", "h1", "h2", "h3"});
    INFO("Latency (mean / worst): " << job->value("L").toStdString());
    CHECK(job->value("L") == "3.333 us / 4 us"); // was "3.33333 us / 4 us"
}
