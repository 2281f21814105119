#include "app/sweep/BackgroundJob.h"

namespace cs::app {

BackgroundJob::~BackgroundJob()
{
    cancel();
    wait();
}

void BackgroundJob::cancel()
{
    if (current_)
        *current_ = true;
}

void BackgroundJob::abandon()
{
    cancel();
    current_.reset(); // what the run still reports is for a run nobody waits for
}

bool BackgroundJob::isRunning() const
{
    return watcher_.isRunning();
}

void BackgroundJob::wait()
{
    watcher_.waitForFinished();
}

} // namespace cs::app
