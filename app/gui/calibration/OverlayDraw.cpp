#include "app/gui/calibration/OverlayDraw.h"
#include "app/plots/PlotStyle.h"
#include "app/plots/TableSlice.h"
#include "model/core/NumberFormat.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::app::calibration {

namespace {

constexpr int kMaxLabels = 24;
constexpr double kMinBandPx = 6.0; // the thinnest band drawn

// Measured series colours: dark, apart from the variant colours.
QColor seriesColor(int i)
{
    static const QColor colors[] = {QColor(20, 20, 20), QColor(0xc0, 0x39, 0x2b), QColor(0x6c, 0x34, 0x83),
                                    QColor(0x11, 0x78, 0x64)};
    return colors[i % 4];
}

bool usable(double x, double y, const QCPAxis* xa, const QCPAxis* ya)
{
    if (!std::isfinite(x) || !std::isfinite(y))
        return false;
    if (xa->scaleType() == QCPAxis::stLogarithmic && x <= 0)
        return false;
    if (ya->scaleType() == QCPAxis::stLogarithmic && y <= 0)
        return false;
    return true;
}

// Widens `axis` to include [lo, hi] with a little margin.
void include(QCPAxis* axis, double lo, double hi)
{
    if (!(lo <= hi))
        return;
    QCPRange r = axis->range();
    if (lo >= r.lower && hi <= r.upper)
        return;
    if (axis->scaleType() == QCPAxis::stLogarithmic) {
        r.lower = std::min(r.lower, lo / 1.25);
        r.upper = std::max(r.upper, hi * 1.25);
    } else {
        const double span = std::max(hi, r.upper) - std::min(lo, r.lower);
        r.lower = std::min(r.lower, lo - 0.05 * span);
        r.upper = std::max(r.upper, hi + 0.05 * span);
        if (lo >= 0 && r.lower < 0)
            r.lower = 0;
    }
    axis->setRange(r);
}

} // namespace

QString percent(double e, bool sign)
{
    return QString::fromStdString(formatPercent(e, kPercentAtAGlance, sign));
}

