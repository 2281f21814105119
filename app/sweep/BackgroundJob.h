#pragma once
// A computation over a design that runs off the GUI thread: start() cancels
// any run still going, only the newest run's result is delivered, and
// signals arrive on the thread that owns the job (the GUI thread). SweepJob
// (model sweeps) and SimulationJob (SimGrid sweeps) differ only in what they
// compute and the table they deliver.
#include "model/core/OutOfMemory.h"

#include <QFutureWatcher>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QtConcurrent>

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <new>
#include <exception>

namespace cs::app {

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~BackgroundJob() override; // cancels and waits

    void cancel();
    // Cancels without a word: the run's result, failure or cancellation is
    // never signalled (the document it was for has gone).
    void abandon();
    bool isRunning() const;
    // Blocks until the current run ends (tests).
    void wait();

signals:
    void progress(qint64 done, qint64 total);
    void failed(const QString& message);
    void cancelled();

protected:
    using Progress = std::function<void(std::size_t done, std::size_t total)>;

    // Runs `compute(cancel, progress)` on a pool thread. An exception becomes
    // failed() with its message (std::bad_alloc: kOutOfMemory; a run that
    // failed must not leave the panel waiting for it); a table marked
    // `cancelled`, or a run cancelled meanwhile, becomes cancelled();
    // otherwise `deliver(table)` runs on this object's thread, unless a newer
    // run superseded this one.
    template <class Table, class Compute>
    void launch(Compute compute, std::function<void(std::shared_ptr<const Table>)> deliver);

private:
    std::shared_ptr<std::atomic<bool>> current_; // the newest run's cancel flag
    QFutureWatcher<void> watcher_;
};

template <class Table, class Compute>
void BackgroundJob::launch(Compute compute, std::function<void(std::shared_ptr<const Table>)> deliver)
{
    cancel();
    auto run = std::make_shared<std::atomic<bool>>(false);
    current_ = run;
    QPointer<BackgroundJob> self(this);
    watcher_.setFuture(QtConcurrent::run([run, self, compute = std::move(compute), deliver = std::move(deliver)] {
        const Progress progress = [run, self](std::size_t done, std::size_t total) {
            if (self && !*run)
                QMetaObject::invokeMethod(self, [self, run, done, total] {
                    if (self && self->current_ == run)
                        emit self->progress(static_cast<qint64>(done), static_cast<qint64>(total));
                }, Qt::QueuedConnection);
        };
        std::shared_ptr<const Table> table;
        QString error;
        try {
            table = std::make_shared<const Table>(compute(*run, progress));
        } catch (const std::bad_alloc&) {
            error = QString::fromUtf8(kOutOfMemory);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        } catch (...) {
            error = QStringLiteral("an unknown error");
        }
        if (!self)
            return;
        QMetaObject::invokeMethod(self, [self, run, table, error, deliver] {
            if (!self || self->current_ != run)
                return; // superseded by a newer run
            if (!error.isEmpty())
                emit self->failed(error);
            else if (table->cancelled || *run)
                emit self->cancelled();
            else
                deliver(table);
        }, Qt::QueuedConnection);
    }));
}

} // namespace cs::app
