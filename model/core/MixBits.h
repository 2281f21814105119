#pragma once
// splitmix64's finaliser: 64 bits mixed so that every input bit moves about half the output's, for hash tables
// keyed by packed integers (a pair of node ids, a round's flow signature). Qt-free.
#include <cstdint>

namespace cs {

constexpr std::uint64_t mixBits(std::uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

} // namespace cs
