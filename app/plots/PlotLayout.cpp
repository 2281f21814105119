#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cs::plots {

namespace {
constexpr const char* kShadeScaleProperty = "csShadeScale";

// The cell of the top layout that holds the axis rect: the rect itself, or
// the column addShadeScale stacks it in with the scale. Sets row and col.
QCPLayoutElement* dataCell(QCustomPlot* plot, int& row, int& col)
{
    QCPLayoutGrid* layout = plot->plotLayout();
    for (int r = 0; r < layout->rowCount(); ++r)
        for (int c = 0; c < layout->columnCount(); ++c)
            if (QCPLayoutElement* e = layout->hasElement(r, c) ? layout->element(r, c) : nullptr;
                e && (e == plot->axisRect() || e->property(kShadeScaleProperty).toBool())) {
                row = r;
                col = c;
                return e;
            }
    row = col = -1;
    return nullptr;
}

void removeShadeScale(QCustomPlot* plot)
{
    int row = -1, col = -1;
    auto* stack = qobject_cast<QCPLayoutGrid*>(dataCell(plot, row, col));
    if (!stack)
        return;
    // The axis rect goes back where the stack was; the stack and its scale go.
    QCPAxisRect* rect = plot->axisRect();
    stack->take(rect);
    plot->plotLayout()->take(stack);
    plot->plotLayout()->addElement(row, col, rect);
    delete stack;
    // The group that kept the scale as wide as the data goes with it.
    delete rect->marginGroup(QCP::msLeft);
}
} // namespace

void addShadeScale(QCustomPlot* plot, const QString& label, double lo, double hi, bool log, const QColor& base)
{
    removeShadeScale(plot);
    QCPLayoutGrid* layout = plot->plotLayout();
    int row = -1, col = -1;
    if (!dataCell(plot, row, col))
        return;
    // Right under the axis rect, as wide as the data, in one cell of the top
    // layout with it: a legend beside them is measured against both. In a row
    // of its own, a legend on the right as tall as the axis rect's row left
    // the scale's bar 0 px high at 1280x800: only its ticks showed (issue 48, defect 5).
    QCPAxisRect* rect = plot->axisRect();
    auto* stack = new QCPLayoutGrid;
    stack->setProperty(kShadeScaleProperty, true);
    layout->take(rect);
    layout->addElement(row, col, stack);
    stack->addElement(0, 0, rect);
    auto* scale = new QCPColorScale(plot);
    stack->addElement(1, 0, scale);
    stack->setRowStretchFactor(1, 0.001);
    stack->setRowSpacing(0);
    scale->setType(QCPAxis::atBottom);
    scale->setBarWidth(7);
    QCPColorGradient gradient;
    gradient.setColorStopAt(0, curveShade(base, 0));
    gradient.setColorStopAt(1, curveShade(base, 1));
    scale->setGradient(gradient);
    if (log && lo > 0 && hi > lo) {
        scale->setDataScaleType(QCPAxis::stLogarithmic);
        setLogScale(scale->axis(), true, lo, hi);
    }
    // A hair wider than the values, so that the ticker labels both ends.
    const double span = hi > lo ? hi - lo : 1.0;
    scale->setDataRange(QCPRange(lo - span * 1e-9, (hi > lo ? hi : lo + 1) + span * 1e-9));
    scale->axis()->setLabel(label);
    scale->axis()->setLabelFont(plot->xAxis->labelFont());
    scale->axis()->setTickLabelFont(plot->xAxis->tickLabelFont());
    scale->axis()->setLabelPadding(2);
    auto* group = new QCPMarginGroup(plot);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    scale->setMarginGroup(QCP::msLeft | QCP::msRight, group);
}

