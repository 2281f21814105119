#include "model/core/ReadProgress.h"

#include <algorithm>

namespace cs {

namespace {
thread_local ReadProgress* tCurrent = nullptr;
}

void ReadProgress::report(int from, int to, std::size_t done, std::size_t total)
{
    ReadProgress* p = tCurrent;
    if (!p)
        return;
    const double f = total == 0 ? 1.0 : std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
    const int percent = from + static_cast<int>(f * (to - from));
    int seen = p->percent_.load(std::memory_order_relaxed);
    while (percent > seen && !p->percent_.compare_exchange_weak(seen, percent, std::memory_order_relaxed)) {
    }
}

bool ReadProgress::active()
{
    return tCurrent != nullptr;
}

ReadProgress::Scope::Scope(ReadProgress& progress) : previous_(tCurrent)
{
    tCurrent = &progress;
}

ReadProgress::Scope::~Scope()
{
    tCurrent = previous_;
}

} // namespace cs
