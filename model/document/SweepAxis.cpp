#include "model/document/SweepAxis.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <cctype>
#include <cmath>

namespace cs {

namespace {

constexpr std::size_t kMaxValues = 10'000'000;

std::vector<std::string> split(const std::string& s, char sep)
{
    std::vector<std::string> parts;
    std::string cur;
    for (char c : s) {
        if (c == sep) {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    parts.push_back(cur);
    return parts;
}

double number(const std::string& text, const std::string& spec, std::optional<Unit> unit = std::nullopt)
{
    try {
        if (unit)
            return parseQuantity(text, *unit);
        // Any unit: take the display unit's scale, whatever its kind.
        std::string t = text;
        std::size_t i = 0;
        while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.' || t[i] == 'e' ||
                                t[i] == 'E' || t[i] == '-' || t[i] == '+' || t[i] == '^'))
            ++i;
        const std::string suffix = t.substr(i);
        std::size_t s = 0;
        while (s < suffix.size() && suffix[s] == ' ')
            ++s;
        if (const auto du = findDisplayUnit(suffix.substr(s)); du && s < suffix.size())
            return parseQuantity(text, du->unit);
        return parseQuantity(text, Unit::Ratio);
    } catch (const ModelError& e) {
        throw ModelError("sweep values '" + spec + "': " + e.what());
    }
}

} // namespace

std::vector<double> parseAxisValues(const std::string& spec, std::optional<Unit> unit)
{
    if (spec.empty())
        throw ModelError("sweep values are empty");
    std::vector<double> out;
    if (spec.find(':') == std::string::npos) {
        for (const std::string& part : split(spec, ','))
            out.push_back(number(part, spec, unit));
        return out;
    }
    const auto parts = split(spec, ':');
    if (parts.size() < 2 || parts.size() > 3)
        throw ModelError("sweep values '" + spec + "': expected FROM:TO, FROM:TO:STEP or FROM:TO:log2");
    const double from = number(parts[0], spec, unit);
    const double to = number(parts[1], spec, unit);
    if (to < from)
        throw ModelError("sweep values '" + spec + "': the end " + formatNumber(to) + " is below the start " +
                         formatNumber(from));
    const std::string kind = parts.size() == 3 ? parts[2] : "1";
    if (kind.rfind("log", 0) == 0) {
        if (from <= 0)
            throw ModelError("sweep values '" + spec + "': a log range must start above 0");
        const std::string arg = kind.substr(3);
        if (arg == "2" || arg == "10") {
            const double base = arg == "2" ? 2.0 : 10.0;
            for (double v = from; v <= to * (1 + 1e-12); v *= base) {
                out.push_back(v);
                if (out.size() > kMaxValues)
                    break;
            }
        } else {
            const double n = number(arg, spec);
            if (n < 2 || std::floor(n) != n)
                throw ModelError("sweep values '" + spec + "': logN needs a whole number of points N >= 2");
            if (n > kMaxValues)
                throw ModelError("sweep values '" + spec + "': more than 10^7 values");
            const double l0 = std::log(from), l1 = std::log(to);
            for (int i = 0; i < static_cast<int>(n); ++i)
                out.push_back(std::exp(l0 + (l1 - l0) * i / (n - 1)));
            out.front() = from;
            out.back() = to;
        }
    } else {
        const double step = number(kind, spec, unit);
        if (!(step > 0))
            throw ModelError("sweep values '" + spec + "': the step must be above 0");
        const double count = std::floor((to - from) / step + 1e-9) + 1;
        if (count > kMaxValues)
            throw ModelError("sweep values '" + spec + "': more than 10^7 values");
        for (int i = 0; i < static_cast<int>(count); ++i)
            out.push_back(from + step * i);
    }
    if (out.size() > kMaxValues)
        throw ModelError("sweep values '" + spec + "': more than 10^7 values");
    return out;
}

} // namespace cs
