#include "model/cluster/NodeFields.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <charconv>

namespace cs {

std::string NodeIntField::rangeText() const
{
    return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]" + (unit.empty() ? "" : " " + std::string(unit));
}

std::string NodeIntField::check(double v) const
{
    if (accepts(v))
        return {};
    const std::string head = std::string(key) + " = " + formatNumber(v);
    if (v >= lo && v <= hi)
        return head + " must be a whole number in " + rangeText();
    return head + " is out of range " + rangeText();
}

std::string NodeIntField::parse(std::string_view text, int& out) const
{
    long long v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
        return std::string(key) + " = '" + std::string(text.substr(0, 60)) + "' must be a whole number in " +
               rangeText();
    if (ec == std::errc::result_out_of_range || v < lo || v > hi)
        return std::string(key) + " = " + std::string(text.substr(0, 60)) + " is out of range " + rangeText();
    out = static_cast<int>(v);
    return {};
}

bool isNodeTransport(std::string_view name)
{
    return std::find(kNodeTransports.begin(), kNodeTransports.end(), name) != kNodeTransports.end();
}

std::string nodeTransportList()
{
    std::string s;
    for (std::size_t i = 0; i < kNodeTransports.size(); ++i)
        s += (i == 0 ? "" : i + 1 == kNodeTransports.size() ? " or " : ", ") + std::string(kNodeTransports[i]);
    return s;
}

} // namespace cs
