#include "cs/probe/LogGP.h"

#include "Roles.h"
#include "cs/probe/Clock.h"
#include "cs/probe/RoundBudget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint32_t kMaxLogGPSize = 4u << 20;

enum class Mode : std::uint8_t { Prtt = 0, ORecv = 1 };

double medianOf(std::vector<double> v)
{
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(v.begin(), v.end());
    return quantileSorted(v, 0.5);
}

} // namespace

std::string LogGPParams::validate() const
{
    std::ostringstream os;
    if (sizes.size() < 3 || sizes.size() > 256)
        os << "sizes has " << sizes.size() << " entries; LogGP needs 3 to 256";
    else if (n < 2 || n > 1000)
        os << "n = " << n << " must be in [2, 1000]";
    else if (warmups > 100000)
        os << "warmups = " << warmups << " must be in [0, 100000]";
    else if (repetitions < 1 || repetitions > 1000000)
        os << "repetitions = " << repetitions << " must be in [1, 1000000]";
    else if (!(splitF > 1.0 && splitF < 1e12))
        os << "splitF = " << splitF << " must be greater than 1";
    else if (minPoints < 2 || minPoints > sizes.size())
        os << "minPoints = " << minPoints << " must be in [2, number of sizes = " << sizes.size() << "]";
    else if (maxSegments < 1 || maxSegments > 64)
        os << "maxSegments = " << maxSegments << " must be in [1, 64]";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    else if (!(budget_s >= 0 && budget_s <= 3600))
        os << "budget_s = " << budget_s << " must be in [0, 3600] seconds";
    else if (minRepetitions < 1 || minRepetitions > 1000000)
        os << "minRepetitions = " << minRepetitions << " must be in [1, 1000000]";
    else
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            if (sizes[i] < 1 || sizes[i] > kMaxLogGPSize) {
                os << "message size " << sizes[i] << " B must be in [1, " << kMaxLogGPSize << "]";
                break;
            }
            if (i > 0 && sizes[i] <= sizes[i - 1]) {
                os << "sizes must ascend strictly, but " << sizes[i] << " follows " << sizes[i - 1];
                break;
            }
        }
    return os.str();
}

