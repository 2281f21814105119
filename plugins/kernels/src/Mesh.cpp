#include "cs/probe/Mesh.h"

#include "Wire.h"
#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"

#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace cs::probe {

namespace {

struct PeerIo {
    std::uint64_t sent = 0, received = 0;
};

std::string name(const char* what)
{
    return std::string(what);
}

} // namespace

std::string meshRanksProblem(std::size_t P, std::uint32_t rank, const std::string& needs)
{
    if (P < 2 || P > 1024)
        return "peers lists " + std::to_string(P) + " ranks; " + needs + " 2 to 1024";
    if (rank >= P)
        return "rank = " + std::to_string(rank) + " must be below P = " + std::to_string(P);
    return "";
}

std::string meshSetupProblem(double setupTimeout_s, int cpu)
{
    std::ostringstream os;
    if (!(setupTimeout_s > 0 && setupTimeout_s <= 3600))
        os << "setupTimeout_s = " << setupTimeout_s << " must be in (0, 3600] seconds";
    else if (cpu < -1)
        os << "cpu = " << cpu << " must be -1 (no pinning) or a CPU number";
    return os.str();
}

std::vector<Socket> connectMesh(Listener& own, const MeshSetup& m, const RunControl& rc)
{
    const std::uint32_t P = static_cast<std::uint32_t>(m.peers.size());
    const std::uint32_t me = m.rank;
    std::vector<Socket> socks(P);
    RunControl setup = rc;
    setup.connectTimeout_s = m.setupTimeout_s;
    const auto setupEnd = SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                                   std::chrono::duration<double>(m.setupTimeout_s));
    for (std::uint32_t j = 0; j < me; ++j) {
        Socket s = connectTcp(m.peers[j], setup);
        wire::Writer w;
        w.u16(m.marker);
        w.str(rc.token);
        w.u32(me);
        w.u32(P);
        w.u64(m.agree);
        wire::sendFrame(s, wire::FrameType::Hello, w, rc);
        socks[j] = std::move(s);
    }
    for (std::uint32_t k = me + 1; k < P; ++k) {
        const double left = std::chrono::duration<double>(setupEnd - SteadyClock::now()).count();
        if (left <= 0)
            throw ProbeError(ErrorKind::Timeout, name(m.what) + ": the mesh did not connect within " +
                                                     std::to_string(m.setupTimeout_s) + " s");
        Socket s = own.accept(left, rc);
        wire::Frame f = wire::expectFrame(s, wire::FrameType::Hello, rc, "mesh hello");
        wire::Reader r(f.payload);
        const std::uint16_t marker = r.u16("marker");
        const std::string token = r.str("token");
        const std::uint32_t from = r.u32("rank");
        const std::uint32_t theirP = r.u32("P");
        const std::uint64_t agree = r.u64(m.agreeName);
        if (marker != m.marker)
            throw ProbeError(ErrorKind::Protocol, name(m.what) + ": " + s.peer() + " is not a rank of this kernel");
        if (token != rc.token)
            throw ProbeError(ErrorKind::Protocol, name(m.what) + ": " + s.peer() + " sent a wrong token");
        if (theirP != P || agree != m.agree)
            throw ProbeError(ErrorKind::Protocol, name(m.what) + ": rank " + std::to_string(from) +
                                                      " runs with different P or " + m.agreeName);
        if (from <= me || from >= P || socks[from].valid())
            throw ProbeError(ErrorKind::Protocol,
                             name(m.what) + ": unexpected or duplicate rank " + std::to_string(from));
        socks[from] = std::move(s);
    }
    for (std::uint32_t j = 0; j < P; ++j)
        if (j != me)
            socks[j].setNonBlocking(true);
    return socks;
}

void meshExchange(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint8_t*>& in, std::uint64_t block, const RunControl& rc, const char* what)
{
    const std::vector<std::uint64_t> sizes(socks.size(), block);
    meshExchange(socks, rank, out, sizes, in, sizes, rc, what);
}

