#pragma once
// The measured application points of a verification report (cs::verify::Report) on the sweep panel's
// charts, beside the predicted curves and bars: on the speedup/time chart one series per variant (its
// total T at each measured P, or the speedup that time gives against the chart's serial baseline), and on
// the breakdown chart a narrow stippled bar of the measured phases beside each variant's predicted bar at
// the breakdown's P. Every point and segment says, when hovered, what was predicted (with its band), what
// was measured (with the 95% CI of the median and the repetitions), the error and whether it is held out.
#include "app/plots/BreakdownChart.h"
#include "app/plots/ChartHover.h"
#include "app/plots/SpeedupChart.h"
#include "model/verification/Verification.h"

#include <QString>

class QCustomPlot;

namespace cs::app::calibration {

// Draws over a chart buildSpeedupChart made; nothing when its x axis is not the P the report's variants
// were evaluated at. Returns the points drawn.
int drawVerifySpeedup(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                      const DesignDocument& doc, const plots::SpeedupChartOptions& options,
                      const verify::Report& report);

// Draws beside the bars buildBreakdownChart made: the measured phases stacked in the chart's phase
// order when every stacked phase was measured, else the measured T alone. Returns the bars drawn.
int drawVerifyBreakdown(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                        const DesignDocument& doc, const plots::BreakdownChartOptions& options,
                        const verify::Report& report);

// "default, P = 4 (held out)\nT_a2a predicted 503.3 ms [478.2 ms, 528.5 ms]\nmeasured 500 ms
//  [450 ms, 550 ms], n = 5\nerror +0.7%": the hover text of one row.
QString verifyRowText(const verify::Row& row);

} // namespace cs::app::calibration