void drawMeasured(QCustomPlot* plot, plots::ChartHover& hover, const plots::SpeedupChartFrame& f,
                  const QString& xName, const std::vector<PlacedSeries>& series)
{
    struct Label {
        double x, y;
        QString text;
        QColor color;
        QCPAxis* axis;
    };
    std::vector<Label> labels;
    std::vector<Label> hovers; // added once the axes' ranges are final
    const double inf = std::numeric_limits<double>::infinity();
    double xlo = inf, xhi = -inf;
    double lo[2] = {inf, inf}, hi[2] = {-inf, -inf}; // the chart's axis, the series' own
    for (std::size_t s = 0; s < series.size(); ++s) {
        const PlacedSeries& m = series[s];
        const QColor c = seriesColor(static_cast<int>(s));
        const int k = m.ownAxis ? 1 : 0;
        QCPAxis* const yAxis = m.ownAxis ? plot->yAxis2 : plot->yAxis;
        const double yScale = m.ownAxis ? m.axisScale : f.yScale;
        if (m.ownAxis) {
            yAxis->setVisible(true);
            yAxis->setTickLabels(true);
            yAxis->setLabel(m.axisLabel);
            yAxis->setLabelColor(c);
            yAxis->setTickLabelColor(c);
        }
        QVector<double> xs, ys, px, py, errLo, errHi;
        for (std::size_t i = 0; i < m.x.size(); ++i) {
            const double x = m.x[i] / f.xScale, y = m.y[i] / yScale;
            if (!usable(x, y, plot->xAxis, yAxis))
                continue;
            xs << x;
            ys << y;
            const bool ci = i < m.yLow.size() && i < m.yHigh.size() && std::isfinite(m.yLow[i]) &&
                            std::isfinite(m.yHigh[i]);
            errLo << (ci ? std::max(0.0, y - m.yLow[i] / yScale) : 0.0);
            errHi << (ci ? std::max(0.0, m.yHigh[i] / yScale - y) : 0.0);
            xlo = std::min(xlo, x);
            xhi = std::max(xhi, x);
            lo[k] = std::min(lo[k], ci ? m.yLow[i] / yScale : y);
            hi[k] = std::max(hi[k], ci ? m.yHigh[i] / yScale : y);
            const double pred = i < m.predicted.size() ? m.predicted[i] : std::nan("");
            QString text = QString("measured %1\n%2 = %3\nmeasured %4").arg(m.name, xName, plots::formatValue(x),
                                                                            plots::formatValue(y));
            if (std::isfinite(pred) && pred != 0 && m.y[i] != 0) {
                const double given = i < m.errors.size() ? m.errors[i] : std::nan("");
                const double err = std::isfinite(given) ? given : (pred - m.y[i]) / m.y[i];
                text += QString("\npredicted %1\nerror %2").arg(plots::formatValue(pred / yScale), percent(err));
                if (usable(x, pred / yScale, plot->xAxis, yAxis)) {
                    px << x;
                    py << pred / yScale;
                    lo[k] = std::min(lo[k], pred / yScale);
                    hi[k] = std::max(hi[k], pred / yScale);
                }
                if (m.x.size() <= kMaxLabels)
                    labels.push_back({x, y, percent(err), c, yAxis});
            }
            if (i < m.hoverTexts.size() && !m.hoverTexts[i].isEmpty())
                text = m.hoverTexts[i];
            hovers.push_back({x, y, text, QColor(), yAxis});
        }
        if (xs.isEmpty())
            continue;
        if (!px.isEmpty()) {
            QCPGraph* pred = plot->addGraph(plot->xAxis, yAxis);
            pred->setName(QString("predicted at the measured %1").arg(xName));
            pred->setPen(QPen(c, 1.2, Qt::DashLine));
            pred->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c, Qt::white, 5));
            pred->setData(px, py);
            if (s > 0) // one legend entry for the dashed prediction is enough
                pred->removeFromLegend();
        }
        QCPGraph* g = plot->addGraph(plot->xAxis, yAxis);
        QString name = QString("measured %1").arg(m.name);
        if (std::isfinite(m.meanAbsRelError))
            name += QString(" (mean |error| %1)").arg(percent(m.meanAbsRelError, false));
        if (m.ownAxis)
            name += QString(", right axis");
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, c, c, 8));
        g->setData(xs, ys);
        if (std::any_of(errLo.begin(), errLo.end(), [](double e) { return e > 0; }) ||
            std::any_of(errHi.begin(), errHi.end(), [](double e) { return e > 0; })) {
            auto* bars = new QCPErrorBars(plot->xAxis, yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(g);
            bars->setData(errLo, errHi);
            bars->setPen(QPen(c, 1.0));
        }
    }
    if (xlo <= xhi) {
        include(plot->xAxis, xlo, xhi);
        include(plot->yAxis, lo[0], hi[0]);
        if (lo[1] <= hi[1]) {
            // Its own axis: just its points, with a margin (not the chart's range).
            const double span = std::max(hi[1] - lo[1], std::fabs(hi[1]) * 0.1);
            plot->yAxis2->setRange(std::max(0.0, lo[1] - 0.1 * span), hi[1] + 0.1 * span);
        }
    }
    // The hover knows the chart's axes: a point on the right-hand axis is
    // given at the height it is drawn, in the left axis' coordinates.
    for (const Label& h : hovers)
        hover.addPoint(h.x, h.axis == plot->yAxis ? h.y : plot->yAxis->pixelToCoord(h.axis->coordToPixel(h.y)), h.text);
    // Error labels over the points, leaving out one that would overlap a
    // label already placed (crowded points on a linear axis); every point's
    // error is in its hover text anyway.
    QFont font = plot->font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() - 1.5));
    const QFontMetrics fm(font);
    std::vector<QRectF> taken;
    for (const Label& l : labels) {
        const double px = plot->xAxis->coordToPixel(l.x), py = l.axis->coordToPixel(l.y);
        const QSizeF size(fm.horizontalAdvance(l.text) + 4, fm.height());
        const QRectF box(QPointF(px - size.width() / 2, py - 6 - size.height()), size);
        if (std::any_of(taken.begin(), taken.end(), [&](const QRectF& r) { return r.intersects(box); }))
            continue;
        taken.push_back(box);
        auto* label = new QCPItemText(plot);
        label->setObjectName("errorLabel");
        label->position->setType(QCPItemPosition::ptPlotCoords);
        label->position->setAxes(plot->xAxis, l.axis);
        label->position->setCoords(l.x, l.y);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 0, 6));
        label->setText(l.text);
        label->setColor(l.color);
        label->setFont(font);
        label->setClipToAxisRect(true);
    }
}

