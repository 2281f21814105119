#pragma once
// The node agent's wire protocol (docs/agent-protocol.md), Qt-free so that
// the agent, the runner, the MPI agent and the libFuzzer target share it.
//
// A frame is a 4-byte big-endian length N followed by N bytes of UTF-8 JSON,
// one object per frame, 1 <= N <= kMaxFrameBytes. Every object has a "type".
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cs::agent {

inline constexpr int kProtocolVersion = 1;
inline constexpr std::uint32_t kMaxFrameBytes = 1u << 20; // 1 MiB
inline constexpr int kMaxJsonDepth = 16;
inline constexpr std::size_t kMaxIdLength = 64;       // run ids, probe ids, roles, param names
inline constexpr std::size_t kMaxStringLength = 4096; // messages, host names, tokens
inline constexpr std::size_t kMaxParams = 64;
inline constexpr std::size_t kMaxPeers = 1024;
inline constexpr std::size_t kMaxChunkValues = 16384; // numbers per "samples" frame

// Who sent a message: the controller (runner) or the agent.
enum class Sender { Controller, Agent };

// Error codes carried by "error" messages.
namespace code {
inline constexpr const char* Frame = "frame";           // bad length prefix, oversized frame
inline constexpr const char* Malformed = "malformed";   // not JSON, wrong fields or types
inline constexpr const char* Version = "version";       // no common protocol version
inline constexpr const char* Token = "token";           // wrong or missing token
inline constexpr const char* State = "state";           // message not allowed now (run before hello, ...)
inline constexpr const char* UnknownProbe = "unknown-probe";
inline constexpr const char* BadParam = "bad-param";    // unknown parameter or out of bounds
inline constexpr const char* Busy = "busy";             // a run with that id is already active
inline constexpr const char* Cancelled = "cancelled";
inline constexpr const char* Failed = "failed";         // the probe itself failed
} // namespace code

// Encodes one message as a frame. Throws std::length_error when the JSON text
// exceeds kMaxFrameBytes.
std::string encodeFrame(const nlohmann::json& message);

// Splits a byte stream into frames. Feed it whatever arrived; call next()
// until it returns NeedMore. After Oversized/Empty the stream is unusable
// (the length prefix cannot be trusted): the peer must be disconnected.
class FrameDecoder {
public:
    enum class Status { Frame, NeedMore, Oversized, Empty };

    void feed(const char* data, std::size_t size);
    void feed(std::string_view bytes) { feed(bytes.data(), bytes.size()); }
    Status next(std::string& frame);
    // The length announced by the prefix that was refused (for the message).
    std::uint32_t refusedLength() const { return refused_; }
    std::size_t buffered() const { return buffer_.size() - pos_; }

private:
    std::string buffer_;
    std::size_t pos_ = 0;
    std::uint32_t refused_ = 0;
    bool broken_ = false;
};

// A parsed, validated message.
struct Message {
    std::string type;
    nlohmann::json body; // the whole object, validated for `type`
};

// Parses one frame's payload and validates it as a message from `sender`:
// known type, required fields present with the right types and bounded
// sizes. Returns "" and fills `out`, or returns the reason it was refused.
// Never throws.
std::string parseMessage(std::string_view payload, Sender sender, Message& out);

// Constant-time comparison for tokens (no early exit on the first mismatch).
bool tokensEqual(std::string_view a, std::string_view b);

// Helpers that build well-formed messages.
nlohmann::json errorMessage(std::string_view code, std::string_view message, std::string_view runId = {});
// The "samples" messages that carry `values` of one series, at most kMaxChunkValues each; a non-finite
// value (a failed repetition) is sent as null.
std::vector<nlohmann::json> samplesMessages(std::string_view runId, const std::string& series,
                                            const std::vector<double>& values);

} // namespace cs::agent
