// The sweep panel's banner names a block input that counts other ranks than the job's P, with both numbers
// (issue 45: a rank count set apart from the job's is never silent), and says nothing once it is wired; the
// main window's status line names it when the file is opened.
#include "../../../model/document/UnwiredFftDesign.h"

#include "SweepTestSupport.h"
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"
#include "model/document/EditOps.h"

#include <QFile>
#include <QLabel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("the sweep banner names fft.P = 8 beside the job's P, and is hidden once P is wired into it",
          "[gui][sweep][rankcounts]")
{
    nlohmann::json j = cs::test::unwiredFftDesign();
    j["sweep"] = {{"axes", {{{"path", "P"}, {"values", "8,4,2"}}}}};
    DocumentModel model;
    model.setDocument(parseDocument(j.dump()), {});
    SweepPanel panel(&model);
    test::showCharts(panel, 1000, 600);
    QLabel* banner = panel.failuresBanner();
    REQUIRE(banner);
    CHECK(banner->isVisible());
    // At P = 8 the two agree; the first point they do not is P = 4.
    CHECK(banner->text().toStdString() ==
          "warning: fft.P = 8 counts other ranks than the job's P = 4 (at P = 4): fft is priced for 8 ranks while "
          "the job runs 4; wire P into fft.P so that it follows the job");
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(model.apply("Wire P", edit::op::wire(Source::designParam("P"), Endpoint{"fft", "P"})).isEmpty());
    REQUIRE(updated.wait(20000));
    QCoreApplication::processEvents();
    CHECK(!banner->isVisible());
}

TEST_CASE("a design whose fft.P is set apart from the job's is opened with both numbers in the status line",
          "[gui][rankcounts]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("unwired.json");
    nlohmann::json j = cs::test::unwiredFftDesign(); // fft.P = 8, set in the file and not wired
    j["sweep"] = {{"axes", {{{"path", "P"}, {"values", "8,4,2"}}}}};
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(j.dump()));
    }
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(w.openFile(path));
    // At the document's values P follows the 8 hosts and agrees; along its sweep's axis, P = 4 does not.
    CHECK(w.statusBar()->currentMessage().toStdString() ==
          "fft.P = 8 counts other ranks than the job's P = 4 (at P = 4): fft is priced for 8 ranks while the job runs "
          "4; wire P into fft.P so that it follows the job");
    // The file as issue 45 wrote it, fft.P neither set nor wired, follows the job when opened: nothing to tell.
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        nlohmann::json leftOut = cs::test::unwiredFftDesign(false, true);
        leftOut["sweep"] = j["sweep"];
        f.write(QByteArray::fromStdString(leftOut.dump()));
    }
    REQUIRE(w.openFile(path));
    CHECK(w.statusBar()->currentMessage().isEmpty());
}
