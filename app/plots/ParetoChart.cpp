#include "app/plots/ParetoChart.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"
#include "app/plots/TableSlice.h"
#include "model/sweep/Pareto.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cs::plots {

namespace {
// Tooltips a chart prepares at most (about; every point of the front too).
constexpr std::size_t kMaxHoverPoints = 20000;
// Points of one graph drawn with a marker each; beyond, with dots.
constexpr std::size_t kMaxMarkers = 5000;
} // namespace

ChartHover buildParetoChart(QCustomPlot* plot, const SweepTable& t, bool log, const Quantity& total,
                            const FormatOptions& format)
{
    ChartHover hover;
    resetPlot(plot, total.unit == Unit::Seconds ? QString("Cost against run time (Pareto front)")
                                                : QString("Cost against %1 (Pareto front)").arg(total.symbol));
    const std::size_t nv = t.variants.size();
    if (t.points == 0 || nv == 0) {
        showMessage(plot, "no sweep data");
        return hover;
    }
    const std::vector<std::size_t> front = paretoFront(t);
    const std::set<std::size_t> onFront(front.begin(), front.end());

    double tMax = 0;
    for (std::size_t r = 0; r < t.rows(); ++r)
        if (std::isfinite(t.at(r, 0)))
            tMax = std::max(tMax, std::abs(t.at(r, 0)));
    const ScaleUnit unit = scaleFor(total.unit, tMax, format);

    const std::size_t hoverStride = std::max<std::size_t>(1, t.points * nv / kMaxHoverPoints);
    double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
    bool anyCost = false;
    for (std::size_t v = 0; v < nv; ++v) {
        QCPGraph* g = plot->addGraph();
        g->setName(QString::fromStdString(t.variants[v]));
        g->setLineStyle(QCPGraph::lsNone);
        const QColor c = variantColor(static_cast<int>(v));
        g->setPen(QPen(c, 1.5));
        const int shape = variantShape(static_cast<int>(v));
        g->setScatterStyle(shape == QCPScatterStyle::ssCircle
                               ? QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, 8)
                               : QCPScatterStyle(static_cast<QCPScatterStyle::ScatterShape>(shape), c, c, 7));
        QVector<double> xs, ys;
        for (std::size_t p = 0; p < t.points; ++p) {
            const std::size_t r = p * nv + v;
            const double x = t.at(r, 0) / unit.scale, y = t.at(r, 3);
            if (!std::isfinite(x) || !std::isfinite(y) || (log && (x <= 0 || y <= 0)))
                continue;
            xs.push_back(x);
            ys.push_back(y);
            xlo = std::min(xlo, x);
            xhi = std::max(xhi, x);
            ylo = std::min(ylo, y);
            yhi = std::max(yhi, y);
            anyCost = anyCost || y != 0.0;
            // Formatting a tooltip for each of 5 million points held the GUI
            // thread for a minute and a half: every hoverStride-th point, and
            // every point of the front, is hovered.
            if (p % hoverStride != 0 && !onFront.count(r))
                continue;
            QString text = QString("%1, %2\n%3 = %4\ncost %5 USD\nspeedup %6")
                               .arg(QString::fromStdString(t.variants[v]), QString::fromStdString(describePoint(t, p)),
                                    total.symbol, formatWithUnit(x, unit), formatValue(y), formatValue(t.at(r, 1)));
            if (onFront.count(r))
                text += "\non the Pareto front";
            hover.addPoint(x, y, text);
        }
        // A marker for each of millions of points takes the GUI thread a
        // minute to paint and shows nothing more than dots do.
        if (static_cast<std::size_t>(xs.size()) > kMaxMarkers)
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDot, c, c, 1));
        g->setData(xs, ys);
    }

    QCPGraph* f = plot->addGraph();
    f->setName("Pareto front");
    f->setPen(QPen(QColor(40, 40, 40), 1.5));
    f->setLineStyle(QCPGraph::lsStepLeft);
    f->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(40, 40, 40), 1.8), Qt::NoBrush, 12));
    QVector<double> fx, fy;
    for (std::size_t r : front) {
        const double x = t.at(r, 0) / unit.scale, y = t.at(r, 3);
        if (log && (x <= 0 || y <= 0))
            continue;
        fx.push_back(x);
        fy.push_back(y);
    }
    f->setData(fx, fy); // sorted by time: each cost holds until a faster design costs more

    plot->xAxis->setLabel(total.unit == Unit::Seconds ? QString("run time %1").arg(quantityLabel(total, unit))
                                                      : quantityLabel(total, unit));
    plot->yAxis->setLabel("cost (USD)");
    if (xlo > xhi) {
        showMessage(plot, "no point of the sweep evaluated");
        return hover;
    }
    setLogScale(plot->xAxis, log, xlo, xhi);
    setLogScale(plot->yAxis, log, ylo, yhi);
    setPaddedRange(plot->xAxis, xlo, xhi);
    if (plot->graphCount() > 7)
        placeLegendBelow(plot);
    else
        placeLegendInside(plot, Qt::AlignTop | Qt::AlignRight);
    setPaddedRange(plot->yAxis, log ? ylo : std::min(0.0, ylo), yhi, 0.08);
    if (!log && ylo >= 0)
        plot->yAxis->setRangeLower(0);
    if (!anyCost) {
        auto* note = new QCPItemText(plot);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.15);
        note->setText("the design lists no costs: every design costs 0 USD");
        note->setColor(QColor(120, 120, 120));
    }
    return hover;
}

} // namespace cs::plots
