#pragma once
#include <QColor>
#include <QString>

#include <vector>
#include "app/plots/ChartHover.h"
#include "app/plots/PlotStyle.h"
#include "model/sweep/Sweep.h"

#include <cstddef>
#include <limits>
#include <string>

class QCustomPlot;

namespace cs::plots {

struct BreakdownChartOptions {
    std::string param = "P"; // the axis `at` picks a value of (the speedup parameter)
    double at = std::numeric_limits<double>::quiet_NaN(); // NaN: the largest swept value
    Quantity total; // what the T column and its phases hold (run time in s, or a throughput)
    // Other values of each variant's total at the same point, drawn as
    // diamonds over its bar (one per variant, NaN = none), e.g. the simulated
    // totals (sim/, app/gui/simulation); `markerName` labels them in the legend.
    std::vector<double> markers;
    QString markerName = "simulated";
    // How the totals' axis writes sizes and rates: the GUI sets its
    // Preferences (formatOptions()); the command line keeps the default.
    FormatOptions format;
};

// The point the breakdown shows: the value of `param` nearest `at` (the
// largest when `at` is NaN), with every other axis at its first value.
std::size_t breakdownPoint(const SweepTable& table, const BreakdownChartOptions& options);

// Fills `plot` with one stacked bar per variant at breakdownPoint(): one
// QCPBars per phase column that is non-zero for some variant there (in
// column order, stacked bottom to top), or one "T" bar when the table has no
// phases. A variant that failed at that point gets no bar and an "error"
// label. Up to five variants stand as vertical bars; more (or very long
// names) lie as horizontal bars, first variant at the top, so their names
// stay readable. Returns the hover regions (one per bar segment).
ChartHover buildBreakdownChart(QCustomPlot* plot, const SweepTable& table, const BreakdownChartOptions& options);

// ---- For overlays drawn beside the bars (the measured application phases, app/gui/calibration): where
// buildBreakdownChart puts things. Plot value = SI value / unit.scale; variant v's bar is centred on key(v).
struct BreakdownChartFrame {
    std::size_t point = 0;    // breakdownPoint()
    std::size_t variants = 0;
    bool horizontal = false;  // bars lie: keys run along y, values along x
    bool totalsOnly = false;  // no phases: one "T" bar per variant
    ScaleUnit unit;           // the value axis' unit
    double width = 0.55;      // a bar's width in key units
    std::vector<int> columns; // the table columns stacked, bottom first
    std::vector<QColor> colors; // of each stacked column
    double key(std::size_t variant) const
    {
        return horizontal ? static_cast<double>(variants - variant) : static_cast<double>(variant + 1);
    }
};
BreakdownChartFrame breakdownChartFrame(const SweepTable& table, const BreakdownChartOptions& options);

} // namespace cs::plots
