#include "cs/probe/PingPong.h"

#include "Roles.h"
#include "UdpServe.h"
#include "cs/probe/Clock.h"
#include "cs/probe/RoundBudget.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint32_t kMaxTcpSize = 16u << 20;
constexpr std::uint32_t kMaxUdpSize = 65507;

// The first min(size, 8) bytes of a UDP datagram carry the low bytes of its sequence number.
void putSeq(std::uint8_t* buf, std::uint32_t size, std::uint64_t seq)
{
    const std::uint32_t k = std::min<std::uint32_t>(size, 8);
    for (std::uint32_t i = 0; i < k; ++i)
        buf[i] = static_cast<std::uint8_t>(seq >> (8 * i));
}

bool seqMatches(const std::uint8_t* buf, std::uint32_t size, std::uint64_t seq)
{
    const std::uint32_t k = std::min<std::uint32_t>(size, 8);
    for (std::uint32_t i = 0; i < k; ++i)
        if (buf[i] != static_cast<std::uint8_t>(seq >> (8 * i)))
            return false;
    return true;
}

PingPongSizeResult summarise(std::uint32_t size, const std::vector<double>& all, std::uint32_t warmups,
                             std::uint32_t lost, bool keep)
{
    PingPongSizeResult r;
    r.size = size;
    r.lost = lost;
    r.rounds = static_cast<std::uint32_t>(all.size());
    r.warmups = warmups;
    std::vector<double> half(all.size()), bw(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        half[i] = all[i] / 2.0;
        bw[i] = 2.0 * size / all[i]; // NaN stays NaN (lost datagram)
    }
    r.rtt = summarize(all, warmups, 0.95, keep);
    r.latency = summarize(half, warmups, 0.95, keep);
    r.bandwidth = summarize(bw, warmups, 0.95, keep);
    return r;
}

} // namespace

std::string PingPongParams::validate() const
{
    std::ostringstream os;
    const std::uint32_t maxSize = transport == Transport::Tcp ? kMaxTcpSize : kMaxUdpSize;
    if (transport != Transport::Tcp && transport != Transport::Udp)
        os << "transport = " << static_cast<int>(transport) << " must be TCP (0) or UDP (1)";
    else if (sizes.empty() || sizes.size() > 64)
        os << "sizes has " << sizes.size() << " entries; it needs 1 to 64";
    else if (warmups > 1000000)
        os << "warmups = " << warmups << " must be in [0, 1000000]";
    else if (repetitions < 1 || repetitions > 10000000)
        os << "repetitions = " << repetitions << " must be in [1, 10000000]";
    else if (!(lossTimeout_s > 0 && lossTimeout_s <= 10))
        os << "lossTimeout_s = " << lossTimeout_s << " must be in (0, 10] seconds";
    else if (!(maxLossFraction >= 0 && maxLossFraction <= 1))
        os << "maxLossFraction = " << maxLossFraction << " must be in [0, 1]";
    else if (!(budget_s >= 0 && budget_s <= 3600))
        os << "budget_s = " << budget_s << " must be in [0, 3600] seconds";
    else if (minRepetitions < 1 || minRepetitions > 1000000)
        os << "minRepetitions = " << minRepetitions << " must be in [1, 1000000]";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    else
        for (auto s : sizes)
            if (s < 1 || s > maxSize) {
                os << "message size " << s << " B must be in [1, " << maxSize << "] for "
                   << (transport == Transport::Tcp ? "TCP" : "UDP");
                break;
            }
    return os.str();
}

