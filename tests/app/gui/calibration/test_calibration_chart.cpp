// Calibration reaching the chart (issue 15, defect 5): measured points taken
// over another input are explained on the chart (which input to sweep), and
// a measured quantity other than the chart's is drawn on its own axis; the
// status before and after Apply tell one story; a low R² is explained beside
// the fit error.
#include "../../../model/calibration/CalibTestData.h"

#include "app/document/DocumentModel.h"
#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/calibration/ReportTables.h"
#include "app/gui/calibration/SweepOverlay.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;

namespace {

// FFTW's transpose over LogGP: the chart shows fft.T over P, while the
// ping-pong measures net.T_oneway over net.k. net.L can be wired from the
// design parameter Lp (`wiredL`).
DesignDocument fftOverLoggp(bool wiredL)
{
    std::string doc = R"({
      "format": "clusterscope-design", "version": 2, "name": "fft over loggp",
      "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024},
                     {"name": "Lp", "unit": "s", "value": 6e-6, "min": 0, "max": 1}],
      "blocks": [{"name": "net", "type": "logp.loggp"}, {"name": "fft", "type": "fftw.transpose"}],
      "wires": [{"from": "P", "to": "net.P"}, {"from": "P", "to": "fft.P"},
                {"from": "net.L_out", "to": "fft.L"}, {"from": "net.G_out", "to": "fft.G"})";
    if (wiredL)
        doc += R"(, {"from": "Lp", "to": "net.L"})";
    doc += R"(],
      "variants": [{"name": "GigE", "total": "fft.T", "overrides": {}}],
      "sweep": {"axes": [{"path": "P", "values": "1,2,4,8"}]}
    })";
    DesignDocument d = parseDocument(doc);
    // One-way time 20 us + (k - 1) x 10 ns/B (as in tests/model/calibration/CalibrateTest.cpp).
    d.measured = nlohmann::json::array({calibtest::pingpong({1024, 4096, 16384, 65536, 262144},
                                                           [](double k) { return 20e-6 + (k - 1) * 1e-8; })});
    return d;
}

bool waitPlots(QSignalSpy& spy)
{
    return spy.count() > 0 || spy.wait(20000);
}

} // namespace

TEST_CASE("measured points over another input are explained on the chart, then drawn on their own axis",
          "[gui][calibration]")
{
    DocumentModel m;
    m.setDocument(fftOverLoggp(false), {});
    SweepPanel sweep(&m);
    calibration::CalibrationPanel panel(&m, &sweep);
    sweep.resize(1000, 500);
    sweep.show();
    REQUIRE(QTest::qWaitForWindowExposed(&sweep));
    QSignalSpy plotted(&sweep, &SweepPanel::plotsUpdated);
    REQUIRE(waitPlots(plotted));

    // Swept over P: the ping-pong's points (over net.k) cannot be shown; the chart says what to sweep.
    QCustomPlot* chart = sweep.plot(SweepPanel::SpeedupChart);
    INFO(panel.overlay()->chartHint().toStdString());
    CHECK(panel.overlay()->chartHint().contains("Sweep net.k"));
    bool hintOnChart = false;
    for (int i = 0; i < chart->itemCount(); ++i)
        hintOnChart = hintOnChart || chart->item(i)->objectName() == "measuredHint";
    CHECK(hintOnChart);

    // Swept over net.k: drawn, against the right-hand axis (the chart's own is fft.T).
    plotted.clear();
    REQUIRE(m.apply("sweep k", edit::op::setSweepAxes({{"net.k", "1024,4096,16384,65536,262144"}})).isEmpty());
    REQUIRE(waitPlots(plotted));
    QCoreApplication::processEvents();
    CHECK(panel.overlay()->chartHint().isEmpty());
    REQUIRE_FALSE(panel.overlay()->seriesStates().empty());
    CHECK(panel.overlay()->seriesStates().front().drawn);
    CHECK(chart->yAxis2->visible());
    INFO(chart->yAxis2->label().toStdString());
    CHECK(chart->yAxis2->label().startsWith("latency"));
    bool onRight = false;
    for (int i = 0; i < chart->graphCount(); ++i)
        if (chart->graph(i)->name().startsWith("measured"))
            onRight = onRight || chart->graph(i)->valueAxis() == chart->yAxis2;
    CHECK(onRight);

    // Swept over Lp, not P: the chart is fft.T against Lp, a time chart with
    // no speedup, and the points over net.k still cannot be shown there.
    plotted.clear();
    REQUIRE(m.apply("sweep Lp", edit::op::setSweepAxes({{"Lp", "2e-6,4e-6,6e-6,8e-6"}})).isEmpty());
    REQUIRE(waitPlots(plotted));
    QCoreApplication::processEvents();
    INFO(chart->yAxis->label().toStdString());
    CHECK_FALSE(chart->yAxis->label().contains("peedup"));
    INFO(panel.overlay()->chartHint().toStdString());
    CHECK(panel.overlay()->chartHint().contains("Sweep net.k"));
    hintOnChart = false;
    for (int i = 0; i < chart->itemCount(); ++i)
        hintOnChart = hintOnChart || chart->item(i)->objectName() == "measuredHint";
    CHECK(hintOnChart);
}

