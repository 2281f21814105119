// The sweep panel, driven as a user would: edits to the document redraw the
// charts after the background sweep, cancel stops it, the axis editor edits
// the document (undoably), hovering shows a point's values, exports work.
#include "SweepTestSupport.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/plots/SweepCsv.h"
#include "app/sweep/SweepJob.h"
#include "model/document/DocumentFormat.h"
#include "model/document/SweepAxis.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <sstream>

using namespace cs;
using namespace cs::app;

namespace {

DesignDocument fftDoc()
{
    return test::fftSweepDoc();
}

std::vector<double> values(const QCPGraph* g)
{
    std::vector<double> v;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        v.push_back(it->value);
    return v;
}

// The speedup column of variant v, point by point, as the model computes it.
std::vector<double> speedups(const SweepTable& t, std::size_t v)
{
    std::vector<double> s;
    for (std::size_t p = 0; p < t.points; ++p)
        s.push_back(t.at(p * t.variants.size() + v, 1));
    return s;
}

bool waitForPlots(QSignalSpy& spy)
{
    return spy.count() > 0 || spy.wait(10000);
}

void saveGrab(QWidget& w, const QString& name)
{
    QDir().mkpath("/tmp/g-plots");
    w.grab().save("/tmp/g-plots/" + name);
}

} // namespace

TEST_CASE("the panel sweeps the document off the GUI thread and plots the table", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    panel.resize(1100, 480);
    panel.show();
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));

    const auto table = panel.table();
    REQUIRE(table);
    CHECK(table->points == 5);
    CHECK(table->variants == std::vector<std::string>{"INIC", "GigE"});
    // The table is what the model computes for the document.
    const SweepTable direct = runSweep(model.doc(), documentAxes(model.doc()));
    CHECK(table->values.size() == direct.values.size());
    CHECK(speedups(*table, 0) == speedups(direct, 0));

    QCustomPlot* speedup = panel.plot(SweepPanel::SpeedupChart);
    REQUIRE(speedup->graphCount() == 3); // INIC, GigE, ideal
    CHECK(values(speedup->graph(0)) == speedups(*table, 0));
    CHECK(values(speedup->graph(1)) == speedups(*table, 1));
    // The breakdown defaults to the document's P = 4, the selector lists the swept values.
    CHECK(panel.breakdownSelector()->count() == 5);
    CHECK(panel.breakdownSelector()->currentText() == "4");
    CHECK(panel.plot(SweepPanel::BreakdownChart)->plottableCount() >= 2);
    CHECK(panel.plot(SweepPanel::ParetoChart)->graphCount() == 3);
    CHECK_FALSE(panel.progressBar()->isVisible());
    CHECK(panel.statusText() == "5 points x 2 variants");

    // The tornado chart arrives from its own background computation.
    QSignalSpy tornado(&panel, &SweepPanel::sensitivityUpdated);
    REQUIRE((tornado.count() > 0 || tornado.wait(10000)));
    CHECK(panel.plot(SweepPanel::TornadoChart)->plottableCount() == 2);

    for (int i = 0; i < 4; ++i) {
        panel.tabs()->setCurrentIndex(i);
        saveGrab(panel, QString("panel-%1.png").arg(i));
    }
}

TEST_CASE("editing a parameter re-sweeps and changes the plotted data", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    QCustomPlot* speedup = panel.plot(SweepPanel::SpeedupChart);
    const std::vector<double> before = values(speedup->graph(1)); // GigE

    // No small-message penalty: GigE's transposes get cheaper, its speedup at P > 1 rises.
    updated.clear();
    REQUIRE(model.setValue({"gige", "t_pen"}, 0.0).isEmpty());
    CHECK(values(speedup->graph(1)) == before); // nothing redrawn before the sweep finishes
    REQUIRE(updated.wait(10000));
    const std::vector<double> after = values(speedup->graph(1));
    REQUIRE(after.size() == before.size());
    CHECK(after[0] == 1.0);
    CHECK(after[4] > before[4]);
    CHECK(after == speedups(*panel.table(), 1));
    CHECK(panel.table()->at(4 * 2 + 1, 0) < runSweep(fftDoc(), documentAxes(fftDoc())).at(4 * 2 + 1, 0));

    // A design parameter too: more rows, another table.
    updated.clear();
    REQUIRE(model.setDesignParam("rows", 2048).isEmpty());
    REQUIRE(updated.wait(10000));
    CHECK(values(speedup->graph(0)) != std::vector<double>{});
    CHECK(panel.table()->at(0, 0) > 0);

    // Undo brings the first data back.
    updated.clear();
    model.undoStack()->undo();
    model.undoStack()->undo();
    REQUIRE(updated.wait(10000));
    CHECK(values(speedup->graph(1)) == before);

    // Log axes redraw from the same table, without a new sweep.
    updated.clear();
    panel.logToggle()->setChecked(true);
    CHECK(speedup->xAxis->scaleType() == QCPAxis::stLogarithmic);
    CHECK(updated.count() == 0);
}

