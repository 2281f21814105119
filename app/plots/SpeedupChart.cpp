#include "model/core/JobSize.h" // before Qt: its functions have parameters named `slots`
#include "app/plots/SpeedupChart.h"
#include "model/core/Design.h"
#include "app/plots/ChartWords.h"
#include "app/plots/PlotLayout.h"
#include "model/core/ModelError.h"
#include "app/plots/TableSlice.h"
#include "model/core/Unit.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace cs::plots {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Tooltips a chart prepares at most (about).
constexpr std::size_t kMaxHoverPoints = 20000;
// Points of one curve drawn with a marker each; beyond, the line alone.
constexpr std::size_t kMaxMarkers = 5000;

struct Extent {
    double xlo = kInf, xhi = -kInf, ylo = kInf, yhi = -kInf;
    void add(double x, double y)
    {
        xlo = std::min(xlo, x);
        xhi = std::max(xhi, x);
        ylo = std::min(ylo, y);
        yhi = std::max(yhi, y);
    }
    bool empty() const { return xlo > xhi; }
};

// Points grouped by the values of every axis other than `xAxis`, in the
// order the groups first appear.
std::vector<std::vector<std::size_t>> groupPoints(const SweepTable& t, int xAxis)
{
    std::map<std::vector<double>, std::size_t> index;
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t p = 0; p < t.points; ++p) {
        std::vector<double> key;
        for (std::size_t a = 0; a < t.axes.size(); ++a)
            if (static_cast<int>(a) != xAxis)
                key.push_back(t.axis(p, a));
        auto [it, added] = index.emplace(key, groups.size());
        if (added)
            groups.emplace_back();
        groups[it->second].push_back(p);
    }
    return groups;
}

// How the curves of one variant are told apart: each a shade of the
// variant's colour, light for the other swept parameter's lowest value and
// dark for its highest (by curve number when more than one other parameter
// is swept; the tooltip gives every value).
struct CurveShades {
    std::vector<double> f; // per group, 0..1
    std::size_t darkest = 0;
    QString label;
    double lo = 1, hi = 1;
    bool log = false;
};

CurveShades curveShades(const SweepTable& t, int xAxis, const std::vector<std::vector<std::size_t>>& groups,
                        std::size_t n, const AxisDescription& shade)
{
    CurveShades s;
    s.f.assign(n, 0.0);
    if (n < 2)
        return s;
    int other = -1;
    if (t.axes.size() == 2)
        other = xAxis == 0 ? 1 : 0;
    if (other < 0) {
        for (std::size_t g = 0; g < n; ++g)
            s.f[g] = static_cast<double>(g) / static_cast<double>(n - 1);
        s.darkest = n - 1;
        s.lo = 1;
        s.hi = static_cast<double>(n);
        s.label = QString("curve 1 to %1 (shade; hover a curve for its values)").arg(n);
        return s;
    }
    const QString name = QString::fromStdString(t.axes[static_cast<std::size_t>(other)]);
    const bool described = !shade.label.isEmpty() && shade.label.startsWith(name);
    const double scale = described && shade.unit.scale > 0 ? shade.unit.scale : 1.0;
    std::vector<double> values(n);
    for (std::size_t g = 0; g < n; ++g)
        values[g] = t.axis(groups[g].front(), static_cast<std::size_t>(other)) / scale;
    s.lo = *std::min_element(values.begin(), values.end());
    s.hi = *std::max_element(values.begin(), values.end());
    // Values a decade or more apart (powers of two, say) are shaded by their
    // logarithm, so the small ones do not all look alike.
    s.log = s.lo > 0 && s.hi / s.lo >= 10;
    for (std::size_t g = 0; g < n; ++g) {
        const double v = values[g];
        s.f[g] = s.hi == s.lo ? 1.0
                 : s.log      ? std::log(v / s.lo) / std::log(s.hi / s.lo)
                              : (v - s.lo) / (s.hi - s.lo);
        if (s.f[g] >= s.f[s.darkest])
            s.darkest = g;
    }
    s.label = QString("curve shade: %1").arg(described ? shade.label : name);
    return s;
}

} // namespace

