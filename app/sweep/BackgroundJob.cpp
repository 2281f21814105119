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

bool BackgroundJob::isRunning() const
{
    return watcher_.isRunning();
}

void BackgroundJob::wait()
{
    watcher_.waitForFinished();
}

} // namespace cs::app
