#include "cs/probe/Stream.h"

#include "Roles.h"
#include "Workers.h"
#include "cs/probe/Clock.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint32_t kMaxMessage = 16u << 20;
constexpr std::uint64_t kMaxBytesPerStream = 64ull << 30;
constexpr std::uint64_t kAdaptiveStart = 256u << 10;
constexpr std::size_t kRecvChunk = 256u << 10;

struct RecvTiming {
    SteadyClock::time_point first{};
    SteadyClock::time_point last{};
    std::uint64_t firstBytes = 0;
    std::uint64_t bytes = 0;
};

void sendBytes(Socket& s, std::uint64_t total, std::uint32_t msg, const RunControl& rc)
{
    std::vector<std::uint8_t> buf(msg, 0x77);
    while (total > 0) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(msg, total));
        s.sendAll(buf.data(), n, rc, "stream send");
        total -= n;
    }
}

RecvTiming recvBytes(Socket& s, std::uint64_t total, const RunControl& rc)
{
    std::vector<std::uint8_t> buf(kRecvChunk);
    RecvTiming t;
    bool first = true;
    while (t.bytes < total) {
        const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(buf.size(), total - t.bytes));
        const std::size_t got = s.recvSome(buf.data(), want, rc, "stream receive");
        if (first) {
            t.first = SteadyClock::now();
            t.firstBytes = got;
            first = false;
        }
        t.bytes += got;
    }
    t.last = SteadyClock::now();
    return t;
}

// Receiver-side rate over all streams: bytes after each stream's first read / (last byte - first read).
double receiverRate(const std::vector<RecvTiming>& t)
{
    if (t.empty())
        return 0.0;
    auto first = t.front().first;
    auto last = t.front().last;
    std::uint64_t bytes = 0;
    for (const auto& x : t) {
        first = std::min(first, x.first);
        last = std::max(last, x.last);
        bytes += x.bytes - x.firstBytes;
    }
    const double span = std::chrono::duration<double>(last - first).count();
    if (span <= 0 || bytes == 0)
        return std::numeric_limits<double>::quiet_NaN(); // everything arrived in one read: no rate measurable
    return static_cast<double>(bytes) / span;
}

// One repetition on one side: send B on every stream (if `send`) and receive B on every stream (if `recv`).
std::vector<RecvTiming> transfer(std::vector<Socket>& socks, bool send, bool recv, std::uint64_t B,
                                 std::uint32_t msg, const RunControl& rc)
{
    std::vector<RecvTiming> timings(socks.size());
    std::vector<std::function<void(const RunControl&)>> jobs;
    for (std::size_t i = 0; i < socks.size(); ++i) {
        if (send)
            jobs.emplace_back([&, i](const RunControl& c) { sendBytes(socks[i], B, msg, c); });
        if (recv)
            jobs.emplace_back([&, i](const RunControl& c) { timings[i] = recvBytes(socks[i], B, c); });
    }
    detail::runWorkers(jobs, rc);
    if (!recv)
        timings.clear();
    return timings;
}

} // namespace

std::string StreamParams::validate() const
{
    std::ostringstream os;
    if (mode != StreamMode::OneWay && mode != StreamMode::TwoWay)
        os << "mode = " << static_cast<int>(mode) << " must be one-way (0) or two-way (1)";
    else if (streams < 1 || streams > 64)
        os << "streams = " << streams << " must be in [1, 64]";
    else if (messageSize < 1 || messageSize > kMaxMessage)
        os << "messageSize = " << messageSize << " B must be in [1, " << kMaxMessage << "]";
    else if (bytesPerStream != 0 && (bytesPerStream < messageSize || bytesPerStream > kMaxBytesPerStream))
        os << "bytesPerStream = " << bytesPerStream << " B must be 0 (adaptive) or in [messageSize = " << messageSize
           << ", " << kMaxBytesPerStream << "]";
    else if (!(duration_s >= 0.01 && duration_s <= 600))
        os << "duration_s = " << duration_s << " must be in [0.01, 600] seconds";
    else if (warmups > 1000)
        os << "warmups = " << warmups << " must be in [0, 1000]";
    else if (repetitions < 1 || repetitions > 100000)
        os << "repetitions = " << repetitions << " must be in [1, 100000]";
    else if (socketBuffer != 0 && (socketBuffer < 4096 || socketBuffer > (1u << 30)))
        os << "socketBuffer = " << socketBuffer << " B must be 0 (default) or in [4096, 2^30]";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    return os.str();
}

