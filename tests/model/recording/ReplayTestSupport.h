#pragma once
// Shared by the recording tests: the LogGP network their times are derived
// on, and the message a refused call throws.
#include "model/core/ModelError.h"
#include "model/recording/Replay.h"

#include <string>

namespace cs::test {

// L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us, G = 1 ns/B, no network beyond G:
// a 1001-byte message takes o_s + (k-1)G + L + o_r = 2 + 1 + 5 + 3 = 11 us one way.
inline rec::ReplayNetwork plainNet()
{
    rec::ReplayNetwork n;
    n.loggp = {5e-6, 2e-6, 3e-6, 1e-6, 1e-9};
    return n;
}

// What fn() throws, or "done" when it returns.
template <class Fn>
std::string refusalOf(Fn fn)
{
    try {
        fn();
    } catch (const ModelError& e) {
        return e.what();
    }
    return "done";
}

} // namespace cs::test