TEST_CASE("Fitted and Applied counts tell one story when an input cannot be applied", "[gui][calibration]")
{
    DocumentModel m;
    m.setDocument(fftOverLoggp(true), {});
    calibration::CalibrationPanel panel(&m, nullptr);
    QSignalSpy fitted(&panel, &calibration::CalibrationPanel::calibrated);
    panel.calibrate();
    REQUIRE((fitted.count() > 0 || fitted.wait(30000)));
    // The ping-pong fits net.L and net.G (CalibrateTest.cpp) and fft.G and fft.L (fftw.transpose has
    // LogGP's G and L too): 4 inputs. fft.L = 20 us - o_s - o_r = 20 - 15 - 20 = -15 us is clamped to 0
    // and not trusted; net.L is wired from Lp and fft.G from net.G_out, so Apply can set only net.G.
    REQUIRE(panel.report()->params.size() == 4);
    INFO(panel.statusText().toStdString());
    CHECK(panel.statusText().startsWith("Fitted 4 input(s); Apply can set 1 of them, 3 not (net.L: input net.L is wired from Lp"));
    panel.apply();
    INFO(panel.statusText().toStdString());
    CHECK(panel.statusText().startsWith("Applied 1 of 4 fitted input(s)"));
    CHECK(panel.statusText().contains("; 3 not applied (net.L: input net.L is wired from Lp"));
}

TEST_CASE("after Apply the 95% band can be seen on the chart", "[gui][calibration]")
{
    DocumentModel m;
    DesignDocument d = fftOverLoggp(false);
    d.sweep.axes = {{"net.k", "1024,4096,16384,65536,262144"}};
    d.variants = {};
    d.variants.push_back({"LogGP", "net.T_oneway", {}});
    // Medians 0.2% above and below the line alternately: a tight but non-zero CI.
    int i = 0;
    d.measured = nlohmann::json::array({calibtest::pingpong({1024, 4096, 16384, 65536, 262144}, [&i](double k) {
        return (20e-6 + (k - 1) * 1e-8) * (i++ % 2 ? 0.998 : 1.002);
    })});
    m.setDocument(d, {});
    SweepPanel sweep(&m);
    calibration::CalibrationPanel panel(&m, &sweep);
    sweep.resize(1000, 500);
    sweep.show();
    REQUIRE(QTest::qWaitForWindowExposed(&sweep));
    QSignalSpy plotted(&sweep, &SweepPanel::plotsUpdated);
    REQUIRE(waitPlots(plotted));
    QSignalSpy fitted(&panel, &calibration::CalibrationPanel::calibrated);
    panel.calibrate();
    REQUIRE((fitted.count() > 0 || fitted.wait(30000)));
    panel.apply();
    INFO(panel.statusText().toStdString());
    REQUIRE(panel.statusText().startsWith("Applied"));
    // The band is computed off the GUI thread, then drawn.
    for (int t = 0; t < 400 && !panel.overlay()->bandDrawn(); ++t)
        QTest::qWait(50);
    INFO(panel.overlay()->bandNote().toStdString());
    REQUIRE(panel.overlay()->bandDrawn());
    QCustomPlot* chart = sweep.plot(SweepPanel::SpeedupChart);
    chart->replot();
    QCPGraph* upper = nullptr;
    for (int g = 0; g < chart->graphCount(); ++g)
        if (chart->graph(g)->name().startsWith("95% band"))
            upper = chart->graph(g);
    REQUIRE(upper);
    QCPGraph* lower = upper->channelFillGraph();
    REQUIRE(lower);
    // At least 5 px between its edges somewhere: visible beside a 2 px curve.
    double tallest = 0;
    auto lo = lower->data()->constBegin();
    for (auto hi = upper->data()->constBegin(); hi != upper->data()->constEnd() && lo != lower->data()->constEnd();
         ++hi, ++lo)
        tallest = std::max(tallest, std::fabs(chart->yAxis->coordToPixel(lo->value) - chart->yAxis->coordToPixel(hi->value)));
    CHECK(tallest >= 5.0);
}

TEST_CASE("a low R-squared is explained beside the fit error", "[gui][calibration]")
{
    calib::CalibrationReport r;
    calib::FitRecord f;
    f.probe = "net.pingpong";
    f.read = "latency@";
    f.result.r2 = 0.386;
    f.result.smape = 0.003;
    // Spread (100.6 - 100) / 100 = 0.6%, above the 0.3% fit error: a close fit
    // of values that hardly vary.
    f.result.y = {100e-6, 100.6e-6, 100.2e-6};
    r.fits.push_back(f);
    CHECK(calibration::r2Story(r).toStdString() ==
          "net.pingpong latency@: R\u00b2 0.386 is low because the measured values hardly vary (0.6% between the "
          "smallest and largest); the fit error, 0.3%, says the fit is close.");
    // A poor fit: 12% error.
    r.fits[0].result.smape = 0.12;
    CHECK(calibration::r2Story(r).toStdString() ==
          "net.pingpong latency@: R\u00b2 0.386 with fit error 12%: the model does not follow these measurements "
          "well; check the Validation page before applying.");
    r.fits[0].result.r2 = 0.95;
    CHECK(calibration::r2Story(r).isEmpty());
}
