#include "app/plots/TornadoChart.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cs::plots {

ChartHover buildTornadoChart(QCustomPlot* plot, const SensitivityResult& r, const TornadoChartOptions& o)
{
    ChartHover hover;
    const QString pct = formatValue(o.step * 100);
    QString title = QString("Sensitivity of %1 to ±%2% in each parameter").arg(QString::fromStdString(r.output), pct);
    if (!o.variant.isEmpty())
        title += QString(" (%1)").arg(o.variant);
    resetPlot(plot, title);

    std::vector<const SensitivityBar*> bars;
    for (const SensitivityBar& b : r.bars)
        if (b.swing() > 0 && std::isfinite(b.outLow) && std::isfinite(b.outHigh))
            bars.push_back(&b);
    std::stable_sort(bars.begin(), bars.end(), [](auto* a, auto* b) { return a->swing() > b->swing(); });
    if (bars.size() > static_cast<std::size_t>(std::max(1, o.maxBars)))
        bars.resize(static_cast<std::size_t>(std::max(1, o.maxBars)));
    if (bars.empty()) {
        showMessage(plot, "no parameter changes the output");
        return hover;
    }

    double maxOut = std::abs(r.baseOutput);
    for (auto* b : bars)
        maxOut = std::max({maxOut, std::abs(b->outLow), std::abs(b->outHigh)});
    const Quantity q = o.doc ? outputQuantity(*o.doc, r.output) : Quantity{};
    const ScaleUnit unit = scaleFor(q.unit, maxOut, o.format);
    const double base = r.baseOutput / unit.scale;

    auto* low = new QCPBars(plot->yAxis, plot->xAxis);
    auto* high = new QCPBars(plot->yAxis, plot->xAxis);
    low->setName(QString("parameter -%1%").arg(pct));
    high->setName(QString("parameter +%1%").arg(pct));
    const QColor lowColour(86, 180, 233), highColour(213, 94, 0);
    low->setBrush(lowColour);
    low->setPen(QPen(lowColour.darker(130)));
    high->setBrush(highColour);
    high->setPen(QPen(highColour.darker(130)));
    for (QCPBars* b : {low, high}) {
        b->setBaseValue(base);
        b->setWidth(0.6);
    }

    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    const std::size_t n = bars.size();
    double lo = base, hi = base;
    auto paramText = [&](const std::string& path, double si) {
        if (o.doc) {
            const AxisDescription d = describeParameter(*o.doc, path);
            if (!d.unit.name.isEmpty())
                return QString("%1 %2").arg(formatValue(si / d.unit.scale), d.unit.name);
        }
        return formatValue(si);
    };
    for (std::size_t i = 0; i < n; ++i) {
        const SensitivityBar& b = *bars[i];
        const double key = static_cast<double>(n - i); // largest swing at the top
        ticker->addTick(key, QString::fromStdString(b.path));
        const double vl = b.outLow / unit.scale, vh = b.outHigh / unit.scale;
        low->addData(key, vl - base);
        high->addData(key, vh - base);
        lo = std::min({lo, vl, vh});
        hi = std::max({hi, vl, vh});
        const QString head = QString("%1 = %2 (base)\n").arg(QString::fromStdString(b.path), paramText(b.path, b.base));
        hover.addRect(QRectF(std::min(base, vl), key - 0.3, std::abs(vl - base), 0.6),
                      head + QString("at %1: %2 = %3 (%4%)")
                                 .arg(paramText(b.path, b.low), QString::fromStdString(r.output), formatWithUnit(vl, unit),
                                      formatValue(base != 0 ? 100 * (vl - base) / base : 0)));
        hover.addRect(QRectF(std::min(base, vh), key - 0.3, std::abs(vh - base), 0.6),
                      head + QString("at %1: %2 = %3 (%4%)")
                                 .arg(paramText(b.path, b.high), QString::fromStdString(r.output), formatWithUnit(vh, unit),
                                      formatValue(base != 0 ? 100 * (vh - base) / base : 0)));
    }
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setSubTicks(false);
    plot->yAxis->setTickLength(0, 4);
    plot->yAxis->grid()->setVisible(false);
    plot->yAxis->setRange(0.3, static_cast<double>(n) + 0.7);

    auto* baseLine = new QCPItemStraightLine(plot);
    baseLine->point1->setCoords(base, 0);
    baseLine->point2->setCoords(base, 1);
    baseLine->setPen(QPen(QColor(60, 60, 60), 1.2, Qt::DashLine));

    plot->xAxis->setLabel(QString("%1, base %2")
                              .arg(quantityLabel({QString::fromStdString(r.output), q.unit}, unit), formatWithUnit(base, unit)));
    setPaddedRange(plot->xAxis, lo, hi, 0.08);
    placeLegendBelow(plot, 2);
    return hover;
}

} // namespace cs::plots
