#pragma once
// Helpers the blocks' specs share: citing a seed file, and whole byte counts.
#include "model/core/ParamSpec.h"
#include "model/core/Unit.h"

#include <string>
#include <string_view>

namespace cs {

// "<seed file> <where>", e.g. cite(kSeed004, "§4 Fig. 7").
inline std::string cite(std::string_view seed, std::string_view where)
{
    return std::string(seed) + " " + std::string(where);
}

// A byte count that must be whole (message, packet and block sizes), shown in `displayUnit`.
inline ParamSpec wholeBytes(std::string symbol, std::string displayUnit, double def, double min, double max,
                            std::string meaning, std::string source)
{
    ParamSpec p = param(std::move(symbol), Unit::Bytes, std::move(displayUnit), def, min, max, std::move(meaning),
                        std::move(source));
    p.integer = true;
    return p;
}

// The same, shown in bytes.
inline ParamSpec wholeBytes(std::string symbol, double def, double min, double max, std::string meaning,
                            std::string source)
{
    return wholeBytes(std::move(symbol), "B", def, min, max, std::move(meaning), std::move(source));
}

} // namespace cs
