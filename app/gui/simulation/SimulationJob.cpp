#include "app/gui/simulation/SimulationJob.h"
#include "model/core/ModelError.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent>

namespace cs::app {

struct SimulationJob::Run {
    std::atomic<bool> cancel{false};
    DesignDocument doc;
    std::vector<SweepAxisValues> axes;
    std::size_t maxSimulations = 400;
};

SimulationJob::SimulationJob(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const cs::sim::SimTable>>("std::shared_ptr<const cs::sim::SimTable>");
}

SimulationJob::~SimulationJob()
{
    cancel();
    wait();
}

void SimulationJob::start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, std::size_t maxSimulations)
{
    cancel();
    auto run = std::make_shared<Run>();
    run->doc = doc;
    run->axes = std::move(axes);
    run->maxSimulations = maxSimulations;
    current_ = run;
    QPointer<SimulationJob> self(this);
    watcher_.setFuture(QtConcurrent::run([run, self] {
        sim::SimSweepOptions opts;
        opts.cancel = &run->cancel;
        opts.maxSimulations = run->maxSimulations;
        opts.progress = [run, self](std::size_t done, std::size_t total) {
            if (self && !run->cancel)
                QMetaObject::invokeMethod(self, [self, run, done, total] {
                    if (self && self->current_ == run)
                        emit self->progress(static_cast<qint64>(done), static_cast<qint64>(total));
                }, Qt::QueuedConnection);
        };
        std::shared_ptr<const sim::SimTable> table;
        QString error;
        try {
            table = std::make_shared<const sim::SimTable>(sim::simulateSweep(run->doc, run->axes, opts));
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        if (!self)
            return;
        QMetaObject::invokeMethod(self, [self, run, table, error] {
            if (!self || self->current_ != run)
                return; // superseded
            if (!error.isEmpty())
                emit self->failed(error);
            else if (table->cancelled || run->cancel)
                emit self->cancelled();
            else
                emit self->finished(table);
        }, Qt::QueuedConnection);
    }));
}

void SimulationJob::cancel()
{
    if (current_)
        current_->cancel = true;
}

bool SimulationJob::isRunning() const
{
    return watcher_.isRunning();
}

void SimulationJob::wait()
{
    watcher_.waitForFinished();
}

} // namespace cs::app
