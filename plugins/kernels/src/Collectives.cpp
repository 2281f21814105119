#include "cs/probe/Collectives.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"
#include "cs/probe/Mesh.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint16_t kCollectivesMarker = 0xC011; // hello marker of an app.collectives mesh connection
constexpr std::uint64_t kMaxBytes = 1ull << 26;
constexpr std::uint64_t kMaxAlltoall = 1ull << 30;

double seconds(SteadyClock::time_point a, SteadyClock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

std::uint32_t largestPowerOfTwoAtMost(std::uint32_t P)
{
    std::uint32_t p2 = 1;
    while (p2 * 2 <= P)
        p2 *= 2;
    return p2;
}

// One point-to-point step over the mesh: at most one send and one receive at once (meshExchange, so a
// partner that sends while it receives cannot deadlock either side).
class PeerStep {
public:
    PeerStep(std::vector<Socket>& socks, std::uint32_t me, const RunControl& rc)
        : socks_(socks), me_(me), rc_(rc), out_(socks.size()), in_(socks.size()), outBytes_(socks.size()),
          inBytes_(socks.size())
    {
    }
    void operator()(int to, const std::uint8_t* send, int from, std::uint8_t* recv, std::uint64_t bytes,
                    const char* what)
    {
        std::fill(out_.begin(), out_.end(), nullptr);
        std::fill(in_.begin(), in_.end(), nullptr);
        if (to >= 0) {
            out_[static_cast<std::size_t>(to)] = send;
            outBytes_[static_cast<std::size_t>(to)] = bytes;
        }
        if (from >= 0) {
            in_[static_cast<std::size_t>(from)] = recv;
            inBytes_[static_cast<std::size_t>(from)] = bytes;
        }
        meshExchange(socks_, me_, out_, outBytes_, in_, inBytes_, rc_, what);
    }
    // The same step, complete only once the receiver holds all of it: the receiver answers one byte and the
    // sender waits for it (a synchronous send). A send that returns when TCP has taken the bytes into its
    // buffer lets a parent's next send start while the last one is still on the link, and the two share it.
    void confirmed(int to, const std::uint8_t* send, int from, std::uint8_t* recv, std::uint64_t bytes,
                   const char* what)
    {
        (*this)(to, send, from, recv, bytes, what);
        (*this)(from, &ackOut_, to, &ackIn_, 1, what);
    }

private:
    std::vector<Socket>& socks_;
    std::uint32_t me_;
    const RunControl& rc_;
    std::vector<const std::uint8_t*> out_;
    std::vector<std::uint8_t*> in_;
    std::vector<std::uint64_t> outBytes_, inBytes_;
    std::uint8_t ackOut_ = 1, ackIn_ = 0;
};

void addDoubles(std::uint8_t* into, const std::uint8_t* from, std::uint64_t bytes)
{
    // Byte buffers holding doubles: copied through memcpy, so alignment does not matter.
    for (std::uint64_t i = 0; i + sizeof(double) <= bytes; i += sizeof(double)) {
        double a, b;
        std::memcpy(&a, into + i, sizeof a);
        std::memcpy(&b, from + i, sizeof b);
        a += b;
        std::memcpy(into + i, &a, sizeof a);
    }
}

// Recursive doubling over `bytes` of buf (tmp as large); with `sum` the doubles are added (allreduce),
// without it only the messages move (barrier).
void recursiveDoubling(PeerStep& step, std::uint32_t me, std::uint32_t P, std::uint8_t* buf, std::uint8_t* tmp,
                       std::uint64_t bytes, bool sum, const char* what)
{
    const int hand = doublingHandover(me, P);
    const bool sitsOut = hand >= 0 && me % 2 == 0;
    if (sitsOut) {
        step(hand, buf, -1, nullptr, bytes, what);
    } else if (hand >= 0) {
        step(-1, nullptr, hand, tmp, bytes, what);
        if (sum)
            addDoubles(buf, tmp, bytes);
    }
    for (std::uint32_t partner : doublingPartners(me, P)) {
        step(static_cast<int>(partner), buf, static_cast<int>(partner), tmp, bytes, what);
        if (sum)
            addDoubles(buf, tmp, bytes);
    }
    if (sitsOut)
        step(-1, nullptr, hand, buf, bytes, what);
    else if (hand >= 0)
        step(hand, buf, -1, nullptr, bytes, what);
}

std::uint8_t patternByte(std::uint64_t i, std::uint32_t rep)
{
    return static_cast<std::uint8_t>(i * 131 + rep * 7 + 1);
}

double contribution(std::uint32_t rank, std::uint64_t i)
{
    return static_cast<double>(rank + 1) + static_cast<double>(i % 1000);
}

} // namespace

