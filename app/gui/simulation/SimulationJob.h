#pragma once
// Runs sim::simulateSweep off the GUI thread, as SweepJob runs sweeps:
// start() cancels any run still going, only the newest run's result is
// delivered, and signals arrive on the GUI thread. Each simulation is a
// forked child process (sim/Simulator.h); cancel() kills the one running.
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"
#include "sim/DesignSim.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace cs::app {

class SimulationJob : public QObject {
    Q_OBJECT
public:
    explicit SimulationJob(QObject* parent = nullptr);
    ~SimulationJob() override;

    // Copies the document. `maxSimulations` bounds the run (sim::SimSweepOptions).
    void start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, std::size_t maxSimulations = 400);
    void cancel();
    bool isRunning() const;
    void wait(); // blocks until the current run ends (tests)

signals:
    void progress(qint64 done, qint64 total);
    void finished(std::shared_ptr<const cs::sim::SimTable> table);
    void failed(const QString& message);
    void cancelled();

private:
    struct Run;
    std::shared_ptr<Run> current_;
    QFutureWatcher<void> watcher_;
};

} // namespace cs::app
