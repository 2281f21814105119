#pragma once
// The replays of a results file's recordings on a design, off the GUI thread
// (BackgroundJob): one row per recorded P, and per measured P that was not
// recorded when three or more were (synthesised), each the recording
// replayed on the design's network (model/prediction/Prediction.h) beside its
// measured run; with `simulate`, each row also run on SimGrid
// (sim/RecordingRows.h, as `clusterscope-cli replay --simulate`). Progress
// counts the replays and then the simulations; Cancel stops the one under way.
#include "app/sweep/BackgroundJob.h"
#include "model/document/DesignDocument.h"
#include "model/prediction/Prediction.h"
#include "sim/RecordingRows.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cs::app {

struct ReplayTable {
    std::vector<rec::Prediction> rows; // network figures only: the replay's network is not kept
    std::vector<std::string> errors;   // "P = 16: ..." for a P the design cannot replay
    bool cancelled = false;
    // With simulate: one entry per row (NaN seconds where it was not simulated), and why none was when
    // a row is too big for SimGrid (the estimate, checkSimulatable()'s words) or has no network.
    bool simulate = false;
    std::vector<sim::SimulatedRow> simulated;
    std::string notSimulated;
};

class ReplayJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit ReplayJob(QObject* parent = nullptr);

    // Copies the document; the recordings are shared, not copied. `simOptions`
    // bounds the simulations (maxEvents: the CLI's --max-events).
    void start(const DesignDocument& doc, std::shared_ptr<const std::vector<rec::RecordedRun>> runs,
               std::map<int, double> measured, bool simulate = false,
               const sim::RecordingSimOptions& simOptions = {});

signals:
    void finished(std::shared_ptr<const cs::app::ReplayTable> table);
};

} // namespace cs::app