TEST_CASE("a burst of edits starts one sweep after the last", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    updated.clear();
    for (double t : {1e-4, 2e-4, 3e-4})
        model.setValue({"inic", "t_fft1d"}, t);
    REQUIRE(updated.wait(10000));
    QTest::qWait(300); // a second sweep would have finished by now
    CHECK(updated.count() == 1);
    CHECK(panel.table()->at(0, 0) == Approx(runSweep(model.doc(), documentAxes(model.doc())).at(0, 0)));
}

TEST_CASE("cancel stops the sweep and keeps the last result", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    panel.show();
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    const auto first = panel.table();

    // A bigger grid, 5 x 20,000 points. The click comes right after the start;
    // the job reports "cancelled" even if the sweep ends first, so no race.
    {
        std::vector<SweepAxis> axes = model.doc().sweep.axes;
        axes.push_back({"gige.t_fft1d", "1us:1ms:log20000"});
        REQUIRE(model.apply("big sweep", edit::op::setSweepAxes(axes)).isEmpty());
    }
    QSignalSpy cancelled(&panel, &SweepPanel::sweepCancelled);
    panel.recompute();
    REQUIRE(panel.cancelButton()->isVisible());
    QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
    REQUIRE(cancelled.wait(10000));
    CHECK_FALSE(panel.cancelButton()->isVisible());
    CHECK_FALSE(panel.progressBar()->isVisible());
    CHECK(panel.table() == first);
    CHECK(panel.statusText().contains("cancelled"));
    CHECK(updated.count() == 1);
}

TEST_CASE("the axis editor edits the document's sweep, undoably, and refuses bad specs", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    panel.show();
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    auto* editor = panel.axesEditor();
    REQUIRE(editor->rowCount() == 1);
    CHECK(editor->pathEdit(0)->currentText() == "P");
    CHECK(editor->specEdit(0)->text() == "1,2,4,8,16");

    // Type a new range and press Enter.
    QLineEdit* spec = editor->specEdit(0);
    spec->setFocus();
    spec->selectAll();
    updated.clear();
    QTest::keyClicks(spec, "1:8:log2");
    QTest::keyClick(spec, Qt::Key_Return);
    REQUIRE(model.doc().sweep.axes.size() == 1);
    CHECK(model.doc().sweep.axes[0].spec == "1:8:log2");
    REQUIRE(updated.wait(10000));
    CHECK(panel.table()->points == 4);

    // An invalid spec is refused with the model's reason, and nothing changes.
    const int depth = model.undoStack()->count();
    spec = editor->specEdit(0);
    spec->selectAll();
    QTest::keyClicks(spec, "1:x");
    QTest::keyClick(spec, Qt::Key_Return);
    CHECK(model.undoStack()->count() == depth);
    CHECK(model.doc().sweep.axes[0].spec == "1:8:log2");
    CHECK(editor->error().startsWith("P: "));

    // The refused text stays for the user to fix; a valid one clears the error.
    CHECK(editor->specEdit(0)->text() == "1:x");
    spec->selectAll();
    QTest::keyClicks(spec, "1,2,4");
    QTest::keyClick(spec, Qt::Key_Return);
    CHECK(model.doc().sweep.axes[0].spec == "1,2,4");
    CHECK(editor->error().isEmpty());

    // Add a second parameter: a row with a suggestion (half, same, double), applied at once.
    updated.clear();
    QTest::mouseClick(editor->addButton(), Qt::LeftButton);
    REQUIRE(model.doc().sweep.axes.size() == 2);
    CHECK(model.doc().sweep.axes[1].path == "rows");
    CHECK(model.doc().sweep.axes[1].spec == "512,1024,2048");
    REQUIRE(updated.wait(10000));
    CHECK(panel.table()->points == 3 * 3);
    // Three curves per variant now, one per value of rows, and the ideal line.
    CHECK(panel.plot(SweepPanel::SpeedupChart)->graphCount() == 2 * 3 + 1);

    // Remove it again with its button.
    QTest::mouseClick(editor->removeButton(1), Qt::LeftButton);
    REQUIRE(model.doc().sweep.axes.size() == 1);
    CHECK(model.doc().sweep.axes[0].path == "P");

    // Undo all: the document's sweep is as loaded, and so is the editor.
    while (model.undoStack()->canUndo())
        model.undoStack()->undo();
    CHECK(model.doc().sweep.axes == fftDoc().sweep.axes);
    CHECK(editor->rowCount() == 1);
    CHECK(editor->specEdit(0)->text() == "1,2,4,8,16");
}

