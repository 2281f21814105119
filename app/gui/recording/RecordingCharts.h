#pragma once
// The Recording window's two charts: the communication matrix (bytes between
// rank pairs as a heat map with its colour scale) and one iteration per rank
// (compute against communication, a bar per rank).
#include "model/prediction/Prediction.h"
#include "model/recording/RecordingSummary.h"

class QCustomPlot;
class QCPColorMap;

namespace cs::app {

// Makes `plot` a heat map with a colour scale at its right; returns the map.
QCPColorMap* setUpCommMatrix(QCustomPlot* plot);
// The recording's point-to-point bytes: sender rank up, receiver rank across.
void drawCommMatrix(QCustomPlot* plot, QCPColorMap* map, const rec::Recording& recording);

// A bar per rank: one repetition of its main loop, the recorded compute and
// then the communication: the replay's time outside compute over the loop's
// repetitions (`row`; none: compute alone, the replay pending).
void drawIterations(QCustomPlot* plot, const std::vector<rec::Iteration>& iterations, const rec::Prediction* row);

} // namespace cs::app
