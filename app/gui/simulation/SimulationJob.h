#pragma once
// Runs sim::simulateSweep off the GUI thread, as SweepJob runs sweeps (see
// BackgroundJob): start() cancels any run still going, only the newest run's
// result is delivered, and signals arrive on the GUI thread. Each simulation
// is a forked child process (sim/Simulator.h); cancel() kills the one running.
#include "app/sweep/BackgroundJob.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sweep.h"
#include "sim/DesignSim.h"

#include <memory>

namespace cs::app {

class SimulationJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit SimulationJob(QObject* parent = nullptr);

    // Copies the document. `maxSimulations` bounds the run (sim::SimSweepOptions).
    void start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, std::size_t maxSimulations = 400);

signals:
    void finished(std::shared_ptr<const cs::sim::SimTable> table);
};

} // namespace cs::app