void resetPlot(QCustomPlot* plot, const QString& title)
{
    plot->clearGraphs();
    plot->clearPlottables();
    plot->clearItems();
    for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->setLabel({});
        axis->setTickLabelRotation(0);
        axis->grid()->setSubGridVisible(false);
        axis->setRange(0, 1);
    }
    // The secondary axes belong to whatever was drawn last (a measured
    // series on its own right-hand axis): a new chart starts without them,
    // or their labels and ticks squeeze the next document's plot.
    for (QCPAxis* axis : {plot->xAxis2, plot->yAxis2}) {
        axis->setVisible(false);
        axis->setLabel({});
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->setRange(0, 1);
    }
    QFont labelFont = plot->font();
    labelFont.setPointSizeF(labelFont.pointSizeF() > 0 ? labelFont.pointSizeF() : 9);
    plot->xAxis->setLabelFont(labelFont);
    plot->yAxis->setLabelFont(labelFont);

    QCPLayoutGrid* layout = plot->plotLayout();
    removeShadeScale(plot);
    QCPTextElement* titleElement = qobject_cast<QCPTextElement*>(layout->element(0, 0));
    if (!titleElement) {
        layout->insertRow(0);
        QFont f = plot->font();
        f.setBold(true);
        f.setPointSizeF(f.pointSizeF() > 0 ? f.pointSizeF() + 1 : 10);
        titleElement = new QCPTextElement(plot, title, f);
        layout->addElement(0, 0, titleElement);
        layout->setRowStretchFactor(0, 0.001);
    }
    titleElement->setText(title);
    plot->legend->setVisible(true);
    QFont legendFont = plot->font();
    plot->legend->setFont(legendFont);
    plot->legend->setBrush(QBrush(QColor(255, 255, 255, 220)));
    plot->legend->setBorderPen(QPen(QColor(160, 160, 160)));
}

void setLogScale(QCPAxis* axis, bool log, double min, double max)
{
    if (!log) {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->grid()->setSubGridVisible(false);
        return;
    }
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog);
    const bool octaves = min > 0 && max > 0 && std::log2(max / min) <= 12;
    ticker->setLogBase(octaves ? 2 : 10);
    ticker->setSubTickCount(octaves ? 0 : 8);
    axis->setTicker(ticker);
    axis->setNumberFormat("g");
    axis->setNumberPrecision(6);
    axis->grid()->setSubGridVisible(false); // sub-ticks are enough; a sub-grid is noise
}

namespace {
// The default ticker's readable steps (1, 2, 2.5, 5 x 10^n), never below 1
// and rounded down to a whole number (2.5 -> 2), so counts get whole ticks.
class IntegerTicker : public QCPAxisTicker {
protected:
    double getTickStep(const QCPRange& range) override
    {
        const double step = QCPAxisTicker::getTickStep(range);
        return step < 1.0 ? 1.0 : std::floor(step);
    }
    int getSubTickCount(double tickStep) override
    {
        return tickStep <= 1.0 ? 0 : QCPAxisTicker::getSubTickCount(tickStep);
    }
};
} // namespace

void setIntegerTicks(QCPAxis* axis)
{
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new IntegerTicker));
}

void setPaddedRange(QCPAxis* axis, double lo, double hi, double pad)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        axis->setRange(0, 1);
        return;
    }
    if (axis->scaleType() == QCPAxis::stLogarithmic) {
        if (lo <= 0)
            lo = hi > 0 ? hi / 10 : 1;
        if (hi <= 0)
            hi = lo * 10;
        const double f = std::pow(hi / lo, pad);
        const double m = f > 1.05 ? f : 1.15;
        axis->setRange(lo / m, hi * m);
        return;
    }
    if (lo == hi) {
        const double d = lo == 0 ? 1 : std::abs(lo) * 0.1;
        axis->setRange(lo - d, hi + d);
        return;
    }
    const double d = (hi - lo) * pad;
    axis->setRange(lo - d, hi + d);
}

namespace {

constexpr const char* kLegendColumnProperty = "csLegendColumn";
constexpr int kMinInsideHeight = 360; // below this a legend inside would hide the data
constexpr const char* kPlaceProperty = "csLegendPlace";
constexpr const char* kCornerProperty = "csLegendCorner";
constexpr const char* kColumnsProperty = "csLegendColumns";

// Takes the legend out of wherever it is, leaving no empty row or column.
void detachLegend(QCustomPlot* plot)
{
    QCPLegend* legend = plot->legend;
    if (QCPLayout* current = legend->layout()) {
        current->take(legend);
        // The right-hand column legendRight() made goes with it.
        if (current->property(kLegendColumnProperty).toBool())
            plot->plotLayout()->remove(current);
        plot->plotLayout()->simplify();
    }
}

// The legend in its own column right of the axis rect, items stacked.
void legendRight(QCustomPlot* plot)
{
    QCPLegend* legend = plot->legend;
    QCPLayoutGrid* layout = plot->plotLayout();
    int row = -1, col = -1;
    auto locate = [&] { dataCell(plot, row, col); };
    locate();
    // The legend sits at the top of a column of its own: a grid cell's
    // maximum height caps its whole row, so capping the legend directly in
    // the axis rect's row would shrink the axis rect to the legend's height.
    QCPLayout* column = legend->layout();
    const bool placed = column && column->property(kLegendColumnProperty).toBool() &&
                        layout->hasElement(row, col + 1) && layout->element(row, col + 1) == column;
    if (!placed) {
        detachLegend(plot);
        locate();
        auto* grid = new QCPLayoutGrid;
        grid->setProperty(kLegendColumnProperty, true);
        layout->addElement(row, col + 1, grid);
        grid->addElement(0, 0, legend);
        grid->addElement(1, 0, new QCPLayoutElement(plot));
        grid->setRowStretchFactor(0, 0.001);
        grid->setRowSpacing(0);
        layout->setColumnStretchFactor(col + 1, 0.001);
    }
    legend->setWrap(0);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 8, 14, 4)); // room for the longest entry's last letter
    // Items at the top of the column, not spread over its height.
    legend->setMaximumSize(QWIDGETSIZE_MAX, legend->minimumOuterSizeHint().height());
    legend->setLayer("legend");
}

} // namespace

