#include "cs/probe/Socket.h"

#include "cs/probe/Error.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <optional>
#include <thread>

namespace cs::probe {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Milliseconds to poll for: at most the slice, the time left of this operation and of the run.
int pollMillis(const RunControl& rc, Clock::time_point opEnd)
{
    auto now = Clock::now();
    double left = std::chrono::duration<double>(opEnd - now).count();
    if (rc.deadline)
        left = std::min(left, std::chrono::duration<double>(*rc.deadline - now).count());
    left = std::min(left, rc.pollSlice_s);
    if (left <= 0)
        return 0;
    return std::max(1, static_cast<int>(std::ceil(left * 1000.0)));
}

Clock::time_point after(double seconds)
{
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

std::string errnoText(int e) { return std::strerror(e); }

struct AddrInfoList {
    addrinfo* head = nullptr;
    ~AddrInfoList()
    {
        if (head)
            freeaddrinfo(head);
    }
};

void resolve(const SocketAddress& ep, int socktype, bool passive, AddrInfoList& out)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = socktype;
    hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
    const std::string port = std::to_string(ep.port);
    const int rc = getaddrinfo(ep.host.empty() ? nullptr : ep.host.c_str(), port.c_str(), &hints, &out.head);
    if (rc != 0)
        throw ProbeError(ErrorKind::ConnectFailed,
                         "cannot resolve " + ep.toString() + ": " + gai_strerror(rc));
}

std::string sockaddrText(const sockaddr* sa)
{
    char buf[INET6_ADDRSTRLEN] = {};
    if (sa->sa_family == AF_INET) {
        auto* in = reinterpret_cast<const sockaddr_in*>(sa);
        inet_ntop(AF_INET, &in->sin_addr, buf, sizeof(buf));
        return std::string(buf) + ":" + std::to_string(ntohs(in->sin_port));
    }
    if (sa->sa_family == AF_INET6) {
        auto* in6 = reinterpret_cast<const sockaddr_in6*>(sa);
        inet_ntop(AF_INET6, &in6->sin6_addr, buf, sizeof(buf));
        return "[" + std::string(buf) + "]:" + std::to_string(ntohs(in6->sin6_port));
    }
    return "?";
}

std::uint16_t boundPort(int fd)
{
    sockaddr_storage ss{};
    socklen_t len = sizeof(ss);
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) != 0)
        return 0;
    if (ss.ss_family == AF_INET)
        return ntohs(reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
    if (ss.ss_family == AF_INET6)
        return ntohs(reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port);
    return 0;
}

// Waits on fd for `events` until ready (true) or `seconds` passed (false); checks stop/deadline.
bool waitFd(int fd, short events, double seconds, const RunControl& rc, const char* what)
{
    const auto end = after(seconds);
    for (;;) {
        rc.check(what);
        pollfd p{fd, events, 0};
        const int ms = pollMillis(rc, end);
        const int r = ::poll(&p, 1, ms);
        if (r > 0)
            return true;
        if (r < 0 && errno != EINTR)
            throw ProbeError(ErrorKind::System, std::string(what) + ": poll failed: " + errnoText(errno));
        if (Clock::now() >= end) {
            rc.check(what);
            return false;
        }
    }
}

[[noreturn]] void throwTimeout(const char* what, const std::string& peer, double seconds)
{
    std::ostringstream os;
    os << what << (peer.empty() ? "" : " with " + peer) << ": no progress within " << seconds << " s";
    throw ProbeError(ErrorKind::Timeout, os.str());
}

} // namespace

std::string SocketAddress::toString() const
{
    if (host.find(':') != std::string::npos)
        return "[" + host + "]:" + std::to_string(port);
    return host + ":" + std::to_string(port);
}

SocketAddress parseSocketAddress(const std::string& text)
{
    SocketAddress ep;
    std::string portText;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
            throw ProbeError(ErrorKind::InvalidParameter, "endpoint \"" + text + "\" must be [v6-address]:port");
        ep.host = text.substr(1, close - 1);
        portText = text.substr(close + 2);
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string::npos || colon == 0)
            throw ProbeError(ErrorKind::InvalidParameter, "endpoint \"" + text + "\" must be host:port");
        ep.host = text.substr(0, colon);
        portText = text.substr(colon + 1);
    }
    if (portText.empty() || portText.size() > 5 ||
        !std::all_of(portText.begin(), portText.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        std::stoul(portText) > 65535)
        throw ProbeError(ErrorKind::InvalidParameter,
                         "endpoint \"" + text + "\" has port \"" + portText + "\", which is not in [0, 65535]");
    ep.port = static_cast<std::uint16_t>(std::stoul(portText));
    return ep;
}

