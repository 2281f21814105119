#include "cs/probe/TokenExchange.h"

#include "Roles.h"
#include "UdpServe.h"
#include "cs/probe/Clock.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::size_t kHeader = 16; // u32 token id, u32 generation, u32 packet index, u32 packet count
constexpr std::uint32_t kMaxToken = 1u << 20;
constexpr int kUdpBuffer = 4 << 20;

struct PacketHeader {
    std::uint32_t id = 0, gen = 0, index = 0, count = 0;
};

void putU32(std::uint8_t* p, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t getU32(const std::uint8_t* p)
{
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

void putHeader(std::uint8_t* p, const PacketHeader& h)
{
    putU32(p, h.id);
    putU32(p + 4, h.gen);
    putU32(p + 8, h.index);
    putU32(p + 12, h.count);
}

PacketHeader getHeader(const std::uint8_t* p)
{
    return {getU32(p), getU32(p + 4), getU32(p + 8), getU32(p + 12)};
}

std::uint32_t packetsPerToken(const TokenExchangeParams& p)
{
    return (p.tokenBytes + p.packetPayload - 1) / p.packetPayload;
}

// Token payload bytes carried by packet `index`.
std::uint32_t payloadOf(const TokenExchangeParams& p, std::uint32_t index)
{
    const std::uint32_t off = index * p.packetPayload;
    return std::min(p.packetPayload, p.tokenBytes - off);
}

} // namespace

std::string TokenExchangeParams::validate() const
{
    std::ostringstream os;
    if (tokenBytes < 1 || tokenBytes > kMaxToken)
        os << "tokenBytes = " << tokenBytes << " must be in [1, " << kMaxToken << "]";
    else if (inFlight < 1 || inFlight > 64)
        os << "inFlight = " << inFlight << " must be in [1, 64]";
    else if (exchanges < 1 || exchanges > 10000000)
        os << "exchanges = " << exchanges << " must be in [1, 10000000]";
    else if (packetPayload < 1 || packetPayload > 65000)
        os << "packetPayload = " << packetPayload << " B must be in [1, 65000]";
    else if (!(lossTimeout_s > 0 && lossTimeout_s <= 10))
        os << "lossTimeout_s = " << lossTimeout_s << " must be in (0, 10] seconds";
    else if (warmups > 1000)
        os << "warmups = " << warmups << " must be in [0, 1000]";
    else if (repetitions < 1 || repetitions > 100000)
        os << "repetitions = " << repetitions << " must be in [1, 100000]";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    return os.str();
}

namespace roles {

void encode(wire::Writer& w, const TokenExchangeParams& p)
{
    w.u32(p.tokenBytes);
    w.u32(p.inFlight);
    w.u32(p.exchanges);
    w.u32(p.packetPayload);
    w.f64(p.lossTimeout_s);
    w.u32(p.warmups);
    w.u32(p.repetitions);
}

void decode(wire::Reader& r, TokenExchangeParams& p)
{
    p.tokenBytes = r.u32("tokenBytes");
    p.inFlight = r.u32("inFlight");
    p.exchanges = r.u32("exchanges");
    p.packetPayload = r.u32("packetPayload");
    p.lossTimeout_s = r.f64("lossTimeout_s");
    p.warmups = r.u32("warmups");
    p.repetitions = r.u32("repetitions");
}

void serve(Context& ctx, const TokenExchangeParams& p)
{
    Socket& udp = ctx.listener.udp();
    udp.setBuffers(kUdpBuffer, kUdpBuffer);
    const std::uint32_t P = packetsPerToken(p);
    struct TokenState {
        std::uint32_t gen = 0;
        std::uint32_t received = 0;
        std::vector<bool> got;
        std::vector<std::uint8_t> data; // 004: the receiver "stores the token in a buffer"
    };
    std::vector<TokenState> tokens(p.inFlight);
    for (auto& t : tokens) {
        t.got.assign(P, false);
        t.data.assign(p.tokenBytes, 0);
    }
    std::vector<std::uint8_t> in(65536), out(kHeader + p.packetPayload);
    serveDatagrams(ctx, in, "token exchange", [&](std::size_t n, const sockaddr_storage& from, socklen_t flen) {
        if (n < kHeader)
            return false;
        const PacketHeader h = getHeader(in.data());
        if (h.id >= p.inFlight || h.count != P || h.index >= P || n != kHeader + payloadOf(p, h.index))
            return false; // not one of this session's packets
        ctx.session.bytesReceived += n - kHeader;
        ++ctx.session.messages;
        TokenState& t = tokens[h.id];
        if (h.gen < t.gen)
            return true; // stale: the client already re-sent this token
        if (h.gen > t.gen) {
            t.gen = h.gen;
            t.received = 0;
            std::fill(t.got.begin(), t.got.end(), false);
        }
        if (t.got[h.index])
            return true;
        t.got[h.index] = true;
        std::memcpy(t.data.data() + std::size_t(h.index) * p.packetPayload, in.data() + kHeader,
                    payloadOf(p, h.index));
        if (++t.received < P)
            return true;
        // Complete: send the stored token back, packet by packet.
        for (std::uint32_t i = 0; i < P; ++i) {
            const std::uint32_t len = payloadOf(p, i);
            putHeader(out.data(), {h.id, h.gen, i, P});
            std::memcpy(out.data() + kHeader, t.data.data() + std::size_t(i) * p.packetPayload, len);
            for (;;) {
                const ssize_t s = ::sendto(udp.fd(), out.data(), kHeader + len, MSG_NOSIGNAL,
                                           reinterpret_cast<const sockaddr*>(&from), flen);
                if (s >= 0 || errno != EINTR)
                    break;
            }
            ctx.session.bytesSent += len;
        }
        t.received = 0;
        std::fill(t.got.begin(), t.got.end(), true); // duplicates of this generation are ignored
        return true;
    });
}

} // namespace roles

TokenExchangeResult runTokenExchangeClient(const SocketAddress& server, const TokenExchangeParams& params,
                                           const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "token exchange: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "token exchange: " + bad);
    ScopedCpuPin pin(params.cpu);
    wire::Writer w;
    roles::encode(w, params);
    std::uint64_t nonce = 0;
    Socket control = wire::openSession(server, KernelId::TokenExchange, w, rc, nonce);
    Socket udp = connectUdp(server);
    udp.setBuffers(kUdpBuffer, kUdpBuffer);

    const std::uint32_t P = packetsPerToken(params);
    const std::uint32_t k = params.inFlight;
    struct Token {
        bool active = false;
        std::uint32_t gen = 0;
        std::uint32_t received = 0;
        std::vector<bool> got;
        SteadyClock::time_point sentAt{};
    };
    std::vector<Token> tokens(k);
    for (auto& t : tokens)
        t.got.assign(P, false);
    std::vector<std::uint8_t> out(kHeader + params.packetPayload, 0x42), in(65536);
    std::uint32_t nextGen = 1;
    const auto lossTimeout = std::chrono::duration_cast<SteadyClock::duration>(
        std::chrono::duration<double>(params.lossTimeout_s));

    auto launch = [&](std::uint32_t id) {
        Token& t = tokens[id];
        t.active = true;
        t.gen = nextGen++;
        t.received = 0;
        std::fill(t.got.begin(), t.got.end(), false);
        t.sentAt = SteadyClock::now();
        for (std::uint32_t i = 0; i < P; ++i) {
            putHeader(out.data(), {id, t.gen, i, P});
            sendDatagram(udp, out.data(), kHeader + payloadOf(params, i), rc);
        }
    };

    TokenExchangeResult result;
    result.params = params;
    result.server = server;
    result.packetsPerToken = P;
    std::vector<double> thr, thr1, per;
    for (std::uint32_t repIndex = 0; repIndex < params.warmups + params.repetitions; ++repIndex) {
        std::uint32_t completed = 0, launched = 0, lost = 0;
        const std::uint64_t maxLost = 10ull * params.exchanges + 100;
        const auto t0 = SteadyClock::now();
        for (std::uint32_t id = 0; id < k && launched < params.exchanges; ++id, ++launched)
            launch(id);
        while (completed < params.exchanges) {
            rc.check("token exchange");
            auto now = SteadyClock::now();
            auto earliest = now + lossTimeout;
            for (auto& t : tokens)
                if (t.active)
                    earliest = std::min(earliest, t.sentAt + lossTimeout);
            const double wait = std::max(0.0, std::chrono::duration<double>(earliest - now).count());
            const std::size_t n = wait > 0 ? recvDatagram(udp, in.data(), in.size(), wait, rc) : 0;
            if (n >= kHeader) {
                const PacketHeader h = getHeader(in.data());
                if (h.id < k && h.count == P && h.index < P && n == kHeader + payloadOf(params, h.index)) {
                    Token& t = tokens[h.id];
                    if (t.active && h.gen == t.gen && !t.got[h.index]) {
                        t.got[h.index] = true;
                        if (++t.received == P) {
                            t.active = false;
                            ++completed;
                            if (launched < params.exchanges) {
                                ++launched;
                                launch(h.id);
                            }
                        }
                    }
                }
            }
            now = SteadyClock::now();
            for (std::uint32_t id = 0; id < k; ++id) {
                if (tokens[id].active && now - tokens[id].sentAt >= lossTimeout) {
                    ++lost; // 004 had no loss handling; a lost token is re-sent and not counted as an exchange
                    if (lost > maxLost)
                        throw ProbeError(ErrorKind::Timeout, "token exchange with " + server.toString() + " lost " +
                                                                 std::to_string(lost) + " tokens; giving up");
                    launch(id);
                }
            }
        }
        const double elapsed = std::chrono::duration<double>(SteadyClock::now() - t0).count();
        TokenExchangeRepetition r;
        r.elapsed_s = elapsed;
        r.oneWayThroughput = static_cast<double>(params.tokenBytes) * params.exchanges / elapsed;
        r.throughput = 2.0 * r.oneWayThroughput;
        r.lostTokens = lost;
        thr.push_back(r.throughput);
        thr1.push_back(r.oneWayThroughput);
        per.push_back(elapsed / params.exchanges);
        if (repIndex >= params.warmups) {
            result.repetitions.push_back(r);
            result.lostTokens += lost;
        }
    }
    wire::finishSession(control, rc);
    result.throughput = summarize(thr, params.warmups);
    result.oneWayThroughput = summarize(thr1, params.warmups);
    result.exchangeTime = summarize(per, params.warmups);
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
