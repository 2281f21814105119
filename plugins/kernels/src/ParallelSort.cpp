#include "cs/probe/ParallelSort.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"
#include "cs/probe/Mesh.h"
#include "cs/probe/Sort.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint16_t kSortMarker = 0x5027;        // hello marker of an app.sort mesh connection
constexpr std::uint64_t kMaxKeysPerRank = 1ull << 27; // 512 MiB per key array; three are held

double seconds(SteadyClock::time_point a, SteadyClock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

// The keys rank r starts with: keys / P, the first keys mod P ranks one more.
std::uint64_t keysOf(std::uint64_t keys, std::uint32_t P, std::uint32_t r)
{
    return keys / P + (r < keys % P ? 1 : 0);
}

// Rank r's own stream of the generator: its seed mixed with the rank, so no two ranks draw the same keys.
std::uint64_t seedOf(std::uint64_t seed, std::uint32_t r)
{
    return seed ^ (0xd1b54a32d192ed03ull * (static_cast<std::uint64_t>(r) + 1));
}

std::uint64_t sum32(const std::vector<std::uint32_t>& v, std::size_t n)
{
    std::uint64_t s = 0;
    for (std::size_t i = 0; i < n; ++i)
        s += v[i];
    return s & 0xffffffffull;
}

} // namespace

std::string ParallelSortParams::validate(std::size_t P) const
{
    if (std::string bad = meshRanksProblem(P, rank, "the parallel sort needs"); !bad.empty())
        return bad;
    std::ostringstream os;
    if (keys < P || keys > (1ull << 31))
        os << "keys = " << keys << " must be in [P = " << P << ", 2^31]";
    else if (keysOf(keys, static_cast<std::uint32_t>(P), 0) > kMaxKeysPerRank)
        os << "keys = " << keys << " gives " << keysOf(keys, static_cast<std::uint32_t>(P), 0)
           << " keys per rank; at most 2^27";
    else if (buckets < 1 || buckets > (1u << 24) || buckets > keys / P)
        os << "buckets = " << buckets << " must be in [1, 2^24] and at most keys / P = " << keys / P;
    else if (const std::string r = reps.validate(); !r.empty())
        os << r;
    return os.str().empty() ? meshSetupProblem(setupTimeout_s, cpu) : os.str();
}

ParallelSortResult runParallelSort(std::uint32_t P, std::uint32_t me, const ParallelSortParams& params,
                                   const ParallelSortComm& comm, const RunControl& rc, SortKeys* keep)
{
    if (const std::string bad = params.validate(P); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "parallel sort: " + bad);
    if (me >= P)
        throw ProbeError(ErrorKind::InvalidParameter, "parallel sort: rank " + std::to_string(me) + " must be below P");
    ScopedCpuPin pin(params.cpu);
    const std::uint64_t range = params.keys; // keys are uniform in [0, keys)
    const std::uint64_t lo = bucketBound(me, P, range), hi = bucketBound(me + 1, P, range);
    const std::uint32_t B = static_cast<std::uint32_t>(std::min<std::uint64_t>(params.buckets, hi - lo));

    const std::size_t n = static_cast<std::size_t>(keysOf(params.keys, P, me));
    const std::vector<std::uint32_t> input = uniformKeys(n, range, seedOf(params.seed, me));
    std::vector<std::uint32_t> buckets1(n), received, sorted;
    std::vector<std::size_t> starts1, starts2;
    std::vector<std::uint32_t> histogram;
    std::vector<std::uint64_t> sendCount(P), recvCount(P);
    std::vector<std::size_t> at(P + 1, 0); // where each source rank's keys go in `received`

    enum Phase { kT, kBucket1, kXchg, kBucket2, kCount, kPhases };
    PhaseSeries series(kPhases, params.reps);
    std::size_t here = 0;
    for (std::uint32_t r = 0;; ++r) {
        rc.check("parallel sort");
        comm.barrier();
        const auto start = SteadyClock::now();

        auto t0 = SteadyClock::now();
        bucketSort(input.data(), buckets1.data(), n, P, range, starts1);
        const double bucket1 = seconds(t0, SteadyClock::now());

        // The exchange starts together, as the block's serialized phases assume.
        comm.barrier();
        t0 = SteadyClock::now();
        for (std::uint32_t j = 0; j < P; ++j)
            sendCount[j] = starts1[j + 1] - starts1[j];
        recvCount[me] = sendCount[me];
        comm.exchangeCounts(sendCount, recvCount);
        for (std::uint32_t j = 0; j < P; ++j)
            at[j + 1] = at[j] + recvCount[j];
        here = at[P];
        received.resize(here);
        sorted.resize(here);
        comm.exchangeKeys(buckets1.data(), sendCount, starts1, received.data(), recvCount, at);
        const double xchg = seconds(t0, SteadyClock::now());

        t0 = SteadyClock::now();
        bucketSort(received.data(), sorted.data(), here, B, hi - lo, starts2, lo);
        const double bucket2 = seconds(t0, SteadyClock::now());

        t0 = SteadyClock::now();
        countSortBuckets(sorted.data(), starts2, B, lo, hi - lo, histogram);
        const double count = seconds(t0, SteadyClock::now());
        const double T = seconds(start, SteadyClock::now());
        if (series.record(r, comm.allMax({T, bucket1, xchg, bucket2, count})))
            break;
    }

    // Sorted within the rank and inside its range, so sorted across the ranks; the same keys as the input
    // (their number and their sum mod 2^32, over all ranks).
    const bool ordered = std::is_sorted(sorted.begin(), sorted.end()) &&
                         (sorted.empty() || (sorted.front() >= lo && sorted.back() < hi));
    const std::vector<double> all = comm.allGather({static_cast<double>(here), static_cast<double>(sum32(sorted, here)),
                                                    static_cast<double>(sum32(input, n)), ordered ? 1.0 : 0.0});
    double count = 0, sumOut = 0, sumIn = 0;
    bool allOrdered = true;
    for (std::uint32_t k = 0; k < P; ++k) {
        count += all[k * 4];
        sumOut += all[k * 4 + 1];
        sumIn += all[k * 4 + 2];
        allOrdered = allOrdered && all[k * 4 + 3] == 1.0;
    }
    // Each sum is below 2^32 and P <= 1024: the totals are exact in a double.
    const auto mod32 = [](double v) { return static_cast<std::uint64_t>(v) & 0xffffffffull; };
    if (!allOrdered || count != static_cast<double>(params.keys) || mod32(sumOut) != mod32(sumIn))
        throw ProbeError(ErrorKind::Protocol,
                         "parallel sort: the result is wrong (" +
                             std::string(allOrdered ? "" : "a rank's keys are out of order or outside its range; ") +
                             std::to_string(static_cast<std::uint64_t>(count)) + " keys out of " +
                             std::to_string(params.keys) + (mod32(sumOut) == mod32(sumIn) ? "" : ", key sums differ") +
                             "): the exchange corrupted data");
    if (keep) {
        keep->input = input;
        keep->sorted = sorted;
    }

    ParallelSortResult result;
    result.rank = me;
    result.P = P;
    result.keys = params.keys;
    result.keysHere = here;
    result.buckets = B;
    result.kept = series.kept();
    result.warmups = params.reps.warmups;
    result.verified = true;
    result.T = series.summary(kT);
    result.bucket1 = series.summary(kBucket1);
    result.xchg = series.summary(kXchg);
    result.bucket2 = series.summary(kBucket2);
    result.count = series.summary(kCount);
    result.env = captureEnvironment(params.cpu);
    return result;
}

