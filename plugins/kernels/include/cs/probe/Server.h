#pragma once
// The server role of every networked kernel, behind one entry point.
//
// Each networked kernel is a client function (runPingPongClient, runLogGPClient, ...) and this server. The
// client connects to the server's TCP port and sends a hello frame naming the kernel, the wire version, the
// run token and the kernel's parameters; the server validates them against the same bounds as the client
// (so an agent runs only kernels it knows, with bounded parameters), answers with an accept or a reason, and
// then plays its role. Client and server may run in different processes or hosts.
//
// Wire format (all integers little-endian): a frame is
//     u32 magic 0x4B505343 ("CSPK") | u16 wireVersion | u16 type | u32 length (<= 1 MiB) | length bytes
// The hello payload is: u16 kernel id | u16 token length | token bytes | kernel parameters.
// The reply is a frame of type Accept (empty) or Reject (UTF-8 reason). Per-kernel frames follow.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

/// Identifiers of the networked kernels on the wire (stable; never renumber).
enum class KernelId : std::uint16_t {
    PingPong = 1,      ///< TCP/UDP ping-pong (runPingPongClient)
    LogGP = 2,         ///< Netgauge PRTT(n,d,s) (runLogGPClient)
    Stream = 3,        ///< one-way / two-way streaming over 1..N sockets (runStreamClient)
    TokenExchange = 4, ///< Beowulf UDP token exchange (runTokenExchangeClient)
};

/// "pingpong", "loggp", "stream", "token"; "unknown" otherwise.
const char* kernelName(KernelId id) noexcept;

struct ServeOptions {
    /// Kernels this server accepts; empty = all of them. A hello for another kernel is rejected with
    /// "kernel X is not enabled on this server".
    std::vector<KernelId> allowed;

    /// Client sessions to serve before returning, one after the other. Bounds: [1, 1000000]. Default 1.
    int sessions = 1;

    /// How long to wait for each client to connect, seconds. Bounds: (0, 86400]. Default 30 s.
    double acceptTimeout_s = 30.0;

    /// CPU to pin the serving thread to (-1 = leave). The streaming kernel's extra threads inherit it.
    int cpu = -1;
};

struct ServeSession {
    KernelId kernel = KernelId::PingPong;
    std::string peer;                 ///< client address
    std::uint64_t bytesReceived = 0;  ///< payload bytes received on data sockets
    std::uint64_t bytesSent = 0;      ///< payload bytes sent on data sockets
    std::uint64_t messages = 0;       ///< data messages (or datagrams) handled
};

struct ServeResult {
    std::vector<ServeSession> sessions;
    Environment env; ///< captured on the serving thread at the end
};

/// Serves `opts.sessions` client sessions on `listener` (which must have UDP for the UDP kernels), then
/// returns. Throws ProbeError: Timeout when no client comes within acceptTimeout_s, Cancelled on stop,
/// Protocol on a bad hello (wrong magic, version, token, kernel or out-of-bounds parameters: the reason is
/// also sent to the client), PeerClosed when the client vanishes mid-run.
ServeResult serve(Listener& listener, const ServeOptions& opts, const RunControl& rc);

} // namespace cs::probe
