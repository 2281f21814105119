#pragma once
// Reading the numbers back out of the vertex ids generators make
// ("agg3_1", "core12", "s2_5"), for code that recognises a generated
// network's structure. Such code must still check the graph: ids can be
// edited.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace cs {

// "core12" with prefix "core" -> 12; nullopt unless prefix + digits.
inline std::optional<long> idNumber(std::string_view id, std::string_view prefix)
{
    if (id.substr(0, prefix.size()) != prefix || id.size() == prefix.size() || id.size() - prefix.size() > 9)
        return std::nullopt;
    long n = 0;
    for (char c : id.substr(prefix.size())) {
        if (c < '0' || c > '9')
            return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

// "agg3_1" with prefix "agg" -> {3, 1}; nullopt unless prefix + digits _ digits.
inline std::optional<std::pair<long, long>> idNumbers(std::string_view id, std::string_view prefix)
{
    if (id.substr(0, prefix.size()) != prefix)
        return std::nullopt;
    const std::string_view rest = id.substr(prefix.size());
    const auto us = rest.find('_');
    if (us == std::string_view::npos)
        return std::nullopt;
    const auto a = idNumber(rest.substr(0, us), ""), b = idNumber(rest.substr(us + 1), "");
    if (!a || !b)
        return std::nullopt;
    return std::pair{*a, *b};
}

} // namespace cs
