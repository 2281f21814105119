#include "app/gui/calibration/VerifyDraw.h"
#include "app/gui/calibration/OverlayDraw.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"
#include "app/plots/TableSlice.h"
#include "model/core/Unit.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace cs::app::calibration {

namespace {

QString secs(double v)
{
    return QString::fromStdString(formatMeasured(v, "s"));
}

// The sweep path of P the variant's prediction was evaluated at (as verify::compare chose it).
std::string pPathOf(const DesignDocument& doc, const std::string& variant)
{
    for (const Variant& v : doc.effectiveVariants())
        if (v.name == variant)
            return verify::pathOfP(doc, Endpoint::parse(v.total).block);
    return {};
}

// The points of the table along axis `a` with every other axis at point 0's value.
std::vector<std::size_t> firstLevelPoints(const SweepTable& t, int a)
{
    std::vector<std::size_t> points;
    for (std::size_t p = 0; p < t.points; ++p) {
        bool first = true;
        for (std::size_t b = 0; b < t.axes.size(); ++b)
            if (static_cast<int>(b) != a && t.axis(p, b) != t.axis(0, b))
                first = false;
        if (first)
            points.push_back(p);
    }
    return points;
}

// The measured points of one program's runs (rows of quantity T). On the speedup chart each run time T_m
// stands at the speedup it gives against the same runs' time at the baseline P, T_m(baseline) / T_m, as
// the predicted curve is the design's against its own; without a run at the baseline, against the chart's
// serial baseline `base` (T x speedup of the curve), which the hover text says.
PlacedSeries measuredSeries(const std::vector<verify::Row>& rows, bool bySpeedup, double base, double baselineP)
{
    PlacedSeries s;
    double measuredBase = std::nan("");
    for (const verify::Row& r : rows)
        if (r.P == baselineP && r.measured > 0)
            measuredBase = r.measured;
    const double over = std::isfinite(measuredBase) ? measuredBase : base;
    for (const verify::Row& r : rows) {
        if (!(r.measured > 0))
            continue;
        s.x.push_back(r.P);
        QString text = verifyRowText(r);
        if (bySpeedup) {
            s.y.push_back(over / r.measured);
            s.yLow.push_back(r.measuredHi > 0 ? over / r.measuredHi : std::nan(""));
            s.yHigh.push_back(r.measuredLo > 0 ? over / r.measuredLo : std::nan(""));
            s.predicted.push_back(r.predicted > 0 ? base / r.predicted : std::nan(""));
            text += std::isfinite(measuredBase)
                        ? QObject::tr("\nspeedup %1 = %2 / %3 (the runs at P = %4)")
                              .arg(plots::formatValue(over / r.measured), secs(measuredBase), secs(r.measured),
                                   plots::formatValue(baselineP))
                        : QObject::tr("\nspeedup against the model's serial time %1 (no run at P = %2)")
                              .arg(secs(base), plots::formatValue(baselineP));
        } else {
            s.y.push_back(r.measured);
            s.yLow.push_back(r.measuredLo);
            s.yHigh.push_back(r.measuredHi);
            s.predicted.push_back(r.predicted);
        }
        s.errors.push_back(r.error); // the run time's error, also on the speedup chart
        s.hoverTexts.push_back(text);
    }
    const verify::ErrorStats st = verify::errorStats(rows, -1);
    s.meanAbsRelError = st.meanAbs;
    s.maxAbsRelError = st.maxAbs;
    return s;
}

} // namespace

QString verifyRowText(const verify::Row& r)
{
    QString text = QString("%1, P = %2%3\n%4 predicted %5")
                       .arg(QString::fromStdString(r.variant), plots::formatValue(r.P),
                            r.heldOut ? QObject::tr(" (held out)") : QString(), QString::fromStdString(r.quantity),
                            secs(r.predicted));
    if (!r.runs.empty()) // which runs, to tell them from the others in the document
        text.replace(text.indexOf('\n'), 1, QObject::tr("\nruns of %1\n").arg(QString::fromStdString(r.runs)));
    if (r.bandHi > r.bandLo)
        text += QString(" [%1, %2]").arg(secs(r.bandLo), secs(r.bandHi));
    text += QObject::tr("\nmeasured %1").arg(secs(r.measured));
    if (std::isfinite(r.measuredLo) && std::isfinite(r.measuredHi))
        text += QString(" [%1, %2]").arg(secs(r.measuredLo), secs(r.measuredHi));
    text += QObject::tr(", n = %1\nerror %2").arg(r.n).arg(percent(r.error));
    return text;
}

