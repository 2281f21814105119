#include "app/gui/recording/ScalingChart.h"
#include "app/gui/calibration/OverlayDraw.h"
#include "app/gui/recording/ReplayJob.h"
#include "app/plots/PlotStyle.h"
#include "model/core/NumberFormat.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cs::app {

namespace {

QString secs(double s)
{
    return std::isfinite(s) ? QString::fromStdString(formatMeasured(s, "s")) : QStringLiteral("-");
}

// A predicted series: a line through its points, the synthesised ones hollow (a white marker over the
// filled one: a graph has one scatter style).
QCPGraph* addPredicted(QCustomPlot* plot, plots::ChartHover& hover, const QString& name, const QColor& color,
                       QCPScatterStyle::ScatterShape shape, Qt::PenStyle line, const std::vector<double>& P,
                       const std::vector<double>& seconds, const std::vector<bool>& synthesised,
                       const std::vector<QString>& texts, double scale)
{
    QCPGraph* g = plot->addGraph();
    g->setName(name);
    g->setPen(QPen(color, 1.6, line));
    g->setScatterStyle(QCPScatterStyle(shape, color, color, 8));
    for (std::size_t i = 0; i < P.size(); ++i) {
        if (!std::isfinite(seconds[i]))
            continue;
        g->addData(P[i], seconds[i] / scale);
        hover.addPoint(P[i], seconds[i] / scale, texts[i]);
        if (!synthesised[i])
            continue;
        auto* hollow = new QCPItemTracer(plot);
        hollow->setObjectName("synthesisedMarker");
        hollow->setGraph(g);
        hollow->setInterpolating(false);
        hollow->setGraphKey(P[i]);
        hollow->setStyle(shape == QCPScatterStyle::ssSquare ? QCPItemTracer::tsSquare : QCPItemTracer::tsCircle);
        hollow->setPen(QPen(color, 1.6));
        hollow->setBrush(Qt::white);
        hollow->setSize(7);
    }
    return g;
}

} // namespace

void drawScaling(QCustomPlot* plot, plots::ChartHover& hover, const ReplayTable* table,
                 const std::map<int, rec::MeasuredTime>& measured)
{
    plot->clearPlottables();
    plot->clearItems();
    hover.clear();
    if (plot->axisRect()->insetLayout()->elements(false).contains(plot->legend)) {
        // The legend under the chart, in a row of its own: inside, it hides the points at the smallest P.
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
        plot->legend->setBorderPen(Qt::NoPen);
        plot->plotLayout()->simplify();
    }
    plot->legend->setVisible(true);

    // The scale of the largest time shown.
    double most = 0;
    for (const auto& [P, m] : measured)
        most = std::max({most, m.median, std::isfinite(m.ciHigh) ? m.ciHigh : 0.0});
    if (table) {
        for (const rec::Prediction& r : table->rows)
            most = std::max(most, r.predicted);
        for (const sim::SimulatedRow& s : table->simulated)
            if (std::isfinite(s.seconds))
                most = std::max(most, s.seconds);
    }
    const plots::ScaleUnit unit = plots::timeUnitFor(most);

    double Plo = 1e300, Phi = -1e300, ylo = 1e300, yhi = 0;
    auto span = [&](double P, double y) {
        if (!std::isfinite(y))
            return;
        Plo = std::min(Plo, P);
        Phi = std::max(Phi, P);
        ylo = std::min(ylo, y / unit.scale);
        yhi = std::max(yhi, y / unit.scale);
    };
    if (table) {
        std::vector<double> P, predicted, simulated;
        std::vector<bool> synthesised;
        std::vector<QString> predictedTexts, simulatedTexts;
        bool anySynthesised = false;
        for (std::size_t i = 0; i < table->rows.size(); ++i) {
            const rec::Prediction& r = table->rows[i];
            const double s = i < table->simulated.size() ? table->simulated[i].seconds : NAN;
            P.push_back(r.P);
            predicted.push_back(r.predicted);
            simulated.push_back(s);
            synthesised.push_back(r.synthesized);
            anySynthesised = anySynthesised || r.synthesized;
            const QString from = r.synthesized ? QObject::tr("synthesised from the recordings (not recorded)")
                                               : QObject::tr("recorded");
            predictedTexts.push_back(QObject::tr("replayed, P = %1 (%2)\n%3").arg(r.P).arg(from, secs(r.predicted)));
            simulatedTexts.push_back(QObject::tr("simulated on SimGrid, P = %1 (%2)\n%3\nsim/pred %4")
                                         .arg(r.P)
                                         .arg(from, secs(s))
                                         .arg(s / r.predicted, 0, 'f', 3));
            span(r.P, r.predicted);
            span(r.P, s);
        }
        const QString hollow = anySynthesised ? QObject::tr("; hollow: P synthesised, not recorded") : QString();
        addPredicted(plot, hover, QObject::tr("replayed analytically (LogGP on the drawing%1)").arg(hollow),
                     plots::variantColor(0), QCPScatterStyle::ssCircle, Qt::SolidLine, P, predicted, synthesised,
                     predictedTexts, unit.scale);
        const QString simName = !table->simulate ? QObject::tr("simulated: tick Simulate on SimGrid")
                                : !table->notSimulated.empty() ? QObject::tr("simulated: not run (see below the table)")
                                                               : QObject::tr("simulated on SimGrid%1").arg(hollow);
        addPredicted(plot, hover, simName, plots::variantColor(1), QCPScatterStyle::ssSquare, Qt::DashLine, P,
                     simulated, synthesised, simulatedTexts, unit.scale);
    }
    plot->xAxis->setLabel(QObject::tr("P (ranks)"));
    plot->yAxis->setLabel(QObject::tr("time of the run (%1)").arg(unit.name));
    for (const auto& [P, m] : measured)
        span(P, m.median);
    if (Plo <= Phi) {
        const double pad = std::max(0.5, 0.06 * (Phi - Plo));
        plot->xAxis->setRange(Plo - pad, Phi + pad);
        plot->yAxis->setRange(0, yhi > 0 ? yhi * 1.15 : 1);
    }
    const auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(std::max(1.0, std::round((Phi - Plo) / 8)));
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot->xAxis->setTicker(ticker);

    // The measured medians with their CIs, drawn as the calibration and verify charts draw them.
    calibration::PlacedSeries m;
    m.name = QObject::tr("(median of the runs, 95% CI)");
    m.meanAbsRelError = NAN;
    for (const auto& [P, t] : measured) {
        m.x.push_back(P);
        m.y.push_back(t.median);
        m.yLow.push_back(t.ciLow);
        m.yHigh.push_back(t.ciHigh);
        QString text = QObject::tr("measured, P = %1\nmedian %2").arg(P).arg(secs(t.median));
        if (std::isfinite(t.ciLow) && std::isfinite(t.ciHigh))
            text += QString(" [%1, %2]").arg(secs(t.ciLow), secs(t.ciHigh));
        if (t.runs > 0)
            text += QObject::tr(", %n run(s)", nullptr, t.runs);
        m.hoverTexts.push_back(text);
    }
    if (!m.x.empty()) {
        plots::SpeedupChartFrame frame;
        frame.yScale = unit.scale;
        calibration::drawMeasured(plot, hover, frame, "P", {m});
    }
    plot->replot();
}

} // namespace cs::app