TEST_CASE("a document without sweep axes sweeps P over 1:16", "[gui][sweep]")
{
    DesignDocument doc = fftDoc();
    doc.sweep.axes.clear();
    DocumentModel model;
    model.setDocument(doc, {});
    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    CHECK(panel.axesEditor()->specEdit(0)->text() == "1:16");
    CHECK(panel.table()->points == 16);
    // P = 3 does not divide rows = 1024, yet every 2D-FFT block takes it (model/blocks/FftRows.h:
    // the most loaded processor holds ceil(rows / P) rows): every point is drawn.
    CHECK(panel.table()->errors.empty());
    CHECK(panel.plot(SweepPanel::SpeedupChart)->graph(1)->data()->size() == 16);
    CHECK_FALSE(panel.statusText().contains("failed"));
}

TEST_CASE("an axis on nothing is refused by the document, and the charts stay", "[gui][sweep]")
{
    // The editing layer refuses what the reader would refuse, so a sweep of
    // a path that names nothing can no longer be saved into the document.
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    const QString err =
        model.apply("bad axis", edit::op::setSweepAxes({{"nosuch", "1:4"}}));
    CHECK(err.toStdString() == "sweep.axes[0].path: no design parameter named 'nosuch'");
    CHECK(model.lastProblems().at(0).kind == ProblemKind::NotFound);
    CHECK(model.doc().sweep.axes.at(0).path != "nosuch");
    CHECK(panel.table());
}

TEST_CASE("hovering a point shows its values in a tooltip", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    panel.resize(1000, 450);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    auto* view = panel.chartView(SweepPanel::SpeedupChart);
    view->replot();
    // INIC at P = 8.
    const QPoint at(qRound(view->xAxis->coordToPixel(8)),
                    qRound(view->yAxis->coordToPixel(panel.table()->at(3 * 2 + 0, 1))));
    QTest::mouseMove(view, at);
    QTRY_VERIFY(!view->shownTooltip().isEmpty());
    CHECK(view->shownTooltip().startsWith("INIC\nP = 8"));
    CHECK(view->shownTooltip().contains("speedup"));
    // Far from every point: no tooltip.
    QTest::mouseMove(view, QPoint(view->axisRect()->left() + 3, view->axisRect()->top() + 3));
    QTRY_VERIFY(view->shownTooltip().isEmpty());
}

TEST_CASE("exports: the shown chart as PNG, SVG and PDF, the table as the CLI's CSV", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    QTemporaryDir dir;
    panel.tabs()->setCurrentIndex(SweepPanel::BreakdownChart);
    for (const char* name : {"b.png", "b.svg", "b.pdf"}) {
        CHECK(panel.exportPlotTo(dir.filePath(name)).isEmpty());
        CHECK(QFile(dir.filePath(name)).size() > 1000);
    }
    QFile png(dir.filePath("b.png"));
    REQUIRE(png.open(QIODevice::ReadOnly));
    CHECK(png.read(4) == "\x89PNG");
    QFile pdf(dir.filePath("b.pdf"));
    REQUIRE(pdf.open(QIODevice::ReadOnly));
    CHECK(pdf.read(5) == "%PDF-");

    CHECK(panel.exportCsvTo(dir.filePath("t.csv")).isEmpty());
    QFile csv(dir.filePath("t.csv"));
    REQUIRE(csv.open(QIODevice::ReadOnly));
    std::ostringstream expected;
    plots::writeSweepCsv(*panel.table(), expected);
    CHECK(csv.readAll().toStdString() == expected.str());
    CHECK(expected.str().rfind("P,variant,T,speedup,efficiency,cost,", 0) == 0);
}

