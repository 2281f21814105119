// File > Open recording... (issue 44, "In the GUI"): a results file with
// recordings at P = 2, 4 and 8 and timed runs, opened in the Recording window
// over a design of two leaves of four hosts; the matrix, the iteration per
// rank, the prediction table (hand-derived at P = 2), an edit that moves it,
// and Cancel. The window is grabbed to /tmp/g-plots/recording.png to look at.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/recording/RecordingWindow.h"
#include "app/gui/recording/ReplayJob.h"
#include "tests/app/gui/recording/RecordingTestData.h"
#include "model/document/DocumentFormat.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>

#include <fstream>

using namespace cs;
using namespace cs::app;
using nlohmann::json;
using namespace cs::test::recording;

namespace {

// P = 2: ten round trips of 1001 B. P = 4 and 8: the ring of RecordingTestData.h.
std::string runsFile()
{
    json j = {{"format", "clusterscope-probe-results"},
              {"results", {appRun(2, 0.0004), appRun(4, 0.09), appRun(8, 0.1)}}};
    j["recordings"] = json::array(
        {{{"P", 2},
          {"program", "/usr/bin/halo"},
          {"ranks",
           {"csrec 1 0 2\nloop 10 2\nsend 1 1001 0 0\nrecv 1 1001 0 0\nend\n",
            "csrec 1 1 2\nloop 10 2\nrecv 0 1001 0 0\nsend 0 1001 0 0\nend\n"}}},
         {{"P", 4}, {"program", "/usr/bin/halo"}, {"ranks", ring(4, 0.01, 1000000)}},
         {{"P", 8}, {"program", "/usr/bin/halo"}, {"ranks", ring(8, 0.006, 500000)}}});
    const std::string path = QDir::temp().filePath("cs_recording_window_runs.json").toStdString();
    std::ofstream(path) << j.dump();
    return path;
}

const rec::Prediction* row(const RecordingWindow& w, int P)
{
    for (const rec::Prediction& p : w.result()->rows)
        if (p.P == P)
            return &p;
    return nullptr;
}

} // namespace

