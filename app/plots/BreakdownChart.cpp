#include "app/plots/BreakdownChart.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/TableSlice.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cs::plots {

namespace {

// Long variant names wrap at spaces so the tick labels of several bars do not
// run into each other.
QString wrapName(const QString& name)
{
    if (name.size() <= 10)
        return name;
    const QStringList words = name.split(' ', Qt::SkipEmptyParts);
    QString out, line;
    for (const QString& w : words) {
        if (!line.isEmpty() && line.size() + 1 + w.size() > 12) {
            out += (out.isEmpty() ? "" : "\n") + line;
            line = w;
        } else {
            line += (line.isEmpty() ? "" : " ") + w;
        }
    }
    return out + (out.isEmpty() ? "" : "\n") + line;
}

} // namespace

std::size_t breakdownPoint(const SweepTable& t, const BreakdownChartOptions& o)
{
    const int a = axisIndex(t, o.param);
    if (a < 0)
        return 0;
    double at = o.at;
    if (std::isnan(at)) {
        const auto levels = axisLevels(t, a);
        at = levels.empty() ? 0 : *std::max_element(levels.begin(), levels.end());
    }
    return pointNear(t, a, at);
}

BreakdownChartFrame breakdownChartFrame(const SweepTable& t, const BreakdownChartOptions& o)
{
    BreakdownChartFrame f;
    f.point = breakdownPoint(t, o);
    f.variants = t.variants.size();
    const std::size_t p = f.point, nv = f.variants;
    // Phases that show at this point; a table without phases shows the totals.
    const std::vector<int> allPhases = phaseColumns(t);
    for (std::size_t i = 0; i < allPhases.size(); ++i) {
        const int c = allPhases[i];
        bool any = false;
        for (std::size_t v = 0; v < nv && t.points; ++v) {
            const double x = t.at(p * nv + v, static_cast<std::size_t>(c));
            any = any || (std::isfinite(x) && x != 0.0);
        }
        if (any) {
            f.columns.push_back(c);
            f.colors.push_back(phaseColor(static_cast<int>(i)));
        }
    }
    f.totalsOnly = f.columns.empty();
    if (f.totalsOnly) {
        f.columns.push_back(0);
        f.colors.push_back(variantColor(0));
    }
    double maxTotal = 0;
    for (std::size_t v = 0; v < nv && t.points; ++v)
        if (std::isfinite(t.at(p * nv + v, 0)))
            maxTotal = std::max(maxTotal, std::abs(t.at(p * nv + v, 0)));
    f.unit = scaleFor(o.total.unit, maxTotal, o.format);
    bool longNames = false;
    for (const std::string& n : t.variants)
        longNames = longNames || n.size() > 24;
    f.horizontal = nv > 5 || longNames;
    return f;
}

