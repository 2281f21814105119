#pragma once
// The replays of a results file's recordings on a design, off the GUI thread
// (BackgroundJob): one row per recorded P, each the recording replayed on the
// design's network (model/recording/Prediction.h) beside its measured run.
// Progress counts the P replayed; Cancel stops the replay under way.
#include "app/sweep/BackgroundJob.h"
#include "model/document/DesignDocument.h"
#include "model/recording/Prediction.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cs::app {

struct ReplayTable {
    std::vector<rec::Prediction> rows; // network figures only: the replay's network is not kept
    std::vector<std::string> errors;   // "P = 16: ..." for a P the design cannot replay
    bool cancelled = false;
};

class ReplayJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit ReplayJob(QObject* parent = nullptr);

    // Copies the document; the recordings are shared, not copied.
    void start(const DesignDocument& doc, std::shared_ptr<const std::vector<rec::RecordedRun>> runs,
               std::map<int, double> measured);

signals:
    void finished(std::shared_ptr<const cs::app::ReplayTable> table);
};

} // namespace cs::app