ParallelSortResult runTcpParallelSort(Listener& own, const ParallelSortParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "parallel sort: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "parallel sort: " + bad);
    const std::uint32_t P = static_cast<std::uint32_t>(params.peers.size());
    const std::uint32_t me = params.rank;

    MeshSetup m;
    m.peers = params.peers;
    m.rank = me;
    m.marker = kSortMarker;
    // keys < 2^32, buckets < 2^25: one number carries the three parameters every rank must share.
    m.agree = params.keys | (static_cast<std::uint64_t>(params.buckets) << 32) | (params.pairwise ? 1ull << 60 : 0);
    m.agreeName = "keys, buckets and schedule";
    m.setupTimeout_s = params.setupTimeout_s;
    m.what = "parallel sort";
    std::vector<Socket> socks = connectMesh(own, m, rc);

    std::vector<std::uint64_t> outBytes(P), inBytes(P);
    std::vector<const std::uint8_t*> out(P, nullptr);
    std::vector<std::uint8_t*> in(P, nullptr);
    ParallelSortComm comm;
    comm.barrier = [&] { meshBarrier(socks, me, rc, "parallel sort barrier"); };
    comm.exchangeCounts = [&](const std::vector<std::uint64_t>& send, std::vector<std::uint64_t>& recv) {
        meshAlltoall(socks, me, send.data(), recv.data(), sizeof(std::uint64_t), params.pairwise, rc,
                     "parallel sort key counts");
    };
    comm.exchangeKeys = [&](const std::uint32_t* send, const std::vector<std::uint64_t>& sendCounts,
                            const std::vector<std::size_t>& sendAt, std::uint32_t* recv,
                            const std::vector<std::uint64_t>& recvCounts, const std::vector<std::size_t>& recvAt) {
        std::memcpy(recv + recvAt[me], send + sendAt[me], sendCounts[me] * sizeof(std::uint32_t));
        for (std::uint32_t j = 0; j < P; ++j) {
            out[j] = j == me ? nullptr : reinterpret_cast<const std::uint8_t*>(send + sendAt[j]);
            in[j] = j == me ? nullptr : reinterpret_cast<std::uint8_t*>(recv + recvAt[j]);
            outBytes[j] = sendCounts[j] * sizeof(std::uint32_t);
            inBytes[j] = recvCounts[j] * sizeof(std::uint32_t);
        }
        meshAlltoall(socks, me, out, outBytes, in, inBytes, params.pairwise, rc, "parallel sort key exchange");
    };
    comm.allMax = [&](const std::vector<double>& v) { return meshAllMax(socks, me, v, rc, "parallel sort gather"); };
    comm.allGather = [&](const std::vector<double>& v) {
        return meshAllGather(socks, me, v, rc, "parallel sort check");
    };
    return runParallelSort(P, me, params, comm, rc);
}

} // namespace cs::probe
