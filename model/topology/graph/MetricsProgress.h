#pragma once
// Progress and cancellation for long topology computations. Workers on any
// thread count finished items and poll the cancel flag between items (BFS
// roots, flows); the callback runs only on the thread that created the
// tracker, so a GUI can hand it a function that posts to its event loop.
#include "model/core/ModelError.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <thread>
#include <utility>

namespace cs {

// Thrown by computeMetrics when its cancel flag is set. A ModelError, so code
// that reports model errors shows "cancelled".
class MetricsCancelled : public ModelError {
public:
    MetricsCancelled() : ModelError("cancelled") {}
};

class MetricsProgress {
public:
    // `report(fraction)` gets values in [0, 1], rising; either may be empty.
    MetricsProgress(std::function<void(double)> report, const std::atomic<bool>* cancel)
        : report_(std::move(report)), cancel_(cancel), owner_(std::this_thread::get_id())
    {
    }

    // The next stage spans `share` of the whole (the shares of all stages add
    // up to 1 or less) and has `items` items.
    void beginStage(double share, std::size_t items)
    {
        base_ += share_;
        share_ = share;
        items_ = items ? items : 1;
        done_.store(0, std::memory_order_relaxed);
        lastReported_ = 0;
        report(base_);
    }

    // Items finished (thread-safe).
    void step(std::size_t n = 1)
    {
        const std::size_t done = done_.fetch_add(n, std::memory_order_relaxed) + n;
        // Report every 1/128 of a stage, from the owning thread only.
        if (report_ && std::this_thread::get_id() == owner_ && (done - lastReported_) * 128 >= items_) {
            lastReported_ = done;
            report(base_ + share_ * std::min(1.0, static_cast<double>(done) / static_cast<double>(items_)));
        }
    }

    bool cancelled() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }
    void throwIfCancelled() const
    {
        if (cancelled())
            throw MetricsCancelled();
    }
    // Everything done: reports 1.
    void finish()
    {
        base_ = 1.0;
        share_ = 0.0;
        report(1.0);
    }

private:
    // Only from the thread that made it (MetricsOptions::progress's contract): a stage that runs inside a
    // parallel task (the ECMP pass beside the router's) may begin on a worker, and its report then waits for
    // the owner's next one.
    void report(double f)
    {
        if (report_ && f > reported_ && std::this_thread::get_id() == owner_) {
            reported_ = f;
            report_(f);
        }
    }

    std::function<void(double)> report_;
    const std::atomic<bool>* cancel_;
    std::thread::id owner_;
    double base_ = 0.0, share_ = 0.0, reported_ = -1.0;
    std::size_t items_ = 1;
    std::atomic<std::size_t> done_{0};
    std::size_t lastReported_ = 0; // touched by the owning thread only
};

} // namespace cs
