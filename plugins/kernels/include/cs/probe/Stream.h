#pragma once
// Streaming bandwidth over 1..N parallel TCP sockets, one-way and two-way (003's one-way and two-way
// benchmarks; N sockets model bonded links). The ping-pong form of 003 is PingPong with large sizes.
//
// Method, per repetition: the client tells the server (control connection) how many bytes B each stream
// carries in each direction; every stream's sender writes B bytes in chunks of messageSize; every
// receiver reads exactly B bytes and records when its first read returned and when its last byte arrived.
// The rate of one direction is measured at the RECEIVER (a sender's clock would count data still sitting in
// socket buffers, which on a rate-shaped link is seconds' worth):
//     rate = (sum over streams of bytes received after each stream's first read)
//            / (max last-byte time - min first-read time)
// The first read's bytes are excluded because the clock starts when they arrive. Two-way runs both
// directions at once; each direction is measured at its own receiver (clocks of different hosts are never
// compared) and the two-way rate is their sum ("all data sent and received in each node", 003).
// B is either given (bytesPerStream) or sized adaptively: warm-up repetitions start at 256 KiB per stream and
// double until one lasts >= duration_s / 4, then B = rate x duration_s / N (bounded).

#include "cs/probe/Environment.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cs::probe {

enum class StreamMode : std::uint8_t { OneWay = 0, TwoWay = 1 };

struct StreamParams {
    StreamMode mode = StreamMode::OneWay;
    /// Parallel data connections. Bounds [1, 64].
    std::uint32_t streams = 1;
    /// Bytes per send() call, bytes. Bounds [1, 16 MiB]. Default 128 KiB (003 sweeps 4 KiB..128 KiB).
    std::uint32_t messageSize = 128 * 1024;
    /// Bytes each stream carries per repetition and direction; 0 = adaptive (see above). Bounds 0 or
    /// [messageSize, 64 GiB].
    std::uint64_t bytesPerStream = 0;
    /// Target duration of one repetition when adaptive, seconds. Bounds [0.01, 600]. Default 0.5 s.
    double duration_s = 0.5;
    /// Discarded repetitions (after adaptive sizing). Bounds [0, 1000]. Default 1.
    std::uint32_t warmups = 1;
    /// Kept repetitions. Bounds [1, 100000]. Default 5.
    std::uint32_t repetitions = 5;
    /// SO_SNDBUF / SO_RCVBUF of data sockets, bytes; 0 = kernel default (autotuning). Bounds 0 or [4 KiB, 1 GiB].
    std::uint32_t socketBuffer = 0;
    /// CPU to pin the client's threads to (-1 = none).
    int cpu = -1;

    std::string validate() const;
};

struct StreamRepetition {
    double clientToServer = 0; ///< bytes/second, measured at the server
    double serverToClient = 0; ///< bytes/second, measured at the client (0 for one-way)
    double total = 0;          ///< sum of both directions, bytes/second
    std::uint64_t bytesPerStream = 0;
};

struct StreamResult {
    StreamMode mode = StreamMode::OneWay;
    std::uint32_t streams = 0;
    SocketAddress server;
    Summary clientToServer;  ///< bytes/second
    Summary serverToClient;  ///< bytes/second (count 0 for one-way)
    Summary total;           ///< bytes/second; one-way: = clientToServer
    std::vector<StreamRepetition> repetitions; ///< kept repetitions, in order
    Environment env;
};

/// Client role against serve(). Opens 1 control and `streams` data connections to `server`.
StreamResult runStreamClient(const SocketAddress& server, const StreamParams& params, const RunControl& rc);

} // namespace cs::probe
