#pragma once
// clusterscope-agent --listen: waits on a TCP port for the controller that
// knows the per-run token, serves it, and exits when it leaves.
#include "app/agent/AgentOptions.h"
#include "app/agent/AgentServer.h"

#include "cs/sdk/ProbeRegistry.h"

namespace cs::agent {

// Nothing a stranger sends may lock the real controller out or end the agent,
// and the controller may share its address with the strangers (all of them
// on 127.0.0.1, or behind one NAT):
// - every connection is accepted at once and its hello read and checked at
//   once, each on a thread of its own: a right token is never kept waiting
//   behind wrong ones, from any address;
// - handshakes are bounded: at most kMaxHandshakesPerSource idle ones from
//   one address (an idle one is a handshake with no unread bytes: a new
//   connection drops that address's oldest idle one) and
//   kMaxPendingHandshakes in all (a new one drops the oldest idle one of the
//   address that holds the most; when none is idle, every handshake is
//   about to finish and the new connection waits in the kernel's queue);
// - a wrong token backs off its source address (SourceBackoff: 100 ms,
//   doubling, at most 5 s): the connection that sent it is held, unanswered,
//   until that address's back-off ends, then refused and closed (at most
//   kMaxHeldPerSource per address and kMaxHeld in all; beyond that it is
//   refused at once). Holding costs the agent a file descriptor, no thread,
//   and never delays the accept loop or another handshake;
// - refusals are logged at most once a second.
// The token's 128 random bits are what keep it from being guessed; the
// back-off makes each guess from one address cost that address time and
// bounds what a guessing address holds of the agent.
// The first controller with the right token is served; others are refused
// as busy. Returns the exit status: 0 after the controller left, 3 when none
// came within --accept-timeout. At the timeout the agent stops accepting and
// lets the handshakes it already accepted finish (each within
// --hello-timeout): any of them may be the controller. Attackers can
// therefore neither end the agent before its timeout nor keep it beyond the
// timeout plus one hello timeout.
int serveListening(const AgentOptions& options, AgentConfig config, const sdk::ProbeRegistry& probes);

inline constexpr int kMaxPendingHandshakes = 64;
inline constexpr int kMaxHandshakesPerSource = 4;
inline constexpr int kMaxHeldPerSource = 64;
inline constexpr int kMaxHeld = 256;

} // namespace cs::agent
