#include "cs/probe/Alltoall.h"

#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"
#include "cs/probe/Mesh.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint16_t kAlltoallMarker = 0xA2A0; // hello marker of a mesh connection (not a KernelId)
constexpr std::uint64_t kMaxBlock = 1ull << 30;
constexpr std::uint64_t kMaxTotal = 4ull << 30;

} // namespace

std::string AlltoallParams::validate() const
{
    if (std::string bad = meshRanksProblem(peers.size(), rank, "the all-to-all needs"); !bad.empty())
        return bad;
    std::ostringstream os;
    const std::size_t P = peers.size();
    if (blockBytes < 1 || blockBytes > kMaxBlock)
        os << "blockBytes = " << blockBytes << " must be in [1, 2^30]";
    else if ((P - 1) * blockBytes > kMaxTotal)
        os << "(P - 1) x blockBytes = " << (P - 1) * blockBytes << " B must not exceed 4 GiB";
    else if (warmups > 1000)
        os << "warmups = " << warmups << " must be in [0, 1000]";
    else if (repetitions < 1 || repetitions > 100000)
        os << "repetitions = " << repetitions << " must be in [1, 100000]";
    return os.str().empty() ? meshSetupProblem(setupTimeout_s, cpu) : os.str();
}

AlltoallResult runTcpAlltoall(Listener& own, const AlltoallParams& params, const RunControl& rc)
{
    if (const std::string bad = params.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "all-to-all: " + bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, "all-to-all: " + bad);
    ScopedCpuPin pin(params.cpu);
    const std::uint32_t P = static_cast<std::uint32_t>(params.peers.size());
    const std::uint32_t me = params.rank;
    MeshSetup m;
    m.peers = params.peers;
    m.rank = me;
    m.marker = kAlltoallMarker;
    m.agree = params.blockBytes;
    m.agreeName = "blockBytes";
    m.setupTimeout_s = params.setupTimeout_s;
    m.what = "all-to-all";
    std::vector<Socket> socks = connectMesh(own, m, rc);

    std::vector<std::vector<std::uint8_t>> out(P), in(P);
    for (std::uint32_t j = 0; j < P; ++j)
        if (j != me) {
            out[j].assign(params.blockBytes, static_cast<std::uint8_t>(me * 31 + j));
            in[j].assign(params.blockBytes, 0);
        }
    std::vector<const std::uint8_t*> outPtr(P, nullptr);
    std::vector<std::uint8_t*> inPtr(P, nullptr);
    for (std::uint32_t j = 0; j < P; ++j)
        if (j != me) {
            outPtr[j] = out[j].data();
            inPtr[j] = in[j].data();
        }
    std::vector<double> local, completion;
    for (std::uint32_t r = 0; r < params.warmups + params.repetitions; ++r) {
        (void)meshAllGather(socks, me, {0.0}, rc, "all-to-all barrier");
        const auto t0 = SteadyClock::now();
        meshExchange(socks, me, outPtr, inPtr, params.blockBytes, rc, "all-to-all exchange");
        const double t = std::chrono::duration<double>(SteadyClock::now() - t0).count();
        const auto all = meshAllGather(socks, me, {t}, rc, "all-to-all gather");
        local.push_back(t);
        completion.push_back(*std::max_element(all.begin(), all.end()));
    }
    for (std::uint32_t j = 0; j < P; ++j)
        if (j != me && in[j].front() != static_cast<std::uint8_t>(j * 31 + me))
            throw ProbeError(ErrorKind::Protocol, "all-to-all: the block from rank " + std::to_string(j) +
                                                      " arrived corrupted");
    AlltoallResult result;
    result.rank = me;
    result.P = P;
    result.blockBytes = params.blockBytes;
    result.localTime = summarize(local, params.warmups);
    result.completionTime = summarize(completion, params.warmups);
    result.perRankBandwidth = static_cast<double>(P - 1) * params.blockBytes / result.completionTime.median;
    result.env = captureEnvironment(params.cpu);
    return result;
}

} // namespace cs::probe