// All sends and receives at once on non-blocking sockets, so no send order can deadlock.
void meshExchange(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint64_t>& outBytes, const std::vector<std::uint8_t*>& in,
                  const std::vector<std::uint64_t>& inBytes, const RunControl& rc, const char* what)
{
    const std::size_t P = socks.size();
    std::vector<PeerIo> io(P);
    std::size_t pending = 0;
    for (std::size_t j = 0; j < P; ++j) {
        if (j == rank)
            continue;
        // A null buffer or no bytes: nothing to send to (or receive from) that rank in this exchange.
        const bool sends = out[j] && outBytes[j] > 0, receives = in[j] && inBytes[j] > 0;
        io[j].sent = sends ? 0 : outBytes[j];
        io[j].received = receives ? 0 : inBytes[j];
        pending += (sends ? 1 : 0) + (receives ? 1 : 0);
    }
    auto lastProgress = SteadyClock::now();
    std::vector<pollfd> fds;
    std::vector<std::size_t> who;
    while (pending > 0) {
        rc.check(what);
        fds.clear();
        who.clear();
        for (std::size_t j = 0; j < P; ++j) {
            if (j == rank)
                continue;
            short ev = 0;
            if (io[j].sent < outBytes[j])
                ev |= POLLOUT;
            if (io[j].received < inBytes[j])
                ev |= POLLIN;
            if (ev) {
                fds.push_back({socks[j].fd(), ev, 0});
                who.push_back(j);
            }
        }
        const int ms = std::max(1, static_cast<int>(rc.pollSlice_s * 1000));
        const int r = ::poll(fds.data(), fds.size(), ms);
        if (r < 0 && errno != EINTR)
            throw ProbeError(ErrorKind::System, name(what) + " poll failed: " + std::strerror(errno));
        bool progress = false;
        for (std::size_t f = 0; r > 0 && f < fds.size(); ++f) {
            const std::size_t j = who[f];
            if ((fds[f].revents & (POLLERR | POLLHUP)) && !(fds[f].revents & POLLIN))
                throw ProbeError(ErrorKind::PeerClosed, name(what) + ": rank " + std::to_string(j) + " (" +
                                                            socks[j].peer() + ") closed the connection");
            if ((fds[f].revents & POLLOUT) && io[j].sent < outBytes[j]) {
                const ssize_t s = ::send(socks[j].fd(), out[j] + io[j].sent,
                                         static_cast<std::size_t>(outBytes[j] - io[j].sent), MSG_NOSIGNAL | MSG_DONTWAIT);
                if (s > 0) {
                    io[j].sent += static_cast<std::uint64_t>(s);
                    progress = true;
                    if (io[j].sent == outBytes[j])
                        --pending;
                } else if (s < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    throw ProbeError(ErrorKind::PeerClosed, name(what) + ": send to rank " + std::to_string(j) +
                                                                " failed: " + std::strerror(errno));
                }
            }
            if ((fds[f].revents & POLLIN) && io[j].received < inBytes[j]) {
                const ssize_t s = ::recv(socks[j].fd(), in[j] + io[j].received,
                                         static_cast<std::size_t>(inBytes[j] - io[j].received), MSG_DONTWAIT);
                if (s > 0) {
                    io[j].received += static_cast<std::uint64_t>(s);
                    progress = true;
                    if (io[j].received == inBytes[j])
                        --pending;
                } else if (s == 0) {
                    throw ProbeError(ErrorKind::PeerClosed, name(what) + ": rank " + std::to_string(j) +
                                                                " closed the connection");
                } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    throw ProbeError(ErrorKind::PeerClosed, name(what) + ": receive from rank " + std::to_string(j) +
                                                                " failed: " + std::strerror(errno));
                }
            }
        }
        if (progress)
            lastProgress = SteadyClock::now();
        else if (std::chrono::duration<double>(SteadyClock::now() - lastProgress).count() > rc.ioTimeout_s)
            throw ProbeError(ErrorKind::Timeout, name(what) + ": no progress within " +
                                                     std::to_string(rc.ioTimeout_s) + " s");
    }
}

