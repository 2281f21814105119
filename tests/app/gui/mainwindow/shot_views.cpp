// Screenshots of views at the 1280x800 window the README's are taken at, to
// be looked at: the fat-tree's speedup and Pareto charts (their legends), the
// Calibration dock and the Probes dock (their tables, not clipped), the
// metrics dock. Hidden:
//   cs_gui_tests "[shot-views]"   (writes PNGs to $CS_SHOT_DIR or /tmp/shot-views)
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QDir>
#include <QDockWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

QDockWidget* dock(MainWindow& w, const char* name)
{
    return w.findChild<QDockWidget*>(name);
}

} // namespace

TEST_CASE("views at 1280x800, grabbed to be looked at", "[.][shot-views]")
{
    const QString dir = qEnvironmentVariableIsEmpty("CS_SHOT_DIR") ? QStringLiteral("/tmp/shot-views")
                                                                    : qEnvironmentVariable("CS_SHOT_DIR");
    QDir().mkpath(dir);
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.resetLayout();
    QSignalSpy updated(w.sweepPanel(), &SweepPanel::plotsUpdated);
    REQUIRE(w.openPreset("inic-fattree"));
    w.showTab(0);
    REQUIRE((updated.count() > 0 || updated.wait(30000)));
    QTest::qWait(300);
    CHECK(w.grab().save(dir + "/fattree_window.png"));
    QTabWidget* charts = w.sweepPanel()->tabs();
    for (int i = 0; i < charts->count(); ++i) {
        charts->setCurrentIndex(i);
        QTest::qWait(200);
        CHECK(w.sweepPanel()->grab().save(dir + QString("/fattree_chart%1.png").arg(i)));
    }
    charts->setCurrentIndex(0);
    for (const char* name : {"calibrationDock", "probesDock", "nodesDock", "metricsDock"})
        if (QDockWidget* d = dock(w, name)) {
            d->show();
            d->raise();
            QTest::qWait(200);
            CHECK(w.grab().save(dir + "/window_" + name + ".png"));
        }
    // The Calibration dock's Verify page (its node list and table) and the Probes dock with a result selected.
    if (QDockWidget* d = dock(w, "calibrationDock")) {
        d->show();
        d->raise();
        for (QTabWidget* t : d->findChildren<QTabWidget*>())
            for (int i = 0; i < t->count(); ++i)
                if (t->tabText(i) == "Verify")
                    t->setCurrentIndex(i);
        QTest::qWait(200);
        CHECK(w.grab().save(dir + "/window_verify.png"));
    }
}
