#pragma once
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace cs::app {

// Runs a sweep off the GUI thread. start() cancels any sweep still running;
// only the newest one's result is delivered. Signals arrive on the thread
// that owns the job (the GUI thread).
class SweepJob : public QObject {
    Q_OBJECT
public:
    explicit SweepJob(QObject* parent = nullptr);
    ~SweepJob() override;

    // Copies the document, so the GUI may go on editing.
    void start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, unsigned threads = 0);
    void cancel();
    bool isRunning() const;
    // Blocks until the current sweep ends (tests).
    void wait();

signals:
    void progress(qint64 done, qint64 total);
    void finished(std::shared_ptr<const cs::SweepTable> table);
    void failed(const QString& message);
    void cancelled();

private:
    struct Run;
    std::shared_ptr<Run> current_;
    QFutureWatcher<void> watcher_;
};

} // namespace cs::app
