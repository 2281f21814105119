#pragma once
// clusterscope-agent --listen: waits on a TCP port for the controller that
// knows the per-run token, serves it, and exits when it leaves.
#include "app/agent/AgentOptions.h"
#include "app/agent/AgentServer.h"

#include "cs/sdk/ProbeRegistry.h"

namespace cs::agent {

// Nothing a stranger sends may lock the real controller out or end the agent:
// - handshakes run concurrently, each on a thread of its own: at most
//   kMaxHandshakesPerSource from one source address (a new one drops that
//   address's oldest) and kMaxPendingHandshakes in all (a new one drops the
//   oldest of the address that holds the most);
// - a wrong token backs off its source address only (SourceBackoff: 100 ms,
//   doubling, at most 5 s): a connection from an address in back-off waits,
//   unread, until the back-off ends (at most kMaxDeferredPerSource per
//   address and kMaxDeferred in all; beyond that it is closed), while other
//   addresses are taken at once;
// - refusals are logged at most once a second.
// The first controller with the right token is served; others are refused
// as busy. Returns the exit status: 0 after the controller left, 3 when none
// came within --accept-timeout. At the timeout, a handshake that is still
// saying hello from an address that never sent a wrong token may finish
// (within --hello-timeout): it may be the controller, late.
int serveListening(const AgentOptions& options, AgentConfig config, const sdk::ProbeRegistry& probes);

inline constexpr int kMaxPendingHandshakes = 64;
inline constexpr int kMaxHandshakesPerSource = 4;
inline constexpr int kMaxDeferredPerSource = 2;
inline constexpr int kMaxDeferred = 64;

} // namespace cs::agent
