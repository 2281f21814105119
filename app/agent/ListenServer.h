#pragma once
// clusterscope-agent --listen: waits on a TCP port for the controller that
// knows the per-run token, serves it, and exits when it leaves.
#include "app/agent/AgentOptions.h"
#include "app/agent/AgentServer.h"

#include "cs/sdk/ProbeRegistry.h"

namespace cs::agent {

// A connection that never says hello must not lock the real controller
// out: handshakes run concurrently, each on a thread of its own, at most
// kMaxPendingHandshakes at once (when full, the oldest unfinished one is
// dropped). The first controller with the right token is served; others
// are refused as busy. After a wrong token the next connection is taken
// only after a back-off (FailureBackoff), and refusals are logged at most
// once a second. Returns the exit status: 0 after the controller left, 3
// when none came within --accept-timeout.
int serveListening(const AgentOptions& options, AgentConfig config, const sdk::ProbeRegistry& probes);

inline constexpr int kMaxPendingHandshakes = 8;

} // namespace cs::agent