int binomialParent(std::uint32_t rank)
{
    return rank == 0 ? -1 : static_cast<int>(rank - (rank & (~rank + 1)));
}

std::vector<std::uint32_t> binomialChildren(std::uint32_t rank, std::uint32_t P)
{
    // The root sends for every 2^j < P; another rank for every 2^j below its lowest set bit; largest first.
    std::uint64_t limit = rank == 0 ? P : (rank & (~rank + 1));
    std::uint64_t mask = 1;
    while (mask * 2 < limit)
        mask *= 2;
    std::vector<std::uint32_t> children;
    for (; mask >= 1 && mask < limit; mask /= 2)
        if (rank + mask < P)
            children.push_back(static_cast<std::uint32_t>(rank + mask));
    return children;
}

std::vector<std::uint32_t> doublingPartners(std::uint32_t rank, std::uint32_t P)
{
    const std::uint32_t p2 = largestPowerOfTwoAtMost(P), rem = P - p2;
    if (rank < 2 * rem && rank % 2 == 0)
        return {};
    const std::uint32_t newRank = rank < 2 * rem ? rank / 2 : rank - rem;
    std::vector<std::uint32_t> partners;
    for (std::uint32_t mask = 1; mask < p2; mask *= 2) {
        const std::uint32_t d = newRank ^ mask;
        partners.push_back(d < rem ? d * 2 + 1 : d + rem);
    }
    return partners;
}

int doublingHandover(std::uint32_t rank, std::uint32_t P)
{
    const std::uint32_t rem = P - largestPowerOfTwoAtMost(P);
    if (rank >= 2 * rem)
        return -1;
    return static_cast<int>(rank % 2 == 0 ? rank + 1 : rank - 1);
}

std::string CollectivesParams::validate(std::size_t P) const
{
    if (std::string bad = meshRanksProblem(P, rank, "the collectives need"); !bad.empty())
        return bad;
    std::ostringstream os;
    if (bytes < 8 || bytes > kMaxBytes || bytes % 8 != 0)
        os << "bytes = " << bytes << " must be in [8, 2^26] and a multiple of 8 (the allreduce sums doubles)";
    else if ((P - 1) * bytes > kMaxAlltoall)
        os << "(P - 1) x bytes = " << (P - 1) * bytes << " B must not exceed 2^30 (the all-to-all's buffers)";
    else if (const std::string r = reps.validate(); !r.empty())
        os << r;
    return os.str().empty() ? meshSetupProblem(setupTimeout_s, cpu) : os.str();
}

