#pragma once
// What the sweep panel's tests share: the FFT design they sweep, and showing a panel until its charts are drawn.
#include "../../../model/document/FftSweepDesign.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentFormat.h"

#include <QCoreApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

namespace cs::test {

// The shared FFT design (tests/model/document/FftSweepDesign.h), P swept over 1, 2, 4, 8, 16.
inline DesignDocument fftSweepDoc()
{
    return parseDocument(fftSweepDesign());
}

// Shows `panel` at width x height and waits (20 s at most) until it has drawn the charts of its first sweep,
// which runs off the GUI thread.
inline void showCharts(app::SweepPanel& panel, int width, int height)
{
    QSignalSpy updated(&panel, &app::SweepPanel::plotsUpdated);
    panel.resize(width, height);
    panel.show();
    REQUIRE((updated.count() > 0 || updated.wait(20000)));
    QCoreApplication::processEvents();
}

// showCharts, then the speedup chart in front, exposed: the chart the job cursor is on.
inline app::sweeppanel::ChartView* showSpeedupChart(app::SweepPanel& panel, int width, int height)
{
    showCharts(panel, width, height);
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    panel.tabs()->setCurrentIndex(app::SweepPanel::SpeedupChart);
    QCoreApplication::processEvents();
    return panel.chartView(app::SweepPanel::SpeedupChart);
}

// Moves the mouse over the speedup chart to the pixel `dx` right of x, as the user does; the job cursor snaps
// to the sweep's nearest value.
inline void moveCursorTo(app::SweepPanel& panel, double x, int dx = 0)
{
    app::sweeppanel::ChartView* chart = panel.chartView(app::SweepPanel::SpeedupChart);
    const QPoint at(static_cast<int>(chart->xAxis->coordToPixel(x)) + dx, chart->axisRect()->center().y());
    QSignalSpy moved(&panel, &app::SweepPanel::jobCursorMoved);
    QTest::mouseMove(chart, at);
    if (moved.isEmpty()) // some platforms deliver no move without a press: the same path by hand
        panel.setCursorValue(chart->xAxis->pixelToCoord(at.x()));
}

// Types `text` into the spec field of the sweep's row `row` as the user does, Return at the end, and waits
// (`ms` at most) for the charts of the new sweep.
inline void typeSweepSpec(app::SweepPanel& panel, int row, const QString& text, int ms = 30000)
{
    QSignalSpy updated(&panel, &app::SweepPanel::plotsUpdated);
    QLineEdit* spec = panel.axesEditor()->specEdit(row);
    spec->setFocus();
    spec->selectAll();
    QTest::keyClicks(spec, text);
    QTest::keyClick(spec, Qt::Key_Return);
    REQUIRE(updated.wait(ms));
}

} // namespace cs::test
