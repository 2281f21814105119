#pragma once
// The Recording window's chart of the run time against P (issue 44,
// "analytic, simulated and measured are then compared in one chart"): three
// series in one chart, in this order of graphs:
//   0  replayed: the recording replayed analytically on the design (a line
//      through filled circles),
//   1  simulated: the same recording run on SimGrid (squares; no points when
//      the replay was not simulated),
//   2  measured: the median of each P's timed runs, with its 95% CI as error
//      bars when the runs file gives one (drawn by calibration::drawMeasured,
//      as on the calibration and verify charts).
// A P that was not recorded (synthesised from the recordings) is drawn hollow
// on the two predicted series, and the legend says so.
#include "app/plots/ChartHover.h"
#include "model/prediction/Prediction.h"

#include <map>

class QCustomPlot;

namespace cs::app {

struct ReplayTable;

// Redraws `plot` (its title row is kept) and fills `hover`. `table` is the
// last replay (null: the measured points alone, the replay pending);
// `measured` the runs file's measured times by P.
void drawScaling(QCustomPlot* plot, plots::ChartHover& hover, const ReplayTable* table,
                 const std::map<int, rec::MeasuredTime>& measured);

} // namespace cs::app
