#pragma once
#include "app/plots/RateUnit.h"
#include "model/document/DesignDocument.h"

#include <QColor>
#include <QString>

#include <string>

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
// Rates and sizes in the byte prefixes of `options` (Binary: KiB/s ... for
// rates; SI: KB ... for sizes): the GUI's Preferences (formatOptions()) or
// the command line's default, as the chart's options say.
ScaleUnit scaleFor(Unit unit, double maxAbs, const FormatOptions& options);

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

// A scatter shape per variant beyond the eight colours: circles for the
// first eight, then squares, triangles, diamonds.
int variantShape(int i); // a QCPScatterStyle::ScatterShape


} // namespace cs::plots
