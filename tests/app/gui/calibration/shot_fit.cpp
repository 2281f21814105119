// Screenshots of the Fit program page and the fitted curve with the measured points, to look at (not a check of
// pixels):
//   CS_FIT_DESIGN=FILE cs_gui_tests "[g-fit-shot]"   (writes PNGs to $CS_SHOT_DIR or /tmp/gfit)
// FILE is a design with a formula block and runs of its program in measured, by default
// docs/screenshots/jacobi-fitted.json (the Jacobi example measured with run-app at P = 1, 2, 4, 8 on the
// namespace cluster and fitted with P = 8 held out: CS_YOURAPP_OUT of YourAppE2ETest). The page fits it again,
// holding out P = 8, off the GUI thread.
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/FitSection.h"
#include "app/gui/calibration/VerifySection.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("screenshots of the Fit program page and the fitted curve", "[.][g-fit-shot]")
{
    const QString dir = qEnvironmentVariableIsEmpty("CS_SHOT_DIR") ? QStringLiteral("/tmp/gfit")
                                                                    : qEnvironmentVariable("CS_SHOT_DIR");
    QDir().mkpath(dir);
    const QString file = qEnvironmentVariableIsEmpty("CS_FIT_DESIGN")
                             ? QString(CS_SOURCE_DIR) + "/docs/screenshots/jacobi-fitted.json"
                             : qEnvironmentVariable("CS_FIT_DESIGN");
    QFile f(file);
    REQUIRE(f.open(QIODevice::ReadOnly));
    MainWindow w;
    w.resize(1280, 800);
    w.model()->setDocument(parseDocument(f.readAll().toStdString()), {});
    w.showDesign();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    auto* cal = w.calibrationPanel();
    SweepPanel* sweep = w.sweepPanel();
    for (const char* name : {"sweepDock", "calibrationDock"}) {
        auto* d = w.findChild<QDockWidget*>(name);
        REQUIRE(d);
        d->show();
        d->raise();
    }
    calibration::FitSection* fit = cal->fitSection();
    for (int i = 0; i < cal->tabs()->count(); ++i)
        if (cal->tabs()->tabText(i) == "Program")
            cal->tabs()->setCurrentIndex(i);
    fit->holdOutEdit()->setText("P = 8");
    QSignalSpy done(fit, &calibration::FitSection::finished);
    fit->fitButton()->click();
    REQUIRE(done.wait(60000));
    for (int i = 0; i < 300 && (sweep->isComputing() || !sweep->table() || cal->verify()->isComparing()); ++i)
        QTest::qWait(100);
    QTest::qWait(300);
    // The dock as tall as the window allows beside the inspector, so the page's tables show their rows.
    if (auto* d = w.findChild<QDockWidget*>("calibrationDock"))
        w.resizeDocks({d}, {600}, Qt::Vertical);
    QTest::qWait(200);
    CHECK(w.grab().save(dir + "/fit_window.png"));
    // The dock on its own, floated to 720 x 640: the README's picture of the page.
    if (auto* d = w.findChild<QDockWidget*>("calibrationDock")) {
        d->setFloating(true);
        d->resize(720, 640);
        QTest::qWait(300);
    }
    CHECK(cal->grab().save(dir + "/fit_page.png"));
    // The sweep's chart (time against P: the design has no speedup reference): the fitted design's curve, its
    // band and the measured points (Verify's overlay).
    sweep->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    QApplication::processEvents();
    CHECK(sweep->exportPlotTo(dir + "/fit_chart.png", 1280, 520).isEmpty());
}
