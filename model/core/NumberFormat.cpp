#include "model/core/NumberFormat.h"

#include <cmath>
#include <cstdio>

namespace cs {

namespace {

// printf into a string as long as the text (a "%f" of 1e300 has 300 digits).
template <typename... Args>
std::string printed(const char* format, Args... args)
{
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, format, args...);
    if (n < 0)
        return {};
    if (static_cast<std::size_t>(n) < sizeof buf)
        return std::string(buf, static_cast<std::size_t>(n));
    std::string s(static_cast<std::size_t>(n) + 1, '\0');
    std::snprintf(s.data(), s.size(), format, args...);
    s.resize(static_cast<std::size_t>(n));
    return s;
}

} // namespace

std::string formatSignificant(double v, int digits)
{
    return printed("%.*g", digits, v);
}

std::string formatFixed(double v, int decimals)
{
    return printed("%.*f", decimals, v);
}

std::string formatPercent(double fraction, int decimals, bool sign)
{
    if (!std::isfinite(fraction))
        return "-";
    if (decimals == kPercentAtAGlance) {
        // Rounded first, half away from zero (std::round), so that printf only writes the digits: 12.5% reads
        // "13%" where printf's own rounding (to even) would write "12%".
        const double p = fraction * 100.0;
        const bool small = std::abs(p) < 10;
        double shown = small ? std::round(p * 10) / 10 : std::round(p);
        if (shown == 0)
            shown = 0.0; // -0.04% is "0.0%"
        return (sign && p >= 0 ? "+" : "") + printed("%.*f", small ? 1 : 0, shown) + "%";
    }
    return printed(sign ? "%+.*f%%" : "%.*f%%", decimals, 100.0 * fraction);
}

std::string formatPercentSignificant(double fraction, int digits)
{
    return printed("%.*g%%", digits, 100.0 * fraction);
}

} // namespace cs
