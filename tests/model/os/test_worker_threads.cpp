// Work shared among threads never lets an exception leave a thread (that is
// std::terminate, a SIGABRT): a worker's std::bad_alloc comes back to the
// caller, which the command line and the GUI turn into a refusal in words.
#include "model/os/WorkerThreads.h"
#include "model/topology/graph/ParallelFor.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace cs;

TEST_CASE("every worker runs once, worker 0 on the calling thread", "[core][workers]")
{
    std::vector<int> ran(4, 0);
    const auto caller = std::this_thread::get_id();
    std::thread::id first;
    runWorkers(4, [&](unsigned w) {
        ++ran[w];
        if (w == 0)
            first = std::this_thread::get_id();
    }, {});
    CHECK(ran == std::vector<int>{1, 1, 1, 1});
    CHECK(first == caller);
    // 0 threads counts as one: the caller.
    int once = 0;
    runWorkers(0, [&](unsigned) { ++once; }, {});
    CHECK(once == 1);
}

TEST_CASE("a worker's bad_alloc comes back to the caller and stops the others", "[core][workers]")
{
    // Four workers take items 0..9999 from one counter; the worker that takes
    // item 100 throws. The others stop at their next item (stopOthers moves
    // the counter past the end), so fewer than all items are done, and the
    // exception is the caller's, not std::terminate's.
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    bool stopped = false;
    auto body = [&](unsigned) {
        for (;;) {
            const std::size_t i = next.fetch_add(1);
            if (i >= 10000)
                return;
            if (i == 100)
                throw std::bad_alloc();
            ++done;
        }
    };
    CHECK_THROWS_AS(runWorkers(4, body, [&] {
                        stopped = true;
                        next = 10000;
                    }),
                    std::bad_alloc);
    CHECK(stopped);
    CHECK(done < 10000);
}

TEST_CASE("parallelFor hands a worker's exception back, whichever thread threw", "[core][workers]")
{
    // Item 7 throws on whichever of the 4 threads takes it; every other item
    // taken before the stop is counted once.
    struct Count {
        int n = 0;
    };
    CHECK_THROWS_WITH(parallelFor(std::size_t{1000}, 4, Count{},
                                  [](Count& c, std::size_t i) {
                                      if (i == 7)
                                          throw std::runtime_error("item 7");
                                      ++c.n;
                                  }),
                      "item 7");
    // Without a failure all 1000 items are done, each once.
    const std::vector<Count> parts =
        parallelFor(std::size_t{1000}, 4, Count{}, [](Count& c, std::size_t) { ++c.n; });
    int total = 0;
    for (const Count& c : parts)
        total += c.n;
    CHECK(total == 1000);
}
