#include "app/gui/recording/RecordingCharts.h"

#include <qcustomplot.h>

#include <algorithm>

namespace cs::app {

QCPColorMap* setUpCommMatrix(QCustomPlot* plot)
{
    plot->xAxis->setLabel(QObject::tr("receiving rank"));
    plot->yAxis->setLabel(QObject::tr("sending rank"));
    plot->yAxis->setRangeReversed(true); // rank 0 at the top, as a matrix is read
    auto* map = new QCPColorMap(plot->xAxis, plot->yAxis);
    auto* scale = new QCPColorScale(plot);
    plot->plotLayout()->addElement(0, 1, scale);
    scale->setType(QCPAxis::atRight);
    scale->axis()->setLabel(QObject::tr("bytes sent (point-to-point)"));
    scale->axis()->setNumberFormat("gb");
    scale->axis()->setNumberPrecision(2);
    map->setColorScale(scale);
    map->setGradient(QCPColorGradient(QCPColorGradient::gpThermal));
    map->setInterpolate(false);
    // The scale as tall as the plot's rectangle.
    auto* margins = new QCPMarginGroup(plot);
    plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    return map;
}

void drawCommMatrix(QCustomPlot* plot, QCPColorMap* map, const rec::Recording& recording)
{
    const int P = recording.P();
    const std::vector<double> bytes = rec::commMatrix(recording);
    map->data()->setSize(P, P);
    map->data()->setRange(QCPRange(0, P - 1), QCPRange(0, P - 1));
    double most = 0;
    for (int from = 0; from < P; ++from)
        for (int to = 0; to < P; ++to) {
            const double b = bytes[static_cast<std::size_t>(from) * static_cast<std::size_t>(P) +
                                   static_cast<std::size_t>(to)];
            map->data()->setCell(to, from, b);
            most = std::max(most, b);
        }
    map->setDataRange(QCPRange(0, most > 0 ? most : 1));
    plot->xAxis->setRange(-0.5, P - 0.5);
    plot->yAxis->setRange(-0.5, P - 0.5);
    const auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(std::max(1, P / 8));
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    plot->xAxis->setTicker(ticker);
    plot->yAxis->setTicker(ticker);
    plot->replot();
}

void drawIterations(QCustomPlot* plot, const std::vector<rec::Iteration>& iterations, const rec::Prediction* row)
{
    plot->clearPlottables();
    if (plot->axisRect()->insetLayout()->elementCount() > 0) {
        // The legend under the bars, in a row of its own: inside, it hides the last ranks.
        plot->axisRect()->insetLayout()->take(plot->legend);
        plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
        plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
        plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
        plot->legend->setBorderPen(Qt::NoPen);
        plot->plotLayout()->simplify();
    }
    plot->legend->setVisible(true);
    auto* compute = new QCPBars(plot->yAxis, plot->xAxis); // horizontal: a bar per rank
    compute->setName(QObject::tr("compute (recorded)"));
    compute->setBrush(QColor(70, 130, 180));
    compute->setPen(Qt::NoPen);
    auto* comm = new QCPBars(plot->yAxis, plot->xAxis);
    comm->setName(row ? QObject::tr("communication (replayed)") : QObject::tr("communication: replay pending"));
    comm->setBrush(QColor(230, 140, 40));
    comm->setPen(Qt::NoPen);
    comm->moveAbove(compute);
    double longest = 0;
    for (std::size_t r = 0; r < iterations.size(); ++r) {
        const rec::Iteration& it = iterations[r];
        double c = 0;
        if (row && r < row->result.rankSeconds.size())
            c = std::max(0.0, row->result.rankSeconds[r] - row->result.rankCompute[r]) / it.count;
        // Milliseconds: an iteration is micro- to milliseconds long.
        compute->addData(static_cast<double>(r), it.compute * 1e3);
        comm->addData(static_cast<double>(r), c * 1e3);
        longest = std::max(longest, (it.compute + c) * 1e3);
    }
    const double width = iterations.size() > 32 ? 0.9 : 0.7;
    compute->setWidth(width);
    comm->setWidth(width);
    plot->yAxis->setLabel(QObject::tr("rank"));
    plot->yAxis->grid()->setZeroLinePen(Qt::NoPen); // rank 0's line would look like a bar of its own
    plot->yAxis->setRangeReversed(true);
    plot->yAxis->setRange(-0.6, static_cast<double>(iterations.size()) - 0.4);
    const auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(std::max<std::size_t>(1, iterations.size() / 8));
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    plot->yAxis->setTicker(ticker);
    const double loops = iterations.empty() ? 1 : iterations.front().count;
    plot->xAxis->setLabel(QObject::tr("ms in one iteration (rank 0's main loop: %1 repetitions)").arg(loops));
    plot->xAxis->setRange(0, longest > 0 ? longest * 1.08 : 1);
    plot->replot();
}

} // namespace cs::app
