// File > New and Open give the Calibration and Probes docks a clean state
// (issue 15, defect 6): nothing of the previous document's fit, status or
// progress stays on show.
#include "../calibration/CalibrationTestSupport.h"
#include "../../../model/calibration/CalibTestData.h"

#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/runner/ProbeSession.h"

#include <QProgressBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("New clears the Calibration and Probes docks", "[gui][docks]")
{
    MainWindow w;
    DesignDocument doc = test::loggpDesign();
    // One-way time 10 us + k / 100 MB/s: any fit of G will do, the test is
    // about what the dock shows afterwards.
    doc.measured = nlohmann::json::array(
        {calibtest::pingpong({1024, 4096, 16384, 65536}, [](double k) { return 10e-6 + k / 100e6; })});
    w.model()->setDocument(doc, {});

    calibration::CalibrationPanel* cal = w.calibrationPanel();
    QSignalSpy fitted(cal, &calibration::CalibrationPanel::calibrated);
    cal->calibrate();
    REQUIRE((!fitted.isEmpty() || fitted.wait(30000)));
    REQUIRE(cal->report().has_value());
    REQUIRE(cal->paramTable()->rowCount() > 0);
    INFO(cal->statusText().toStdString());
    REQUIRE(cal->statusText().startsWith("Fitted"));

    // The Probes dock mid-run, as its session reports progress.
    ProbeRunPanel* probes = w.probePanel();
    emit probes->session()->progress(0.7, "job 3 of 4: net.pingpong on a, b");
    REQUIRE(probes->progressBar()->value() == 700);
    REQUIRE_FALSE(probes->statusText().isEmpty());

    w.model()->newDocument();
    CHECK_FALSE(cal->report().has_value());
    CHECK(cal->paramTable()->rowCount() == 0);
    CHECK(cal->statusText().isEmpty());
    CHECK(cal->summaryText().startsWith("Measure, then Calibrate"));
    CHECK(cal->tabs()->currentIndex() == 0);
    CHECK(probes->progressBar()->value() == 0);
    CHECK(probes->statusText().isEmpty());
}
