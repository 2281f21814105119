#include "app/gui/mainwindow/BackgroundLoad.h"
#include "model/core/ModelError.h"
#include "model/core/OutOfMemory.h"
#include "model/core/ReadProgress.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/RankCounts.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <new>
#include <thread>

namespace cs::app {

namespace {

// What the load thread hands back; shared, because a cancelled load's thread outlives the call.
struct Outcome {
    std::mutex mutex;
    bool done = false;
    std::optional<DesignDocument> doc;
    std::string error;
    ReadProgress progress; // how far the read has come, in percent
};

int gLoadsRunning = 0; // GUI thread only
std::atomic<int> gThreadsAlive{0};

} // namespace

bool loadInProgress()
{
    return gLoadsRunning > 0;
}

bool loadThreadsAlive()
{
    return gThreadsAlive.load() > 0;
}

std::optional<DesignDocument> loadInBackground(QWidget* parent, const QString& label,
                                               std::function<DesignDocument()> load)
{
    struct Running {
        Running() { ++gLoadsRunning; }
        ~Running() { --gLoadsRunning; }
    } running;
    auto outcome = std::make_shared<Outcome>();
    QEventLoop loop;
    ++gThreadsAlive;
    std::thread([outcome, load = std::move(load)] {
        const ReadProgress::Scope reporting(outcome->progress);
        std::optional<DesignDocument> doc;
        std::string error;
        try {
            doc = load();
        } catch (const std::bad_alloc&) {
            error = std::string("reading the document: ") + kOutOfMemory;
        } catch (const std::exception& e) {
            error = e.what();
        }
        std::lock_guard lock(outcome->mutex);
        outcome->doc = std::move(doc);
        outcome->error = std::move(error);
        outcome->done = true;
        --gThreadsAlive;
    }).detach();

    // The dialog appears only for a load that takes a while, in percent
    // (model/core/ReadProgress.h: the text read, then a drawing built).
    QProgressDialog progress(label, QObject::tr("Cancel"), 0, 100, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(400);
    progress.setAutoClose(false);
    progress.setAutoReset(false);
    bool cancelled = false;
    QObject::connect(&progress, &QProgressDialog::canceled, &loop, [&] {
        cancelled = true;
        loop.quit();
    });
    // Polled, not signalled: the thread may outlive this call and every object in it.
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        {
            std::lock_guard lock(outcome->mutex);
            if (outcome->done) {
                loop.quit();
                return;
            }
        }
        // setValue() of a modal dialog processes events, this timer's among
        // them: unlocked, and only when the value changes.
        if (const int percent = std::min(99, outcome->progress.percent()); percent > progress.value())
            progress.setValue(percent);
    });
    {
        std::lock_guard lock(outcome->mutex);
        if (!outcome->done) {
            poll.start();
            progress.setValue(0);
        }
    }
    if (poll.isActive())
        loop.exec();
    poll.stop();
    QObject::disconnect(&progress, nullptr, &loop, nullptr);
    progress.reset();
    if (cancelled)
        return std::nullopt;
    std::lock_guard lock(outcome->mutex);
    if (!outcome->error.empty())
        throw ModelError(outcome->error);
    return std::move(outcome->doc);
}

DesignDocument loadDocumentTold(const std::string& path)
{
    DesignDocument doc = loadDocument(path);
    std::vector<SweepAxisValues> axes;
    try {
        axes = documentAxes(doc);
    } catch (const ModelError&) {
        // An axis that does not resolve: the document's own warnings and the sweep say why.
    }
    RankCountScope scope;
    scope.maxValuesPerAxis = 16;
    std::vector<std::string> told;
    for (const RankCountApart& r : rankCountsApart(doc, axes, scope))
        told.push_back(r.message());
    doc.warnings.insert(doc.warnings.begin(), told.begin(), told.end());
    return doc;
}

} // namespace cs::app
