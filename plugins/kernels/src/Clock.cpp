#include "cs/probe/Clock.h"

namespace cs::probe {

void busyWait(double seconds) noexcept
{
    if (!(seconds > 0.0))
        return;
    const auto end = SteadyClock::now() +
                     std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(seconds));
    while (SteadyClock::now() < end) {
    }
}

} // namespace cs::probe
