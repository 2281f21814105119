#pragma once
// Parameter specs shared by the seed-001 offload blocks (Aoki et al.,
// Maestro2 dynamic offloading, MDO), so that the same symbol has the same
// meaning, default and range in every block.
#include "model/blocks/SpecHelpers.h"
#include "model/core/JobSize.h"
#include "model/core/ParamSpec.h"
#include "model/core/Unit.h"

#include <string>

namespace cs::offload {

inline constexpr const char* kSeed = "001_6f8c605996d22b4f.txt";

inline std::string src(const char* where)
{
    return cite(kSeed, where);
}

// One Maestro2 switch box serves up to eight network interfaces (§2.1).
inline constexpr double kMaxHosts = 8.0;
// LVDS link: 6.4 Gbps full duplex = 3.2 Gbit/s each way = 400e6 B/s (§2.1(1)).
inline constexpr double kLinkBw = 3.2e9 / 8.0;
// Switch-box SDRAM, 32 M-byte (§2.1(2)); taken as 2^25 bytes.
inline constexpr double kSwitchMemory = 33554432.0;
// Module invocation overhead default (assumed, see oModParam()).
inline constexpr double kOMod = 1e-6;

using cs::wholeBytes;

// Hosts on one switch box: 2..8. A single switch only; a fat tree of switch
// boxes would add switch-to-switch steps, which these blocks do not model.
inline ParamSpec hostsParam(std::string meaning, std::string extraSource)
{
    return followsJob(countParam(kJobSize, kMaxHosts, 2, kMaxHosts, std::move(meaning),
                                 src("§2.1 (a switch box connects up to eight network interfaces)") + extraSource));
}

inline ParamSpec linkBwParam()
{
    return param("B_link", Unit::BytesPerSecond, "Gbit/s", kLinkBw, 1e6, 1e12,
                 "LVDS link bandwidth in one direction (NI <-> switch box)",
                 src("§2.1(1): 6.4 Gbps full duplex = 3.2 Gbit/s each way = 400e6 B/s"));
}

inline ParamSpec oModParam()
{
    return param("o_mod", Unit::Seconds, "us", kOMod, 0.0, 1.0,
                 "MDO overhead of calling one dynamically loaded module (per call)",
                 src("§4.3.1 (module-calling overhead); default assumed: 1 us, which makes the three calls of a "
                     "barrier about 30% of T_barrier with the other defaults of offload.collective, as Fig. 6 "
                     "reports"));
}

} // namespace cs::offload
