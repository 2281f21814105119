#pragma once
// The bonding and mesh tests' names for the shared block-test helpers.
#include "../BlockTestSupport.h"

#include <initializer_list>

namespace cs::test {

using BlockRun = Evaluated;

inline BlockRun runBlock(const std::string& type, std::initializer_list<std::pair<const char*, double>> values)
{
    Values v;
    for (const auto& [port, x] : values)
        v.emplace_back(port, x);
    return evaluate(type, v);
}

inline std::string planError(const std::string& type, std::initializer_list<std::pair<const char*, double>> slotValues)
{
    Values v;
    for (const auto& [port, x] : slotValues)
        v.emplace_back(port, x);
    return planError(type, v);
}

} // namespace cs::test