CollectivesResult runCollectives(std::uint32_t P, std::uint32_t me, const CollectivesParams& params,
                                 const CollectivesComm& comm, const RunControl& rc, CollectivesData* keep)
{
    if (const std::string bad = params.validate(P); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "collectives: " + bad);
    if (me >= P)
        throw ProbeError(ErrorKind::InvalidParameter, "collectives: rank " + std::to_string(me) + " must be below P");
    ScopedCpuPin pin(params.cpu);
    const std::uint64_t k = params.bytes;

    std::vector<std::uint8_t> bcast(k), expected(k), reduce(k), tmp(k);
    std::vector<std::uint8_t> a2aSend(static_cast<std::size_t>(P) * k), a2aRecv(static_cast<std::size_t>(P) * k);
    auto fail = [&](const std::string& what) {
        throw ProbeError(ErrorKind::Protocol, "collectives: " + what + " on rank " + std::to_string(me) +
                                                  " is wrong: the exchange corrupted data");
    };
    // Each operation from a common start (the untimed sync) to this rank's completion.
    auto timed = [&](const std::function<void()>& op) {
        comm.sync();
        const auto t0 = SteadyClock::now();
        op();
        return seconds(t0, SteadyClock::now());
    };

    enum Phase { kTotal, kBcast, kAllreduce, kBarrier, kAlltoall, kPhases };
    PhaseSeries series(kPhases, params.reps);
    for (std::uint32_t r = 0;; ++r) {
        rc.check("collectives");
        // Untimed: this repetition's data, so a message that did not arrive shows as last repetition's.
        for (std::uint64_t i = 0; i < k; ++i)
            expected[i] = patternByte(i, r);
        if (me == 0)
            bcast = expected;
        else
            std::fill(bcast.begin(), bcast.end(), std::uint8_t{0});
        for (std::uint64_t i = 0; i < k / sizeof(double); ++i) {
            const double v = contribution(me, i);
            std::memcpy(reduce.data() + i * sizeof(double), &v, sizeof v);
        }
        for (std::uint32_t j = 0; j < P; ++j) {
            a2aSend[j * k] = static_cast<std::uint8_t>(me * 31 + j * 7 + r);
            a2aSend[j * k + k - 1] = static_cast<std::uint8_t>(me * 17 + j * 5 + r);
        }

        const double tBcast = timed([&] { comm.bcast(bcast.data(), k); });
        const double tAllreduce = timed([&] { comm.allreduceSum(reduce.data(), tmp.data(), k); });
        const double tBarrier = timed([&] { comm.barrier(); });
        const double tAlltoall = timed([&] { comm.alltoall(a2aSend.data(), a2aRecv.data(), k); });

        if (bcast != expected)
            fail("the broadcast message");
        for (std::uint64_t i = 0; i < k / sizeof(double); ++i) {
            double v;
            std::memcpy(&v, reduce.data() + i * sizeof(double), sizeof v);
            // Sum over ranks of (rank + 1 + i mod 1000): P (P + 1) / 2 + P (i mod 1000), exact in doubles.
            if (v != static_cast<double>(P) * (P + 1) / 2 + static_cast<double>(P) * static_cast<double>(i % 1000))
                fail("the allreduce sum");
        }
        for (std::uint32_t j = 0; j < P; ++j)
            if (j != me && (a2aRecv[j * k] != static_cast<std::uint8_t>(j * 31 + me * 7 + r) ||
                            a2aRecv[j * k + k - 1] != static_cast<std::uint8_t>(j * 17 + me * 5 + r)))
                fail("the all-to-all block from rank " + std::to_string(j));

        const double total = tBcast + tAllreduce + tBarrier + tAlltoall;
        if (series.record(r, comm.allMax({total, tBcast, tAllreduce, tBarrier, tAlltoall})))
            break;
    }
    if (keep) {
        keep->bcast = bcast;
        keep->allreduce.resize(k / sizeof(double));
        std::memcpy(keep->allreduce.data(), reduce.data(), keep->allreduce.size() * sizeof(double));
    }

    CollectivesResult result;
    result.rank = me;
    result.P = P;
    result.bytes = k;
    result.kept = series.kept();
    result.warmups = params.reps.warmups;
    result.total = series.summary(kTotal);
    result.bcast = series.summary(kBcast);
    result.allreduce = series.summary(kAllreduce);
    result.barrier = series.summary(kBarrier);
    result.alltoall = series.summary(kAlltoall);
    result.env = captureEnvironment(params.cpu);
    return result;
}

CollectivesResult runTcpCollectives(Listener& own, const CollectivesParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "collectives: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "collectives: " + bad);
    const std::uint32_t P = static_cast<std::uint32_t>(params.peers.size());
    const std::uint32_t me = params.rank;

    MeshSetup m;
    m.peers = params.peers;
    m.rank = me;
    m.marker = kCollectivesMarker;
    m.agree = params.bytes | (params.pairwise ? 1ull << 40 : 0);
    m.agreeName = "bytes and all-to-all schedule";
    m.setupTimeout_s = params.setupTimeout_s;
    m.what = "collectives";
    std::vector<Socket> socks = connectMesh(own, m, rc);
    PeerStep step(socks, me, rc);
    const int parent = binomialParent(me);
    const std::vector<std::uint32_t> children = binomialChildren(me, P);
    std::vector<std::uint8_t> token(1), tokenTmp(1);

    CollectivesComm comm;
    comm.sync = [&] { meshBarrier(socks, me, rc, "collectives barrier"); };
    comm.bcast = [&](std::uint8_t* buf, std::uint64_t k) {
        if (parent >= 0)
            step.confirmed(-1, nullptr, parent, buf, k, "broadcast");
        for (std::uint32_t c : children)
            step.confirmed(static_cast<int>(c), buf, -1, nullptr, k, "broadcast");
    };
    comm.allreduceSum = [&](std::uint8_t* buf, std::uint8_t* tmp, std::uint64_t k) {
        recursiveDoubling(step, me, P, buf, tmp, k, true, "allreduce");
    };
    comm.barrier = [&] { recursiveDoubling(step, me, P, token.data(), tokenTmp.data(), 1, false, "barrier"); };
    comm.alltoall = [&](const std::uint8_t* send, std::uint8_t* recv, std::uint64_t k) {
        meshAlltoall(socks, me, send, recv, k, params.pairwise, rc, "all-to-all");
    };
    comm.allMax = [&](const std::vector<double>& v) { return meshAllMax(socks, me, v, rc, "collectives gather"); };
    return runCollectives(P, me, params, comm, rc);
}

} // namespace cs::probe
