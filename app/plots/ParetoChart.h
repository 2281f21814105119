#pragma once
#include "app/plots/ChartHover.h"
#include "app/plots/PlotStyle.h"
#include "model/sweep/Sweep.h"

class QCustomPlot;

namespace cs::plots {

// Fills `plot` with cost (USD, y) against the total T (x; `total` says what
// it is: run time in s by default) for every row of
// the table: graph v holds variant v's points (scatter, no line), and the
// last graph is the Pareto front (model/sweep/Pareto.h), drawn as a step
// line through larger hollow markers. `log` makes both axes logarithmic.
// Returns the hover regions (one per point). `format`: how the total's axis
// writes sizes and rates (the GUI passes its Preferences, formatOptions()).
ChartHover buildParetoChart(QCustomPlot* plot, const SweepTable& table, bool log = false, const Quantity& total = {},
                            const FormatOptions& format = {});

} // namespace cs::plots
