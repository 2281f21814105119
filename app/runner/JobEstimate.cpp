#include "app/runner/JobEstimate.h"

#include "cs/probe/SizeSweep.h"

#include <algorithm>
#include <cmath>

namespace cs::runner {

namespace {

double get(const std::map<std::string, double>& params, const char* name, double fallback)
{
    auto it = params.find(name);
    return it == params.end() ? fallback : it->second;
}

std::uint32_t count(const std::map<std::string, double>& params, const char* name, double fallback)
{
    return static_cast<std::uint32_t>(std::max(0.0, get(params, name, fallback)));
}

// The kernel parameters the plugins build from the same names
// (plugins/probes/pingpong, plugins/probes/loggp); the fallbacks are their
// descriptors' defaults, for params that were not resolved.
probe::PingPongParams pingPongParams(const std::map<std::string, double>& params)
{
    probe::PingPongParams p;
    p.sizes = probe::geometricSizes(get(params, "size_min", 1), get(params, "size_max", 16384),
                                    get(params, "size_factor", 4));
    p.warmups = count(params, "warmups", 100);
    p.repetitions = count(params, "reps", 1000);
    p.budget_s = get(params, "budget", 0);
    p.minRepetitions = count(params, "min_reps", 3);
    return p;
}

probe::LogGPParams logGPParams(const std::map<std::string, double>& params)
{
    probe::LogGPParams p;
    p.sizes = probe::steppedSizes(count(params, "size_min", 1), count(params, "size_max", 16384),
                                  count(params, "size_step", 1024));
    p.n = count(params, "n", 10);
    p.warmups = count(params, "warmups", 5);
    p.repetitions = count(params, "reps", 50);
    p.budget_s = get(params, "budget", 0);
    p.minRepetitions = count(params, "min_reps", 3);
    return p;
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
        return probe::estimatePingPong(pingPongParams(params), link);
    if (probe == "net.loggp")
        return probe::estimateLogGP(logGPParams(params), link);
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
        sizes = pingPongParams(params).sizes;
    else if (probe == "net.loggp")
        sizes = logGPParams(params).sizes;
    if (sizes.empty() || !(done >= 0))
        return "";
    const auto i = std::min(static_cast<std::size_t>(done), sizes.size() - 1);
    return "size " + std::to_string(i + 1) + " of " + std::to_string(sizes.size()) + " (" + std::to_string(sizes[i]) +
           " B)";
}

} // namespace cs::runner
