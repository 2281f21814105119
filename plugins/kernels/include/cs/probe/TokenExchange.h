#pragma once
// The Beowulf token exchange (004 §3, "Channel Bonding"): a pair of nodes exchanges fixed-size tokens over
// UDP; one node sends a token (one or more UDP packets; tokens larger than a frame are split), the other
// stores it and sends it back once it has all of it. 004 used non-blocking sockets, token sizes 2^n bytes
// (n = 2..13), 1..8 tokens at a time and 1000 exchanges per data point.
//
// Here one client/server pair keeps k tokens in flight: the client sends k tokens, and whenever one comes
// back complete it counts one exchange and sends it again, until `exchanges` exchanges completed. Packets
// carry a 16-byte header (token id, generation, packet index, packet count) before up to packetPayload bytes
// of the token, so tokens below a frame fit one packet and larger ones are split as in 004. A token not
// back within lossTimeout_s is counted lost and re-sent under a new generation (stale packets are ignored).
// Throughput counts token bytes crossing the network in both directions:
//     throughput = 2 x tokenBytes x exchanges / elapsed      (bytes/second; header bytes not counted)
// and oneWayThroughput = tokenBytes x exchanges / elapsed. Several pairs (004's "number of tokens" across
// node pairs) are several client/server pairs run at once by the runner.

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

struct TokenExchangeParams {
    /// Token size, bytes (004: 2^n, n = 2..13). Bounds [1, 1 MiB].
    std::uint32_t tokenBytes = 1024;
    /// Tokens in flight at once (k). Bounds [1, 64].
    std::uint32_t inFlight = 1;
    /// Completed exchanges per repetition (004: 1000). Bounds [1, 10000000].
    std::uint32_t exchanges = 1000;
    /// Token bytes per UDP packet: 1472 (IPv4 UDP payload in a 1500-byte frame) - 16 header = 1456.
    /// Bounds [1, 65000].
    std::uint32_t packetPayload = 1456;
    /// A token not back within this time is lost and re-sent, seconds. Bounds (0, 10]. Default 0.1 s.
    double lossTimeout_s = 0.1;
    /// Discarded and kept repetitions. Bounds [0, 1000], [1, 100000].
    std::uint32_t warmups = 1;
    std::uint32_t repetitions = 5;
    int cpu = -1;

    std::string validate() const;
};

struct TokenExchangeRepetition {
    double elapsed_s = 0;
    double throughput = 0;       ///< 2 x tokenBytes x exchanges / elapsed, bytes/second
    double oneWayThroughput = 0; ///< tokenBytes x exchanges / elapsed, bytes/second
    std::uint32_t lostTokens = 0;
};

struct TokenExchangeResult {
    TokenExchangeParams params;
    SocketAddress server;
    std::uint32_t packetsPerToken = 0;
    Summary throughput;        ///< bytes/second (both directions)
    Summary oneWayThroughput;  ///< bytes/second
    Summary exchangeTime;      ///< elapsed / exchanges, seconds per exchange
    std::uint32_t lostTokens = 0; ///< over kept repetitions
    std::vector<TokenExchangeRepetition> repetitions;
    Environment env;
};

TokenExchangeResult runTokenExchangeClient(const SocketAddress& server, const TokenExchangeParams& params,
                                           const RunControl& rc);

} // namespace cs::probe