Socket::~Socket() { close(); }

Socket::Socket(Socket&& o) noexcept : fd_(o.fd_), peer_(std::move(o.peer_)), rcvTimeo_(o.rcvTimeo_)
{
    o.fd_ = -1;
}

Socket& Socket::operator=(Socket&& o) noexcept
{
    if (this != &o) {
        close();
        fd_ = o.fd_;
        peer_ = std::move(o.peer_);
        rcvTimeo_ = o.rcvTimeo_;
        o.fd_ = -1;
    }
    return *this;
}

void Socket::close() noexcept
{
    if (fd_ >= 0)
        ::close(fd_);
    fd_ = -1;
}

bool Socket::waitReadable(double seconds, const RunControl& rc, const char* what)
{
    return waitFd(fd_, POLLIN, seconds, rc, what);
}

bool Socket::waitWritable(double seconds, const RunControl& rc, const char* what)
{
    return waitFd(fd_, POLLOUT, seconds, rc, what);
}

void Socket::sendAll(const void* data, std::size_t n, const RunControl& rc, const char* what)
{
    rc.check(what); // also on the fast path: a busy transfer must still stop within a message
    auto* p = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t r = ::send(fd_, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (r > 0) {
            p += r;
            n -= static_cast<std::size_t>(r);
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!waitFd(fd_, POLLOUT, rc.ioTimeout_s, rc, what))
                throwTimeout(what, peer_, rc.ioTimeout_s);
            continue;
        }
        const int e = errno;
        if (e == EPIPE || e == ECONNRESET)
            throw ProbeError(ErrorKind::PeerClosed, std::string(what) + ": " + peer_ + " closed the connection");
        throw ProbeError(ErrorKind::System, std::string(what) + " to " + peer_ + " failed: " + errnoText(e));
    }
}

std::size_t Socket::recvSome(void* data, std::size_t n, const RunControl& rc, const char* what)
{
    if (n == 0)
        return 0;
    rc.check(what);
    // Blocking receive with SO_RCVTIMEO = the poll slice: one system call per message on the latency path
    // (like a plain blocking recv), yet the stop flag and the timeouts are checked every slice.
    const double slice = std::min(rc.pollSlice_s, rc.ioTimeout_s);
    setRecvTimeout(slice);
    std::optional<Clock::time_point> end;
    for (;;) {
        const ssize_t r = ::recv(fd_, data, n, 0);
        if (r > 0)
            return static_cast<std::size_t>(r);
        if (r == 0)
            throw ProbeError(ErrorKind::PeerClosed, std::string(what) + ": " + peer_ + " closed the connection");
        const int e = errno;
        if (e == EINTR)
            continue;
        if (e == EAGAIN || e == EWOULDBLOCK) {
            if (!end)
                end = after(rc.ioTimeout_s - slice);
            rc.check(what);
            if (Clock::now() >= *end)
                throwTimeout(what, peer_, rc.ioTimeout_s);
            if (isNonBlocking()) // a non-blocking socket returns at once: wait here instead
                (void)waitFd(fd_, POLLIN, std::min(slice, std::chrono::duration<double>(*end - Clock::now()).count()),
                             rc, what);
            continue;
        }
        if (e == ECONNRESET)
            throw ProbeError(ErrorKind::PeerClosed, std::string(what) + ": " + peer_ + " reset the connection");
        throw ProbeError(ErrorKind::System, std::string(what) + " from " + peer_ + " failed: " + errnoText(e));
    }
}

void Socket::setRecvTimeout(double seconds)
{
    if (rcvTimeo_ == seconds)
        return;
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(seconds);
    tv.tv_usec = static_cast<suseconds_t>((seconds - static_cast<double>(tv.tv_sec)) * 1e6);
    if (tv.tv_sec == 0 && tv.tv_usec == 0)
        tv.tv_usec = 1000;
    (void)setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    rcvTimeo_ = seconds;
}

