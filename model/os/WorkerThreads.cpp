#include "model/os/WorkerThreads.h"

#include <exception>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

namespace cs {

void runWorkers(unsigned threads, const std::function<void(unsigned worker)>& body,
                const std::function<void()>& stopOthers)
{
    std::mutex mutex;
    std::exception_ptr failure; // the first exception of any worker (under mutex)
    auto worker = [&](unsigned index) {
        try {
            body(index);
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex);
            if (!failure) {
                failure = std::current_exception();
                if (stopOthers)
                    stopOthers();
            }
        }
    };
    std::vector<std::thread> pool;
    try {
        pool.reserve(threads > 1 ? threads - 1 : 0);
    } catch (const std::bad_alloc&) {
        // No room for the list: the calling thread does the work alone.
    }
    for (unsigned t = 1; t < threads && pool.size() < pool.capacity(); ++t) {
        try {
            pool.emplace_back(worker, t);
        } catch (const std::exception&) {
            break; // no more threads to be had (system_error, or bad_alloc for its state): fewer do the work
        }
    }
    worker(0);
    for (std::thread& t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace cs
