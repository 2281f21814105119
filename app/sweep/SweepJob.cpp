#include "app/sweep/SweepJob.h"
#include "model/core/ModelError.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent>

namespace cs::app {

struct SweepJob::Run {
    std::atomic<bool> cancel{false};
    DesignDocument doc;
    std::vector<SweepAxisValues> axes;
    unsigned threads = 0;
};

SweepJob::SweepJob(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const cs::SweepTable>>("std::shared_ptr<const cs::SweepTable>");
}

SweepJob::~SweepJob()
{
    cancel();
    wait();
}

void SweepJob::start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, unsigned threads)
{
    cancel();
    auto run = std::make_shared<Run>();
    run->doc = doc;
    run->axes = std::move(axes);
    run->threads = threads;
    current_ = run;
    QPointer<SweepJob> self(this);
    watcher_.setFuture(QtConcurrent::run([run, self] {
        SweepOptions opts;
        opts.threads = run->threads;
        opts.cancel = &run->cancel;
        opts.progress = [run, self](std::size_t done, std::size_t total) {
            if (self && !run->cancel)
                QMetaObject::invokeMethod(self, [self, run, done, total] {
                    if (self && self->current_ == run)
                        emit self->progress(static_cast<qint64>(done), static_cast<qint64>(total));
                }, Qt::QueuedConnection);
        };
        std::shared_ptr<const SweepTable> table;
        QString error;
        try {
            table = std::make_shared<const SweepTable>(runSweep(run->doc, run->axes, opts));
        } catch (const ModelError& e) {
            error = QString::fromStdString(e.what());
        }
        if (!self)
            return;
        QMetaObject::invokeMethod(self, [self, run, table, error] {
            if (!self || self->current_ != run)
                return; // superseded by a newer sweep
            if (!error.isEmpty())
                emit self->failed(error);
            else if (table->cancelled || run->cancel)
                emit self->cancelled();
            else
                emit self->finished(table);
        }, Qt::QueuedConnection);
    }));
}

void SweepJob::cancel()
{
    if (current_)
        current_->cancel = true;
}

bool SweepJob::isRunning() const
{
    return watcher_.isRunning();
}

void SweepJob::wait()
{
    watcher_.waitForFinished();
}

} // namespace cs::app
