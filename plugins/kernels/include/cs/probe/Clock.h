#pragma once
// The one clock every kernel measures with: std::chrono::steady_clock (CLOCK_MONOTONIC on Linux; read via
// the vDSO, about 20 ns per call on a TSC clock source). Times are in seconds as double.

#include <chrono>
#include <cstdint>

namespace cs::probe {

using SteadyClock = std::chrono::steady_clock;

/// Seconds since an arbitrary epoch, monotone.
inline double nowSeconds() noexcept
{
    return std::chrono::duration<double>(SteadyClock::now().time_since_epoch()).count();
}

/// Nanoseconds since an arbitrary epoch, monotone.
inline std::int64_t nowNanoseconds() noexcept
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(SteadyClock::now().time_since_epoch()).count();
}

/// Spins (no sleep, so no scheduler wake-up latency) for `seconds`. Used for the inter-message delay d of
/// LogGP's PRTT(n, d, s), as Netgauge does. Non-positive values return at once.
void busyWait(double seconds) noexcept;

} // namespace cs::probe
