#pragma once
#include "app/plots/ChartHover.h"
#include "model/core/FormatOptions.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sensitivity.h"

#include <QString>

class QCustomPlot;

namespace cs::plots {

struct TornadoChartOptions {
    QString variant;      // for the title
    double step = 0.1;    // the relative change the result was computed with
    int maxBars = 12;     // the parameters with the largest swing
    // Optional: the document, to show parameter values in their display
    // units in the tooltips (SI otherwise).
    const DesignDocument* doc = nullptr;
    FormatOptions format; // the output's axis unit: the GUI's Preferences (formatOptions())
};

// Fills `plot` with a tornado chart: one row per parameter whose swing is
// non-zero (largest at the top, at most maxBars), two horizontal bars
// around the base output: plottable 0 is the output at -step, plottable 1 at
// +step, both QCPBars keyed on the y axis with the base output as their base
// value, so each bar's value is the change (output - base). The output is a
// time (shown in ms, us, ... as fits). Returns the hover regions.
ChartHover buildTornadoChart(QCustomPlot* plot, const SensitivityResult& result, const TornadoChartOptions& options);

} // namespace cs::plots