std::vector<std::size_t> shownCurves(std::size_t groups, int maxCurves)
{
    const std::size_t n = std::min<std::size_t>(groups, static_cast<std::size_t>(std::max(1, maxCurves)));
    std::vector<std::size_t> shown(n);
    for (std::size_t i = 0; i < n; ++i)
        shown[i] = n == 1 ? 0 : static_cast<std::size_t>(std::lround(static_cast<double>(i * (groups - 1)) / static_cast<double>(n - 1)));
    return shown;
}

SpeedupChartOptions speedupOptionsFor(const DesignDocument& doc, const SweepTable& table, bool log)
{
    SpeedupChartOptions o;
    o.speedupParam = doc.sweep.speedupParam;
    o.baseline = doc.sweep.speedupBaseline;
    o.log = log;
    const bool swept = axisIndex(table, o.speedupParam) >= 0;
    if (swept || !table.axes.empty()) {
        o.param = describeParameter(doc, swept ? o.speedupParam : table.axes.front());
        o.paramWords = pathWords(doc, swept ? o.speedupParam : table.axes.front());
    }
    o.total = totalQuantity(doc);
    o.totalWords = totalWords(doc);
    if (table.axes.size() == 2)
        o.shade = describeParameter(doc, table.axes[(swept ? axisIndex(table, o.speedupParam) : 0) == 0 ? 1 : 0]);
    return o;
}

namespace {
// The x axis description buildSpeedupChart labels the axis with.
AxisDescription xDescription(const SweepTable& t, const SpeedupChartOptions& o, int xAxis)
{
    const QString xName = QString::fromStdString(xAxis >= 0 ? t.axes[static_cast<std::size_t>(xAxis)] : "");
    return (!o.param.label.isEmpty() && o.param.label.startsWith(xName)) ? o.param : AxisDescription{xName, {}};
}

ScaleUnit totalScale(const SweepTable& t, const SpeedupChartOptions& o)
{
    double tMax = 0;
    for (std::size_t r = 0; r < t.rows(); ++r)
        if (!t.values.empty() && std::isfinite(t.at(r, 0)))
            tMax = std::max(tMax, std::abs(t.at(r, 0)));
    return scaleFor(o.total.unit, tMax, o.format);
}
// True when axis `a` is the job's node count (the topology's kJobNodes).
bool isJobNodesAxis(const SweepTable& t, int a)
{
    return a >= 0 && t.axes[static_cast<std::size_t>(a)] == std::string(kTopologyBlock) + "." + kJobNodes;
}
} // namespace

SpeedupChartFrame speedupChartFrame(const SweepTable& t, const SpeedupChartOptions& o)
{
    SpeedupChartFrame f;
    const int speedAxis = axisIndex(t, o.speedupParam);
    f.bySpeedup = speedAxis >= 0;
    f.xAxis = f.bySpeedup ? speedAxis : (t.axes.empty() ? -1 : 0);
    if (!f.bySpeedup && f.xAxis >= 0 && isJobNodesAxis(t, f.xAxis)) {
        // Node count against speedup at a fixed ranks per node: P follows the job's nodes.
        f.bySpeedup = !o.speedupParam.empty();
    } else if (!f.bySpeedup && f.xAxis >= 0 && t.axes[static_cast<std::size_t>(f.xAxis)].rfind("topology.", 0) == 0 &&
               t.column("topology.hosts") >= 0) {
        // Node count against speedup on a growing network: P follows the hosts.
        f.xColumn = t.column("topology.hosts");
        f.bySpeedup = !o.speedupParam.empty();
    }
    const AxisDescription xDesc = xDescription(t, o, f.xAxis);
    f.xScale = xDesc.unit.scale > 0 ? xDesc.unit.scale : 1.0;
    f.yColumn = t.column(f.bySpeedup ? "speedup" : "T");
    f.yScale = f.bySpeedup ? 1.0 : totalScale(t, o).scale;
    return f;
}

