#pragma once
// Internal: the UDP side of a pair kernel's server role (UDP ping-pong, token exchange).

#include "Roles.h"
#include "cs/probe/Clock.h"
#include "cs/probe/Error.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

namespace cs::probe::roles {

/// True when a and b carry the same IPv4 or IPv6 address (ports are not compared).
bool sameHost(const sockaddr_storage& a, const sockaddr_storage& b);

/// Receives datagrams on the listener's UDP socket, polling in slices of rc.pollSlice_s, and hands each one from the
/// session's client host (the control connection's peer; others are ignored) to
///     bool onDatagram(std::size_t n, const sockaddr_storage& from, socklen_t fromLen)
/// with the bytes in `buffer`. onDatagram returns true when the datagram belonged to the session, which resets the
/// idle timer. Between datagrams it checks rc; it returns when the client ends the session with Done on the control
/// connection (answered with Done). Throws ProbeError: Timeout after rc.ioTimeout_s without a session datagram,
/// System on a receive error, Cancelled from rc. `what` names the kernel in messages ("UDP ping-pong").
template <typename OnDatagram>
void serveDatagrams(Context& ctx, std::vector<std::uint8_t>& buffer, const std::string& what, OnDatagram&& onDatagram)
{
    sockaddr_storage client{};
    socklen_t clen = sizeof(client);
    getpeername(ctx.control.fd(), reinterpret_cast<sockaddr*>(&client), &clen);
    Socket& udp = ctx.listener.udp();
    udp.setRecvTimeout(std::min(ctx.rc.pollSlice_s, ctx.rc.ioTimeout_s));
    auto lastActivity = SteadyClock::now();
    for (;;) {
        sockaddr_storage from{};
        socklen_t flen = sizeof(from);
        const ssize_t n =
            ::recvfrom(udp.fd(), buffer.data(), buffer.size(), 0, reinterpret_cast<sockaddr*>(&from), &flen);
        if (n >= 0) {
            ctx.rc.check(what.c_str());
            if (sameHost(from, client) && onDatagram(static_cast<std::size_t>(n), from, flen))
                lastActivity = SteadyClock::now();
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            throw ProbeError(ErrorKind::System, what + ": receive failed: " + std::strerror(errno));
        // Idle for a slice: the client may have finished (Done on the control connection) or vanished.
        ctx.rc.check(what.c_str());
        if (ctx.control.waitReadable(0.0, ctx.rc, (what + " control").c_str())) {
            (void)wire::expectFrame(ctx.control, wire::FrameType::Done, ctx.rc, (what + " end").c_str());
            wire::sendFrame(ctx.control, wire::FrameType::Done, std::vector<std::uint8_t>{}, ctx.rc);
            return;
        }
        if (std::chrono::duration<double>(SteadyClock::now() - lastActivity).count() > ctx.rc.ioTimeout_s)
            throw ProbeError(ErrorKind::Timeout, what + ": no datagram from " + ctx.control.peer() + " within " +
                                                     std::to_string(ctx.rc.ioTimeout_s) + " s");
    }
}

} // namespace cs::probe::roles
