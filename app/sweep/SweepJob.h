#pragma once
#include "app/sweep/BackgroundJob.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"

#include <memory>

namespace cs::app {

// Runs a sweep off the GUI thread (see BackgroundJob): start() cancels any
// sweep still running; only the newest one's result is delivered.
class SweepJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit SweepJob(QObject* parent = nullptr);

    // Copies the document, so the GUI may go on editing.
    void start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, unsigned threads = 0);
    // Shares a document nobody changes: no copy (a large one costs the GUI
    // thread about a second).
    void start(std::shared_ptr<const DesignDocument> doc, std::vector<SweepAxisValues> axes, unsigned threads = 0);

signals:
    void finished(std::shared_ptr<const cs::SweepTable> table);
};

} // namespace cs::app
