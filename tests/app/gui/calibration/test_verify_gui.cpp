// The Calibration dock's Verify page (issue 22, GUI): the application runs stored in a document are compared
// with the design and drawn on the speedup/time and breakdown charts, with the error in each point's hover
// text; Verify runs the application on local nodes off the GUI thread and stores what it measured.
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/VerifySection.h"
#include "app/gui/runner/ProbeSession.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

// One app.fft2d result as the runner stores it: P nodes, the medians of T and T_a2a (CI +/-10%, 5 reps).
json appResult(int P, double T, double a2a)
{
    json nodes = json::array();
    for (int i = 0; i < P; ++i)
        nodes.push_back("h" + std::to_string(i));
    auto s = [](double m) { return json{{"median", m}, {"ci_lo", 0.9 * m}, {"ci_hi", 1.1 * m}, {"n", 5}}; };
    return {{"probe", "app.fft2d"},
            {"status", "ok"},
            {"nodes", nodes},
            {"parts", json::array({{{"details", {{"P", P}}}}})},
            {"summary", {{"series", {{"T", s(T)}, {"T_a2a", s(a2a)}}}}}};
}

// fftw.transpose with short arithmetic (as tests/model/verification): rows = 1024, t_fft1d = 10 us, L = o = g
// = 0, G = 80 ns/B, bw_mem = 1 GB/s, t_pen = 0; swept over fft.P = 2, 4. A ping-pong result (P = 2) stands
// for the calibration, so P = 4 is held out.
//   P = 2: M = 512, T_compute = 2 x 10 us x 512 = 10.24 ms; S = 512 x 1024 x 16 = 8,388,608 B,
//          T_local = T_perm = 2 S / 1e9 = 16.777216 ms; T_a2a = 2 x 1 x (512^2 x 16 - 1) x 80e-9 = 0.67108848 s;
//          T = 10.24e-3 + 2 x 16.777216e-3 + 0.67108848 = 0.714882912 s.
//   P = 4: M = 256, T_compute = 5.12 ms; T_local = T_perm = 8.388608 ms; T_a2a = 2 x 3 x 1,048,575 x 80e-9
//          = 0.503316 s; T = 0.525213216 s.
// Measured: P = 2 T = 0.7 s (error (0.714882912 - 0.7) / 0.7 = +2.13%), P = 4 T = 0.5 s (+5.04%).
DesignDocument storedVerification(bool speedup)
{
    std::string text = R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {
         "rows": 1024, "t_fft1d": 1e-5, "L": 0, "o_s": 0, "o_r": 0, "g": 0, "G": 8e-8, "bw_mem": 1e9, "t_pen": 0}}],
      "sweep": {"axes": [{"path": "fft.P", "values": "2,4"}])";
    text += speedup ? R"(, "speedup": {"param": "fft.P", "baseline": 2}}})" : "}}";
    DesignDocument d = parseDocument(text);
    d.measured = json::array({{{"probe", "net.pingpong"}, {"status", "ok"}, {"nodes", {"h0", "h1"}}, {"parts", json::array()}},
                              appResult(2, 0.7, 0.65), appResult(4, 0.5, 0.5)});
    return d;
}

bool waitFor(const std::function<bool()>& done, int ms = 20000)
{
    for (int waited = 0; !done() && waited < ms; waited += 20)
        QTest::qWait(20);
    return done();
}

QCPGraph* graphNamed(QCustomPlot* plot, const QString& prefix)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->name().startsWith(prefix))
            return plot->graph(i);
    return nullptr;
}

// The hover text at plot coordinates (x, y) of a chart.
QString hoverAt(sweeppanel::ChartView* view, double x, double y, bool horizontal = false)
{
    QCustomPlot* plot = view;
    const QPointF px(plot->xAxis->coordToPixel(horizontal ? y : x), plot->yAxis->coordToPixel(horizontal ? x : y));
    return view->tooltipAt(px);
}

// The error labels written over the measured points.
QStringList errorLabels(QCustomPlot* plot)
{
    QStringList labels;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->objectName() == "errorLabel")
            labels << t->text();
    return labels;
}

} // namespace

