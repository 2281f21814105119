#pragma once
// A tiny work-sharing loop over threads (runWorkers) for the topology metrics.
#include "model/os/WorkerThreads.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <vector>

namespace cs {

// Runs work(worker, i) for i in [0, n) on up to `threads` threads, each with
// its own copy of `proto`, handing out items in small chunks so that uneven
// costs balance. Returns the workers, for the caller to merge.
template <class Worker, class Fn>
std::vector<Worker> parallelFor(std::size_t n, int threads, const Worker& proto, Fn work)
{
    const std::size_t nt = static_cast<std::size_t>(std::clamp(threads, 1, 64));
    std::vector<Worker> workers(std::min<std::size_t>(nt, std::max<std::size_t>(n, 1)), proto);
    std::atomic<std::size_t> next{0};
    const std::size_t chunk = std::max<std::size_t>(1, std::min<std::size_t>(64, n / (workers.size() * 16) + 1));
    auto run = [&](Worker& w) {
        for (;;) {
            const std::size_t begin = next.fetch_add(chunk);
            if (begin >= n)
                return;
            const std::size_t end = std::min(n, begin + chunk);
            for (std::size_t i = begin; i < end; ++i)
                work(w, i);
        }
    };
    // A worker's exception (std::bad_alloc under a memory limit) stops the
    // others and comes back here, instead of ending the program (runWorkers).
    runWorkers(static_cast<unsigned>(workers.size()), [&](unsigned w) { run(workers[w]); }, [&] { next = n; });
    return workers;
}

// Runs independent tasks on up to `threads` threads, handed out in order
// (put the longest first). Every task runs; then the exception of the first
// task in the list that threw, if any, is rethrown here, so the caller sees
// the same error whatever the timing.
inline void parallelTasks(const std::vector<std::function<void()>>& tasks, int threads)
{
    std::vector<std::exception_ptr> thrown(tasks.size());
    parallelFor(tasks.size(), threads, 0, [&](int&, std::size_t i) {
        try {
            tasks[i]();
        } catch (...) {
            thrown[i] = std::current_exception();
        }
    });
    for (const std::exception_ptr& e : thrown)
        if (e)
            std::rethrow_exception(e);
}

} // namespace cs
