// The first view of a 1280x800 window shows the drawing, the canvas and a
// readable chart at once: the speedup chart's plot area is not a sliver, its
// legend is on show, and the Simulated points toggle needs no scrolling.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/simulation/SimulationPanel.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QCheckBox>
#include <QSignalSpy>
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
    // The views above keep their room.
    CHECK(w.centralWidget()->height() >= 250);
}