namespace roles {

void encode(wire::Writer& w, const PingPongParams& p)
{
    w.u8(static_cast<std::uint8_t>(p.transport));
    w.u32vec(p.sizes);
    w.u32(p.warmups);
    w.u32(p.repetitions);
    w.f64(p.lossTimeout_s);
    w.f64(p.maxLossFraction);
    w.f64(p.budget_s);
    w.u32(p.minRepetitions);
}

void decode(wire::Reader& r, PingPongParams& p)
{
    p.transport = static_cast<Transport>(r.u8("transport"));
    p.sizes = r.u32vec("sizes", 64);
    p.warmups = r.u32("warmups");
    p.repetitions = r.u32("repetitions");
    p.lossTimeout_s = r.f64("lossTimeout_s");
    p.maxLossFraction = r.f64("maxLossFraction");
    p.budget_s = r.f64("budget_s");
    p.minRepetitions = r.u32("minRepetitions");
}

namespace {

void serveTcp(Context& ctx, const PingPongParams& p)
{
    std::uint32_t index = 0;
    Socket data = wire::acceptJoin(ctx.listener, ctx.nonce, index, ctx.rc);
    std::uint32_t maxSize = 0;
    for (auto s : p.sizes)
        maxSize = std::max(maxSize, s);
    std::vector<std::uint8_t> buf(maxSize);
    const std::uint64_t perSize = std::uint64_t(p.warmups) + p.repetitions;
    for (auto s : p.sizes) {
        std::uint64_t done = 0;
        for (;;) {
            std::uint8_t count[4];
            data.recvAll(count, 4, ctx.rc, "ping-pong round count");
            const std::uint32_t batch = std::uint32_t(count[0]) | std::uint32_t(count[1]) << 8 |
                                        std::uint32_t(count[2]) << 16 | std::uint32_t(count[3]) << 24;
            if (batch == 0)
                break;
            if (done + batch > perSize)
                throw ProbeError(ErrorKind::Protocol, "ping-pong: the client asked for " + std::to_string(done + batch) +
                                                          " rounds of " + std::to_string(s) + " B, more than warmups + "
                                                          "repetitions = " + std::to_string(perSize));
            for (std::uint32_t i = 0; i < batch; ++i) {
                data.recvAll(buf.data(), s, ctx.rc, "ping-pong receive");
                data.sendAll(buf.data(), s, ctx.rc, "ping-pong echo");
                ctx.session.bytesReceived += s;
                ctx.session.bytesSent += s;
                ++ctx.session.messages;
            }
            done += batch;
        }
    }
    (void)wire::expectFrame(ctx.control, wire::FrameType::Done, ctx.rc, "ping-pong end");
    wire::sendFrame(ctx.control, wire::FrameType::Done, std::vector<std::uint8_t>{}, ctx.rc);
}

void serveUdp(Context& ctx, const PingPongParams&)
{
    std::vector<std::uint8_t> buf(65536);
    const int fd = ctx.listener.udp().fd();
    serveDatagrams(ctx, buf, "UDP ping-pong", [&](std::size_t n, const sockaddr_storage& from, socklen_t flen) {
        (void)::sendto(fd, buf.data(), n, MSG_NOSIGNAL, reinterpret_cast<const sockaddr*>(&from), flen);
        ctx.session.bytesReceived += n;
        ctx.session.bytesSent += n;
        ++ctx.session.messages;
        return true;
    });
}

} // namespace

void serve(Context& ctx, const PingPongParams& p)
{
    if (p.transport == Transport::Tcp)
        serveTcp(ctx, p);
    else
        serveUdp(ctx, p);
}

} // namespace roles