LineSegment fitLine(const std::vector<double>& x, const std::vector<double>& y, std::size_t first, std::size_t last)
{
    LineSegment s;
    s.first = first;
    s.last = last;
    const double m = static_cast<double>(last - first + 1);
    double mx = 0, my = 0;
    for (std::size_t i = first; i <= last; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= m;
    my /= m;
    double sxx = 0, sxy = 0;
    for (std::size_t i = first; i <= last; ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
    }
    s.b = sxx > 0 ? sxy / sxx : 0.0;
    s.a = my - s.b * mx;
    for (std::size_t i = first; i <= last; ++i) {
        const double r = y[i] - (s.a + s.b * x[i]);
        s.sse += r * r;
    }
    return s;
}

std::vector<LineSegment> segmentLinear(const std::vector<double>& x, const std::vector<double>& y, double splitF,
                                       std::size_t minPoints, std::size_t maxSegments)
{
    std::vector<LineSegment> segs;
    if (x.size() != y.size() || x.size() < 2)
        return segs;
    minPoints = std::max<std::size_t>(minPoints, 2);
    segs.push_back(fitLine(x, y, 0, x.size() - 1));
    double scale = 0;
    for (double v : y)
        scale = std::max(scale, std::fabs(v));
    // Residuals below this are floating-point rounding, not a protocol change (matters for exact data only).
    const double floorPerPoint = std::pow(1e-9 * (scale > 0 ? scale : 1.0), 2);

    while (segs.size() < maxSegments) {
        double bestF = splitF;
        std::size_t bestSeg = segs.size();
        LineSegment bestL, bestR;
        for (std::size_t si = 0; si < segs.size(); ++si) {
            const LineSegment& s = segs[si];
            const std::size_t m = s.last - s.first + 1;
            if (m < 2 * minPoints || s.sse <= floorPerPoint * static_cast<double>(m))
                continue;
            double segBestSse = std::numeric_limits<double>::infinity();
            LineSegment l, r;
            for (std::size_t k = s.first + minPoints - 1; k + minPoints <= s.last; ++k) {
                LineSegment cl = fitLine(x, y, s.first, k);
                LineSegment cr = fitLine(x, y, k + 1, s.last);
                if (cl.sse + cr.sse < segBestSse) {
                    segBestSse = cl.sse + cr.sse;
                    l = cl;
                    r = cr;
                }
            }
            // F = ((SSE_1 - SSE_2) / 2) / (SSE_2 / (m - 4)): the second line adds 2 parameters.
            const double dof = std::max<double>(static_cast<double>(m) - 4.0, 1.0);
            const double denom = std::max(segBestSse, floorPerPoint * static_cast<double>(m)) / dof;
            const double F = ((s.sse - segBestSse) / 2.0) / denom;
            if (F > bestF) {
                bestF = F;
                bestSeg = si;
                bestL = l;
                bestR = r;
            }
        }
        if (bestSeg == segs.size())
            break;
        segs[bestSeg] = bestL;
        segs.insert(segs.begin() + static_cast<std::ptrdiff_t>(bestSeg) + 1, bestR);
    }
    return segs;
}

void deriveLogGP(LogGPResult& result, const LogGPParams& params)
{
    const double n1 = static_cast<double>(params.n) - 1.0;
    std::vector<double> x, y;
    for (auto& p : result.points) {
        // eq. (2): g_all(s) = (PRTT(n,0,s) - PRTT(1,0,s)) / (n - 1)
        p.gAll = (p.prttN.median - p.prtt1.median) / n1;
        // eq. (3) with d >= g_all(s): o_s = (PRTT(n,d,s) - PRTT(1,0,s)) / (n - 1) - d
        p.oS = (p.prttD.median - p.prtt1.median) / n1 - p.d;
        p.oRmed = p.oR.median;
        p.delayCoversGap = p.d >= p.gAll;
        x.push_back(static_cast<double>(p.s) - 1.0);
        y.push_back(p.gAll);
    }
    result.segments.clear();
    if (result.points.empty())
        return;
    result.L_netgauge = result.points.front().prtt1.median / 2.0;
    const auto lines = segmentLinear(x, y, params.splitF, params.minPoints, params.maxSegments);
    for (const auto& line : lines) {
        LogGPSegment seg;
        seg.first = line.first;
        seg.last = line.last;
        seg.sMin = result.points[line.first].s;
        seg.sMax = result.points[line.last].s;
        seg.g = line.a; // g_all at s = 1
        seg.G = line.b; // seconds per byte
        seg.fitRms = std::sqrt(line.sse / static_cast<double>(line.last - line.first + 1));
        std::vector<double> os, orr, ls;
        for (std::size_t i = line.first; i <= line.last; ++i) {
            const auto& p = result.points[i];
            os.push_back(p.oS);
            orr.push_back(p.oRmed);
            // eq. (1): L = PRTT(1,0,s) / 2 - o_s - o_r - (s - 1) G
            ls.push_back(p.prtt1.median / 2.0 - p.oS - p.oRmed - (static_cast<double>(p.s) - 1.0) * seg.G);
        }
        seg.o_s = medianOf(os);
        seg.o_r = medianOf(orr);
        seg.L = std::max(0.0, medianOf(ls));
        result.segments.push_back(seg);
    }
}

namespace roles {

void encode(wire::Writer& w, const LogGPParams& p)
{
    w.u32vec(p.sizes);
    w.u32(p.n);
    w.u32(p.warmups);
    w.u32(p.repetitions);
    w.f64(p.splitF);
    w.u32(p.minPoints);
    w.u32(p.maxSegments);
}

void decode(wire::Reader& r, LogGPParams& p)
{
    p.sizes = r.u32vec("sizes", 256);
    p.n = r.u32("n");
    p.warmups = r.u32("warmups");
    p.repetitions = r.u32("repetitions");
    p.splitF = r.f64("splitF");
    p.minPoints = r.u32("minPoints");
    p.maxSegments = r.u32("maxSegments");
}

void serve(Context& ctx, const LogGPParams& p)
{
    std::uint32_t index = 0;
    Socket data = wire::acceptJoin(ctx.listener, ctx.nonce, index, ctx.rc);
    std::uint32_t maxSize = 0;
    for (auto s : p.sizes)
        maxSize = std::max(maxSize, s);
    std::vector<std::uint8_t> buf(maxSize, 0xa5);
    const std::uint64_t maxRounds = std::uint64_t(p.warmups) + p.repetitions;
    for (;;) {
        wire::Frame f = wire::recvFrame(ctx.control, ctx.rc);
        if (f.type == wire::FrameType::Done) {
            wire::sendFrame(ctx.control, wire::FrameType::Done, std::vector<std::uint8_t>{}, ctx.rc);
            return;
        }
        if (f.type != wire::FrameType::Command)
            throw ProbeError(ErrorKind::Protocol, "LogGP: unexpected frame from " + ctx.control.peer());
        wire::Reader r(f.payload);
        const auto mode = static_cast<Mode>(r.u8("mode"));
        const std::uint32_t s = r.u32("s");
        const std::uint32_t n = r.u32("n");
        const double d = r.f64("d");
        const std::uint32_t rounds = r.u32("rounds");
        r.expectEnd("LogGP command");
        if (s < 1 || s > maxSize || n < 1 || n > p.n || !(d >= 0 && d <= 1.0) || rounds > maxRounds ||
            (mode != Mode::Prtt && mode != Mode::ORecv))
            throw ProbeError(ErrorKind::Protocol, "LogGP: command out of the negotiated bounds");
        std::vector<double> oR;
        for (std::uint32_t k = 0; k < rounds; ++k) {
            data.recvAll(buf.data(), s, ctx.rc, "LogGP receive");
            const auto t0 = SteadyClock::now();
            for (std::uint32_t i = 1; i < n; ++i) {
                if (mode == Mode::ORecv)
                    busyWait(d); // the message has arrived meanwhile: the receive costs only o_r
                data.recvAll(buf.data(), s, ctx.rc, "LogGP receive");
            }
            const auto t1 = SteadyClock::now();
            data.sendAll(buf.data(), s, ctx.rc, "LogGP reply");
            ctx.session.bytesReceived += std::uint64_t(s) * n;
            ctx.session.bytesSent += s;
            ctx.session.messages += n + 1;
            if (mode == Mode::ORecv && n > 1)
                oR.push_back((std::chrono::duration<double>(t1 - t0).count() - d * (n - 1)) / (n - 1));
        }
        if (mode == Mode::ORecv) {
            wire::Writer w;
            w.f64vec(oR);
            wire::sendFrame(ctx.control, wire::FrameType::Report, w, ctx.rc);
        }
    }
}

} // namespace roles

namespace {

// Client side of `rounds` PRTT(n, d, s) measurements; returns each round's time.
std::vector<double> prttRounds(Socket& control, Socket& data, Mode mode, std::uint32_t s, std::uint32_t n, double d,
                               std::uint32_t rounds, std::vector<std::uint8_t>& buf, const RunControl& rc)
{
    wire::Writer w;
    w.u8(static_cast<std::uint8_t>(mode));
    w.u32(s);
    w.u32(n);
    w.f64(d);
    w.u32(rounds);
    wire::sendFrame(control, wire::FrameType::Command, w, rc);
    std::vector<double> t(rounds);
    const double clientDelay = mode == Mode::Prtt ? d : 0.0; // o_r rounds: back-to-back sends
    for (std::uint32_t k = 0; k < rounds; ++k) {
        const auto t0 = SteadyClock::now();
        for (std::uint32_t i = 0; i < n; ++i) {
            if (i > 0)
                busyWait(clientDelay);
            data.sendAll(buf.data(), s, rc, "LogGP send");
        }
        data.recvAll(buf.data(), s, rc, "LogGP reply");
        t[k] = std::chrono::duration<double>(SteadyClock::now() - t0).count();
    }
    return t;
}

} // namespace

LogGPResult runLogGPClient(const SocketAddress& server, const LogGPParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "LogGP: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "LogGP: " + bad);
    ScopedCpuPin pin(params.cpu);
    wire::Writer w;
    roles::encode(w, params);
    std::uint64_t nonce = 0;
    Socket control = wire::openSession(server, KernelId::LogGP, w, rc, nonce);
    Socket data = wire::joinSession(server, nonce, 0, rc);

    LogGPResult result;
    result.server = server;
    result.n = params.n;
    std::vector<std::uint8_t> buf(params.sizes.back(), 0x3c);
    const RoundBudget budget(params.budget_s, params.warmups, params.repetitions, params.minRepetitions);
    std::vector<std::pair<double, double>> cost; // (s, seconds per round of all four kinds) of the sizes run
    for (std::size_t index = 0; index < params.sizes.size(); ++index) {
        const std::uint32_t s = params.sizes[index];
        if (params.onSize)
            params.onSize(index, s);
        const std::uint32_t rounds = budget.roundsFor(cost, s);
        const std::uint32_t warm = budget.discarded(rounds);
        const auto start = SteadyClock::now();
        LogGPPoint pt;
        pt.s = s;
        pt.rounds = rounds;
        pt.warmups = warm;
        pt.prtt1 = summarize(prttRounds(control, data, Mode::Prtt, s, 1, 0.0, rounds, buf, rc), warm);
        pt.prttN = summarize(prttRounds(control, data, Mode::Prtt, s, params.n, 0.0, rounds, buf, rc), warm);
        // Netgauge: d = PRTT(1, 0, s), which exceeds g_all(s) on any sane network.
        pt.d = std::min(pt.prtt1.median, 1.0);
        pt.prttD = summarize(prttRounds(control, data, Mode::Prtt, s, params.n, pt.d, rounds, buf, rc), warm);
        (void)prttRounds(control, data, Mode::ORecv, s, params.n, pt.d, rounds, buf, rc);
        wire::Frame rep = wire::expectFrame(control, wire::FrameType::Report, rc, "LogGP o_r report");
        wire::Reader r(rep.payload);
        pt.oR = summarize(r.f64vec("o_r", rounds), warm);
        cost.emplace_back(s, std::chrono::duration<double>(SteadyClock::now() - start).count() / rounds);
        result.points.push_back(pt);
    }
    wire::finishSession(control, rc);
    deriveLogGP(result, params);
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
