#pragma once
// The layout of a QCustomPlot chart, shared by every chart of the GUI and of `clusterscope-cli plot`: a fresh
// plot, its axes' scales and ranges, the 2-axis sweep's shade scale, where the legend sits, and a message on an
// empty chart. The colours, units and words the charts use are in PlotStyle.h.
#include <QColor>
#include <QString>

#include <Qt>

class QCustomPlot;
class QCPAxis;

namespace cs::plots {

// A horizontal colour scale under the axis rect that says which value of the
// other swept parameter a curve's shade stands for (light lo, dark hi): a
// 2-axis sweep keeps one legend entry per variant instead of one per curve.
// Its gradient is `base`'s shades (grey when the variants' hues differ).
// resetPlot removes it.
void addShadeScale(QCustomPlot* plot, const QString& label, double lo, double hi, bool log,
                   const QColor& base = QColor(128, 128, 128));

// Empties the plot for a new chart: removes graphs, plottables and items,
// puts both axes back to linear scale with a fresh numeric ticker, clears
// labels and sets the title (a text element in the top layout row).
void resetPlot(QCustomPlot* plot, const QString& title);

// Switches an axis between linear and logarithmic scale. A log axis uses
// base-2 ticks when [min, max] spans at most 12 octaves (P = 1..4096),
// base 10 otherwise.
void setLogScale(QCPAxis* axis, bool log, double min, double max);

// Ticks at whole numbers only (for counts such as P on a linear axis).
void setIntegerTicks(QCPAxis* axis);

// Sets a range that shows [lo, hi] with a margin: `pad` of the span on a
// linear axis, a factor on a log axis. Handles lo == hi.
void setPaddedRange(QCPAxis* axis, double lo, double hi, double pad = 0.05);

// Where a chart's legend sits: inside the axis rect at a corner (in a
// column right of it when the plot is too short for that), or in a row
// below the axis rect, wrapped into `columns` columns (0: as many as fit the
// plot's current width; many entries get a smaller font). Call after the
// plottables are added. The plot remembers the choice for refitLegend().
void placeLegendInside(QCustomPlot* plot, Qt::Alignment corner);
void placeLegendBelow(QCustomPlot* plot, int columns = 0);
// Re-applies the remembered placement for the plot's current size (after a resize).
void refitLegend(QCustomPlot* plot);

// Shows a message in the middle of an empty chart ("no data: ...").
void showMessage(QCustomPlot* plot, const QString& text);

} // namespace cs::plots
