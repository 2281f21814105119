// The job cursor of the speedup chart (issue 32): the sweep value under the
// mouse, which the drawing and the metrics dock follow (MainWindow wires
// jobCursorMoved to them).
#include "app/gui/sweeppanel/ChartView.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/plots/PlotExport.h"
#include "app/plots/SpeedupChart.h"

#include <cmath>
#include <limits>

namespace cs::app {

namespace {
constexpr const char* kCursorLine = "jobCursor";
constexpr const char* kCursorText = "jobCursorText";
} // namespace

QString SweepPanel::cursorAxis() const
{
    if (!table_ || table_->axes.empty())
        return {};
    const std::string& speedup = tableDoc_->sweep.speedupParam;
    for (const std::string& a : table_->axes)
        if (a == speedup)
            return QString::fromStdString(a);
    return QString::fromStdString(table_->axes.front());
}

void SweepPanel::setCursorValue(double value)
{
    const QString path = cursorAxis();
    double snapped = std::numeric_limits<double>::quiet_NaN();
    if (!path.isEmpty() && !std::isnan(value) && shown_) {
        // The nearest value the sweep has on that axis (the shown points are
        // at most the charts' sample, so this scan stays small).
        const std::string p = path.toStdString();
        std::size_t axis = 0;
        while (axis < shown_->axes.size() && shown_->axes[axis] != p)
            ++axis;
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; axis < shown_->axes.size() && i < shown_->points; ++i) {
            const double v = shown_->axis(i, axis);
            if (std::abs(v - value) < best) {
                best = std::abs(v - value);
                snapped = v;
            }
        }
    }
    const QString newPath = std::isnan(snapped) ? QString() : path;
    if (newPath == cursorPath_ && (snapped == cursorValue_ || (std::isnan(snapped) && std::isnan(cursorValue_))))
        return;
    cursorPath_ = newPath;
    cursorValue_ = snapped;
    drawJobCursor();
    charts_[SpeedupChart]->replot(QCustomPlot::rpQueuedReplot);
    emit jobCursorMoved(cursorPath_, cursorValue_);
}

void SweepPanel::onSpeedupMouse(QMouseEvent* e)
{
    QCustomPlot* plot = charts_[SpeedupChart];
    if (!table_ || !plot->axisRect()->rect().contains(e->position().toPoint()))
        return; // outside the plot area (the legend, the margins): the cursor stays
    setCursorValue(plot->xAxis->pixelToCoord(e->position().x()));
}

void SweepPanel::drawJobCursor()
{
    QCustomPlot* plot = charts_[SpeedupChart];
    // The chart's rebuild clears its items; after an edit of the cursor the
    // old line is removed here.
    for (int i = plot->itemCount() - 1; i >= 0; --i) {
        QCPAbstractItem* item = plot->item(i);
        if (item->objectName() == kCursorLine || item->objectName() == kCursorText)
            plot->removeItem(item);
    }
    if (std::isnan(cursorValue_) || cursorPath_ != cursorAxis())
        return;
    auto* line = new QCPItemStraightLine(plot);
    line->setObjectName(kCursorLine);
    line->setPen(QPen(QColor(0xd9, 0x77, 0x06), 1.5, Qt::DashLine));
    line->point1->setCoords(cursorValue_, 1); // two positive y values: vertical on a log axis too
    line->point2->setCoords(cursorValue_, 2);
    line->setSelectable(false);
    line->setProperty(plots::kScreenOnly, true); // not in an exported figure
    auto* text = new QCPItemText(plot);
    text->setObjectName(kCursorText);
    text->position->setTypeX(QCPItemPosition::ptPlotCoords);
    text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    text->position->setCoords(cursorValue_, 0.02);
    text->setPadding(QMargins(4, 1, 4, 1));
    text->setColor(QColor(0x92, 0x40, 0x0e));
    text->setText(QStringLiteral("%1 = %2").arg(cursorPath_, QString::number(cursorValue_, 'g', 6)));
    // Right of the line, or left of it where the plot ends first (at the last P the label was clipped to
    // "P"); on a box of its own above the curves and the legend, which ran through it.
    const QRect area = plot->axisRect()->rect();
    const int width = QFontMetrics(text->font()).horizontalAdvance(text->text()) + 12;
    const bool left = plot->xAxis->coordToPixel(cursorValue_) + width > area.right();
    text->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    text->setBrush(QColor(255, 255, 255, 240));
    text->setPen(QPen(QColor(0xd9, 0x77, 0x06), 1.0));
    if (plot->layer("overlay"))
        text->setLayer("overlay");
    text->setSelectable(false);
    text->setProperty(plots::kScreenOnly, true);
}

} // namespace cs::app
