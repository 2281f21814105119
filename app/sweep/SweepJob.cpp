#include "app/sweep/SweepJob.h"
#include "model/core/ModelError.h"

namespace cs::app {

SweepJob::SweepJob(QObject* parent) : BackgroundJob(parent)
{
    qRegisterMetaType<std::shared_ptr<const cs::SweepTable>>("std::shared_ptr<const cs::SweepTable>");
}

void SweepJob::start(const DesignDocument& doc, std::vector<SweepAxisValues> axes, unsigned threads)
{
    start(std::make_shared<const DesignDocument>(doc), std::move(axes), threads);
}

void SweepJob::start(std::shared_ptr<const DesignDocument> doc, std::vector<SweepAxisValues> axes, unsigned threads)
{
    launch<SweepTable>(
        [doc = std::move(doc), axes = std::move(axes), threads](const std::atomic<bool>& cancel,
                                                                const Progress& progress) {
            SweepOptions opts;
            opts.threads = threads;
            opts.cancel = &cancel;
            opts.progress = progress;
            return runSweep(*doc, axes, opts);
        },
        std::function<void(std::shared_ptr<const SweepTable>)>(
            [this](std::shared_ptr<const SweepTable> table) { emit finished(std::move(table)); }));
}

} // namespace cs::app
