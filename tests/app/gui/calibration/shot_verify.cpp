// Screenshots of the Verify page and the measured application points, to look at (not a check of pixels):
//   CS_VERIFY_DESIGN=FILE cs_gui_tests "[g-verify-shot]"   (writes PNGs to $CS_SHOT_DIR or /tmp/gverify)
// FILE is a design that holds application runs in its measured results, by default
// docs/screenshots/verify-calibrated.json (calibrated and verified on 8 shaped namespaces; see
// scripts/screenshots.sh). Nothing runs: the page and the charts show the stored runs.
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/VerifySection.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/topology/JobFiguresBox.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologyEditor.h"
#include "model/document/DocumentFormat.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QTabWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("screenshots of the Verify page and the measured application points", "[.][g-verify-shot]")
{
    const QString dir = qEnvironmentVariableIsEmpty("CS_SHOT_DIR") ? QStringLiteral("/tmp/gverify")
                                                                    : qEnvironmentVariable("CS_SHOT_DIR");
    QDir().mkpath(dir);
    const QString file = qEnvironmentVariableIsEmpty("CS_VERIFY_DESIGN")
                             ? QString(CS_SOURCE_DIR) + "/docs/screenshots/verify-calibrated.json"
                             : qEnvironmentVariable("CS_VERIFY_DESIGN");
    QFile f(file);
    REQUIRE(f.open(QIODevice::ReadOnly));
    MainWindow w;
    w.resize(1280, 800); // the size the README's screenshots are taken at
    w.model()->setDocument(parseDocument(f.readAll().toStdString()), {});
    w.showDesign();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    auto* cal = w.calibrationPanel();
    SweepPanel* sweep = w.sweepPanel();
    for (int i = 0; i < 300 && (sweep->isComputing() || !sweep->table() || cal->verify()->isComparing()); ++i)
        QTest::qWait(100);
    QTest::qWait(300);
    REQUIRE(cal->verify()->report().has_value());

    for (const char* name : {"sweepDock", "calibrationDock"}) {
        auto* d = w.findChild<QDockWidget*>(name);
        REQUIRE(d);
        d->show();
        d->raise();
    }
    cal->tabs()->setCurrentIndex(cal->tabs()->count() - 1); // Verify
    QApplication::processEvents();
    CHECK(cal->grab().save(dir + "/verify_page.png"));
    sweep->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    QApplication::processEvents();
    CHECK(sweep->grab().save(dir + "/verify_speedup.png"));
    sweep->tabs()->setCurrentIndex(SweepPanel::BreakdownChart);
    QApplication::processEvents();
    CHECK(sweep->grab().save(dir + "/verify_breakdown.png"));
    sweep->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    QApplication::processEvents();
    CHECK(w.grab().save(dir + "/mainwindow.png"));
    // The two charts alone, side by side, 1280 x 500: the README's picture.
    CHECK(sweep->exportPlotTo(dir + "/chart_speedup.png", 1280, 520).isEmpty());
    sweep->tabs()->setCurrentIndex(SweepPanel::BreakdownChart);
    QApplication::processEvents();
    CHECK(sweep->exportPlotTo(dir + "/chart_breakdown.png", 1280, 520).isEmpty());

    // On a drawn network: the job at the cursor (P = 4 where the sweep has it), its hosts ringed in the
    // drawing and its figures in the metrics dock, beside the predicted and measured speedup.
    if (w.model()->doc().design.topology()) {
        sweep->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
        w.showTab(0);
        if (auto* m = w.findChild<QDockWidget*>("metricsDock")) {
            m->show();
            m->raise();
        }
        sweep->setCursorValue(4);
        JobFiguresBox* job = w.metricsPanel()->jobFigures();
        for (int i = 0; i < 300 && (job->isComputing() || job->hosts().isEmpty()); ++i)
            QTest::qWait(50);
        w.topologyEditor()->zoomToFit();
        QTest::qWait(300);
        CHECK(w.grab().save(dir + "/job_window.png"));
    }
}
