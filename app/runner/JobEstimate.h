#pragma once
// How long a job will take and how long it may take (its timeout), from its
// plan: the probe's sizes, rounds and time budget (cs/probe/RunEstimate.h)
// against a link model. Probes without a size model get no estimate and the
// old fixed timeout.
#include "cs/probe/RunEstimate.h"

#include <map>
#include <optional>
#include <string>

namespace cs::runner {

// A link as the estimate sees it, and where its numbers came from ("assumed",
// "--link-bw", "the design's slowest link").
struct LinkAssumption {
    probe::LinkModel link;
    std::string source;
};

// TCP payload rate of an Ethernet link of `bitsPerSecond`: 1448 payload bytes
// per 1514-byte frame (MTU 1500, timestamps on), so R / 8 x 1448 / 1514.
probe::LinkModel linkFromBits(double bitsPerSecond, double latency_s = 50e-6);

// What the estimate assumes with no --link-bw and no design link: 1 Gbit/s Ethernet, 50 us one way.
LinkAssumption assumedLink();

// The slowest link the default calibration plan is made for; a timeout never
// assumes a faster one (a job must not time out on a link the defaults
// support just because the estimate assumed a faster one).
inline constexpr double kSlowestSupportedBits = 10e6;

// Added to every timeout: starting the agents (ssh, srun) and connecting.
inline constexpr double kStartAllowance_s = 30.0;

// The timeout of a probe without an estimate (the old fixed rule).
inline constexpr double kUnknownJobTimeout_s = 120.0;

// The kernel's estimate for a size-sweeping probe (net.pingpong, net.loggp)
// with resolved params (every declared parameter present); nullopt otherwise.
std::optional<probe::RunEstimate> estimateJob(const std::string& probe, const std::map<std::string, double>& params,
                                              const probe::LinkModel& link);

// kStartAllowance_s + 2 x the estimate on the slower of `link` and
// kSlowestSupportedBits; kUnknownJobTimeout_s without an estimate.
double jobTimeout(const std::string& probe, const std::map<std::string, double>& params, const probe::LinkModel& link);

// "size 6 of 7 (1048576 B)" for a size-sweeping probe whose progress counts
// sizes begun (`done` = index of the size being run); "" for other probes.
std::string sizeAt(const std::string& probe, const std::map<std::string, double>& params, double done);

} // namespace cs::runner