bool Socket::isNonBlocking() const noexcept
{
    const int flags = fcntl(fd_, F_GETFL, 0);
    return flags >= 0 && (flags & O_NONBLOCK) != 0;
}

void Socket::recvAll(void* data, std::size_t n, const RunControl& rc, const char* what)
{
    auto* p = static_cast<char*>(data);
    while (n > 0) {
        const std::size_t got = recvSome(p, n, rc, what);
        p += got;
        n -= got;
    }
}

void Socket::setNoDelay(bool on)
{
    int v = on ? 1 : 0;
    (void)setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &v, sizeof(v));
}

void Socket::setBuffers(int sendBytes, int recvBytes)
{
    if (sendBytes > 0)
        (void)setsockopt(fd_, SOL_SOCKET, SO_SNDBUF, &sendBytes, sizeof(sendBytes));
    if (recvBytes > 0)
        (void)setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &recvBytes, sizeof(recvBytes));
}

void Socket::setNonBlocking(bool on)
{
    const int flags = fcntl(fd_, F_GETFL, 0);
    if (flags >= 0)
        (void)fcntl(fd_, F_SETFL, on ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK));
}

Listener::Listener(const SocketAddress& bindTo, bool withUdp, int backlog) : host_(bindTo.host)
{
    std::string lastError;
    // With port 0 and UDP wanted, the ephemeral TCP port may be taken for UDP: retry a few times.
    for (int attempt = 0; attempt < 32; ++attempt) {
        AddrInfoList tcpAi;
        resolve(bindTo, SOCK_STREAM, true, tcpAi);
        Socket t;
        for (addrinfo* ai = tcpAi.head; ai; ai = ai->ai_next) {
            const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
            if (fd < 0) {
                lastError = errnoText(errno);
                continue;
            }
            int one = 1;
            (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
            if (::bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && ::listen(fd, backlog) == 0) {
                t = Socket(fd, sockaddrText(ai->ai_addr));
                break;
            }
            lastError = errnoText(errno);
            ::close(fd);
        }
        if (!t.valid())
            throw ProbeError(ErrorKind::System, "cannot listen on " + bindTo.toString() + ": " + lastError);
        const std::uint16_t port = boundPort(t.fd());
        if (!withUdp) {
            tcp_ = std::move(t);
            port_ = port;
            return;
        }
        AddrInfoList udpAi;
        resolve(SocketAddress{bindTo.host, port}, SOCK_DGRAM, true, udpAi);
        Socket u;
        for (addrinfo* ai = udpAi.head; ai; ai = ai->ai_next) {
            const int fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
            if (fd < 0) {
                lastError = errnoText(errno);
                continue;
            }
            if (::bind(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
                u = Socket(fd, sockaddrText(ai->ai_addr));
                break;
            }
            lastError = errnoText(errno);
            ::close(fd);
        }
        if (u.valid()) {
            tcp_ = std::move(t);
            udp_ = std::move(u);
            port_ = port;
            return;
        }
        if (bindTo.port != 0)
            break;
    }
    throw ProbeError(ErrorKind::System, "cannot bind UDP on " + bindTo.toString() + ": " + lastError);
}

Socket Listener::accept(double seconds, const RunControl& rc)
{
    if (!waitFd(tcp_.fd(), POLLIN, seconds, rc, "accept")) {
        std::ostringstream os;
        os << "accept on port " << port_ << ": no client connected within " << seconds << " s";
        throw ProbeError(ErrorKind::Timeout, os.str());
    }
    sockaddr_storage ss{};
    socklen_t len = sizeof(ss);
    const int fd = ::accept4(tcp_.fd(), reinterpret_cast<sockaddr*>(&ss), &len, SOCK_CLOEXEC);
    if (fd < 0)
        throw ProbeError(ErrorKind::System, "accept on port " + std::to_string(port_) + " failed: " + errnoText(errno));
    Socket s(fd, sockaddrText(reinterpret_cast<sockaddr*>(&ss)));
    s.setNoDelay(true);
    return s;
}

Socket connectTcp(const SocketAddress& to, const RunControl& rc)
{
    const auto t0 = Clock::now();
    const bool retry = rc.connectTimeout_s > 0;
    const double budget = retry ? rc.connectTimeout_s : rc.ioTimeout_s;
    const auto end = after(budget);
    std::string lastError = "no address";
    for (;;) {
        rc.check("connect");
        AddrInfoList ai;
        resolve(to, SOCK_STREAM, false, ai);
        for (addrinfo* a = ai.head; a; a = a->ai_next) {
            const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
            if (fd < 0) {
                lastError = errnoText(errno);
                continue;
            }
            Socket s(fd, sockaddrText(a->ai_addr));
            int r = ::connect(fd, a->ai_addr, a->ai_addrlen);
            if (r != 0 && errno == EINPROGRESS) {
                const double left = std::chrono::duration<double>(end - Clock::now()).count();
                if (waitFd(fd, POLLOUT, std::max(left, 0.0), rc, "connect")) {
                    int err = 0;
                    socklen_t len = sizeof(err);
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
                    r = err == 0 ? 0 : -1;
                    errno = err;
                } else {
                    errno = ETIMEDOUT;
                }
            }
            if (r == 0) {
                s.setNonBlocking(false);
                s.setNoDelay(true);
                return s;
            }
            lastError = errnoText(errno);
        }
        if (!retry || Clock::now() >= end)
            break;
        // Refused or unreachable: the server may still be starting; try again shortly.
        const double left = std::chrono::duration<double>(end - Clock::now()).count();
        std::this_thread::sleep_for(std::chrono::duration<double>(std::min({0.05, rc.pollSlice_s, left})));
        if (Clock::now() >= end)
            break;
    }
    std::ostringstream os;
    os.precision(2);
    os << std::fixed << "connect to " << to.toString() << " failed after " << secondsSince(t0) << " s: " << lastError;
    throw ProbeError(ErrorKind::ConnectFailed, os.str());
}

Socket connectUdp(const SocketAddress& to)
{
    AddrInfoList ai;
    resolve(to, SOCK_DGRAM, false, ai);
    std::string lastError = "no address";
    for (addrinfo* a = ai.head; a; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) {
            lastError = errnoText(errno);
            continue;
        }
        Socket s(fd, sockaddrText(a->ai_addr));
        if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0)
            return s;
        lastError = errnoText(errno);
    }
    throw ProbeError(ErrorKind::ConnectFailed, "UDP socket to " + to.toString() + " failed: " + lastError);
}

