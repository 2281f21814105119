#include "Wire.h"

#include "cs/probe/Environment.h"

#include <random>

namespace cs::probe::wire {

std::vector<std::uint8_t> encodeFrame(FrameType type, const std::vector<std::uint8_t>& payload)
{
    if (payload.size() > kMaxFrame)
        throw ProbeError(ErrorKind::InvalidParameter, "frame payload of " + std::to_string(payload.size()) +
                                                          " bytes exceeds the 1 MiB frame limit");
    Writer h;
    h.u32(kMagic);
    h.u16(kWireVersion);
    h.u16(static_cast<std::uint16_t>(type));
    h.u32(static_cast<std::uint32_t>(payload.size()));
    std::vector<std::uint8_t> out = h.bytes();
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

void parseHeader(const std::uint8_t* header, FrameType& type, std::uint32_t& length)
{
    Reader r(header, kHeaderBytes);
    const std::uint32_t magic = r.u32("magic");
    if (magic != kMagic)
        throw ProbeError(ErrorKind::Protocol, "malformed frame: bad magic (not a ClusterScope probe peer)");
    const std::uint16_t version = r.u16("version");
    if (version != kWireVersion)
        throw ProbeError(ErrorKind::Protocol, "wire version " + std::to_string(version) +
                                                  " is not supported (this side speaks " +
                                                  std::to_string(kWireVersion) + ")");
    const std::uint16_t t = r.u16("type");
    if (t < 1 || t > 8)
        throw ProbeError(ErrorKind::Protocol, "malformed frame: unknown type " + std::to_string(t));
    type = static_cast<FrameType>(t);
    length = r.u32("length");
    if (length > kMaxFrame)
        throw ProbeError(ErrorKind::Protocol, "oversized frame: " + std::to_string(length) +
                                                  " bytes exceeds the 1 MiB limit");
}

void sendFrame(Socket& s, FrameType type, const std::vector<std::uint8_t>& payload, const RunControl& rc)
{
    const auto bytes = encodeFrame(type, payload);
    s.sendAll(bytes.data(), bytes.size(), rc, "send control frame");
}

Frame recvFrame(Socket& s, const RunControl& rc)
{
    std::uint8_t header[kHeaderBytes];
    s.recvAll(header, sizeof(header), rc, "receive control frame");
    Frame f;
    std::uint32_t length = 0;
    parseHeader(header, f.type, length);
    f.payload.resize(length);
    if (length > 0)
        s.recvAll(f.payload.data(), length, rc, "receive control frame");
    return f;
}

Frame expectFrame(Socket& s, FrameType type, const RunControl& rc, const char* what)
{
    Frame f = recvFrame(s, rc);
    if (f.type == FrameType::Error || f.type == FrameType::Reject) {
        Reader r(f.payload);
        throw ProbeError(ErrorKind::Protocol, std::string(what) + ": peer " + s.peer() + " reported: " +
                                                  r.str("reason"));
    }
    if (f.type != type)
        throw ProbeError(ErrorKind::Protocol, std::string(what) + ": unexpected frame type " +
                                                  std::to_string(static_cast<int>(f.type)) + " (wanted " +
                                                  std::to_string(static_cast<int>(type)) + ")");
    return f;
}

Socket openSession(const SocketAddress& server, KernelId kernel, const Writer& params, const RunControl& rc,
                   std::uint64_t& nonce)
{
    Socket s = connectTcp(server, rc);
    Writer hello;
    hello.u16(static_cast<std::uint16_t>(kernel));
    hello.str(rc.token);
    std::vector<std::uint8_t> payload = hello.bytes();
    payload.insert(payload.end(), params.bytes().begin(), params.bytes().end());
    sendFrame(s, FrameType::Hello, payload, rc);
    Frame f = recvFrame(s, rc);
    Reader r(f.payload);
    if (f.type == FrameType::Reject)
        throw ProbeError(ErrorKind::Protocol, "server " + server.toString() + " rejected the run: " + r.str("reason"));
    if (f.type != FrameType::Accept)
        throw ProbeError(ErrorKind::Protocol, "server " + server.toString() + " answered the hello with frame type " +
                                                  std::to_string(static_cast<int>(f.type)));
    nonce = r.u64("nonce");
    return s;
}

Socket joinSession(const SocketAddress& server, std::uint64_t nonce, std::uint32_t index, const RunControl& rc)
{
    Socket s = connectTcp(server, rc);
    Writer w;
    w.u64(nonce);
    w.u32(index);
    sendFrame(s, FrameType::Join, w, rc);
    return s;
}

Socket acceptJoin(Listener& listener, std::uint64_t nonce, std::uint32_t& index, const RunControl& rc)
{
    Socket s = listener.accept(rc.ioTimeout_s, rc);
    Frame f = expectFrame(s, FrameType::Join, rc, "join data connection");
    Reader r(f.payload);
    const std::uint64_t got = r.u64("nonce");
    index = r.u32("index");
    r.expectEnd("join");
    if (got != nonce)
        throw ProbeError(ErrorKind::Protocol, "data connection from " + s.peer() + " belongs to another session");
    return s;
}

void finishSession(Socket& control, const RunControl& rc)
{
    sendFrame(control, FrameType::Done, std::vector<std::uint8_t>{}, rc);
    (void)expectFrame(control, FrameType::Done, rc, "finish session");
}

} // namespace cs::probe::wire
