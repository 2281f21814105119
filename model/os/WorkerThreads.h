#pragma once
// Work shared among threads, for sweeps and the topology metrics: the
// calling thread is one of the workers, a thread that cannot be started
// leaves its share to the others, and an exception never leaves a thread.
// An exception that leaves a std::thread is std::terminate (SIGABRT): under
// an address-space limit (ulimit -v, prlimit --as) std::bad_alloc can come
// from any allocation, and std::system_error from starting a thread.
#include <functional>

namespace cs {

// Runs body(worker) for worker = 0 .. threads - 1, worker 0 on the calling
// thread, the others on threads of their own, and returns when all have
// returned. The workers take their items from shared state (a counter), so
// when fewer threads can be started, those that run do all the work. The
// first exception a worker throws calls `stopOthers` (e.g. moves the shared
// counter past the end, so the others stop at their next item) and is
// rethrown here once every worker has returned. threads < 1 counts as 1.
void runWorkers(unsigned threads, const std::function<void(unsigned worker)>& body,
                const std::function<void()>& stopOthers);

} // namespace cs