ChartHover buildBreakdownChart(QCustomPlot* plot, const SweepTable& t, const BreakdownChartOptions& o)
{
    ChartHover hover;
    const BreakdownChartFrame frame = breakdownChartFrame(t, o);
    const std::size_t p = frame.point;
    const std::size_t nv = t.variants.size();
    const std::string where = t.points ? describePoint(t, p) : std::string();
    const QString at = where.empty() ? QString() : QString(" at %1").arg(QString::fromStdString(where));
    const std::vector<int>& cols = frame.columns;
    const bool totalsOnly = frame.totalsOnly;

    resetPlot(plot, totalsOnly ? QString("%1 of each variant%2").arg(o.total.symbol, at) : "Phase breakdown" + at);
    if (t.points == 0 || nv == 0) {
        showMessage(plot, "no sweep data");
        return hover;
    }

    const ScaleUnit& unit = frame.unit;
    const bool horizontal = frame.horizontal;
    QCPAxis* keyAxis = horizontal ? plot->yAxis : plot->xAxis;
    QCPAxis* valueAxis = horizontal ? plot->xAxis : plot->yAxis;
    // Vertical bars go left to right; horizontal ones top to bottom.
    auto keyOf = [&](std::size_t v) { return frame.key(v); };

    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    for (std::size_t v = 0; v < nv; ++v) {
        const QString name = QString::fromStdString(t.variants[v]);
        ticker->addTick(keyOf(v), horizontal ? name : wrapName(name));
    }
    keyAxis->setTicker(ticker);
    keyAxis->setSubTicks(false);
    keyAxis->setTickLength(0, 4);
    keyAxis->grid()->setVisible(false);
    keyAxis->setRange(0.4, static_cast<double>(nv) + 0.6);
    valueAxis->grid()->setVisible(true);

    std::vector<double> stackTop(nv, 0.0);
    QCPBars* below = nullptr;
    const double width = frame.width;
    for (std::size_t ci = 0; ci < cols.size(); ++ci) {
        const int c = cols[ci];
        auto* bars = new QCPBars(keyAxis, valueAxis);
        const QColor colour = frame.colors[ci];
        bars->setName(totalsOnly ? o.total.symbol : QString::fromStdString(t.columns[static_cast<std::size_t>(c)]));
        bars->setPen(QPen(colour.darker(130), 1.0));
        bars->setBrush(colour);
        bars->setWidth(width);
        if (below)
            bars->moveAbove(below);
        below = bars;
        QVector<double> keys, values;
        for (std::size_t v = 0; v < nv; ++v) {
            const std::size_t r = p * nv + v;
            double x = t.at(r, static_cast<std::size_t>(c));
            if (!std::isfinite(x) || t.error(r))
                x = 0.0;
            const double k = keyOf(v), scaled = x / unit.scale;
            keys.push_back(k);
            values.push_back(scaled);
            if (x != 0.0) {
                const double total = t.at(r, 0);
                QString text = QString("%1%2\n%3 = %4")
                                   .arg(QString::fromStdString(t.variants[v]), at, bars->name(),
                                        formatWithUnit(scaled, unit));
                if (!totalsOnly && total > 0)
                    text += QString(" (%1% of %2)").arg(formatValue(100.0 * x / total), o.total.symbol);
                const QRectF segment = horizontal ? QRectF(stackTop[v], k - width / 2, scaled, width)
                                                  : QRectF(k - width / 2, stackTop[v], width, scaled);
                hover.addRect(segment, text);
            }
            stackTop[v] += scaled;
        }
        bars->setData(keys, values, !horizontal);
    }

    // A variant whose total has no phases (others' totals do) still gets its
    // bar: the whole total, in grey.
    if (!totalsOnly) {
        QVector<double> keys, values;
        bool any = false;
        for (std::size_t v = 0; v < nv; ++v) {
            const std::size_t r = p * nv + v;
            const double total = t.at(r, 0);
            const bool bare = stackTop[v] == 0.0 && std::isfinite(total) && total != 0.0 && !t.error(r);
            keys.push_back(keyOf(v));
            values.push_back(bare ? total / unit.scale : 0.0);
            if (!bare)
                continue;
            any = true;
            const QRectF whole = horizontal ? QRectF(0, keyOf(v) - width / 2, total / unit.scale, width)
                                            : QRectF(keyOf(v) - width / 2, 0, width, total / unit.scale);
            hover.addRect(whole, QString("%1%2\n%3 = %4 (no phases)")
                                     .arg(QString::fromStdString(t.variants[v]), at, o.total.symbol,
                                          formatWithUnit(total / unit.scale, unit)));
            stackTop[v] = total / unit.scale;
        }
        if (any) {
            auto* bars = new QCPBars(keyAxis, valueAxis);
            bars->setName(QString("%1 (no phases)").arg(o.total.symbol));
            bars->setPen(QPen(QColor(150, 150, 150)));
            bars->setBrush(QColor(200, 200, 200));
            bars->setWidth(width);
            bars->setData(keys, values, !horizontal);
        }
    }

    // The total at the end of each bar; "error" where the variant failed here.
    for (std::size_t v = 0; v < nv; ++v) {
        const std::size_t r = p * nv + v;
        auto* label = new QCPItemText(plot);
        label->position->setAxes(plot->xAxis, plot->yAxis);
        if (horizontal) {
            label->position->setCoords(stackTop[v], keyOf(v));
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->setPadding(QMargins(4, 0, 0, 0));
        } else {
            label->position->setCoords(keyOf(v), stackTop[v]);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setPadding(QMargins(0, 0, 0, 3));
        }
        if (const std::string* e = t.error(r)) {
            // The reason where the bar would be (issue 34, defect 3), its whole text on hover.
            const QString why = QString::fromStdString(*e);
            label->setText(QString("error: %1").arg(why.size() > 48 ? why.left(47) + QChar(0x2026) : why));
            label->setColor(QColor(190, 0, 0));
            const QPointF spot = horizontal ? QPointF(0.0, keyOf(v)) : QPointF(keyOf(v), 0.0);
            hover.addPoint(spot.x(), spot.y(),
                           QString("%1: %2").arg(QString::fromStdString(t.variants[v]), QString::fromStdString(*e)));
        } else {
            label->setText(formatWithUnit(t.at(r, 0) / unit.scale, unit));
        }
    }

    // Markers (e.g. simulated totals) over the bars, at the same scale.
    double markerTop = 0;
    if (!o.markers.empty()) {
        auto* g = new QCPGraph(keyAxis, valueAxis);
        g->setName(o.markerName);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(QColor(20, 20, 20), 1.5),
                                           QBrush(QColor(255, 200, 0)), 11));
        for (std::size_t v = 0; v < nv && v < o.markers.size(); ++v) {
            const double m = o.markers[v];
            if (!std::isfinite(m))
                continue;
            g->addData(keyOf(v), m / unit.scale);
            markerTop = std::max(markerTop, m / unit.scale);
            const QPointF spot = horizontal ? QPointF(m / unit.scale, keyOf(v)) : QPointF(keyOf(v), m / unit.scale);
            hover.addPoint(spot.x(), spot.y(),
                           QString("%1%2\n%3 %4 = %5").arg(QString::fromStdString(t.variants[v]), at, o.markerName,
                                                           o.total.symbol, formatWithUnit(m / unit.scale, unit)));
        }
        if (horizontal) {
            // A graph's keys run along x; lying bars put them on y.
            g->setKeyAxis(plot->yAxis);
            g->setValueAxis(plot->xAxis);
        }
    }

    valueAxis->setLabel(totalsOnly ? quantityLabel(o.total, unit) : quantityLabel({"time", o.total.unit}, unit));
    const double top = std::max(markerTop, *std::max_element(stackTop.begin(), stackTop.end()));
    // Room for the total labels beyond the longest bar.
    valueAxis->setRange(0, top > 0 ? top * (horizontal ? 1.22 : 1.15) : 1.0);
    if (totalsOnly && o.markers.empty())
        plot->legend->setVisible(false);
    else
        placeLegendBelow(plot);
    return hover;
}

} // namespace cs::plots
