// Issue 48, defect 2, in the GUI: the jacobi preset (8 hosts) with P swept to 16 put the metrics dock's
// "Job at P = 15" on "Placed on: 8 hosts", where the model now refuses a P above the host count. The dock says
// the refusal's words instead, as the user moves the speedup chart's cursor to P = 16.
#include "../mainwindow/WindowAt1280.h"
#include "../sweep/SweepTestSupport.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/topology/JobFiguresBox.h"
#include "app/gui/topology/MetricsPanel.h"

#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("the metrics dock refuses the job at P = 16 on jacobi's 8 hosts with the model's reason (issue 48, "
          "defect 2)",
          "[gui][placement][topology]")
{
    MainWindow w;
    SweepPanel* panel = test::openPresetCharted(w, "jacobi");

    // P's values typed as the user did: 1 to 16 on a network of 8 hosts.
    REQUIRE(panel->axesEditor()->pathEdit(0)->currentText() == "P");
    test::typeSweepSpec(*panel, 0, "1:16");
    panel->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    QCoreApplication::processEvents();
    test::moveCursorTo(*panel, 16);
    REQUIRE(panel->cursorPath() == "P");
    CHECK(panel->cursorValue() == 16);

    JobFiguresBox* job = w.metricsPanel()->jobFigures();
    for (int i = 0; i < 400 && (job->isComputing() || job->status().startsWith("computing")); ++i)
        QTest::qWait(25);
    QTest::qWait(100);
    QDir().mkpath("/tmp/cs-gui-shots");
    w.grab().save("/tmp/cs-gui-shots/job_above_hosts_window.png");
    w.metricsPanel()->grab().save("/tmp/cs-gui-shots/job_above_hosts_metrics.png");
    INFO("title: " << job->title().toStdString() << "; placed on: " << job->value("hosts").toStdString()
                   << "; status: " << job->status().toStdString());
    CHECK(job->isVisible());
    CHECK(job->title() == "Job at P = 16");
    CHECK(job->status().contains("P = 16 exceeds topology.hosts = 8"));
    CHECK_FALSE(job->value("hosts").contains("8 hosts"));
    CHECK(job->hosts().isEmpty());
}