int drawVerifySpeedup(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& t, const DesignDocument& doc,
                      const plots::SpeedupChartOptions& options, const verify::Report& report)
{
    const plots::SpeedupChartFrame f = plots::speedupChartFrame(t, options);
    if (f.xAxis < 0 || f.xColumn >= 0 || f.yColumn < 0 || t.points == 0)
        return 0;
    const std::string xPath = t.axes[static_cast<std::size_t>(f.xAxis)];
    const std::size_t nv = t.variants.size();
    const int speedupCol = t.column("speedup"), timeCol = t.column("T");
    std::vector<PlacedSeries> placed;
    for (std::size_t v = 0; v < nv; ++v) {
        const std::string& variant = t.variants[v];
        if (pPathOf(doc, variant) != xPath)
            continue;
        // On the speedup chart a measured time T_m stands at the speedup it gives against the chart's own
        // serial baseline: T_base / T_m, where T_base = T x speedup at any point of the curve.
        double base = std::nan("");
        if (f.bySpeedup && speedupCol >= 0 && timeCol >= 0)
            for (std::size_t p : firstLevelPoints(t, f.xAxis)) {
                const double T = t.at(p * nv + v, static_cast<std::size_t>(timeCol));
                const double s = t.at(p * nv + v, static_cast<std::size_t>(speedupCol));
                if (std::isfinite(T) && std::isfinite(s) && T > 0 && s > 0) {
                    base = T * s;
                    break;
                }
            }
        if (f.bySpeedup && !std::isfinite(base))
            continue;
        // One series per program and arguments (runs of `./jacobi 32 10` and `./jacobi 96 50` time two
        // problems), in the order the report has them.
        std::vector<std::string> groups;
        for (const verify::Row& r : report.rows)
            if (r.variant == variant && std::find(groups.begin(), groups.end(), r.runs) == groups.end())
                groups.push_back(r.runs);
        for (const std::string& runs : groups) {
            std::vector<verify::Row> rows;
            for (const verify::Row& r : report.rows)
                if (r.variant == variant && r.runs == runs && r.quantity == "T")
                    rows.push_back(r);
            PlacedSeries s = measuredSeries(rows, f.bySpeedup, base, options.baseline);
            if (s.x.empty())
                continue;
            const QString who = runs.empty() ? QString::fromStdString(variant)
                                : nv > 1     ? QString("%1 (%2)").arg(QString::fromStdString(runs), QString::fromStdString(variant))
                                             : QString::fromStdString(runs);
            s.name = f.bySpeedup ? QObject::tr("speedup of %1").arg(who) : QObject::tr("T of %1").arg(who);
            placed.push_back(std::move(s));
        }
    }
    if (placed.empty())
        return 0;
    drawMeasured(plot, hover, f, QString::fromStdString(xPath), placed);
    plots::refitLegend(plot);
    int n = 0;
    for (const PlacedSeries& s : placed)
        n += static_cast<int>(s.x.size());
    return n;
}