PingPongResult runPingPongClient(const SocketAddress& server, const PingPongParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "ping-pong: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "ping-pong: " + bad);
    ScopedCpuPin pin(params.cpu);
    wire::Writer w;
    roles::encode(w, params);
    std::uint64_t nonce = 0;
    Socket control = wire::openSession(server, KernelId::PingPong, w, rc, nonce);

    PingPongResult result;
    result.transport = params.transport;
    result.server = server;
    std::uint32_t maxSize = 0;
    for (auto s : params.sizes)
        maxSize = std::max(maxSize, s);
    std::vector<std::uint8_t> out(maxSize, 0x5a), in(std::max<std::uint32_t>(maxSize, 65536));
    const RoundBudget budget(params.budget_s, params.warmups, params.repetitions, params.minRepetitions);
    const std::uint64_t perSize = budget.planned();
    std::uint32_t prevSize = 0;
    double prevRound = 0;
    std::size_t index = 0;
    auto skipped = [&](std::uint32_t s) {
        const std::size_t at = index++;
        if (budget.skip(s, prevSize, prevRound)) {
            result.skipped.push_back(s);
            return true;
        }
        if (params.onSize)
            params.onSize(at, s);
        return false;
    };
    auto since = [](SteadyClock::time_point t) { return std::chrono::duration<double>(SteadyClock::now() - t).count(); };

    if (params.transport == Transport::Tcp) {
        Socket data = wire::joinSession(server, nonce, 0, rc);
        auto sendCount = [&](std::uint64_t n) {
            const auto v = static_cast<std::uint32_t>(n);
            const std::uint8_t b[4] = {std::uint8_t(v), std::uint8_t(v >> 8), std::uint8_t(v >> 16), std::uint8_t(v >> 24)};
            data.sendAll(b, 4, rc, "ping-pong round count");
        };
        for (auto s : params.sizes) {
            if (skipped(s)) {
                sendCount(0);
                continue;
            }
            std::vector<double> rtt;
            rtt.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(perSize, 1u << 16)));
            const auto start = SteadyClock::now();
            while (const std::uint64_t batch = budget.nextBatch(rtt, since(start))) {
                sendCount(batch);
                for (std::uint64_t i = 0; i < batch; ++i) {
                    const auto t0 = SteadyClock::now();
                    data.sendAll(out.data(), s, rc, "ping-pong send");
                    data.recvAll(in.data(), s, rc, "ping-pong receive");
                    const auto t1 = SteadyClock::now();
                    rtt.push_back(std::chrono::duration<double>(t1 - t0).count());
                }
            }
            sendCount(0);
            prevSize = s;
            prevRound = RoundBudget::meanRound(rtt);
            result.sizes.push_back(summarise(s, rtt, budget.discarded(rtt.size()), 0, params.keepSamples));
        }
    } else {
        Socket udp = connectUdp(server);
        std::uint64_t seq = 0;
        for (auto s : params.sizes) {
            if (skipped(s))
                continue;
            std::vector<double> rtt;
            std::uint32_t lost = 0;
            const auto start = SteadyClock::now();
            std::uint64_t end = 0; // rounds asked for so far
            for (std::size_t i = 0; i < end || (end += budget.nextBatch(rtt, since(start))) > i; ++i) {
                rtt.push_back(std::numeric_limits<double>::quiet_NaN()); // stays NaN when lost
                ++seq;
                putSeq(out.data(), s, seq);
                const auto t0 = SteadyClock::now();
                sendDatagram(udp, out.data(), s, rc);
                for (;;) {
                    const double left =
                        params.lossTimeout_s - std::chrono::duration<double>(SteadyClock::now() - t0).count();
                    const std::size_t n = left > 0 ? recvDatagram(udp, in.data(), in.size(), left, rc) : 0;
                    if (n == 0) {
                        ++lost;
                        break;
                    }
                    if (n == s && seqMatches(in.data(), s, seq)) {
                        rtt[i] = std::chrono::duration<double>(SteadyClock::now() - t0).count();
                        break;
                    }
                    // a late reply to an earlier, lost datagram: ignore it
                }
            }
            if (lost > params.maxLossFraction * static_cast<double>(rtt.size())) {
                std::ostringstream os;
                os << "UDP ping-pong with " << server.toString() << " lost " << lost << " of " << rtt.size()
                   << " datagrams of " << s << " B (more than maxLossFraction = " << params.maxLossFraction << ")";
                throw ProbeError(ErrorKind::Timeout, os.str());
            }
            const std::uint32_t warm = budget.discarded(rtt.size());
            std::uint32_t keptLost = 0;
            for (std::size_t i = warm; i < rtt.size(); ++i)
                keptLost += std::isfinite(rtt[i]) ? 0 : 1;
            prevSize = s;
            prevRound = RoundBudget::meanRound(rtt);
            result.sizes.push_back(summarise(s, rtt, warm, keptLost, params.keepSamples));
        }
    }
    wire::finishSession(control, rc);
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
