#include "model/blocks/loggp/LogGPSegments.h"
#include "model/blocks/SpecHelpers.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs::loggp {

namespace {

constexpr const char* kWhy =
    "piecewise LogGP below the bulk L and G: a protocol change (eager to rendezvous; Netgauge's segments of "
    "g_all(s); SimGrid's piecewise network factors); set by calibration (docs/calibration.md), default 0 = none";

} // namespace

std::vector<ParamSpec> segmentInputs()
{
    std::vector<ParamSpec> v;
    for (const char* i : {"1", "2"}) {
        const std::string n = i;
        const std::string below = n == "1" ? "fewer than k_1 bytes" : "k_1 up to fewer than k_2 bytes";
        v.push_back(wholeBytes("k_" + n, 0, 0, 1e12,
                               "messages of fewer than k_" + n + " bytes pay L_" + n + " and G_" + n +
                                   (n == "1" ? "" : " (from k_1 on)") + " instead of the bulk L and G; 0 = no segment " + n,
                               kWhy));
        v.push_back(param("L_" + n, Unit::Seconds, "us", 0.0, 0.0, 1.0,
                          "latency L of segment " + n + " (messages of " + below + ")", kWhy));
        v.push_back(param("G_" + n, Unit::SecondsPerByte, "ns/B", 0.0, 0.0, 1e-3,
                          "gap per byte G of segment " + n + " (messages of " + below + ")", kWhy));
    }
    return v;
}

std::vector<ParamSpec> withSegments(std::vector<ParamSpec> inputs)
{
    for (ParamSpec& p : segmentInputs())
        inputs.push_back(std::move(p));
    return inputs;
}

std::string segmentProblem(const double* in)
{
    const double k1 = in[0], k2 = in[3];
    if (k2 > 0.0 && k1 <= 0.0)
        return "k_2 = " + formatNumber(k2) + " B is set but k_1 = 0: segment 2 needs segment 1";
    if (k2 > 0.0 && k2 <= k1)
        return "k_2 = " + formatNumber(k2) + " B must be larger than k_1 = " + formatNumber(k1) + " B";
    return {};
}

void readSegments(const double* in, Params& p, double addL, double floorG, bool floor)
{
    for (int s = 0; s < 2; ++s) {
        const double* seg = in + 3 * s;
        p.segments[s].kEnd = seg[0];
        p.segments[s].L = seg[1] + addL;
        p.segments[s].G = floor ? std::max(seg[2], floorG) : seg[2];
    }
}

} // namespace cs::loggp
