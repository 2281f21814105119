// The Recording window's chart of time against P (issue 44, "analytic,
// simulated and measured are then compared in one chart"): a ring halo
// exchange recorded at P = 3, 4 and 8 and measured (5 runs each, with CIs) at
// P = 3, 4, 6 and 8, so P = 6 is synthesised. Simulate on SimGrid ticked
// replays every P on SimGrid too; the chart then has three series of four
// points, the measured one with error bars, P = 6 hollow; the table has the
// simulated column and sim/pred; the chart exports; a recording over the
// simulation limit is refused with its estimate.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/recording/RecordingWindow.h"
#include "app/gui/recording/ReplayJob.h"
#include "model/document/DocumentFormat.h"
#include "tests/app/gui/recording/OpenReplayed.h"
#include "tests/app/gui/recording/RecordingTestData.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <cmath>
#include <fstream>

using namespace cs;
using namespace cs::app;
using namespace cs::test::recording;

namespace {

// Strong scaling: 16 ms of compute shared by the P ranks, 100 kB to each ring neighbour, 5 iterations.
std::string scalingRuns()
{
    json j = {{"format", "clusterscope-probe-results"},
              {"results",
               {appRun(3, 0.036, 5, 0.034, 0.039), appRun(4, 0.029, 5, 0.0275, 0.031),
                appRun(6, 0.022, 5, 0.021, 0.024), appRun(8, 0.0195, 5, 0.0185, 0.021)}}};
    j["recordings"] = json::array();
    for (int P : {3, 4, 8})
        j["recordings"].push_back({{"P", P}, {"program", "/usr/bin/halo"}, {"ranks", ring(P, 0.016 / P, 100000, 0)}});
    const std::string path = QDir::temp().filePath("cs_recording_chart_runs.json").toStdString();
    std::ofstream(path) << j.dump();
    return path;
}

double at(const QCPGraph* g, double P)
{
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        if (it->key == P)
            return it->value;
    return NAN;
}

} // namespace

TEST_CASE("Recording chart: replayed, simulated on SimGrid and measured against P in one chart",
          "[gui][recording][sim]")
{
    MainWindow main;
    RecordingWindow* w = openReplayed(main, scalingRuns());
    REQUIRE(w);
    QSignalSpy replayed(w, &RecordingWindow::replayed);
    INFO(w->statusText().toStdString());
    QCustomPlot* plot = w->scalingPlot();

    // Off by default: the analytic replay and the runs, no simulated points.
    CHECK_FALSE(w->simulateBox()->isChecked());
    REQUIRE(plot->graphCount() == 3);
    CHECK(plot->graph(0)->data()->size() == 4);
    CHECK(plot->graph(1)->data()->isEmpty());
    CHECK(plot->graph(1)->name().contains("tick Simulate on SimGrid"));
    CHECK(w->table()->item(0, 4)->text() == "-");

    // Ticked: the replay runs again, on SimGrid too, off the GUI thread.
    w->simulateBox()->setChecked(true);
    CHECK(w->cancelButton()->isVisible());
    REQUIRE(replayed.wait(60000));
    INFO(w->statusText().toStdString());
    REQUIRE(w->result());
    CHECK(w->result()->errors.empty());
    REQUIRE(plot->graphCount() == 3);
    const QCPGraph* replayedGraph = plot->graph(0);
    const QCPGraph* simulated = plot->graph(1);
    const QCPGraph* measured = plot->graph(2);
    CHECK(replayedGraph->data()->size() == 4);
    CHECK(simulated->data()->size() == 4);
    CHECK(measured->data()->size() == 4);
    CHECK(replayedGraph->name().startsWith("replayed analytically"));
    CHECK(simulated->name().startsWith("simulated on SimGrid"));
    CHECK(measured->name().startsWith("measured (median of the runs, 95% CI)"));
    // P = 6 was not recorded: synthesised, hollow on both predicted series, and the legend says so.
    CHECK(replayedGraph->name().contains("hollow: P synthesised"));
    int hollow = 0;
    for (int i = 0; i < plot->itemCount(); ++i)
        hollow += plot->item(i)->objectName() == "synthesisedMarker" ? 1 : 0;
    CHECK(hollow == 2);
    // The runs' 95% CIs as error bars on the measured points (ms: the chart's unit).
    QCPErrorBars* bars = nullptr;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPErrorBars*>(plot->plottable(i)))
            bars = b;
    REQUIRE(bars);
    REQUIRE(bars->dataCount() == 4);
    CHECK(bars->data()->at(1).errorMinus == Approx(29.0 - 27.5));
    CHECK(bars->data()->at(1).errorPlus == Approx(31.0 - 29.0));
    CHECK(at(measured, 4) == Approx(29.0));

    // By hand, P = 4 packed on h0..h3 (one leaf): an iteration is 4 ms of compute; then each rank's two
    // 100 kB messages share its 1.25e8 B/s link (6.25e7 B/s each): 1.6 ms, plus o_s + L + o_r = 10 us and the
    // second send's gap of 2 us; then the allreduce of 8 B on 4 ranks, 2 recursive-doubling steps of
    // o_s + L + o_r = 10 us. About 5.632 ms an iteration, 28.16 ms for 5. P = 8 on both leaves: 2 ms of compute,
    // the ring's edges 3-4 and 7-0 put two flows each way on the uplink (the same 6.25e7 B/s share), and
    // 3 allreduce steps: 3.642 ms, 18.21 ms for 5.
    CHECK(at(replayedGraph, 4) == Approx(28.16).epsilon(0.005));
    CHECK(at(replayedGraph, 8) == Approx(18.21).epsilon(0.005));
    // SimGrid within 10% of the analytic replay at every P, the synthesised one included (issue 44's bound).
    for (double P : {3.0, 4.0, 6.0, 8.0}) {
        INFO("P = " << P << ": replayed " << at(replayedGraph, P) << " ms, simulated " << at(simulated, P) << " ms");
        CHECK(at(simulated, P) == Approx(at(replayedGraph, P)).epsilon(0.10));
    }

    // The table: the simulated column and sim/pred.
    QTableWidget* table = w->table();
    REQUIRE(table->rowCount() == 4);
    CHECK(table->horizontalHeaderItem(4)->text() == "simulated");
    CHECK(table->horizontalHeaderItem(5)->text() == "sim/pred");
    CHECK(table->item(1, 4)->text() != "-");
    CHECK(table->item(1, 5)->text().toDouble() == Approx(at(simulated, 4) / at(replayedGraph, 4)).epsilon(1e-3));
    CHECK(table->item(3, 6)->text() == "recorded");
    CHECK(table->item(2, 6)->text() == "synthesised from P = 8");

    // Exported like the other plots (PlotExport).
    const QString png = QDir::temp().filePath("cs_recording_chart.png");
    QFile::remove(png);
    CHECK(w->exportChartTo(png, 900, 560).isEmpty());
    CHECK(QImage(png).size() == QSize(900, 560));
    CHECK(w->exportButton()->isVisibleTo(w));

    // Over the CLI's --max-events limit: refused in the status with the estimate, the replay shown alone.
    sim::RecordingSimOptions small;
    small.maxEvents = 10;
    w->setSimulationLimits(small);
    w->replay();
    REQUIRE(replayed.wait(20000));
    CHECK(w->statusText().contains("Not simulated on SimGrid: P = 3: the recording's simulation would go through"));
    CHECK(w->statusText().contains("the limit is 10 events"));
    CHECK(plot->graph(1)->data()->isEmpty());
    CHECK(plot->graph(0)->data()->size() == 4);
}
