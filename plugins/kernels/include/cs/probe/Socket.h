#pragma once
// Small POSIX socket layer used by the networked kernels. IPv4 and IPv6, TCP and UDP. Every operation takes
// a RunControl and never blocks longer than RunControl::ioTimeout_s (or the run deadline): it polls in slices
// of RunControl::pollSlice_s and checks the stop flag between slices. SIGPIPE is never raised
// (MSG_NOSIGNAL). Errors throw ProbeError with the peer named in the message.

#include "cs/probe/RunControl.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace cs::probe {

/// A host and port. host is a numeric address or a name resolved with getaddrinfo ("127.0.0.1", "::1",
/// "node07"). port 0 means "any free port" when binding.
struct SocketAddress {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0;
    std::string toString() const; ///< "127.0.0.1:40123" or "[::1]:40123"
};

/// Parses "host:port" or "[v6]:port"; throws ProbeError(InvalidParameter) when malformed.
SocketAddress parseSocketAddress(const std::string& text);

/// An owned file descriptor (closed on destruction), with the peer's name for messages.
class Socket {
public:
    Socket() = default;
    explicit Socket(int fd, std::string peer = {}) : fd_(fd), peer_(std::move(peer)) {}
    ~Socket();
    Socket(Socket&& o) noexcept;
    Socket& operator=(Socket&& o) noexcept;
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;

    int fd() const noexcept { return fd_; }
    bool valid() const noexcept { return fd_ >= 0; }
    const std::string& peer() const noexcept { return peer_; }
    void close() noexcept;

    /// Sends all `n` bytes (TCP). Throws Timeout if no progress within ioTimeout_s, PeerClosed on EPIPE/RST.
    void sendAll(const void* data, std::size_t n, const RunControl& rc, const char* what = "send");
    /// Receives exactly `n` bytes (TCP). Throws PeerClosed on orderly shutdown before n bytes.
    void recvAll(void* data, std::size_t n, const RunControl& rc, const char* what = "receive");
    /// Receives up to `n` bytes (TCP), at least 1; returns the count. Throws PeerClosed at end of stream.
    std::size_t recvSome(void* data, std::size_t n, const RunControl& rc, const char* what = "receive");

    /// Waits until readable (true) or `seconds` elapsed (false); checks stop/deadline in slices.
    bool waitReadable(double seconds, const RunControl& rc, const char* what);
    /// Waits until writable (true) or `seconds` elapsed (false).
    bool waitWritable(double seconds, const RunControl& rc, const char* what);

    /// TCP_NODELAY on/off; socket buffer sizes (bytes; 0 leaves the default).
    void setNoDelay(bool on);
    void setBuffers(int sendBytes, int recvBytes);
    void setNonBlocking(bool on);
    bool isNonBlocking() const noexcept;
    /// SO_RCVTIMEO in seconds (cached; a blocking recv returns EAGAIN after this long).
    void setRecvTimeout(double seconds);

private:
    int fd_ = -1;
    std::string peer_;
    double rcvTimeo_ = -1.0; // SO_RCVTIMEO currently set, seconds (-1 = not set)
};

/// A bound server endpoint: a listening TCP socket and, when asked, a UDP socket bound to the same port
/// number (the UDP kernels use TCP for control and UDP for data). Binds to loopback unless the host says
/// otherwise ("0.0.0.0" or "::" for every interface).
class Listener {
public:
    /// Binds host:port (port 0 = an ephemeral port; with withUdp the same number is bound for UDP, retrying
    /// other ephemeral ports if that number is taken for UDP). Throws ProbeError(System) on failure.
    explicit Listener(const SocketAddress& bindTo = {}, bool withUdp = true, int backlog = 64);

    std::uint16_t port() const noexcept { return port_; }
    SocketAddress endpoint() const { return {host_, port_}; }
    Socket& tcp() noexcept { return tcp_; }
    Socket& udp() noexcept { return udp_; }
    bool hasUdp() const noexcept { return udp_.valid(); }

    /// Accepts one TCP connection, waiting at most `seconds` (and honouring stop/deadline).
    /// Throws Timeout when nobody connects in time, Cancelled when stop is raised.
    Socket accept(double seconds, const RunControl& rc);

private:
    std::string host_;
    std::uint16_t port_ = 0;
    Socket tcp_;
    Socket udp_;
};

/// Connects to `to` over TCP, retrying refused/unreachable attempts until rc.connectTimeout_s has passed.
/// Sets TCP_NODELAY. Throws ConnectFailed naming the endpoint, the time spent and the last errno text.
Socket connectTcp(const SocketAddress& to, const RunControl& rc);

/// A UDP socket connect()ed to `to` (so send/recv work and ICMP errors surface), bound to an ephemeral port
/// on the matching address family.
Socket connectUdp(const SocketAddress& to);

/// One datagram with timeout: returns the byte count, or 0 if nothing arrived within `seconds` (UDP loss is
/// not an error). Checks stop/deadline between slices.
std::size_t recvDatagram(Socket& s, void* buf, std::size_t cap, double seconds, const RunControl& rc);

/// Sends one datagram on a connected UDP socket; throws on hard errors (ECONNREFUSED = no server).
void sendDatagram(Socket& s, const void* buf, std::size_t n, const RunControl& rc);

} // namespace cs::probe
