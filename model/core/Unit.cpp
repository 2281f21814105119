#include "model/core/Unit.h"
#include "model/core/FormatOptions.h"
#include "model/core/ModelError.h"
#include "model/core/NumberFormat.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <span>

namespace cs {

namespace {

struct UnitName {
    Unit unit;
    std::string_view symbol;
};

constexpr std::array<UnitName, 9> kUnitNames{{
    {Unit::Seconds, "s"},
    {Unit::Bytes, "B"},
    {Unit::BytesPerSecond, "B/s"},
    {Unit::SecondsPerByte, "s/B"},
    {Unit::PerSecond, "1/s"},
    {Unit::Count, "count"},
    {Unit::Ratio, "1"},
    {Unit::USD, "USD"},
    {Unit::Choice, "choice"},
}};

constexpr std::array<DisplayUnit, 43> kDisplayUnits{{
    {"s", Unit::Seconds, 1.0},
    {"ms", Unit::Seconds, 1e-3},
    {"us", Unit::Seconds, 1e-6},
    {"ns", Unit::Seconds, 1e-9},
    {"min", Unit::Seconds, 60.0},
    {"B", Unit::Bytes, 1.0},
    {"KB", Unit::Bytes, 1e3},
    {"MB", Unit::Bytes, 1e6},
    {"GB", Unit::Bytes, 1e9},
    {"KiB", Unit::Bytes, 1024.0},
    {"MiB", Unit::Bytes, 1048576.0},
    {"GiB", Unit::Bytes, 1073741824.0},
    {"B/s", Unit::BytesPerSecond, 1.0},
    {"KB/s", Unit::BytesPerSecond, 1e3},
    {"MB/s", Unit::BytesPerSecond, 1e6},
    {"GB/s", Unit::BytesPerSecond, 1e9},
    {"KiB/s", Unit::BytesPerSecond, 1024.0},
    {"MiB/s", Unit::BytesPerSecond, 1048576.0},
    {"GiB/s", Unit::BytesPerSecond, 1073741824.0},
    {"TB/s", Unit::BytesPerSecond, 1e12},
    {"TiB/s", Unit::BytesPerSecond, 1099511627776.0},
    {"bit/s", Unit::BytesPerSecond, 0.125},
    {"kbit/s", Unit::BytesPerSecond, 125.0},
    {"Mbit/s", Unit::BytesPerSecond, 125000.0},
    {"Mbps", Unit::BytesPerSecond, 125000.0},
    {"Gbit/s", Unit::BytesPerSecond, 1.25e8},
    {"Gbps", Unit::BytesPerSecond, 1.25e8},
    {"Tbit/s", Unit::BytesPerSecond, 1.25e11},
    {"Tbps", Unit::BytesPerSecond, 1.25e11},
    {"s/B", Unit::SecondsPerByte, 1.0},
    {"us/B", Unit::SecondsPerByte, 1e-6},
    {"ns/B", Unit::SecondsPerByte, 1e-9},
    {"ps/B", Unit::SecondsPerByte, 1e-12},
    {"1/s", Unit::PerSecond, 1.0},
    {"k/s", Unit::PerSecond, 1e3},
    {"M/s", Unit::PerSecond, 1e6},
    {"count", Unit::Count, 1.0},
    {"", Unit::Count, 1.0},
    {"1", Unit::Ratio, 1.0},
    {"%", Unit::Ratio, 0.01},
    {"USD", Unit::USD, 1.0},
    {"kUSD", Unit::USD, 1e3},
    {"choice", Unit::Choice, 1.0},
}};

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

std::string_view unitSymbol(Unit u)
{
    for (const auto& n : kUnitNames)
        if (n.unit == u)
            return n.symbol;
    return "?";
}

std::optional<Unit> unitFromSymbol(std::string_view symbol)
{
    for (const auto& n : kUnitNames)
        if (n.symbol == symbol)
            return n.unit;
    return std::nullopt;
}

std::optional<DisplayUnit> findDisplayUnit(std::string_view name)
{
    for (const auto& d : kDisplayUnits)
        if (d.name == name)
            return d;
    return std::nullopt;
}

double parseQuantity(std::string_view text, Unit expected)
{
    const std::string_view t = trim(text);
    if (t.empty())
        throw ModelError("empty value where a number was expected");
    double number = 0.0;
    const char* begin = t.data();
    const char* end = t.data() + t.size();
    auto [ptr, ec] = std::from_chars(begin, end, number);
    if (ec != std::errc() || ptr == begin)
        throw ModelError("'" + std::string(t) + "' is not a number");
    std::string_view rest = trim(std::string_view(ptr, static_cast<std::size_t>(end - ptr)));
    // "2^20": a power, handy for sizes.
    if (!rest.empty() && rest.front() == '^') {
        rest.remove_prefix(1);
        double exponent = 0.0;
        auto [p2, ec2] = std::from_chars(rest.data(), rest.data() + rest.size(), exponent);
        if (ec2 != std::errc() || p2 == rest.data())
            throw ModelError("'" + std::string(t) + "' has a malformed power");
        number = std::pow(number, exponent);
        rest = trim(std::string_view(p2, static_cast<std::size_t>(rest.data() + rest.size() - p2)));
    }
    if (!std::isfinite(number))
        throw ModelError("'" + std::string(t) + "' is not a finite number");
    if (rest.empty())
        return number;
    const auto du = findDisplayUnit(rest);
    if (!du)
        throw ModelError("'" + std::string(t) + "' has an unknown unit '" + std::string(rest) + "'");
    const bool countLike = (expected == Unit::Count || expected == Unit::Ratio || expected == Unit::Choice);
    const bool duCountLike = (du->unit == Unit::Count || du->unit == Unit::Ratio);
    if (du->unit != expected && !(countLike && duCountLike))
        throw ModelError("'" + std::string(t) + "' is in " + std::string(unitSymbol(du->unit)) +
                         " but " + std::string(unitSymbol(expected)) + " is expected");
    return number * du->scale;
}

char* formatNumberTo(double v, char* out)
{
    if (!std::isfinite(v)) // "inf", "-inf", "nan", "-nan", as printf writes them
        return out + std::snprintf(out, kNumberChars, "%g", v);
    // No precision below the shortest round-trip form's digit count reads
    // back as v, so the search starts there (std::to_chars's shortest form)
    // instead of at 6: one or two conversions instead of up to twelve
    // snprintf/strtod pairs. to_chars in the general format at a precision
    // is printf's %.*g, so the text is the same as before.
    char shortest[kNumberChars];
    const char* end = std::to_chars(shortest, shortest + sizeof shortest, v, std::chars_format::scientific).ptr;
    int digits = 0;
    for (const char* p = shortest; p < end && *p != 'e'; ++p)
        digits += *p >= '0' && *p <= '9';
    for (int precision = std::max(6, digits);; ++precision) {
        char* e = std::to_chars(out, out + kNumberChars, v, std::chars_format::general, precision).ptr;
        double back = 0;
        if (std::from_chars(out, e, back).ec != std::errc{}) { // subnormals: strtod reads them as printf wrote them
            *e = '\0';
            back = std::strtod(out, nullptr);
        }
        if (back == v || precision >= 17)
            return e;
    }
}

std::string formatFlows(double load)
{
    const double tenths = std::round(load * 10.0);
    const int decimals = std::fmod(tenths, 10.0) == 0.0 ? 0 : 1;
    return formatFixed(tenths / 10.0, decimals) + (tenths == 10.0 ? " flow" : " flows");
}

std::string formatNumber(double v)
{
    char buf[kNumberChars];
    return std::string(buf, formatNumberTo(v, buf));
}

std::string formatQuantity(double si, std::string_view displayUnit, Unit unit)
{
    const auto du = findDisplayUnit(displayUnit);
    if (!du || du->unit != unit || displayUnit.empty()) {
        std::string s = formatNumber(si);
        if (unit != Unit::Count && unit != Unit::Ratio && unit != Unit::Choice)
            s += " " + std::string(unitSymbol(unit));
        return s;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", si / du->scale);
    if (displayUnit == "1" || displayUnit == "count" || displayUnit == "choice")
        return buf;
    return std::string(buf) + " " + std::string(displayUnit);
}

DisplayUnit autoDisplayUnit(double si, Unit unit, const FormatOptions& options)
{
    // Candidate display units of each kind, largest scale first.
    static constexpr std::string_view kSeconds[] = {"s", "ms", "us", "ns"};
    static constexpr std::string_view kBytes[] = {"GiB", "MiB", "KiB", "B"};
    static constexpr std::string_view kRates[] = {"GiB/s", "MiB/s", "KiB/s", "B/s"};
    static constexpr std::string_view kBytesSI[] = {"GB", "MB", "KB", "B"};
    static constexpr std::string_view kRatesSI[] = {"GB/s", "MB/s", "KB/s", "B/s"};
    static constexpr std::string_view kPerByte[] = {"us/B", "ns/B", "ps/B"};
    const bool si1000 = options.bytePrefixes == BytePrefixes::SI;
    std::span<const std::string_view> names;
    switch (unit) {
    case Unit::Seconds: names = kSeconds; break;
    case Unit::Bytes: names = si1000 ? std::span<const std::string_view>(kBytesSI) : kBytes; break;
    case Unit::BytesPerSecond: names = si1000 ? std::span<const std::string_view>(kRatesSI) : kRates; break;
    case Unit::SecondsPerByte: names = kPerByte; break;
    default: return {unitSymbol(unit), unit, 1.0};
    }
    const double magnitude = std::abs(si);
    for (std::string_view name : names) {
        const DisplayUnit d = *findDisplayUnit(name);
        if (magnitude >= d.scale)
            return d;
    }
    return *findDisplayUnit(names.back());
}

std::string formatMeasured(double si, std::string_view symbol, const FormatOptions& options)
{
    if (!std::isfinite(si))
        return "-";
    char buf[64];
    const auto unit = unitFromSymbol(symbol);
    if (!unit) {
        std::snprintf(buf, sizeof buf, "%.6g", si);
        return symbol.empty() ? std::string(buf) : std::string(buf) + " " + std::string(symbol);
    }
    const DisplayUnit d = autoDisplayUnit(si, *unit, options);
    std::snprintf(buf, sizeof buf, "%.4g", si / d.scale);
    if (*unit == Unit::Count || *unit == Unit::Ratio || *unit == Unit::Choice)
        return buf;
    return std::string(buf) + " " + std::string(d.name);
}

DisplayUnit autoDisplayUnit(double si, Unit unit)
{
    return autoDisplayUnit(si, unit, FormatOptions{});
}

std::string formatMeasured(double si, std::string_view symbol)
{
    return formatMeasured(si, symbol, FormatOptions{});
}

} // namespace cs
