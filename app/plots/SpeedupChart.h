#pragma once
#include "app/plots/ChartHover.h"
#include "app/plots/PlotStyle.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"
#include "model/validation/PaperPoints.h"

#include <string>

class QCustomPlot;

namespace cs::plots {

// Curves per variant a 2-axis sweep's speedup chart draws unless told
// otherwise: the 9 of rows = 64:16384:log2 all show (issue 48, defect 5).
inline constexpr int kDefaultCurves = 12;

// Which of `groups` curves (one per value of the other swept axes, in their
// order) a chart of at most `maxCurves` draws: all of them when they fit,
// else that many evenly spaced from the first to the last, so the range's
// ends always show.
std::vector<std::size_t> shownCurves(std::size_t groups, int maxCurves);

struct SpeedupChartOptions {
    std::string speedupParam = "P"; // the axis speedup is measured along
    double baseline = 1.0;          // its reference value: ideal speedup is P / baseline
    bool log = false;               // logarithmic x and y axes
    // Label and display unit of the x axis: the speedup parameter, or the
    // first axis when the table does not sweep it (default: the bare path).
    AxisDescription param;
    QString paramWords;             // param in words for the title ("message size"), ChartWords.h
    Quantity total;                 // what the T column holds (run time in s, or a throughput)
    QString totalWords;             // the total in words, when every variant's means the same
    int maxGroups = kDefaultCurves; // curves per variant when other axes are swept too (shownCurves)
    // Label and display unit of the other swept parameter of a 2-axis sweep,
    // whose value a curve's shade stands for (default: the bare path).
    AxisDescription shade;
    // Points the papers state (presets/claims), drawn as "paper" markers in
    // their variant's colour on the speedup chart.
    std::vector<PaperPoint> paper;
    // How the totals' axis and tooltips write sizes and rates: the GUI sets
    // its Preferences (formatOptions()); the command line keeps the default.
    FormatOptions format;
};

// The paper's points for `doc` when it is (a copy of) a preset of
// `presetDirectory` with claims in its claims/ folder; none otherwise.
std::vector<PaperPoint> paperPointsFor(const DesignDocument& doc, const std::string& presetDirectory,
                                       const std::string& speedupParam);

// The document's speedup parameter and baseline, the x axis label for
// `table`, and the unit of the variants' totals.
SpeedupChartOptions speedupOptionsFor(const DesignDocument& doc, const SweepTable& table, bool log = false);

// Fills `plot` with speedup against the speedup parameter for every variant
// (graph i*groups + g is variant i, group g), then the ideal line
// y = P / baseline as the last graph, with a legend. When other axes are
// swept too, each of their value combinations is a curve of its own (up to
// maxGroups of them, shownCurves; the x axis label says how many are left out), drawn in shades of its variant's colour with a colour
// scale under the plot and one legend entry per variant. When the table does not sweep the
// speedup parameter, plots each variant's T against the first axis instead
// (no ideal line). Failed points are left out. An x axis spanning three
// decades or more is logarithmic even without `log` (1:1048576:log2 sweeps).
// A sweep of the job's nodes (topology.nodes, P following them) is speedup
// against node count, with the ideal P / baseline of each curve's ranks a node.
// Returns the hover regions.
ChartHover buildSpeedupChart(QCustomPlot* plot, const SweepTable& table, const SpeedupChartOptions& options);

// ---- For overlays drawn over the chart (measured series, uncertainty
// bands; app/gui/calibration): where buildSpeedupChart puts a table value.
// Plot x = SI axis value / xScale; plot y = SI column value / yScale.
struct SpeedupChartFrame {
    bool bySpeedup = false; // y is the "speedup" column; else the "T" column (the variants' totals)
    int xAxis = -1;         // index into table.axes, -1 when nothing is plotted
    // When the swept axis reshapes the network (topology.k, topology.n), x is
    // this column instead, the host count each point's network has.
    int xColumn = -1;
    int yColumn = -1;       // table column plotted
    double xScale = 1.0;
    double yScale = 1.0;
};
SpeedupChartFrame speedupChartFrame(const SweepTable& table, const SpeedupChartOptions& options);

} // namespace cs::plots
