// The screenshot of the Recording window for docs/screenshots/recording.png, to look at (not a check of
// pixels):  cs_gui_tests "[g-recording-shot]"   (writes recording.png to $CS_SHOT_DIR or /tmp/grecording)
// A ring halo exchange (the test data of RecordingTestData.h: 16 ms of compute shared by the ranks, 10% more
// on each rank than the one before, 100 kB to each neighbour) recorded at P = 3, 4 and 8 and timed at P = 3 to
// 8 (the times are made up, 5 runs each with a CI), replayed on two leaves of four hosts with Simulate on
// SimGrid ticked: P = 5, 6 and 7 are synthesised.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/recording/RecordingWindow.h"
#include "model/document/DocumentFormat.h"
#include "tests/app/gui/recording/OpenReplayed.h"
#include "tests/app/gui/recording/RecordingTestData.h"

#include <QCheckBox>
#include <QDir>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>

#include <fstream>

using namespace cs;
using namespace cs::app;
using namespace cs::test::recording;

TEST_CASE("screenshot of the Recording window with the time-against-P chart", "[.][g-recording-shot]")
{
    const QString dir = qEnvironmentVariableIsEmpty("CS_SHOT_DIR") ? QStringLiteral("/tmp/grecording")
                                                                    : qEnvironmentVariable("CS_SHOT_DIR");
    QDir().mkpath(dir);
    json j = {{"format", "clusterscope-probe-results"}, {"results", json::array()}};
    const double median[] = {0.0431, 0.0355, 0.0318, 0.0296, 0.0281, 0.0262}; // P = 3 .. 8
    for (int P = 3; P <= 8; ++P) {
        const double m = median[P - 3];
        j["results"].push_back(appRun(P, m, 5, m * 0.95, m * 1.07));
    }
    j["recordings"] = json::array();
    for (int P : {3, 4, 8})
        j["recordings"].push_back({{"P", P}, {"program", "halo"}, {"ranks", ring(P, 0.016 / P, 100000)}});
    const std::string path = QDir::temp().filePath("cs_recording_shot_runs.json").toStdString();
    std::ofstream(path) << j.dump();

    MainWindow main;
    RecordingWindow* w = openReplayed(main, path);
    REQUIRE(w);
    QSignalSpy replayed(w, &RecordingWindow::replayed);
    w->simulateBox()->setChecked(true);
    REQUIRE(replayed.wait(120000));
    w->resize(1280, 800);
    REQUIRE(QTest::qWaitForWindowExposed(w));
    QTest::qWait(300);
    CHECK(w->grab().save(dir + "/recording.png"));
    CHECK(w->exportChartTo(dir + "/recording-chart.png", 900, 560).isEmpty());
}