TEST_CASE("stored application runs are drawn on the time and breakdown charts with their error", "[gui][verify]")
{
    DocumentModel m;
    m.setDocument(storedVerification(false), {});
    SweepPanel sweep(&m);
    calibration::CalibrationPanel panel(&m, &sweep);
    sweep.resize(1280, 800);
    sweep.show();
    REQUIRE(QTest::qWaitForWindowExposed(&sweep));
    calibration::VerifySection* v = panel.verify();
    REQUIRE(waitFor([&] { return sweep.table() && !v->isComparing() && v->report().has_value(); }));
    QTest::qWait(50);

    // The table: 2 P x 2 quantities, P = 4 held out.
    QTableWidget* t = v->table();
    REQUIRE(t->rowCount() == 4);
    int heldOut = 0;
    for (int r = 0; r < t->rowCount(); ++r) {
        if (t->item(r, 1)->text() == "4" && t->item(r, 2)->text() == "T") {
            CHECK(t->item(r, 7)->text() == "+5.0%");
            CHECK(t->item(r, 8)->text() == "held out");
        }
        if (t->item(r, 1)->text() == "2" && t->item(r, 2)->text() == "T")
            CHECK(t->item(r, 7)->text() == "+2.1%");
        heldOut += t->item(r, 8)->text() == "held out";
    }
    CHECK(heldOut == 2);
    CHECK(v->summaryText().contains("Held out"));

    // The time chart (no speedup section): T against fft.P, the measured T at P = 2 and 4.
    sweeppanel::ChartView* speed = sweep.chartView(SweepPanel::SpeedupChart);
    QCPGraph* g = graphNamed(speed, "measured T of default");
    REQUIRE(g);
    REQUIRE(g->dataCount() == 2);
    CHECK(g->data()->at(1)->key == 4);
    // The chart's y unit: the y of the point at P = 4 is 0.5 s in that unit.
    const double y4 = g->data()->at(1)->value;
    const double scale = 0.5 / y4;
    CHECK((scale == Approx(1.0) || scale == Approx(1e-3)));
    const QString tip = hoverAt(speed, 4, y4);
    INFO(tip.toStdString());
    CHECK(tip.contains("error +5.0%"));
    CHECK(tip.contains("held out"));
    CHECK(tip.contains("predicted 525.2 ms"));
    CHECK(tip.contains("measured 500 ms"));
    CHECK(errorLabels(speed).contains("+5.0%"));
    CHECK(errorLabels(speed).contains("+2.1%"));

    // The breakdown at the largest P (4): a measured bar beside the predicted one (T alone: the
    // application's T_compute, T_local and T_perm are not in these results).
    sweeppanel::ChartView* bars = sweep.chartView(SweepPanel::BreakdownChart);
    QCPBars* measuredBar = nullptr;
    for (int i = 0; i < bars->plottableCount(); ++i)
        if (bars->plottable(i)->name().startsWith("measured"))
            measuredBar = qobject_cast<QCPBars*>(bars->plottable(i));
    REQUIRE(measuredBar);
    REQUIRE(measuredBar->data()->size() == 1);
    // Variant 1 stands at key 1, its measured bar beside it at 1.42.
    CHECK(measuredBar->data()->at(0)->key == Approx(1.42));
    const double top = measuredBar->data()->at(0)->value;
    const QString barTip = hoverAt(bars, 1.42, top / 2);
    INFO(barTip.toStdString());
    CHECK(barTip.contains("error +5.0%"));
    CHECK(barTip.contains("P = 4"));
}

TEST_CASE("on the speedup chart a measured time stands at the speedup it gives against the baseline",
          "[gui][verify]")
{
    DocumentModel m;
    m.setDocument(storedVerification(true), {});
    SweepPanel sweep(&m);
    calibration::CalibrationPanel panel(&m, &sweep);
    sweep.resize(1280, 800);
    sweep.show();
    REQUIRE(QTest::qWaitForWindowExposed(&sweep));
    REQUIRE(waitFor([&] { return sweep.table() && !panel.verify()->isComparing() && panel.verify()->report(); }));
    QTest::qWait(50);
    sweeppanel::ChartView* speed = sweep.chartView(SweepPanel::SpeedupChart);
    QCPGraph* g = graphNamed(speed, "measured speedup of ");
    REQUIRE(g);
    REQUIRE(g->dataCount() == 2);
    // Speedup against the runs' own time at the baseline P = 2 (issue 48, defect 3; it was taken against the
    // model's T at P = 2): T_measured(2) / T_measured(4) = 0.7 / 0.5 = 1.4.
    CHECK(g->data()->at(0)->value == Approx(1.0).epsilon(1e-9));
    CHECK(g->data()->at(1)->value == Approx(1.4).epsilon(1e-9));
    // The error shown is still the run time's: +5.0% at P = 4.
    const QString tip = hoverAt(speed, 4, g->data()->at(1)->value);
    INFO(tip.toStdString());
    CHECK(tip.contains("error +5.0%"));
    CHECK(errorLabels(speed).contains("+5.0%"));
}

