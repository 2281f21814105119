#include "app/gui/sweeppanel/ChartView.h"

#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"

#include <QToolTip>

namespace cs::app::sweeppanel {

ChartView::ChartView(QWidget* parent) : QCustomPlot(parent)
{
    setMouseTracking(true);
    setMinimumSize(320, 160); // fits the sweep dock of a 1280x800 window without scrolling
    setAntialiasedElements(QCP::aeAll);
    setNoAntialiasingOnDrag(true);
    connect(this, &QCustomPlot::mouseMove, this, &ChartView::onMouseMove);
}

void ChartView::onMouseMove(QMouseEvent* event)
{
    const QString text = tooltipAt(event->position());
    if (text == shown_)
        return;
    shown_ = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(mapToGlobal(event->position().toPoint()) + QPoint(12, 12), text, this);
}

void ChartView::leaveEvent(QEvent* event)
{
    shown_.clear();
    QToolTip::hideText();
    QCustomPlot::leaveEvent(event);
}

} // namespace cs::app::sweeppanel

namespace cs::app::sweeppanel {

void ChartView::resizeEvent(QResizeEvent* event)
{
    // Legend columns follow the width; a short chart moves its legend aside.
    QCustomPlot::resizeEvent(event);
    plots::refitLegend(this);
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace cs::app::sweeppanel