int drawVerifyBreakdown(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& t, const DesignDocument& doc,
                        const plots::BreakdownChartOptions& options, const verify::Report& report)
{
    if (t.points == 0 || report.rows.empty())
        return 0;
    const plots::BreakdownChartFrame f = plots::breakdownChartFrame(t, options);
    const int a = plots::axisIndex(t, options.param);
    if (a < 0)
        return 0;
    const double P = t.axis(f.point, static_cast<std::size_t>(a));

    // The measured rows of each variant at this P, by quantity.
    std::vector<std::map<std::string, const verify::Row*>> measured(f.variants);
    bool any = false;
    for (std::size_t v = 0; v < f.variants; ++v) {
        if (pPathOf(doc, t.variants[v]) != options.param)
            continue;
        for (const verify::Row& r : report.rows)
            if (r.variant == t.variants[v] && r.P == P && r.measured > 0) {
                measured[v][r.quantity] = &r;
                any = true;
            }
    }
    if (!any)
        return 0;
    // Phases stacked as the prediction's are when every one was measured; else the total alone.
    std::vector<std::string> stack;
    std::vector<QColor> colors;
    for (std::size_t i = 0; i < f.columns.size(); ++i) {
        stack.push_back(t.columns[static_cast<std::size_t>(f.columns[i])]);
        colors.push_back(f.colors[i]);
    }
    const bool complete = std::all_of(measured.begin(), measured.end(), [&](const auto& m) {
        return m.empty() || std::all_of(stack.begin(), stack.end(), [&](const std::string& q) { return m.count(q); });
    });
    if (!complete || f.totalsOnly) {
        stack = {"T"};
        colors = {QColor(90, 90, 90)};
    }

    QCPAxis* keyAxis = f.horizontal ? plot->yAxis : plot->xAxis;
    QCPAxis* valueAxis = f.horizontal ? plot->xAxis : plot->yAxis;
    // Beside the predicted bar, in the gap before the next one.
    const double width = 0.22, offset = f.horizontal ? -0.42 : 0.42;
    std::vector<double> top(f.variants, 0.0);
    QCPBars* below = nullptr;
    int drawn = 0;
    for (std::size_t i = 0; i < stack.size(); ++i) {
        auto* bars = new QCPBars(keyAxis, valueAxis);
        bars->setPen(QPen(colors[i].darker(150), 1.0));
        bars->setBrush(QBrush(colors[i], Qt::Dense4Pattern));
        bars->setWidth(width);
        if (below)
            bars->moveAbove(below);
        below = bars;
        if (i == 0)
            bars->setName(QObject::tr("measured (stippled, beside each bar)"));
        else
            bars->removeFromLegend();
        QVector<double> keys, values;
        for (std::size_t v = 0; v < f.variants; ++v) {
            const auto it = measured[v].find(stack[i]);
            if (it == measured[v].end())
                continue;
            const verify::Row& r = *it->second;
            const double k = f.key(v) + offset, value = r.measured / f.unit.scale;
            keys << k;
            values << value;
            const QRectF segment = f.horizontal ? QRectF(top[v], k - width / 2, value, width)
                                                : QRectF(k - width / 2, top[v], width, value);
            hover.addRect(segment, verifyRowText(r));
            top[v] += value;
            ++drawn;
        }
        bars->setData(keys, values, !f.horizontal);
    }
    // The error of the total over each measured bar, and room for it.
    double highest = 0;
    for (std::size_t v = 0; v < f.variants; ++v) {
        const auto it = measured[v].find("T");
        if (top[v] <= 0 || it == measured[v].end())
            continue;
        highest = std::max(highest, top[v]);
        auto* label = new QCPItemText(plot);
        label->setObjectName("verifyErrorLabel");
        label->position->setAxes(plot->xAxis, plot->yAxis);
        const double k = f.key(v) + offset;
        label->position->setCoords(f.horizontal ? top[v] : k, f.horizontal ? k : top[v]);
        label->setPositionAlignment(f.horizontal ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignHCenter | Qt::AlignBottom));
        label->setPadding(f.horizontal ? QMargins(4, 0, 0, 0) : QMargins(0, 0, 0, 3));
        label->setText(QObject::tr("measured\n%1").arg(percent(it->second->error)));
        label->setColor(QColor(20, 20, 20));
    }
    if (highest * (f.horizontal ? 1.22 : 1.15) > valueAxis->range().upper)
        valueAxis->setRangeUpper(highest * (f.horizontal ? 1.22 : 1.15));
    plots::placeLegendBelow(plot);
    return drawn;
}

} // namespace cs::app::calibration
