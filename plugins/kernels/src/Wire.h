#pragma once
// Internal: the framed, little-endian wire format shared by the networked kernels (see Server.h).

#include "cs/probe/Error.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Server.h"
#include "cs/probe/Socket.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace cs::probe::wire {

inline constexpr std::uint32_t kMagic = 0x4B505343u; // "CSPK" read as little-endian bytes
inline constexpr std::uint32_t kMaxFrame = 1u << 20; // 1 MiB
inline constexpr std::size_t kHeaderBytes = 12;

enum class FrameType : std::uint16_t {
    Hello = 1,   ///< client -> server: kernel id, token, parameters
    Accept = 2,  ///< server -> client: u64 session nonce
    Reject = 3,  ///< server -> client: reason text
    Join = 4,    ///< client -> server on an extra data connection: u64 nonce, u32 index
    Command = 5, ///< client -> server: kernel-specific step
    Report = 6,  ///< server -> client: kernel-specific measurements
    Done = 7,    ///< client -> server: the run is over (server answers Done)
    Error = 8,   ///< either way: the sender failed; reason text
};

class Writer {
public:
    void u8(std::uint8_t v) { buf_.push_back(v); }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void i32(std::int32_t v) { put(static_cast<std::uint32_t>(v), 4); }
    void f64(double v)
    {
        std::uint64_t b;
        std::memcpy(&b, &v, 8);
        put(b, 8);
    }
    void str(const std::string& s)
    {
        u16(static_cast<std::uint16_t>(s.size()));
        buf_.insert(buf_.end(), s.begin(), s.end());
    }
    void u32vec(const std::vector<std::uint32_t>& v)
    {
        u32(static_cast<std::uint32_t>(v.size()));
        for (auto x : v)
            u32(x);
    }
    void f64vec(const std::vector<double>& v)
    {
        u32(static_cast<std::uint32_t>(v.size()));
        for (auto x : v)
            f64(x);
    }
    const std::vector<std::uint8_t>& bytes() const { return buf_; }

private:
    void put(std::uint64_t v, int n)
    {
        for (int i = 0; i < n; ++i)
            buf_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    std::vector<std::uint8_t> buf_;
};

/// Bounds-checked reader; every overrun throws ProbeError(Protocol) naming the field.
class Reader {
public:
    Reader(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}
    explicit Reader(const std::vector<std::uint8_t>& v) : p_(v.data()), n_(v.size()) {}
    std::uint8_t u8(const char* f) { return static_cast<std::uint8_t>(get(1, f)); }
    std::uint16_t u16(const char* f) { return static_cast<std::uint16_t>(get(2, f)); }
    std::uint32_t u32(const char* f) { return static_cast<std::uint32_t>(get(4, f)); }
    std::uint64_t u64(const char* f) { return get(8, f); }
    std::int32_t i32(const char* f) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(get(4, f))); }
    double f64(const char* f)
    {
        const std::uint64_t b = get(8, f);
        double v;
        std::memcpy(&v, &b, 8);
        return v;
    }
    std::string str(const char* f)
    {
        const std::size_t len = u16(f);
        need(len, f);
        std::string s(reinterpret_cast<const char*>(p_ + pos_), len);
        pos_ += len;
        return s;
    }
    std::vector<std::uint32_t> u32vec(const char* f, std::size_t maxCount)
    {
        const std::size_t c = u32(f);
        if (c > maxCount)
            throw ProbeError(ErrorKind::Protocol, std::string("field ") + f + " has " + std::to_string(c) +
                                                      " entries, more than " + std::to_string(maxCount));
        std::vector<std::uint32_t> v(c);
        for (auto& x : v)
            x = u32(f);
        return v;
    }
    std::vector<double> f64vec(const char* f, std::size_t maxCount)
    {
        const std::size_t c = u32(f);
        if (c > maxCount)
            throw ProbeError(ErrorKind::Protocol, std::string("field ") + f + " has " + std::to_string(c) +
                                                      " entries, more than " + std::to_string(maxCount));
        std::vector<double> v(c);
        for (auto& x : v)
            x = f64(f);
        return v;
    }
    std::size_t remaining() const { return n_ - pos_; }
    void expectEnd(const char* what) const
    {
        if (pos_ != n_)
            throw ProbeError(ErrorKind::Protocol, std::string(what) + ": " + std::to_string(n_ - pos_) +
                                                      " unexpected trailing bytes");
    }

private:
    void need(std::size_t k, const char* f) const
    {
        if (n_ - pos_ < k)
            throw ProbeError(ErrorKind::Protocol, std::string("truncated frame: field ") + f + " is missing");
    }
    std::uint64_t get(int k, const char* f)
    {
        need(static_cast<std::size_t>(k), f);
        std::uint64_t v = 0;
        for (int i = 0; i < k; ++i)
            v |= static_cast<std::uint64_t>(p_[pos_ + static_cast<std::size_t>(i)]) << (8 * i);
        pos_ += static_cast<std::size_t>(k);
        return v;
    }
    const std::uint8_t* p_;
    std::size_t n_;
    std::size_t pos_ = 0;
};

struct Frame {
    FrameType type = FrameType::Done;
    std::vector<std::uint8_t> payload;
};

/// Encodes a frame header + payload.
std::vector<std::uint8_t> encodeFrame(FrameType type, const std::vector<std::uint8_t>& payload);

/// Parses and checks a 12-byte header: magic, version, length <= kMaxFrame. Returns type and length.
void parseHeader(const std::uint8_t* header, FrameType& type, std::uint32_t& length);

void sendFrame(Socket& s, FrameType type, const std::vector<std::uint8_t>& payload, const RunControl& rc);
inline void sendFrame(Socket& s, FrameType type, const Writer& w, const RunControl& rc)
{
    sendFrame(s, type, w.bytes(), rc);
}
Frame recvFrame(Socket& s, const RunControl& rc);
/// Receives a frame and checks its type; an Error frame from the peer throws its reason (Protocol).
Frame expectFrame(Socket& s, FrameType type, const RunControl& rc, const char* what);

/// Client side: connect, send Hello (kernel, token, params), wait for Accept; returns the control socket
/// and the session nonce. A Reject throws ProbeError(Protocol, "server <ep> rejected the run: <reason>").
Socket openSession(const SocketAddress& server, KernelId kernel, const Writer& params, const RunControl& rc,
                   std::uint64_t& nonce);

/// Client side: an extra data connection joined to session `nonce` as stream `index`.
Socket joinSession(const SocketAddress& server, std::uint64_t nonce, std::uint32_t index, const RunControl& rc);

/// Server side: accepts a data connection and checks its Join frame against `nonce`; returns its index.
Socket acceptJoin(Listener& listener, std::uint64_t nonce, std::uint32_t& index, const RunControl& rc);

/// Client side end of a run: sends Done and waits for the server's Done.
void finishSession(Socket& control, const RunControl& rc);

} // namespace cs::probe::wire
