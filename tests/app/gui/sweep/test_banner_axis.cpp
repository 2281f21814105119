// Issue 48, "cramped at 1280x800": error banners pushed the chart's x axis out of view. In the default 1280x800
// window, the jacobi preset (8 hosts) swept over P = 1 to 16: the rows above 8 fail and the banner above the
// charts says why. The speedup chart's x axis, its tick labels and its title stay inside what the sweep dock
// shows, with room to read the plot, as they are without a banner.
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "tests/app/gui/mainwindow/WindowAt1280.h"
#include "tests/app/gui/sweep/SweepTestSupport.h"

#include <QDir>
#include <QLabel>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

using namespace cs;
using namespace cs::app;

namespace {

// How far below the part of the chart on screen its x axis ends (<= 0: in view), in px, and the plot's height.
struct AxisPlace {
    int overshoot = 0;
    int plotHeight = 0;
};

AxisPlace xAxisPlace(sweeppanel::ChartView* chart)
{
    chart->replot(QCustomPlot::rpImmediateRefresh);
    QCoreApplication::processEvents();
    const QRect visible = chart->visibleRegion().boundingRect();
    QCPAxisRect* r = chart->xAxis->axisRect();
    // The axis rect's outer rect holds its margins: the tick labels and the axis' title under the plot.
    return {r->outerRect().bottom() - visible.bottom(), r->rect().height()};
}

} // namespace

TEST_CASE("the failed rows' banner leaves the speedup chart's x axis in view at 1280x800 (issue 48, cramped)",
          "[gui][sweep][layout]")
{
    MainWindow w;
    SweepPanel* sweep = cs::test::openPresetCharted(w, "jacobi");
    sweep->tabs()->setCurrentIndex(SweepPanel::SpeedupChart);
    QCoreApplication::processEvents();
    sweeppanel::ChartView* chart = sweep->chartView(SweepPanel::SpeedupChart);
    REQUIRE_FALSE(sweep->failuresBanner()->isVisible());
    const AxisPlace clean = xAxisPlace(chart);
    INFO("without a banner: the axis ends " << clean.overshoot << " px past the view, the plot " << clean.plotHeight
                                            << " px tall");
    CHECK(clean.overshoot <= 0);

    cs::test::typeSweepSpec(*sweep, 0, "1:16");
    QCoreApplication::processEvents();
    QLabel* banner = sweep->failuresBanner();
    REQUIRE(banner->isVisible());
    CHECK(banner->text().contains("P = 9"));
    const AxisPlace withBanner = xAxisPlace(chart);
    QDir().mkpath("/tmp/cs-gui-shots");
    w.grab().save("/tmp/cs-gui-shots/banner_axis_window.png");
    INFO("banner " << banner->height() << " px: \"" << banner->text().toStdString() << "\"");
    INFO("with the banner: the axis ends " << withBanner.overshoot << " px past the view, the plot "
                                           << withBanner.plotHeight << " px tall");
    CHECK(withBanner.overshoot <= 0);
    CHECK(withBanner.plotHeight >= 60);
}
