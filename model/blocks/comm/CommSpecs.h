#pragma once
// The LogGP inputs the communication blocks share (L, o, g, G and the
// network's per-pattern bandwidth B_net), so that the same symbol has the
// same meaning, default and range in each.
#include "model/blocks/loggp/LogGPMath.h"
#include "model/core/ParamSpec.h"

#include <algorithm>
#include <vector>

namespace cs::comm {

inline std::vector<ParamSpec> logGPInputs(const char* bandwidthOutput, const char* pattern)
{
    return {
        param("L", Unit::Seconds, "us", 6e-6, 0.0, 1.0, "latency: time in the network, beyond the overheads",
              "LogP (Culler et al. 1993; 002_5a9fca780898fb85.txt §3); default assumed, as logp.loggp"),
        param("o", Unit::Seconds, "us", 4.5e-6, 0.0, 1.0, "overhead per message at each end (send and receive)",
              "LogP (Culler et al. 1993); default assumed: logp.loggp's (o_s + o_r) / 2"),
        param("g", Unit::Seconds, "us", 6e-6, 0.0, 1.0, "gap: least interval between messages of one sender",
              "LogP (Culler et al. 1993); default assumed, as logp.loggp"),
        param("G", Unit::SecondsPerByte, "ns/B", 1.0 / 38e6, 0.0, 1e-3, "cost per byte of a long message, 1/bandwidth",
              "LogGP (Alexandrov et al. 1995); default 1/(38 MB/s), as logp.loggp"),
        throughNetwork(param("B_net", Unit::BytesPerSecond, "MB/s", 1e13, 1e3, 1e13,
                             std::string("per-host bandwidth the network leaves under ") + pattern +
                                 " traffic; G is at least 1 / B_net",
                             std::string("the design's topology (") + bandwidthOutput +
                                 "); default 1e13 B/s = no limit"),
                       bandwidthOutput),
    };
}

// LogGP parameters from the inputs L, o, g, G, B_net (the first five): both
// overheads o, and G no less than the network's 1 / B_net.
inline loggp::Params paramsAt(const double* in)
{
    loggp::Params p;
    p.L = in[0];
    p.o_s = in[1];
    p.o_r = in[1];
    p.g = in[2];
    p.G = std::max(in[3], 1.0 / in[4]);
    return p;
}

} // namespace cs::comm