bool drawBand(QCustomPlot* plot, plots::ChartHover& hover, const plots::SpeedupChartFrame& f, const SweepTable& t,
              const std::vector<double>& lo, const std::vector<double>& hi, const QString& legend)
{
    if (f.xAxis < 0 || lo.size() != t.rows() || hi.size() != t.rows())
        return false;
    if (!plot->layer("band"))
        plot->addLayer("band", plot->layer("main"), QCustomPlot::limBelow);
    // The points along the x axis with every other axis at point 0's value.
    std::vector<std::size_t> points;
    for (std::size_t p = 0; p < t.points; ++p) {
        bool first = true;
        for (std::size_t a = 0; a < t.axes.size(); ++a)
            if (static_cast<int>(a) != f.xAxis && t.axis(p, a) != t.axis(0, a))
                first = false;
        if (first)
            points.push_back(p);
    }
    std::sort(points.begin(), points.end(), [&](std::size_t a, std::size_t b) {
        return t.axis(a, static_cast<std::size_t>(f.xAxis)) < t.axis(b, static_cast<std::size_t>(f.xAxis));
    });
    const std::size_t nv = t.variants.size();
    bool legendShown = false;
    bool thin = false;
    for (std::size_t v = 0; v < nv; ++v) {
        QVector<double> xs, ls, hs;
        for (std::size_t p : points) {
            const std::size_t r = p * nv + v;
            const double x = t.axis(p, static_cast<std::size_t>(f.xAxis)) / f.xScale;
            const double l = lo[r] / f.yScale, h = hi[r] / f.yScale;
            if (!usable(x, l, plot->xAxis, plot->yAxis) || !usable(x, h, plot->xAxis, plot->yAxis))
                continue;
            xs << x;
            ls << l;
            hs << h;
            hover.addRect(QRectF(QPointF(x, l), QPointF(x, h)),
                          QString("%1: 95% band\n%2 .. %3")
                              .arg(QString::fromStdString(t.variants[v]), plots::formatValue(l), plots::formatValue(h)));
        }
        if (xs.size() < 2)
            continue;
        // A band thinner than kMinBandPx (tight intervals) would hide under
        // the curve: it is drawn that thick, centred where it is, and the
        // legend says so and gives its true width.
        double tallest = 0, widest = 0;
        for (int i = 0; i < xs.size(); ++i) {
            tallest = std::max(tallest, std::fabs(plot->yAxis->coordToPixel(ls[i]) - plot->yAxis->coordToPixel(hs[i])));
            const double mid = (ls[i] + hs[i]) / 2;
            if (mid != 0)
                widest = std::max(widest, (hs[i] - ls[i]) / 2 / std::fabs(mid));
        }
        if (tallest < kMinBandPx && plot->axisRect()->height() > 4 * kMinBandPx) {
            for (int i = 0; i < xs.size(); ++i) {
                const double mid = (plot->yAxis->coordToPixel(ls[i]) + plot->yAxis->coordToPixel(hs[i])) / 2;
                ls[i] = plot->yAxis->pixelToCoord(mid + kMinBandPx / 2);
                hs[i] = plot->yAxis->pixelToCoord(mid - kMinBandPx / 2);
                if (ls[i] > hs[i])
                    std::swap(ls[i], hs[i]);
            }
            thin = true;
        }
        QColor c = plots::variantColor(static_cast<int>(v));
        QCPGraph* lower = plot->addGraph();
        QCPGraph* upper = plot->addGraph();
        for (QCPGraph* g : {lower, upper}) {
            g->setLayer("band");
            g->setPen(QPen(c.lighter(130), 0.8));
            g->removeFromLegend();
        }
        lower->setData(xs, ls);
        upper->setData(xs, hs);
        c.setAlpha(55);
        upper->setBrush(QBrush(c));
        upper->setChannelFillGraph(lower);
        if (!legendShown) {
            upper->setName(thin ? QString("%1 (\u00b1%2, widened to be seen)").arg(legend, percent(widest, false))
                                : legend);
            upper->addToLegend();
            legendShown = true;
        }
        include(plot->yAxis, *std::min_element(ls.begin(), ls.end()), *std::max_element(hs.begin(), hs.end()));
    }
    return legendShown;
}

} // namespace cs::app::calibration
