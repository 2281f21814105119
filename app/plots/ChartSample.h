#pragma once
// A huge sweep's charts draw a sample of its points, chosen so that they look
// as they would with every point: a screen is about 2,000 pixels wide, and
// drawing, sorting and hovering 5 million rows held the GUI thread for 16 s.
// The sample is taken off the GUI thread; the whole table stays what is
// exported (CSV) and what the breakdown, the sensitivity and the overlays read.
#include "app/plots/SpeedupChart.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"

#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

namespace cs::plots {

// Sweeps of at most this many points are drawn whole.
inline constexpr std::size_t kMaxChartPoints = 20000;

// The points of `table` the speedup and Pareto charts need:
// - on the speedup chart, for each variant and each of the `maxGroups` curves
//   it draws (shownCurves), the lowest and the highest point of every one of `buckets` equal
//   slices of the curve's x range, linear and logarithmic (so a log axis loses
//   nothing either), and the curve's ends;
// - on the Pareto chart, one point for each occupied cell of a grid of
//   `buckets` / 8 cells a side over time and cost (linear and logarithmic),
//   and the points of the Pareto front (at most kMaxChartPoints, evenly spaced);
// - point 0 (every axis at its first level) and the first point of each curve.
// Sorted, without repeats. Every point when the table has at most kMaxChartPoints.
std::vector<std::size_t> chartPoints(const DesignDocument& doc, const SweepTable& table, int maxGroups = kDefaultCurves,
                                     std::size_t buckets = 1024);

// The table of the given points only (sorted), with their rows and errors.
SweepTable tableOfPoints(const SweepTable& table, const std::vector<std::size_t>& points);

// What a finished sweep's charts need, computed off the GUI thread.
struct ChartSample {
    std::shared_ptr<const SweepTable> shown; // the table itself, or the table of chartPoints()
    // The breakdown axis's distinct values, sorted, and the value it shows at
    // first (plots::defaultBreakdownAt); empty and NaN without such an axis.
    std::vector<double> levels;
    double defaultAt = std::numeric_limits<double>::quiet_NaN();
};
// maxGroups: the speedup chart's curves per variant (SpeedupChartOptions).
ChartSample sampleForCharts(const DesignDocument& doc, std::shared_ptr<const SweepTable> table,
                            int maxGroups = kDefaultCurves);

} // namespace cs::plots