void meshAlltoall(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<const std::uint8_t*>& out,
                  const std::vector<std::uint64_t>& outBytes, const std::vector<std::uint8_t*>& in,
                  const std::vector<std::uint64_t>& inBytes, bool pairwise, const RunControl& rc, const char* what)
{
    const std::uint32_t P = static_cast<std::uint32_t>(socks.size());
    if (!pairwise) {
        meshExchange(socks, rank, out, outBytes, in, inBytes, rc, what);
        return;
    }
    // Rendezvous for large blocks: in a round a rank first tells `from` that it is ready for its block (one
    // byte) and waits for `to`'s word before it sends its own, as Open MPI's TCP transport does above its
    // eager limit. Without it, a rank that received early pushes its next block into its link while the
    // tail of the one before is still queued there, and into a receiver still busy with the previous
    // round: the rounds drift apart, and the late ranks fall further behind. Measured (app.fft2d, 8
    // namespaces of scripts/netns-cluster.sh at 20 Mbit/s, 256 KiB blocks): the all-to-all took 1.34-1.54x
    // (P-1) k / bandwidth sent eagerly and 0.985x by rendezvous. Both sides decide from the same size
    // (outBytes[to] here is inBytes[rank] there), so they agree on who waits.
    std::vector<const std::uint8_t*> o(P, nullptr);
    std::vector<std::uint8_t*> i(P, nullptr);
    std::vector<std::uint64_t> oneOut(P, 0), oneIn(P, 0);
    const std::uint8_t ready = 1;
    std::uint8_t readyIn = 0;
    for (std::uint32_t round = 1; round < P; ++round) {
        const std::uint32_t to = (rank + round) % P, from = (rank + P - round) % P;
        std::fill(o.begin(), o.end(), nullptr);
        std::fill(i.begin(), i.end(), nullptr);
        std::fill(oneOut.begin(), oneOut.end(), 0);
        std::fill(oneIn.begin(), oneIn.end(), 0);
        if (in[from] && inBytes[from] > kMeshEagerLimit) {
            o[from] = &ready;
            oneOut[from] = 1;
        }
        if (out[to] && outBytes[to] > kMeshEagerLimit) {
            i[to] = &readyIn;
            oneIn[to] = 1;
        }
        if (oneOut[from] || oneIn[to])
            meshExchange(socks, rank, o, oneOut, i, oneIn, rc, "rendezvous");
        std::fill(o.begin(), o.end(), nullptr);
        std::fill(i.begin(), i.end(), nullptr);
        o[to] = out[to];
        i[from] = in[from];
        meshExchange(socks, rank, o, outBytes, i, inBytes, rc, what);
    }
}

void meshAlltoall(std::vector<Socket>& socks, std::uint32_t rank, const void* send, void* recv, std::uint64_t block,
                  bool pairwise, const RunControl& rc, const char* what)
{
    const std::size_t P = socks.size();
    std::vector<const std::uint8_t*> out(P, nullptr);
    std::vector<std::uint8_t*> in(P, nullptr);
    for (std::size_t j = 0; j < P; ++j)
        if (j != rank) {
            out[j] = static_cast<const std::uint8_t*>(send) + j * block;
            in[j] = static_cast<std::uint8_t*>(recv) + j * block;
        }
    const std::vector<std::uint64_t> sizes(P, block);
    meshAlltoall(socks, rank, out, sizes, in, sizes, pairwise, rc, what);
}

std::vector<double> meshAllGather(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<double>& values,
                                  const RunControl& rc, const char* what)
{
    const std::size_t n = values.size();
    if (n == 0 || n > 64)
        throw ProbeError(ErrorKind::InvalidParameter, name(what) + ": all-gather of " + std::to_string(n) +
                                                          " values; 1 to 64 are allowed");
    std::vector<double> all(socks.size() * n);
    std::copy(values.begin(), values.end(), all.begin() + static_cast<std::ptrdiff_t>(rank * n));
    // Small messages: the sends never block, so sending to all before receiving cannot deadlock.
    for (std::size_t j = 0; j < socks.size(); ++j)
        if (j != rank)
            socks[j].sendAll(values.data(), n * sizeof(double), rc, what);
    for (std::size_t j = 0; j < socks.size(); ++j)
        if (j != rank)
            socks[j].recvAll(all.data() + j * n, n * sizeof(double), rc, what);
    return all;
}

void meshBarrier(std::vector<Socket>& socks, std::uint32_t rank, const RunControl& rc, const char* what)
{
    (void)meshAllGather(socks, rank, {0.0}, rc, what);
}

std::vector<double> meshAllMax(std::vector<Socket>& socks, std::uint32_t rank, const std::vector<double>& values,
                               const RunControl& rc, const char* what)
{
    const std::vector<double> all = meshAllGather(socks, rank, values, rc, what);
    std::vector<double> mx(values);
    for (std::size_t k = 0; k < socks.size(); ++k)
        for (std::size_t i = 0; i < values.size(); ++i)
            mx[i] = std::max(mx[i], all[k * values.size() + i]);
    return mx;
}

} // namespace cs::probe