TEST_CASE("a new, empty document has nothing to sweep, which is no error", "[gui][sweep]")
{
    DocumentModel model;
    model.newDocument();
    SweepPanel panel(&model);
    QSignalSpy failed(&panel, &SweepPanel::sweepFailed);
    QTRY_VERIFY(panel.statusText().startsWith("Nothing to sweep"));
    CHECK(failed.count() == 0);
    CHECK_FALSE(panel.table());
    CHECK(panel.axesEditor()->rowCount() == 0);
}

TEST_CASE("the panel draws a preset with four variants and costs", "[gui][sweep]")
{
    DocumentModel model;
    try {
        model.loadPreset("acc-fft");
    } catch (const std::exception& e) {
        WARN("preset acc-fft not loadable: " << e.what());
        return;
    }
    SweepPanel panel(&model);
    panel.resize(1200, 460);
    panel.show();
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    QSignalSpy tornado(&panel, &SweepPanel::sensitivityUpdated);
    REQUIRE((tornado.count() > 0 || tornado.wait(10000)));
    const std::size_t nv = panel.table()->variants.size();
    // One curve per variant, the paper's points of INIC, Gigabit and Fast Ethernet (presets/claims), the ideal line.
    CHECK(panel.plot(SweepPanel::SpeedupChart)->graphCount() == static_cast<int>(nv) + 3 + 1);
    CHECK(panel.plot(SweepPanel::ParetoChart)->graphCount() == static_cast<int>(nv) + 1);
    for (int i = 0; i < 4; ++i) {
        panel.tabs()->setCurrentIndex(i);
        saveGrab(panel, QString("panel-acc-fft-%1.png").arg(i));
    }
    panel.logToggle()->setChecked(true);
    panel.tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    saveGrab(panel, "panel-acc-fft-log.png");
    // A narrow, short dock: the charts must stay legible.
    panel.resize(760, 300);
    panel.tabs()->setCurrentIndex(SweepPanel::BreakdownChart);
    saveGrab(panel, "panel-acc-fft-small.png");
    // A wide, short dock (the main window's bottom area): the legend moves beside the chart.
    panel.logToggle()->setChecked(false);
    panel.resize(1370, 240);
    for (int i : {0, 2}) {
        panel.tabs()->setCurrentIndex(i);
        saveGrab(panel, QString("panel-acc-fft-dock-%1.png").arg(i));
    }
}

TEST_CASE("another parameter in an axis row takes values of its own, not the old range", "[gui][sweep]")
{
    DocumentModel model;
    model.setDocument(fftDoc(), {});
    SweepPanel panel(&model);
    panel.show();
    QSignalSpy updated(&panel, &SweepPanel::plotsUpdated);
    REQUIRE(waitForPlots(updated));
    auto* editor = panel.axesEditor();
    REQUIRE(editor->rowCount() == 1);

    // P over 1..16, then the row is switched to GigE's small-message penalty
    // (a time): "1,2,4,8,16" seconds would be no range for it.
    const double tPen = 500e-6; // fftw.transpose's default t_pen (the document sets none)
    QComboBox* path = editor->pathEdit(0);
    const int i = path->findText("gige.t_pen");
    REQUIRE(i >= 0);
    path->setCurrentIndex(i);
    emit path->activated(i);
    REQUIRE(model.doc().sweep.axes.size() == 1);
    CHECK(model.doc().sweep.axes[0].path == "gige.t_pen");
    const std::string spec = model.doc().sweep.axes[0].spec;
    CHECK(spec != "1,2,4,8,16");
    CHECK(editor->specEdit(0)->text().toStdString() == spec);
    // Half, the value, double, in the input's display unit; read back in seconds.
    const std::vector<double> v = parseAxisValues(spec, Unit::Seconds);
    REQUIRE(v.size() == 3);
    CHECK(v[0] == Approx(tPen / 2));
    CHECK(v[1] == Approx(tPen));
    CHECK(v[2] == Approx(tPen * 2));
    CHECK(editor->error().isEmpty());
    CHECK(editor->specEdit(0)->text() == "250us,500us,1000us");
    // One undo step puts P and its range back.
    model.undoStack()->undo();
    CHECK(model.doc().sweep.axes == fftDoc().sweep.axes);
}