std::vector<PaperPoint> paperPointsFor(const DesignDocument& doc, const std::string& presetDirectory,
                                       const std::string& speedupParam)
{
    const std::string preset = presetNamed(doc, presetDirectory);
    if (preset.empty())
        return {};
    try {
        return paperPoints(loadClaims(presetDirectory + "/claims"), preset, speedupParam);
    } catch (const ModelError&) {
        return {}; // markers are an aid: a broken catalogue is reported by `validate`, not by a chart
    }
}

ChartHover buildSpeedupChart(QCustomPlot* plot, const SweepTable& t, const SpeedupChartOptions& o)
{
    ChartHover hover;
    const SpeedupChartFrame frame = speedupChartFrame(t, o);
    const bool bySpeedup = frame.bySpeedup;
    const int xAxis = frame.xAxis;
    const int xCol = frame.xColumn;
    const QString xName = xCol >= 0 ? QString("hosts")
                                    : QString::fromStdString(xAxis >= 0 ? t.axes[static_cast<std::size_t>(xAxis)] : "");
    const AxisDescription xDesc =
        xCol >= 0 ? AxisDescription{QString("hosts (the network regenerated at each %1)")
                                        .arg(QString::fromStdString(t.axes[static_cast<std::size_t>(xAxis)])),
                                    {}}
                  : xDescription(t, o, xAxis);
    // The x value of a row: the swept value, or the network's host count.
    auto xOf = [&](std::size_t p, std::size_t r) {
        return xCol >= 0 ? t.at(r, static_cast<std::size_t>(xCol)) : t.axis(p, static_cast<std::size_t>(xAxis));
    };
    const double xScale = frame.xScale;
    const int yCol = frame.yColumn;
    const ScaleUnit tUnit = totalScale(t, o);
    const ScaleUnit yUnit = bySpeedup ? ScaleUnit{1.0, ""} : tUnit;

    // What speedup is measured against goes in the title, where there is
    // room for it; the y axis of a short chart has none.
    // A title in words, "one-way time of a k-byte message (T_oneway) against
    // message size (k)", not the paths "T against mpi.k" (issue 34, defect 13).
    const bool xDescribed = xCol < 0 && xAxis >= 0 && !o.param.label.isEmpty() && o.param.label.startsWith(xName);
    const QString words = xDescribed ? o.paramWords : QString();
    const QString xWords = xCol >= 0         ? QString("hosts")
                           : xName.isEmpty() ? QString("the point")
                           : words.isEmpty() ? xName // a path nothing describes is named whole
                                             : titleName(words, xName.mid(xName.lastIndexOf('.') + 1));
    resetPlot(plot, bySpeedup ? QString("Speedup against %1\n%2").arg(xName, QString::fromStdString(t.speedupBasis))
                              : QString("%1 against %2").arg(titleName(o.totalWords, o.total.symbol), xWords));
    if (xAxis < 0 || yCol < 0 || t.points == 0) {
        showMessage(plot, "no sweep data");
        return hover;
    }

    const auto everyGroup = groupPoints(t, xAxis);
    std::vector<std::vector<std::size_t>> curves;
    for (std::size_t g : shownCurves(everyGroup.size(), o.maxGroups))
        curves.push_back(everyGroup[g]);
    const std::size_t nGroups = curves.size();
    const CurveShades shades = curveShades(t, xAxis, curves, nGroups, o.shade);
    Extent ext;
    bool wholeX = true;
    const std::size_t nv = t.variants.size();
    const std::size_t hoverStride = std::max<std::size_t>(1, t.points * nv / kMaxHoverPoints);
    std::size_t hovered = 0;
    for (std::size_t v = 0; v < nv; ++v) {
        const QColor colour = variantColor(static_cast<int>(v));
        const auto shape = static_cast<QCPScatterStyle::ScatterShape>(variantShape(static_cast<int>(v)));
        for (std::size_t g = 0; g < nGroups; ++g) {
            QCPGraph* graph = plot->addGraph();
            const std::string where = describePoint(t, curves[g].front(), xAxis);
            // Several curves a variant: one legend entry for the variant (its
            // darkest curve), the curve's value in its shade on the scale.
            graph->setName(QString::fromStdString(t.variants[v]));
            const QColor shade = nGroups > 1 ? curveShade(colour, shades.f[g]) : colour;
            if (nGroups > 1 && g != shades.darkest)
                graph->removeFromLegend();
            graph->setPen(QPen(shade, 2.0));
            graph->setScatterStyle(QCPScatterStyle(shape, shade, Qt::white, 7));
            QVector<double> xs, ys;
            for (std::size_t p : curves[g]) {
                const std::size_t r = p * nv + v;
                const double x = xOf(p, r) / xScale;
                const double y = t.at(r, static_cast<std::size_t>(yCol)) / yUnit.scale;
                if (!std::isfinite(y) || (o.log && (x <= 0 || y <= 0)))
                    continue; // failed point, or one a log axis cannot show
                xs.push_back(x);
                ys.push_back(y);
                ext.add(x, y);
                wholeX = wholeX && x == std::round(x);
                // Every hoverStride-th point gets a tooltip: formatting one for
                // each of millions of points held the GUI thread for minutes.
                if (hovered++ % hoverStride != 0)
                    continue;
                QString text = QString("%1\n%2 = %3").arg(QString::fromStdString(t.variants[v]), xName,
                                                         formatWithUnit(x, xDesc.unit));
                if (!where.empty())
                    text += "\n" + QString::fromStdString(where);
                if (xCol >= 0)
                    text += QString("\n%1 = %2").arg(QString::fromStdString(t.axes[static_cast<std::size_t>(xAxis)]),
                                                     formatValue(t.axis(p, static_cast<std::size_t>(xAxis))));
                const double total = t.at(r, 0);
                const ScaleUnit tu = scaleFor(o.total.unit, total, o.format);
                if (bySpeedup)
                    text += QString("\nspeedup %1\nefficiency %2").arg(formatValue(y), formatValue(t.at(r, 2)));
                text += QString("\n%1 = %2").arg(o.total.symbol, formatWithUnit(total / tu.scale, tu));
                hover.addPoint(x, y, text);
            }
            // Markers for millions of points take the GUI thread a minute to
            // paint; the line alone shows the curve.
            if (static_cast<std::size_t>(xs.size()) > kMaxMarkers)
                graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
            graph->setData(xs, ys);
        }
    }

    if (bySpeedup && xCol < 0) {
        // The paper's stated points, one marker graph per variant that has any.
        for (std::size_t v = 0; v < nv; ++v) {
            QVector<double> xs, ys;
            for (const PaperPoint& pp : o.paper) {
                if (pp.variant != t.variants[v])
                    continue;
                const double x = pp.x / xScale;
                if (o.log && (x <= 0 || pp.speedup <= 0))
                    continue;
                xs.push_back(x);
                ys.push_back(pp.speedup);
                ext.add(x, pp.speedup);
                const QString rel = pp.compare == "atLeast" ? ">= " : pp.compare == "atMost" ? "<= " : "";
                hover.addPoint(x, pp.speedup,
                               QString("paper: %1\n%2 = %3\nspeedup %4%5\n(claim %6; clusterscope-cli validate)")
                                   .arg(QString::fromStdString(t.variants[v]), xName, formatValue(x), rel,
                                        formatValue(pp.speedup), QString::fromStdString(pp.claimId)));
            }
            if (xs.isEmpty())
                continue;
            QCPGraph* g = plot->addGraph();
            g->setName(QString("paper: %1").arg(QString::fromStdString(t.variants[v])));
            g->setLineStyle(QCPGraph::lsNone);
            const QColor colour = variantColor(static_cast<int>(v));
            g->setPen(QPen(colour, 2.0));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, colour, colour, 13));
            g->setData(xs, ys);
        }
    }

    if (bySpeedup && !ext.empty() && isJobNodesAxis(t, xAxis)) {
        // Ideal speedup against node count: the job's P / baseline at each
        // point, P = nodes x ranks_per_node, one dashed line a curve. A row's
        // P is speedup x baseline / efficiency (runSweep); the serial
        // baseline's own row is one processor, so another variant's row says it.
        std::size_t v0 = 0;
        while (v0 + 1 < nv && static_cast<int>(v0) == t.speedupAgainst)
            ++v0;
        for (std::size_t g = 0; g < nGroups; ++g) {
            QCPGraph* ideal = plot->addGraph();
            ideal->setName(QString("ideal (P / %1)").arg(formatValue(o.baseline)));
            if (g > 0)
                ideal->removeFromLegend();
            ideal->setPen(QPen(nGroups > 1 ? curveShade(QColor(110, 110, 110), shades.f[g]) : QColor(110, 110, 110),
                               1.5, Qt::DashLine));
            QVector<double> xs, ys;
            for (std::size_t p : curves[g]) {
                const std::size_t r = p * nv + v0;
                const double x = xOf(p, r) / xScale;
                const double y = t.at(r, 1) / t.at(r, 2);
                if (!std::isfinite(y) || (o.log && (x <= 0 || y <= 0)))
                    continue;
                xs.push_back(x);
                ys.push_back(y);
                ext.add(x, y);
            }
            ideal->setData(xs, ys);
        }
    } else if (bySpeedup && !ext.empty()) {
        // Ideal speedup P / baseline at the swept values: the same polyline the
        // curves are, so it stays right on a log x axis with a linear y axis.
        QCPGraph* ideal = plot->addGraph();
        const double base = o.baseline / xScale;
        ideal->setName(QString("ideal (%1 / %2)").arg(xName, formatValue(base)));
        ideal->setPen(QPen(QColor(110, 110, 110), 1.5, Qt::DashLine));
        QVector<double> xs, ys;
        std::vector<double> levels;
        if (xCol >= 0) {
            for (std::size_t r = 0; r < t.rows(); ++r)
                if (std::isfinite(t.at(r, static_cast<std::size_t>(xCol))))
                    levels.push_back(t.at(r, static_cast<std::size_t>(xCol)));
            std::sort(levels.begin(), levels.end());
            levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
        } else {
            levels = axisLevels(t, xAxis);
        }
        for (double level : levels) {
            const double x = level / xScale;
            if (x < ext.xlo || x > ext.xhi)
                continue;
            xs.push_back(x);
            ys.push_back(x / base);
            ext.add(x, x / base);
        }
        ideal->setData(xs, ys);
    }

    plot->xAxis->setLabel(xDesc.label);
    plot->yAxis->setLabel(bySpeedup ? QString("speedup") : quantityLabel(o.total, yUnit));
    if (nGroups > 1)
        addShadeScale(plot, shades.label, shades.lo, shades.hi, shades.log,
                      nv == 1 ? variantColor(0) : QColor(128, 128, 128));
    // Few entries fit in the empty corner above a speedup curve; many go below.
    if (bySpeedup && plot->legend->itemCount() <= 6)
        placeLegendInside(plot, Qt::AlignTop | Qt::AlignLeft);
    else
        placeLegendBelow(plot);
    if (ext.empty()) {
        showMessage(plot, "no point of the sweep evaluated");
        return hover;
    }
    const bool logX = o.log || (ext.xlo > 0 && ext.xhi / ext.xlo >= 1000);
    setLogScale(plot->xAxis, logX, ext.xlo, ext.xhi);
    setLogScale(plot->yAxis, o.log, ext.ylo, ext.yhi);
    if (!logX && wholeX)
        setIntegerTicks(plot->xAxis);
    setPaddedRange(plot->xAxis, ext.xlo, ext.xhi);
    setPaddedRange(plot->yAxis, o.log ? ext.ylo : std::min(0.0, ext.ylo), ext.yhi, 0.06);
    if (!o.log && ext.ylo >= 0)
        plot->yAxis->setRangeLower(0); // speedups, times and rates start at zero
    if (everyGroup.size() > nGroups)
        plot->xAxis->setLabel(xDesc.label + QString("   (%1 of %2 curves per variant, evenly spaced)")
                                                .arg(nGroups)
                                                .arg(everyGroup.size()));
    return hover;
}

} // namespace cs::plots
