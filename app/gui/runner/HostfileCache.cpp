#include "app/gui/runner/HostfileCache.h"
#include "app/runner/HostfileReader.h"
#include "app/runner/Node.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QThread>
#include <QTimer>

#include <cstdio>
#include <stdexcept>
#include <thread>

namespace cs::app {

namespace {
// An entry older than this is read again (in the background) on its next use.
constexpr std::chrono::seconds kFresh(10);
} // namespace

HostfileCache& HostfileCache::instance()
{
    static HostfileCache* cache = new HostfileCache; // never deleted: see the header
    return *cache;
}

void HostfileCache::install()
{
    runner::setHostfileReader([](const std::string& path) {
        const QCoreApplication* app = QCoreApplication::instance();
        if (!app || QThread::currentThread() != app->thread())
            return readHostfile(path); // a worker may wait
        return instance().read(path);
    });
}

void HostfileCache::clear()
{
    entries_.clear();
    ++generation_;
}

void HostfileCache::start(const std::string& path, Entry& e)
{
    e.readAt = std::chrono::steady_clock::now();
    e.generation = ++generation_;
    const unsigned generation = e.generation;
    // A thread of its own, detached: a read that never returns holds only it.
    std::thread([this, path, generation] {
        std::vector<HostfileEntry> entries;
        std::string error;
        try {
            entries = readHostfile(path);
        } catch (const std::exception& ex) {
            error = ex.what();
        }
        QMetaObject::invokeMethod(
            this,
            [this, path, generation, entries = std::move(entries), error = std::move(error)]() mutable {
                auto it = entries_.find(path);
                if (it == entries_.end() || it->second.generation != generation)
                    return; // cleared or read again since
                it->second.done = true;
                it->second.timedOut = false;
                it->second.entries = std::move(entries);
                it->second.error = std::move(error);
                emit updated();
            },
            Qt::QueuedConnection);
    }).detach();
    QTimer::singleShot(timeout_, this, [this, path, generation] {
        auto it = entries_.find(path);
        if (it == entries_.end() || it->second.generation != generation || it->second.done)
            return;
        it->second.timedOut = true;
        emit updated();
    });
}

std::vector<HostfileEntry> HostfileCache::read(const std::string& path)
{
    auto it = entries_.find(path);
    if (it == entries_.end()) {
        it = entries_.emplace(path, Entry{}).first;
        start(path, it->second);
    }
    Entry& e = it->second;
    if (e.done && std::chrono::steady_clock::now() - e.readAt > kFresh) {
        // Answer with what was read; the new read replaces it when it is done.
        const Entry old = e;
        start(path, e);
        e.done = old.done;
        e.entries = old.entries;
        e.error = old.error;
    }
    if (e.done) {
        if (!e.error.empty())
            throw std::invalid_argument(e.error);
        return e.entries;
    }
    if (e.timedOut) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", static_cast<double>(timeout_.count()) / 1000.0);
        throw std::invalid_argument("the hostfile " + path + " did not answer within " + seconds + " s");
    }
    throw std::invalid_argument("reading the hostfile " + path + " ...");
}

} // namespace cs::app