std::size_t recvDatagram(Socket& s, void* buf, std::size_t cap, double seconds, const RunControl& rc)
{
    // Blocking receive in slices (SO_RCVTIMEO): one system call per datagram on the latency path.
    const auto end = after(seconds);
    s.setRecvTimeout(std::max(0.001, std::min(rc.pollSlice_s, seconds))); // constant, so cached
    for (;;) {
        const ssize_t r = ::recv(s.fd(), buf, cap, 0);
        if (r >= 0)
            return static_cast<std::size_t>(r);
        const int e = errno;
        if (e == EINTR)
            continue;
        if (e == ECONNREFUSED)
            throw ProbeError(ErrorKind::ConnectFailed, "no UDP server at " + s.peer() + " (connection refused)");
        if (e != EAGAIN && e != EWOULDBLOCK)
            throw ProbeError(ErrorKind::System, "UDP receive from " + s.peer() + " failed: " + errnoText(e));
        rc.check("UDP receive");
        if (Clock::now() >= end)
            return 0;
    }
}

void sendDatagram(Socket& s, const void* buf, std::size_t n, const RunControl& rc)
{
    rc.check("UDP send");
    for (;;) {
        const ssize_t r = ::send(s.fd(), buf, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (r >= 0)
            return;
        const int e = errno;
        if (e == EINTR)
            continue;
        if (e == ECONNREFUSED)
            throw ProbeError(ErrorKind::ConnectFailed, "no UDP server at " + s.peer() + " (connection refused)");
        if (e == EAGAIN || e == EWOULDBLOCK || e == ENOBUFS) {
            if (!waitFd(s.fd(), POLLOUT, rc.ioTimeout_s, rc, "UDP send"))
                throwTimeout("UDP send", s.peer(), rc.ioTimeout_s);
            continue;
        }
        throw ProbeError(ErrorKind::System, "UDP send to " + s.peer() + " failed: " + errnoText(e));
    }
}

} // namespace cs::probe