TEST_CASE("Load results adds a file's application runs and shows them without running anything", "[gui][verify]")
{
    DocumentModel m;
    DesignDocument d = storedVerification(false);
    d.measured = json::array();
    m.setDocument(d, {});
    calibration::CalibrationPanel panel(&m, nullptr);
    calibration::VerifySection* v = panel.verify();
    REQUIRE(waitFor([&] { return !v->isComparing(); }));
    CHECK_FALSE(v->report().has_value());
    QTemporaryDir dir;
    const QString path = dir.filePath("app.json");
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(
        json{{"format", "clusterscope-probe-results"}, {"version", 1}, {"results", {appResult(4, 0.5, 0.5)}}}.dump()));
    f.close();
    CHECK(v->loadResultsFrom(path).isEmpty());
    REQUIRE(waitFor([&] { return !v->isComparing() && v->report().has_value(); }));
    REQUIRE(v->table()->rowCount() == 2);
    // One undo step takes them out again.
    m.undoStack()->undo();
    REQUIRE(waitFor([&] { return !v->isComparing() && !v->report().has_value(); }));
    CHECK(v->table()->rowCount() == 0);
    CHECK(v->loadResultsFrom(dir.filePath("none.json")).contains("cannot read"));
}

TEST_CASE("Verify runs the 2D FFT on two local nodes and stores the runs in the document", "[gui][verify]")
{
    DocumentModel m;
    DesignDocument d = parseDocument(R"({"format": "clusterscope-design", "version": 3,
      "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 64}}],
      "sweep": {"axes": [{"path": "fft.P", "values": "1,2"}]}})");
    d.nodes = json::array({{{"name", "a"}, {"transport", "local"}, {"cpus", {0}}},
                           {{"name", "b"}, {"transport", "local"}, {"cpus", {1}}}});
    m.setDocument(d, {});
    calibration::CalibrationPanel panel(&m, nullptr);
    calibration::VerifySection* v = panel.verify();
    CHECK(v->pointsEdit()->text() == "P = 2");
    // Three repetitions, no time budget: short, whatever the machine is doing.
    v->setOverrides({{"reps", 3}, {"warmups", 1}, {"budget", 0}});
    QSignalSpy finished(v, &calibration::VerifySection::runFinished);
    QTest::mouseClick(v->verifyButton(), Qt::LeftButton);
    INFO(v->statusText().toStdString());
    REQUIRE(v->session()->isRunning());
    CHECK_FALSE(v->verifyButton()->isEnabled());
    REQUIRE(finished.wait(180000));
    INFO(v->statusText().toStdString());
    CHECK(finished.at(0).at(0).toInt() == 1); // one job, ok
    REQUIRE(m.doc().measured.size() == 1);
    CHECK(m.doc().measured[0]["probe"] == "app.fft2d");
    REQUIRE(waitFor([&] { return !v->isComparing() && v->report().has_value(); }));
    // T and its five phases at P = 2, each with a prediction and a measured median.
    CHECK(v->table()->rowCount() == 6);
    for (const verify::Row& r : v->report()->rows) {
        CHECK(r.P == 2);
        CHECK(r.measured > 0);
        CHECK(r.predicted > 0);
        CHECK(r.heldOut); // the document holds no calibration probe result
    }

    // A P beyond the checked nodes is refused before anything runs, with the reason.
    v->pointsEdit()->setText("P = 2, 8");
    QTest::mouseClick(v->verifyButton(), Qt::LeftButton);
    CHECK_FALSE(v->session()->isRunning());
    CHECK(v->statusText().contains("P=8: only 2 node(s) given"));
}