namespace roles {

void encode(wire::Writer& w, const StreamParams& p)
{
    w.u8(static_cast<std::uint8_t>(p.mode));
    w.u32(p.streams);
    w.u32(p.messageSize);
    w.u64(p.bytesPerStream);
    w.f64(p.duration_s);
    w.u32(p.warmups);
    w.u32(p.repetitions);
    w.u32(p.socketBuffer);
}

void decode(wire::Reader& r, StreamParams& p)
{
    p.mode = static_cast<StreamMode>(r.u8("mode"));
    p.streams = r.u32("streams");
    p.messageSize = r.u32("messageSize");
    p.bytesPerStream = r.u64("bytesPerStream");
    p.duration_s = r.f64("duration_s");
    p.warmups = r.u32("warmups");
    p.repetitions = r.u32("repetitions");
    p.socketBuffer = r.u32("socketBuffer");
}

void serve(Context& ctx, const StreamParams& p)
{
    std::vector<Socket> socks(p.streams);
    for (std::uint32_t k = 0; k < p.streams; ++k) {
        std::uint32_t index = 0;
        Socket s = wire::acceptJoin(ctx.listener, ctx.nonce, index, ctx.rc);
        if (index >= p.streams || socks[index].valid())
            throw ProbeError(ErrorKind::Protocol, "stream: bad or duplicate stream index " + std::to_string(index));
        s.setBuffers(static_cast<int>(p.socketBuffer), static_cast<int>(p.socketBuffer));
        socks[index] = std::move(s);
    }
    for (;;) {
        wire::Frame f = wire::recvFrame(ctx.control, ctx.rc);
        if (f.type == wire::FrameType::Done) {
            wire::sendFrame(ctx.control, wire::FrameType::Done, std::vector<std::uint8_t>{}, ctx.rc);
            return;
        }
        if (f.type != wire::FrameType::Command)
            throw ProbeError(ErrorKind::Protocol, "stream: unexpected frame from " + ctx.control.peer());
        wire::Reader r(f.payload);
        const std::uint64_t B = r.u64("bytesPerStream");
        r.expectEnd("stream command");
        if (B < 1 || B > kMaxBytesPerStream)
            throw ProbeError(ErrorKind::Protocol, "stream: bytes per stream out of bounds");
        const bool twoWay = p.mode == StreamMode::TwoWay;
        const auto timings = transfer(socks, twoWay, true, B, p.messageSize, ctx.rc);
        ctx.session.bytesReceived += B * p.streams;
        if (twoWay)
            ctx.session.bytesSent += B * p.streams;
        ++ctx.session.messages;
        wire::Writer w;
        w.f64(receiverRate(timings));
        wire::sendFrame(ctx.control, wire::FrameType::Report, w, ctx.rc);
    }
}

} // namespace roles

StreamResult runStreamClient(const SocketAddress& server, const StreamParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "stream: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "stream: " + bad);
    ScopedCpuPin pin(params.cpu); // worker threads inherit the mask
    wire::Writer w;
    roles::encode(w, params);
    std::uint64_t nonce = 0;
    Socket control = wire::openSession(server, KernelId::Stream, w, rc, nonce);
    std::vector<Socket> socks;
    for (std::uint32_t k = 0; k < params.streams; ++k) {
        socks.push_back(wire::joinSession(server, nonce, k, rc));
        socks.back().setBuffers(static_cast<int>(params.socketBuffer), static_cast<int>(params.socketBuffer));
    }
    const bool twoWay = params.mode == StreamMode::TwoWay;

    auto rep = [&](std::uint64_t B) {
        wire::Writer c;
        c.u64(B);
        wire::sendFrame(control, wire::FrameType::Command, c, rc);
        const auto timings = transfer(socks, true, twoWay, B, params.messageSize, rc);
        wire::Frame f = wire::expectFrame(control, wire::FrameType::Report, rc, "stream report");
        wire::Reader r(f.payload);
        StreamRepetition out;
        out.bytesPerStream = B;
        out.clientToServer = r.f64("rate");
        out.serverToClient = twoWay ? receiverRate(timings) : 0.0;
        out.total = out.clientToServer + out.serverToClient;
        return out;
    };

    std::uint64_t B = params.bytesPerStream;
    if (B == 0) {
        // Adaptive: double from 256 KiB until a repetition lasts >= duration / 4 and gives a rate, then aim at
        // duration. A repetition whose bytes all arrived in one read gives none (receiverRate): a receiver kept
        // off the CPU while they came (a starved process, a busy machine) once stopped it at 256 KiB with a rate
        // of NaN, and every repetition at that size gave NaN too (the unit test of this, at SCHED_IDLE beside
        // the live tests). Without a rate it doubles on until a repetition takes 4 x duration (1 s at least).
        B = std::max<std::uint64_t>(kAdaptiveStart, params.messageSize);
        StreamRepetition last;
        for (int tries = 0; tries < 24; ++tries) {
            const auto t0 = SteadyClock::now();
            last = rep(B);
            const double took = std::chrono::duration<double>(SteadyClock::now() - t0).count();
            const bool rated = std::isfinite(last.clientToServer) && last.clientToServer > 0;
            if ((took >= params.duration_s / 4 && rated) || took >= std::max(1.0, 4 * params.duration_s) ||
                B >= kMaxBytesPerStream / 2)
                break;
            B *= 2;
        }
        if (std::isfinite(last.clientToServer) && last.clientToServer > 0) {
            const double target = last.clientToServer * params.duration_s / params.streams;
            B = static_cast<std::uint64_t>(std::clamp(target, static_cast<double>(params.messageSize),
                                                      static_cast<double>(kMaxBytesPerStream)));
        }
    }
    StreamResult result;
    result.mode = params.mode;
    result.streams = params.streams;
    result.server = server;
    std::vector<double> c2s, s2c, tot;
    for (std::uint32_t i = 0; i < params.warmups + params.repetitions; ++i) {
        const StreamRepetition r = rep(B);
        c2s.push_back(r.clientToServer);
        s2c.push_back(r.serverToClient);
        tot.push_back(r.total);
        if (i >= params.warmups)
            result.repetitions.push_back(r);
    }
    wire::finishSession(control, rc);
    result.clientToServer = summarize(c2s, params.warmups);
    result.serverToClient = twoWay ? summarize(s2c, params.warmups) : summarize(std::vector<double>{}, 0);
    result.total = summarize(tot, params.warmups);
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
