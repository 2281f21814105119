// The first view of a 1280x800 window shows the drawing, the canvas and a
// readable chart at once: the speedup chart's plot area is not a sliver, its
// legend is on show, and the Simulated points toggle needs no scrolling.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include "app/gui/calibration/CalibrationPanel.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/runner/SamplesPlot.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleOptionTab>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;

TEST_CASE("a 1280x800 window shows a readable speedup chart with its legend and toggles", "[gui][layout]")
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.resetLayout();
    QSignalSpy updated(w.sweepPanel(), &SweepPanel::plotsUpdated);
    REQUIRE(w.openPreset("acc-fft"));
    w.showTab(1);
    REQUIRE((updated.count() > 0 || updated.wait(20000)));
    QCoreApplication::processEvents();

    QCustomPlot* plot = w.sweepPanel()->plot(SweepPanel::SpeedupChart);
    plot->replot(); // at the size the layout gave it
    INFO("plot " << plot->width() << "x" << plot->height() << ", axis rect " << plot->axisRect()->width() << "x"
                 << plot->axisRect()->height());
    // Five variants, their paper points and the ideal line: the legend beside
    // the data, not three rows under it (the axis rect was about 80 px tall).
    CHECK(plot->axisRect()->height() >= 140);
    CHECK(plot->yAxis->label() == "speedup");
    CHECK(plot->legend->visible());
    CHECK(plot->rect().contains(plot->legend->outerRect()));
    // The toggle is on show without scrolling the dock.
    QCheckBox* simulated = w.simulationPanel()->toggle();
    CHECK(simulated->isVisible());
    CHECK_FALSE(simulated->visibleRegion().isEmpty());
    CHECK(simulated->visibleRegion().boundingRect().height() == simulated->height());
    // What speedup is measured against is readable whole (it was cut to "serial baseline: ser").
    auto* baseline = w.findChild<QComboBox*>("baselineSelector");
    REQUIRE(baseline);
    INFO("baseline '" << baseline->currentText().toStdString() << "' in " << baseline->width() << " px");
    CHECK(baseline->width() >= baseline->fontMetrics().horizontalAdvance(baseline->currentText()) + 24);
    // The views above keep their room.
    CHECK(w.centralWidget()->height() >= 250);
}

TEST_CASE("at 1280x800 the Calibration dock's pages are all on show and Verify and Probes are not cramped",
          "[gui][layout]")
{
    // Issue 34, defect 12: the Verify page's node list was 70 px wide and its
    // table two rows tall, its tab reachable only through the tab bar's scroll
    // arrows; the Probes dock's raw-sample plot was 180 px wide and "Run my
    // program" was cut to "my progr". Then seven tabs were all on the bar but
    // elided ("Me...", "F..."): six, the warnings on the Fitted page, read whole.
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.resetLayout();
    REQUIRE(w.openPreset("acc-fft"));
    auto* cal = w.findChild<QDockWidget*>("calibrationDock");
    REQUIRE(cal);
    cal->show();
    cal->raise();
    QTabWidget* pages = w.calibrationPanel()->tabs();
    int verify = -1;
    for (int i = 0; i < pages->count(); ++i)
        if (pages->tabText(i) == "Verify")
            verify = i;
    REQUIRE(verify >= 0);
    pages->setCurrentIndex(verify);
    QTest::qWait(100);
    QTabBar* bar = pages->tabBar();
    for (int i = 0; i < pages->count(); ++i) {
        // The width a tab needs for its name whole, as QTabBar::tabSizeHint computes it (text and
        // PM_TabBarTabHSpace, through the style's CT_TabBarTab).
        QStyleOptionTab opt;
        opt.initFrom(bar);
        opt.shape = bar->shape();
        opt.text = pages->tabText(i);
        const int hspace = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, &opt, bar);
        const QSize needed = bar->style()->sizeFromContents(
            QStyle::CT_TabBarTab, &opt, QSize(bar->fontMetrics().horizontalAdvance(opt.text) + hspace, 1), bar);
        INFO("tab " << pages->tabText(i).toStdString() << ": " << bar->tabRect(i).width() << " px of the "
                    << needed.width() << " its name needs, in a bar of " << bar->width());
        CHECK(bar->rect().contains(bar->tabRect(i)));
        CHECK(bar->tabRect(i).width() >= needed.width()); // read whole, not elided
        CHECK_FALSE(pages->tabToolTip(i).isEmpty());
    }
    auto* nodes = w.findChild<QWidget*>("verifyNodes");
    auto* table = w.findChild<QTableView*>("verifyTable");
    REQUIRE(nodes);
    REQUIRE(table);
    INFO("node list " << nodes->width() << "x" << nodes->height() << ", table " << table->width() << "x"
                      << table->height());
    CHECK(nodes->width() >= 250);
    CHECK(table->height() >= table->horizontalHeader()->height() + 4 * table->verticalHeader()->defaultSectionSize());

    auto* probes = w.findChild<QDockWidget*>("probesDock");
    REQUIRE(probes);
    probes->show();
    probes->raise();
    QTest::qWait(100);
    QWidget* samples = w.probePanel()->samplesPlot();
    INFO("samples plot " << samples->width() << "x" << samples->height());
    CHECK(samples->width() >= 220);
    auto* runMine = w.findChild<QPushButton*>("runMyProgram");
    REQUIRE(runMine);
    CHECK(runMine->width() >= runMine->sizeHint().width());
}
