#include "cs/probe/Alltoall.h"

#include "Wire.h"
#include "cs/probe/Clock.h"

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

constexpr std::uint16_t kAlltoallMarker = 0xA2A0; // hello marker of a mesh connection (not a KernelId)
constexpr std::uint64_t kMaxBlock = 1ull << 30;
constexpr std::uint64_t kMaxTotal = 4ull << 30;

struct PeerIo {
    std::uint64_t sent = 0, received = 0;
};

// All sends and receives at once on non-blocking sockets, so no send order can deadlock.
void exchange(std::vector<Socket>& socks, std::uint32_t rank, std::uint64_t block,
              std::vector<std::vector<std::uint8_t>>& out, std::vector<std::vector<std::uint8_t>>& in,
              const RunControl& rc)
{
    const std::size_t P = socks.size();
    std::vector<PeerIo> io(P);
    std::size_t pending = 2 * (P - 1);
    auto lastProgress = SteadyClock::now();
    std::vector<pollfd> fds;
    std::vector<std::size_t> who;
    while (pending > 0) {
        rc.check("all-to-all exchange");
        fds.clear();
        who.clear();
        for (std::size_t j = 0; j < P; ++j) {
            if (j == rank)
                continue;
            short ev = 0;
            if (io[j].sent < block)
                ev |= POLLOUT;
            if (io[j].received < block)
                ev |= POLLIN;
            if (ev) {
                fds.push_back({socks[j].fd(), ev, 0});
                who.push_back(j);
            }
        }
        const int ms = std::max(1, static_cast<int>(rc.pollSlice_s * 1000));
        const int r = ::poll(fds.data(), fds.size(), ms);
        if (r < 0 && errno != EINTR)
            throw ProbeError(ErrorKind::System, std::string("all-to-all poll failed: ") + std::strerror(errno));
        bool progress = false;
        for (std::size_t f = 0; r > 0 && f < fds.size(); ++f) {
            const std::size_t j = who[f];
            if ((fds[f].revents & (POLLERR | POLLHUP)) && !(fds[f].revents & POLLIN))
                throw ProbeError(ErrorKind::PeerClosed, "all-to-all: rank " + std::to_string(j) + " (" +
                                                            socks[j].peer() + ") closed the connection");
            if ((fds[f].revents & POLLOUT) && io[j].sent < block) {
                const ssize_t s = ::send(socks[j].fd(), out[j].data() + io[j].sent,
                                         static_cast<std::size_t>(block - io[j].sent), MSG_NOSIGNAL | MSG_DONTWAIT);
                if (s > 0) {
                    io[j].sent += static_cast<std::uint64_t>(s);
                    progress = true;
                    if (io[j].sent == block)
                        --pending;
                } else if (s < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    throw ProbeError(ErrorKind::PeerClosed, "all-to-all: send to rank " + std::to_string(j) +
                                                                " failed: " + std::strerror(errno));
                }
            }
            if ((fds[f].revents & POLLIN) && io[j].received < block) {
                const ssize_t s = ::recv(socks[j].fd(), in[j].data() + io[j].received,
                                         static_cast<std::size_t>(block - io[j].received), MSG_DONTWAIT);
                if (s > 0) {
                    io[j].received += static_cast<std::uint64_t>(s);
                    progress = true;
                    if (io[j].received == block)
                        --pending;
                } else if (s == 0) {
                    throw ProbeError(ErrorKind::PeerClosed, "all-to-all: rank " + std::to_string(j) +
                                                                " closed the connection");
                } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    throw ProbeError(ErrorKind::PeerClosed, "all-to-all: receive from rank " + std::to_string(j) +
                                                                " failed: " + std::strerror(errno));
                }
            }
        }
        if (progress)
            lastProgress = SteadyClock::now();
        else if (std::chrono::duration<double>(SteadyClock::now() - lastProgress).count() > rc.ioTimeout_s)
            throw ProbeError(ErrorKind::Timeout, "all-to-all exchange: no progress within " +
                                                     std::to_string(rc.ioTimeout_s) + " s");
    }
}

// Every rank sends `value` to every other and receives theirs (small messages: sends never block).
std::vector<double> allGather(std::vector<Socket>& socks, std::uint32_t rank, double value, const RunControl& rc)
{
    std::vector<double> all(socks.size(), value);
    std::uint8_t buf[8];
    std::memcpy(buf, &value, 8);
    for (std::size_t j = 0; j < socks.size(); ++j)
        if (j != rank)
            socks[j].sendAll(buf, 8, rc, "all-to-all gather");
    for (std::size_t j = 0; j < socks.size(); ++j)
        if (j != rank) {
            socks[j].recvAll(buf, 8, rc, "all-to-all gather");
            std::memcpy(&all[j], buf, 8);
        }
    return all;
}

} // namespace

