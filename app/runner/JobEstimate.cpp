#include "app/runner/JobEstimate.h"

#include "common/BuiltinProbes.h"
#include "common/KernelParams.h"
#include "common/LogGPShared.h"

#include <algorithm>
#include <cmath>

namespace cs::runner {

namespace {

// A job's parameter by name: its resolved value, or (for a partial map) the
// built-in probe's declared default, so the runner never keeps defaults of
// its own beside the descriptors'.
probeplugin::ParamLookup lookup(const std::string& probe, const std::map<std::string, double>& params)
{
    return [&probe, &params](const std::string& name) {
        if (auto it = params.find(name); it != params.end())
            return it->second;
        const sdk::RegisteredProbe* p = probeplugin::builtinProbes().find(probe);
        const sdk::ParamDef* d = p ? p->descriptor.findParam(name) : nullptr;
        return d ? d->defaultValue : 0.0;
    };
}

} // namespace

probe::LinkModel linkFromBits(double bitsPerSecond, double latency_s)
{
    probe::LinkModel l;
    l.bandwidth = bitsPerSecond / 8.0 * 1448.0 / 1514.0;
    l.latency = latency_s;
    return l;
}

LinkAssumption assumedLink()
{
    return {linkFromBits(1e9), "assumed 1 Gbit/s Ethernet, 50 us one way"};
}

std::optional<probe::RunEstimate> estimateJob(const std::string& probe, const std::map<std::string, double>& params,
                                              const probe::LinkModel& link)
{
    if (!(link.bandwidth > 0) || !(link.latency >= 0))
        return std::nullopt;
    if (probe == "net.pingpong")
        return probe::estimatePingPong(probeplugin::pingPongParamsFrom(lookup(probe, params)), link);
    if (probe == "net.loggp")
        return probe::estimateLogGP(probeplugin::logGPParamsFrom(lookup(probe, params)), link);
    return std::nullopt;
}

double jobTimeout(const std::string& probe, const std::map<std::string, double>& params, const probe::LinkModel& link)
{
    probe::LinkModel slow = link;
    slow.bandwidth = std::min(link.bandwidth, linkFromBits(kSlowestSupportedBits).bandwidth);
    const auto e = estimateJob(probe, params, slow);
    if (!e)
        return kUnknownJobTimeout_s;
    return std::min(86400.0, kStartAllowance_s + 2.0 * e->seconds);
}

std::string sizeAt(const std::string& probe, const std::map<std::string, double>& params, double done)
{
    std::vector<std::uint32_t> sizes;
    if (probe == "net.pingpong")
        sizes = probeplugin::pingPongParamsFrom(lookup(probe, params)).sizes;
    else if (probe == "net.loggp")
        sizes = probeplugin::logGPParamsFrom(lookup(probe, params)).sizes;
    if (sizes.empty() || !(done >= 0))
        return "";
    const auto i = std::min(static_cast<std::size_t>(done), sizes.size() - 1);
    return "size " + std::to_string(i + 1) + " of " + std::to_string(sizes.size()) + " (" + std::to_string(sizes[i]) +
           " B)";
}

} // namespace cs::runner
