// Screenshots of the measurement panels, to look at (not a check of pixels):
//   cs_gui_tests "[g-calib-shot]"   (writes PNGs to $CS_SHOT_DIR or /tmp/gcal)
// Runs real local probes (short settings), calibrates and applies, then
// grabs the Nodes, Probes and Calibration docks, the sweep chart with the
// measured series and the uncertainty band, and the whole main window.
#include "CalibrationTestSupport.h"

#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/MeasureSection.h"
#include "app/gui/calibration/SweepOverlay.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/runner/NodeListEditor.h"
#include "app/gui/runner/NodePicker.h"
#include "app/gui/runner/NodeTableModel.h"
#include "app/gui/runner/ResultsTable.h"
#include "app/gui/runner/ProbeParamTable.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

QString shotDir()
{
    const QString dir = qEnvironmentVariableIsEmpty("CS_SHOT_DIR") ? QStringLiteral("/tmp/gcal")
                                                                    : qEnvironmentVariable("CS_SHOT_DIR");
    QDir().mkpath(dir);
    return dir;
}

void raiseDock(MainWindow& w, const char* name)
{
    auto* d = w.findChild<QDockWidget*>(name);
    REQUIRE(d);
    d->show();
    d->raise();
    QApplication::processEvents();
}

} // namespace

TEST_CASE("screenshots of the Nodes, Probes and Calibration panels", "[.][g-calib-shot]")
{
    const QString dir = shotDir();
    MainWindow w;
    w.resize(1280, 800); // the size the README's screenshots are taken at
    w.model()->setDocument(test::loggpDesign("1024,4096,16384,65536,262144"), {});
    w.model()->apply("nodes", edit::op::setNodes(json::array(
                                  {{{"name", "a"}, {"transport", "local"}, {"cpus", {0}}},
                                   {{"name", "b"}, {"transport", "local"}, {"cpus", {1}}},
                                   {{"name", "far"}, {"transport", "ssh"}, {"user", "root"}, {"cpus", {0}}},
                                   {{"name", "world"}, {"transport", "mpi"}, {"ranks", 2}, {"cpus", {0, 1}}}})));
    w.showDesign();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));

    // Nodes: an incomplete ssh node is flagged; a refused edit shows its reason.
    raiseDock(w, "nodesDock");
    NodeListEditor* nodes = w.nodeEditor();
    nodes->tableModel()->setData(nodes->tableModel()->index(0, NodeTableModel::Port), "abc");
    QApplication::processEvents();
    CHECK(nodes->grab().save(dir + "/nodes.png"));
    nodes->allFieldsToggle()->setChecked(true);
    CHECK(nodes->grab().save(dir + "/nodes_all_fields.png"));
    nodes->allFieldsToggle()->setChecked(false);
    // Complete the ssh node's host so the list can run (the probe panels need it).
    nodes->tableModel()->setData(nodes->tableModel()->index(2, NodeTableModel::Host), "10.0.0.2");

    // Probes: a real ping-pong between a and b.
    raiseDock(w, "probesDock");
    ProbeRunPanel* probes = w.probePanel();
    REQUIRE(probes->selectProbe("net.pingpong"));
    probes->nodePicker()->setChecked("far", false);
    probes->nodePicker()->setChecked("world", false);
    probes->paramTable()->item(probes->paramTable()->rowOf("size_max"), 1)->setText("262144");
    probes->paramTable()->item(probes->paramTable()->rowOf("reps"), 1)->setText("30");
    probes->paramTable()->item(probes->paramTable()->rowOf("warmups"), 1)->setText("5");
    QSignalSpy ran(probes, &ProbeRunPanel::runFinished);
    QTest::mouseClick(probes->runButton(), Qt::LeftButton);
    QTest::qWait(300);
    CHECK(probes->grab().save(dir + "/probes_running.png"));
    if (ran.isEmpty())
        REQUIRE(ran.wait(120000));
    probes->resultsTable()->selectRow(0); // its raw samples in the plot beside the table
    QApplication::processEvents();
    CHECK(probes->grab().save(dir + "/probes.png"));

    // Calibration: measure net.loggp too, calibrate, apply.
    raiseDock(w, "calibrationDock");
    auto* cal = w.calibrationPanel();
    cal->measure()->nodePicker()->setChecked("far", false);
    cal->measure()->nodePicker()->setChecked("world", false);
    cal->measure()->setOverrides("net.pingpong",
                                 {{"size_max", 262144}, {"size_factor", 2}, {"reps", 30}, {"warmups", 5}});
    cal->measure()->setOverrides("net.loggp", {{"size_max", 4096}, {"size_step", 1024}, {"reps", 10}, {"warmups", 2}});
    QApplication::processEvents();
    CHECK(cal->grab().save(dir + "/calibration_measure.png"));
    QSignalSpy calibrated(cal, &calibration::CalibrationPanel::calibrated);
    QTest::mouseClick(cal->measure()->runButton(), Qt::LeftButton);
    if (calibrated.isEmpty())
        REQUIRE(calibrated.wait(180000));
    CHECK(cal->grab().save(dir + "/calibration_fitted.png"));
    cal->tabs()->setCurrentIndex(2);
    CHECK(cal->grab().save(dir + "/calibration_validation.png"));
    QTest::mouseClick(cal->applyButton(), Qt::LeftButton);

    // A CSV series too, over the same x axis.
    QFile csv(dir + "/measured.csv");
    REQUIRE(csv.open(QIODevice::WriteOnly));
    csv.write("x,y,series\n1024,2.0e-5,lab\n16384,3.5e-5,lab\n262144,2.2e-4,lab\n");
    csv.close();
    CHECK(cal->importCsvFrom(csv.fileName()).isEmpty());

    SweepPanel* sweep = w.sweepPanel();
    for (int i = 0; i < 300 && (sweep->isComputing() || cal->overlay()->isComputingBand() ||
                                !cal->overlay()->bandDrawn());
         ++i)
        QTest::qWait(100);
    cal->tabs()->setCurrentIndex(3);
    CHECK(cal->grab().save(dir + "/calibration_series.png"));
    raiseDock(w, "sweepDock");
    CHECK(sweep->grab().save(dir + "/sweep_measured_band.png"));
    sweep->logToggle()->setChecked(true);
    QApplication::processEvents();
    CHECK(sweep->grab().save(dir + "/sweep_measured_band_log.png"));
    w.selection()->select(Selection::Kind::Block, "net");
    QApplication::processEvents();
    CHECK(w.grab().save(dir + "/mainwindow.png"));
}
