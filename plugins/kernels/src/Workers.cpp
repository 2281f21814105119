#include "Workers.h"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace cs::probe::detail {

void runWorkers(const std::vector<std::function<void(const RunControl&)>>& jobs, const RunControl& rc)
{
    std::atomic<bool> abort{false};
    RunControl child = rc;
    child.stop = &abort;
    std::mutex m;
    std::condition_variable cv;
    std::size_t finished = 0;
    std::vector<std::exception_ptr> errors(jobs.size());
    std::vector<std::thread> threads;
    threads.reserve(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        threads.emplace_back([&, i] {
            try {
                jobs[i](child);
            } catch (...) {
                errors[i] = std::current_exception();
                abort = true;
            }
            std::lock_guard<std::mutex> lock(m);
            ++finished;
            cv.notify_all();
        });
    }
    {
        std::unique_lock<std::mutex> lock(m);
        while (finished < jobs.size()) {
            cv.wait_for(lock, std::chrono::duration<double>(rc.pollSlice_s));
            if (rc.stopRequested())
                abort = true;
            if (rc.deadline && std::chrono::steady_clock::now() >= *rc.deadline)
                abort = true;
        }
    }
    for (auto& t : threads)
        t.join();
    rc.check("parallel transfer"); // the caller's own stop or deadline wins
    // Rethrow the root cause: a worker that failed for its own reason, not one stopped by the abort.
    std::exception_ptr cancelled;
    for (auto& e : errors) {
        if (!e)
            continue;
        try {
            std::rethrow_exception(e);
        } catch (const ProbeError& pe) {
            if (pe.kind() == ErrorKind::Cancelled) {
                cancelled = e;
                continue;
            }
            throw;
        }
    }
    if (cancelled)
        std::rethrow_exception(cancelled);
}

} // namespace cs::probe::detail
