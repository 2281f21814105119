// A background run that throws ends in failed() with a message, whatever it
// threw: std::bad_alloc above all (any allocation can fail under an
// address-space limit). Before, only the job's own exception type was
// caught, and anything else stayed in the QFuture: the panel waited for the
// run for good, with no word.
#include "app/sweep/BackgroundJob.h"
#include "model/core/ModelError.h"

#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>

#include <new>
#include <stdexcept>

using namespace cs;
using namespace cs::app;

namespace {

struct Table {
    bool cancelled = false;
};

// A job whose computation is given by the test.
class ThrowingJob : public BackgroundJob {
public:
    template <class Compute>
    void run(Compute compute)
    {
        launch<Table>(std::move(compute), std::function<void(std::shared_ptr<const Table>)>(
                                              [this](std::shared_ptr<const Table>) { ++delivered; }));
    }
    int delivered = 0;
};

QString failureOf(ThrowingJob& job)
{
    QSignalSpy failed(&job, &BackgroundJob::failed);
    REQUIRE(failed.wait(10000));
    return failed.front().front().toString();
}

} // namespace

TEST_CASE("a background run's bad_alloc is a failure in words, not a run that never ends", "[gui][background]")
{
    ThrowingJob job;
    job.run([](const std::atomic<bool>&, const std::function<void(std::size_t, std::size_t)>&) -> Table {
        throw std::bad_alloc();
    });
    const QString message = failureOf(job);
    CHECK(message.startsWith("out of memory (the input needs more than this process may allocate"));
    CHECK(job.delivered == 0);
}

TEST_CASE("a background run's other exceptions are failures with their message", "[gui][background]")
{
    ThrowingJob job;
    job.run([](const std::atomic<bool>&, const std::function<void(std::size_t, std::size_t)>&) -> Table {
        throw ModelError("design parameter P = 0 is out of range [1, 64]");
    });
    CHECK(failureOf(job) == "design parameter P = 0 is out of range [1, 64]");
    job.run([](const std::atomic<bool>&, const std::function<void(std::size_t, std::size_t)>&) -> Table {
        throw std::out_of_range("vector::_M_range_check");
    });
    CHECK(failureOf(job) == "vector::_M_range_check");
    // A run that works still delivers.
    job.run([](const std::atomic<bool>&, const std::function<void(std::size_t, std::size_t)>&) { return Table{}; });
    job.wait();
    QTest::qWait(50);
    CHECK(job.delivered == 1);
}