std::string AlltoallParams::validate() const
{
    std::ostringstream os;
    const std::size_t P = peers.size();
    if (P < 2 || P > 1024)
        os << "peers lists " << P << " ranks; the all-to-all needs 2 to 1024";
    else if (rank >= P)
        os << "rank = " << rank << " must be below P = " << P;
    else if (blockBytes < 1 || blockBytes > kMaxBlock)
        os << "blockBytes = " << blockBytes << " must be in [1, 2^30]";
    else if ((P - 1) * blockBytes > kMaxTotal)
        os << "(P - 1) x blockBytes = " << (P - 1) * blockBytes << " B must not exceed 4 GiB";
    else if (warmups > 1000)
        os << "warmups = " << warmups << " must be in [0, 1000]";
    else if (repetitions < 1 || repetitions > 100000)
        os << "repetitions = " << repetitions << " must be in [1, 100000]";
    else if (!(setupTimeout_s > 0 && setupTimeout_s <= 3600))
        os << "setupTimeout_s = " << setupTimeout_s << " must be in (0, 3600] seconds";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    return os.str();
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
    std::vector<Socket> socks(P);

    // Mesh setup: connect down (to lower ranks), accept up (from higher ranks).
    RunControl setup = rc;
    setup.connectTimeout_s = params.setupTimeout_s;
    const auto setupEnd = SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                                   std::chrono::duration<double>(params.setupTimeout_s));
    for (std::uint32_t j = 0; j < me; ++j) {
        Socket s = connectTcp(params.peers[j], setup);
        wire::Writer w;
        w.u16(kAlltoallMarker);
        w.str(rc.token);
        w.u32(me);
        w.u32(P);
        w.u64(params.blockBytes);
        wire::sendFrame(s, wire::FrameType::Hello, w, rc);
        socks[j] = std::move(s);
    }
    for (std::uint32_t k = me + 1; k < P; ++k) {
        const double left = std::chrono::duration<double>(setupEnd - SteadyClock::now()).count();
        if (left <= 0)
            throw ProbeError(ErrorKind::Timeout, "all-to-all: the mesh did not connect within " +
                                                     std::to_string(params.setupTimeout_s) + " s");
        Socket s = own.accept(left, rc);
        wire::Frame f = wire::expectFrame(s, wire::FrameType::Hello, rc, "all-to-all hello");
        wire::Reader r(f.payload);
        const std::uint16_t marker = r.u16("marker");
        const std::string token = r.str("token");
        const std::uint32_t from = r.u32("rank");
        const std::uint32_t theirP = r.u32("P");
        const std::uint64_t block = r.u64("blockBytes");
        if (marker != kAlltoallMarker)
            throw ProbeError(ErrorKind::Protocol, "all-to-all: " + s.peer() + " is not an all-to-all rank");
        if (token != rc.token)
            throw ProbeError(ErrorKind::Protocol, "all-to-all: " + s.peer() + " sent a wrong token");
        if (theirP != P || block != params.blockBytes)
            throw ProbeError(ErrorKind::Protocol, "all-to-all: rank " + std::to_string(from) +
                                                      " runs with different P or blockBytes");
        if (from <= me || from >= P || socks[from].valid())
            throw ProbeError(ErrorKind::Protocol, "all-to-all: unexpected or duplicate rank " + std::to_string(from));
        socks[from] = std::move(s);
    }
    for (std::uint32_t j = 0; j < P; ++j)
        if (j != me)
            socks[j].setNonBlocking(true);

    std::vector<std::vector<std::uint8_t>> out(P), in(P);
    for (std::uint32_t j = 0; j < P; ++j)
        if (j != me) {
            out[j].assign(params.blockBytes, static_cast<std::uint8_t>(me * 31 + j));
            in[j].assign(params.blockBytes, 0);
        }
    std::vector<double> local, completion;
    for (std::uint32_t r = 0; r < params.warmups + params.repetitions; ++r) {
        (void)allGather(socks, me, 0.0, rc); // barrier
        const auto t0 = SteadyClock::now();
        exchange(socks, me, params.blockBytes, out, in, rc);
        const double t = std::chrono::duration<double>(SteadyClock::now() - t0).count();
        const auto all = allGather(socks, me, t, rc);
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
