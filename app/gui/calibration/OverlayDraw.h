#pragma once
// Drawing measured series and an uncertainty band over the speedup/time
// chart that cs::plots::buildSpeedupChart built (see SpeedupChartFrame for
// how table values map to plot coordinates). Values here are SI.
#include "app/plots/ChartHover.h"
#include "app/plots/SpeedupChart.h"
#include "model/sweep/Sweep.h"

#include <QString>

#include <vector>

class QCustomPlot;

namespace cs::app::calibration {

// One measured curve placed on the chart, with its prediction at each x.
struct PlacedSeries {
    QString name;                      // legend and hover
    std::vector<double> x, y;          // SI, same units as the chart's x axis and y column
    std::vector<double> yLow, yHigh;   // 95% CI of each y (empty: none)
    std::vector<double> predicted;     // SI at each x (NaN: none)
    // The error labelled over each point when it is not (predicted - y) / y (empty or NaN: that one), e.g.
    // the run time's error over a speedup point; and each point's hover text when it is not the generic
    // one (empty: that one).
    std::vector<double> errors;
    std::vector<QString> hoverTexts;
    double meanAbsRelError = 0.0;      // over the points with a prediction (NaN: none)
    double maxAbsRelError = 0.0;
    // A quantity other than the chart's (a link's latency beside an FFT's
    // time): drawn against the right-hand axis, labelled `axisLabel`, with y
    // (and its prediction) divided by `axisScale` instead of the chart's.
    bool ownAxis = false;
    QString axisLabel;
    double axisScale = 1.0;
};

// Measured points (with CI error bars), the prediction at each measured x
// (dashed), a "+3.1%" label over each point (up to 24 points per series),
// hover text with measured, predicted and error, and the mean error in the
// legend. Widens the axes to show every point.
void drawMeasured(QCustomPlot* plot, plots::ChartHover& hover, const plots::SpeedupChartFrame& frame,
                  const QString& xName, const std::vector<PlacedSeries>& series);

// A filled band between lo and hi (per table row) for every variant along
// the x axis, at the first level of every other axis, under the curves.
// True when a band was drawn for at least one variant; false when no variant had two points inside
// what the axes can show (a bound at or below zero on a log axis, or not finite).
bool drawBand(QCustomPlot* plot, plots::ChartHover& hover, const plots::SpeedupChartFrame& frame,
              const SweepTable& table, const std::vector<double>& lo, const std::vector<double>& hi,
              const QString& legend);

// "+3.1%" for a relative error 0.031, "+12%" for 0.12: cs::formatPercent at kPercentAtAGlance.
QString percent(double relError, bool sign = true);

} // namespace cs::app::calibration
