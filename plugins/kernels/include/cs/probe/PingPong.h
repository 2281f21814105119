#pragma once
// Ping-pong latency and round trip over TCP (TCP_NODELAY) or UDP, sweeping the message size.
//
// Method: for each size s, the client sends s bytes and the server echoes s bytes back; the client times each
// round trip with the steady clock. The first `warmups` round trips of each size are discarded, then
// `repetitions` are kept. Latency is half the round trip. Bandwidth per round trip is 2 s / RTT (bytes moved
// in both directions per unit time; 003's ping-pong benchmark, "request and reply of the same size").
// TCP uses a dedicated data connection with TCP_NODELAY beside the control connection. UDP sends one
// datagram each way; the first min(s, 8) bytes carry the sequence number so that a late reply to a lost
// datagram is never mistaken for the current one. A datagram with no reply within lossTimeout_s counts as
// lost (sample dropped, `lost` incremented); too many losses fail the run.
//
// Rounds come in batches: before each batch the client sends its round count (u32, little-endian) on the
// data connection, and 0 ends a size, so the client alone decides how many rounds a size gets
// (RoundBudget.h); the server checks that no size exceeds warmups + repetitions.
//
// Server role: cs::probe::serve() with a Listener (UDP bound on the same port number).

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cs::probe {

enum class Transport : std::uint8_t { Tcp = 0, Udp = 1 };

struct PingPongParams {
    Transport transport = Transport::Tcp;
    /// Message sizes to sweep, bytes, in order. 1..64 entries. Each size: TCP [1, 16 MiB], UDP [1, 65507].
    std::vector<std::uint32_t> sizes = {1, 64, 1024, 16384};
    /// Discarded round trips per size. Bounds [0, 1000000]. Default 100.
    std::uint32_t warmups = 100;
    /// Kept round trips per size. Bounds [1, 10000000]. Default 1000.
    std::uint32_t repetitions = 1000;
    /// UDP only: a datagram without reply after this many seconds is lost. Bounds (0, 10]. Default 0.2 s.
    double lossTimeout_s = 0.2;
    /// UDP only: fail the run when more than this fraction of the datagrams of one size is lost. [0, 1].
    double maxLossFraction = 0.1;
    /// CPU to pin the client thread to, -1 = none. The server pins itself via ServeOptions::cpu.
    int cpu = -1;
    /// Keep the raw samples in each Summary::samples (warm-ups excluded). Default true.
    bool keepSamples = true;
    /// Time budget per size, seconds (RoundBudget.h): a size stops once it is spent and minRepetitions
    /// rounds are kept, and a size whose predicted round trip exceeds it is skipped. [0, 3600]; 0 = none
    /// (every planned round of every size). Default 0.
    double budget_s = 0.0;
    /// Fewest kept round trips of a size cut short by the budget. [1, 1000000]. Default 3.
    std::uint32_t minRepetitions = 3;
    /// Called on the client's thread as each size starts: (index in sizes, size in bytes). May be empty.
    std::function<void(std::size_t, std::uint32_t)> onSize;

    /// "" when valid, else a sentence naming the offending field and value.
    std::string validate() const;
};

struct PingPongSizeResult {
    std::uint32_t size = 0;          ///< message size, bytes
    Summary rtt;                     ///< round-trip time, seconds (raw RTTs in rtt.samples if keepSamples)
    Summary latency;                 ///< half round trip, seconds (RTT / 2 sample by sample)
    Summary bandwidth;               ///< 2 s / RTT per sample, bytes/second
    std::uint32_t lost = 0;          ///< UDP datagrams without reply (always 0 for TCP)
    std::uint32_t rounds = 0;        ///< round trips run, warm-ups included (fewer than planned under a budget)
    std::uint32_t warmups = 0;       ///< of them discarded as warm-ups
};

struct PingPongResult {
    Transport transport = Transport::Tcp;
    SocketAddress server;
    std::vector<PingPongSizeResult> sizes; ///< in the order of PingPongParams::sizes, skipped ones left out
    std::vector<std::uint32_t> skipped;    ///< sizes not run: their predicted round trip exceeded budget_s
    Environment env;                       ///< of the client thread, at the end of the run
};

/// Client role: connects to `server` (which runs serve()), runs the sweep, returns per-size statistics.
/// Throws ProbeError (InvalidParameter before any I/O; ConnectFailed, Timeout, Cancelled, PeerClosed,
/// Protocol during the run).
PingPongResult runPingPongClient(const SocketAddress& server, const PingPongParams& params, const RunControl& rc);

} // namespace cs::probe
