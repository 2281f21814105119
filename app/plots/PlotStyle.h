#pragma once
#include "model/document/DesignDocument.h"

#include <QColor>
#include <QString>

#include <string>

class QCustomPlot;
class QCPAxis;

namespace cs::plots {

// The colour of variant i in every chart, so a variant looks the same in
// the GUI and in `clusterscope-cli plot`.
QColor variantColor(int i);

// The colour of phase i in a stacked breakdown (a palette distinct in hue
// order from the variant colours, so phases do not read as variants).
QColor phaseColor(int i);

// The shade of a variant's colour for one of its several curves (one per
// value of a second swept parameter): f = 0 the lightest, 1 the darkest.
QColor curveShade(const QColor& variant, double f);

// A horizontal colour scale under the axis rect that says which value of the
// other swept parameter a curve's shade stands for (light lo, dark hi): a
// 2-axis sweep keeps one legend entry per variant instead of one per curve.
// Its gradient is `base`'s shades (grey when the variants' hues differ).
// resetPlot removes it.
void addShadeScale(QCustomPlot* plot, const QString& label, double lo, double hi, bool log,
                   const QColor& base = QColor(128, 128, 128));

// A display unit for values of one kind: value_display = value_si / scale.
struct ScaleUnit {
    double scale = 1.0;
    QString name; // "ms", "USD", "" for counts and ratios
};

// The time unit (s, ms, us, ns) that shows `maxSeconds` as a number between
// 1 and 1000 where possible.
ScaleUnit timeUnitFor(double maxSeconds);

// The same for any kind of value: times as above, rates in B/s, KB/s, MB/s,
// GB/s, sizes in B, KiB, MiB, GiB, money in USD, counts and ratios bare.
ScaleUnit scaleFor(Unit unit, double maxAbs);

// What a variant's total (or another output) is: its symbol and unit. Most
// totals are run times T in seconds; some are throughputs X in B/s.
struct Quantity {
    QString symbol = "T";
    Unit unit = Unit::Seconds;
};
// The variants' totals: their common output symbol (else "T" for times,
// "throughput" for rates, "total" otherwise) and unit (seconds when the
// variants' totals differ in kind or do not resolve).
Quantity totalQuantity(const DesignDocument& doc);
// One output path ("inic.T"); seconds when it does not resolve.
Quantity outputQuantity(const DesignDocument& doc, const std::string& path);
// "T (ms)", "X (MB/s)", "E" for a bare ratio.
QString quantityLabel(const Quantity& q, const ScaleUnit& unit);
// "12.5 ms", "940 MB/s", "0.8".
QString formatWithUnit(double scaled, const ScaleUnit& unit);

// How to label a swept parameter's axis: "P (processors)" or
// "rows (count)" or "bw_hc (MiB/s)", with the display unit's scale.
struct AxisDescription {
    QString label;
    ScaleUnit unit;
};
// Looks `path` up in the document's compiled plan; falls back to the bare
// path when it is not a writable slot.
AxisDescription describeParameter(const DesignDocument& doc, const std::string& path);

// Numbers in tooltips and labels: 4 significant digits.
QString formatValue(double v);

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

// A scatter shape per variant beyond the eight colours: circles for the
// first eight, then squares, triangles, diamonds.
int variantShape(int i); // a QCPScatterStyle::ScatterShape

// Shows a message in the middle of an empty chart ("no data: ...").
void showMessage(QCustomPlot* plot, const QString& text);

} // namespace cs::plots
