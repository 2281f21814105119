#pragma once
// How long a size-sweeping kernel will run on a given link, before it runs: the plan (sizes, rounds, time
// budget) against a simple link model. Used for `calibrate --dry-run` and for the per-job timeout
// (app/runner/JobEstimate.h). The round counts follow RoundBudget exactly; the times are first-order:
//   one-way time of s bytes      t(s) = latency + s / bandwidth
//   ping-pong round              2 t(s)
//   LogGP round (four PRTT kinds, LogGP.h): PRTT(1,0,s) = 2 t(s); PRTT(n,0,s) = 2 latency + (n+1) s / bandwidth;
//     PRTT(n,d,s) and the o_r round each about n PRTT(1,0,s) (d = PRTT(1,0,s) between sends).
#include "cs/probe/LogGP.h"
#include "cs/probe/PingPong.h"

#include <cstdint>
#include <vector>

namespace cs::probe {

struct LinkModel {
    double bandwidth = 125e6; ///< payload bytes per second, > 0
    double latency = 50e-6;   ///< one-way seconds for a tiny message (wire, switches and stack), >= 0
};

struct SizeEstimate {
    std::uint32_t size = 0;
    std::uint64_t rounds = 0; ///< rounds the kernel will run (0 = skipped by the budget)
    double seconds = 0;       ///< their time
};

struct RunEstimate {
    double seconds = 0; ///< the whole sweep
    std::vector<SizeEstimate> sizes;
};

RunEstimate estimatePingPong(const PingPongParams& p, const LinkModel& link);
RunEstimate estimateLogGP(const LogGPParams& p, const LinkModel& link);

} // namespace cs::probe