TEST_CASE("Open recording: the matrix, one iteration per rank, and the replay beside the measured runs",
          "[gui][recording]")
{
    MainWindow main;
    main.model()->setDocument(documentFromJson(twoLeaves()), {});
    main.showDesign();
    // File > Open recording... is where a user finds it.
    QAction* action = main.findChild<QAction*>("openRecordingAction");
    REQUIRE(action);
    CHECK(main.menuBar()->actions().first()->menu()->actions().contains(action));

    RecordingWindow* w = main.openRecording(QString::fromStdString(runsFile()));
    REQUIRE(w);
    CHECK(w->isVisible());
    CHECK(w->cancelButton()->isVisible()); // replaying, off the GUI thread
    CHECK(w->progressBar()->isVisible());
    QSignalSpy replayed(w, &RecordingWindow::replayed);
    REQUIRE(replayed.wait(20000));
    CHECK_FALSE(w->cancelButton()->isVisible());
    CHECK(w->replayButton()->isEnabled());
    INFO(w->statusText().toStdString());

    // The table: one row a recorded P. P = 2 on h0 and h1 (one leaf): each
    // message's G is the link's 8 ns/B, a round trip 2 (5 + 2 + 3 + 1000 x
    // 0.008) us = 36 us, ten of them 360 us; measured 400 us: -10%.
    QTableWidget* table = w->table();
    REQUIRE(table->rowCount() == 3);
    CHECK(table->item(0, 0)->text() == "2");
    CHECK(table->item(0, 3)->text() == "-10.0%");
    REQUIRE(row(*w, 2));
    CHECK(row(*w, 2)->predicted == Approx(360e-6));
    CHECK(row(*w, 8)->predicted > 5 * 0.006 * 1.7); // the slowest rank's compute, and more
    CHECK(w->statusText().contains("LogGP from net"));
    // These recordings hold no barrier: the whole run is what was priced, and the window says so.
    CHECK(w->statusText().contains("predicted: the whole run (fewer than two barriers of all ranks were recorded)"));

    // The matrix of the chosen recording (P = 8 first): 5 x 500 kB to each ring neighbour.
    CHECK(w->recordingBox()->count() == 3);
    CHECK(w->recordingBox()->currentText() == "P = 8");
    auto* map = qobject_cast<QCPColorMap*>(w->matrixPlot()->plottable(0));
    REQUIRE(map);
    CHECK(map->data()->keySize() == 8);
    CHECK(map->data()->cell(1, 0) == Approx(2.5e6)); // rank 0 to rank 1
    CHECK(map->data()->cell(7, 0) == Approx(2.5e6)); // rank 0 to rank 7, across the ring
    CHECK(map->data()->cell(2, 0) == 0);
    // One iteration per rank: rank 3's compute 0.006 x 1.3 s = 7.8 ms, and communication beside it.
    QCustomPlot* iter = w->iterationPlot();
    REQUIRE(iter->plottableCount() == 2);
    auto* compute = qobject_cast<QCPBars*>(iter->plottable(0));
    auto* comm = qobject_cast<QCPBars*>(iter->plottable(1));
    REQUIRE(compute->data()->size() == 8);
    CHECK(compute->data()->at(3)->value == Approx(7.8));
    CHECK(comm->data()->at(3)->value > 0);
    CHECK(comm->name() == "communication (replayed)");
    // The user picks P = 2: its matrix is 2 x 2.
    w->recordingBox()->setCurrentIndex(0);
    CHECK(map->data()->keySize() == 2);
    CHECK(map->data()->cell(1, 0) == Approx(10010));
    w->recordingBox()->setCurrentIndex(2);

    QDir().mkpath("/tmp/g-plots");
    w->resize(1200, 760);
    QTest::qWait(50);
    w->grab().save("/tmp/g-plots/recording.png");

    SECTION("an edit of the design replays it: G = 10 ns/B, a round trip 40 us")
    {
        REQUIRE(main.model()->setValue({"net", "G"}, 1e-8).isEmpty());
        REQUIRE(replayed.wait(20000));
        CHECK(row(*w, 2)->predicted == Approx(400e-6));
    }
    SECTION("Cancel stops the replay and keeps the last table")
    {
        QTest::mouseClick(w->replayButton(), Qt::LeftButton);
        CHECK(w->cancelButton()->isVisible());
        QSignalSpy cancelled(w->job(), &BackgroundJob::cancelled);
        QTest::mouseClick(w->cancelButton(), Qt::LeftButton);
        REQUIRE((cancelled.count() > 0 || cancelled.wait(20000)));
        CHECK_FALSE(w->cancelButton()->isVisible());
        CHECK(w->statusText().contains("cancelled"));
        CHECK(table->rowCount() == 3);
    }
}

TEST_CASE("Open recording: a file that is not one is told, not shown", "[gui][recording]")
{
    MainWindow main;
    main.model()->setDocument(documentFromJson(twoLeaves()), {});
    const QString notJson = QDir::temp().filePath("cs_recording_window_bad.json");
    std::ofstream(notJson.toStdString()) << "{\"recordings\": [{\"P\": 2, \"ranks\": [\"csrec 1 0 2\\nsend 5 8 0 0\\nend\\n\", "
                                            "\"csrec 1 1 2\\nend\\n\"]}]}";
    RecordingWindow* w = main.openRecording(notJson);
    CHECK(w->statusText().contains("line 2"));
    CHECK(w->table()->rowCount() == 0);
    CHECK_FALSE(w->cancelButton()->isVisible());
    std::ofstream(notJson.toStdString()) << "{\"results\": []}";
    CHECK(w->openResults(notJson).contains("holds no recordings"));
    CHECK(w->openResults("/nonexistent/runs.json").contains("/nonexistent/runs.json"));
}
