#include "app/gui/simulation/SimulationJob.h"

#include <exception>

namespace cs::app {

SimulationJob::SimulationJob(QObject* parent) : BackgroundJob(parent)
{
    qRegisterMetaType<std::shared_ptr<const cs::sim::SimTable>>("std::shared_ptr<const cs::sim::SimTable>");
}

void SimulationJob::start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, std::size_t maxSimulations)
{
    launch<sim::SimTable>(
        [doc, axes = std::move(axes), maxSimulations](const std::atomic<bool>& cancel, const Progress& progress) {
            sim::SimSweepOptions opts;
            opts.cancel = &cancel;
            opts.maxSimulations = maxSimulations;
            opts.progress = progress;
            return sim::simulateSweep(doc, axes, opts);
        },
        std::function<void(std::shared_ptr<const sim::SimTable>)>(
            [this](std::shared_ptr<const sim::SimTable> table) { emit finished(std::move(table)); }));
}

} // namespace cs::app