void placeLegendInside(QCustomPlot* plot, Qt::Alignment corner)
{
    plot->setProperty(kPlaceProperty, "inside");
    plot->setProperty(kCornerProperty, static_cast<int>(corner));
    QCPLegend* legend = plot->legend;
    legend->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    if (plot->height() < kMinInsideHeight) {
        legendRight(plot);
        return;
    }
    QCPLayoutInset* inset = plot->axisRect()->insetLayout();
    if (legend->layout() != inset) {
        detachLegend(plot);
        inset->addElement(legend, corner);
    }
    for (int i = 0; i < inset->elementCount(); ++i)
        if (inset->elementAt(i) == legend)
            inset->setInsetAlignment(i, corner);
    legend->setWrap(0);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    legend->setBrush(QBrush(QColor(255, 255, 255, 220)));
    legend->setBorderPen(QPen(QColor(160, 160, 160)));
    legend->setMargins(QMargins(7, 5, 7, 4));
}

void refitLegend(QCustomPlot* plot)
{
    if (!plot->legend || !plot->legend->visible())
        return;
    const QString place = plot->property(kPlaceProperty).toString();
    if (place == "inside")
        placeLegendInside(plot, static_cast<Qt::Alignment>(plot->property(kCornerProperty).toInt()));
    else if (place == "below")
        placeLegendBelow(plot, plot->property(kColumnsProperty).toInt());
}

void placeLegendBelow(QCustomPlot* plot, int columns)
{
    plot->setProperty(kPlaceProperty, "below");
    plot->setProperty(kColumnsProperty, columns);
    plot->legend->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);

    // itemCount() counts the empty cells of a wrapped grid too.
    QFontMetrics fm(plot->font());
    int items = 0, widest = 40;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* pi = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) {
            ++items;
            widest = std::max(widest, fm.horizontalAdvance(pi->plottable()->name()));
        }
    // A short, wide chart (the sweep dock of a 1280x800 window) keeps its
    // height for the data: the legend goes in a column on the right when
    // its entries fit there one above the other, and the column leaves the
    // data most of the width (long entries, such as the measured series'
    // names with their errors, had squeezed the axis to a quarter of it).
    if (plot->height() < kMinInsideHeight && plot->width() >= 2 * plot->height() &&
        items * (fm.height() + 3) + 24 <= plot->height() - 40 && widest + 60 <= plot->width() * 2 / 5) {
        plot->legend->setFont(plot->font());
        legendRight(plot);
        return;
    }
    QFont f = plot->font();
    if (items > 9 && f.pointSizeF() > 7) {
        f.setPointSizeF(f.pointSizeF() - 1);
        widest = widest * 9 / 10;
    }
    plot->legend->setFont(f); // and every item's
    if (columns <= 0) {
        // Columns as wide as the longest entry allows across the plot's width.
        const int cell = widest + 32 + 24; // icon, its padding, column gap
        columns = std::clamp(std::max(plot->width(), 200) / cell, 1, 8);
        if (items > 0)
            columns = std::min(columns, items);
    }
    QCPLegend* legend = plot->legend;
    QCPLayoutGrid* layout = plot->plotLayout();
    if (legend->layout() != layout || layout->columnCount() > 1) {
        detachLegend(plot);
        const int row = layout->rowCount();
        layout->addElement(row, 0, legend);
        layout->setRowStretchFactor(row, 0.001);
    }
    // Wrap first, then re-lay the items out row by row.
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(6, 0, 6, 4));
}

void showMessage(QCustomPlot* plot, const QString& text)
{
    auto* label = new QCPItemText(plot);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(0.5, 0.5);
    label->setPositionAlignment(Qt::AlignCenter);
    label->setText(text);
    label->setColor(QColor(120, 120, 120));
    label->setClipToAxisRect(false);
    plot->legend->setVisible(false);
}

} // namespace cs::plots
