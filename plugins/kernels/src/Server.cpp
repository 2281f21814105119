#include "cs/probe/Server.h"

#include "Roles.h"

#include <algorithm>
#include <random>
#include <sstream>
#include <type_traits>

namespace cs::probe {

const char* kernelName(KernelId id) noexcept
{
    switch (id) {
    case KernelId::PingPong: return "pingpong";
    case KernelId::LogGP: return "loggp";
    case KernelId::Stream: return "stream";
    case KernelId::TokenExchange: return "token";
    }
    return "unknown";
}

namespace {

bool tokensEqual(const std::string& a, const std::string& b)
{
    // Constant time in the length of the expected token.
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
    return diff == 0;
}

std::uint64_t makeNonce()
{
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
}

[[noreturn]] void reject(Socket& control, const std::string& reason, const RunControl& rc)
{
    try {
        wire::Writer w;
        w.str(reason.substr(0, 60000));
        wire::sendFrame(control, wire::FrameType::Reject, w, rc);
    } catch (const ProbeError&) {
        // The client may already be gone; the reason is still thrown below.
    }
    throw ProbeError(ErrorKind::Protocol, "hello from " + control.peer() + " rejected: " + reason);
}

template <class Params>
void runRole(Listener& listener, Socket& control, wire::Reader& r, const RunControl& rc, ServeSession& session)
{
    Params p;
    roles::decode(r, p);
    r.expectEnd("hello");
    const std::string bad = p.validate();
    if (!bad.empty())
        reject(control, bad, rc);
    if constexpr (std::is_same_v<Params, PingPongParams> || std::is_same_v<Params, TokenExchangeParams>) {
        bool udp = true;
        if constexpr (std::is_same_v<Params, PingPongParams>)
            udp = p.transport == Transport::Udp;
        if (udp && !listener.hasUdp())
            reject(control, "this server has no UDP socket for a UDP kernel", rc);
    }
    const std::uint64_t nonce = makeNonce();
    wire::Writer acc;
    acc.u64(nonce);
    wire::sendFrame(control, wire::FrameType::Accept, acc, rc);
    roles::Context ctx{listener, control, nonce, rc, session};
    try {
        roles::serve(ctx, p);
    } catch (const ProbeError& e) {
        if (e.kind() != ErrorKind::PeerClosed) {
            try {
                wire::Writer w;
                w.str(std::string("server failed: ") + e.what());
                wire::sendFrame(control, wire::FrameType::Error, w, rc);
            } catch (const ProbeError&) {
            }
        }
        throw;
    }
}

std::string checkOptions(const ServeOptions& o)
{
    std::ostringstream os;
    if (o.sessions < 1 || o.sessions > 1000000)
        os << "sessions = " << o.sessions << " must be in [1, 1000000]";
    else if (!(o.acceptTimeout_s > 0 && o.acceptTimeout_s <= 86400))
        os << "acceptTimeout_s = " << o.acceptTimeout_s << " must be in (0, 86400] seconds";
    return os.str();
}

} // namespace

ServeResult serve(Listener& listener, const ServeOptions& opts, const RunControl& rc)
{
    if (const std::string bad = checkOptions(opts); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, bad);
    if (const std::string bad = rc.validate(); !bad.empty())
        throw ProbeError(ErrorKind::InvalidParameter, bad);
    ScopedCpuPin pin(opts.cpu);
    ServeResult result;
    for (int i = 0; i < opts.sessions; ++i) {
        Socket control = listener.accept(opts.acceptTimeout_s, rc);
        wire::Frame hello = wire::recvFrame(control, rc);
        if (hello.type != wire::FrameType::Hello)
            reject(control, "the first frame must be a hello", rc);
        wire::Reader r(hello.payload);
        const auto id = static_cast<KernelId>(r.u16("kernel"));
        const std::string token = r.str("token");
        if (!rc.token.empty() && !tokensEqual(rc.token, token))
            reject(control, "wrong token", rc);
        if (std::string(kernelName(id)) == "unknown")
            reject(control, "unknown kernel id " + std::to_string(static_cast<int>(id)), rc);
        if (!opts.allowed.empty() && std::find(opts.allowed.begin(), opts.allowed.end(), id) == opts.allowed.end())
            reject(control, std::string("kernel ") + kernelName(id) + " is not enabled on this server", rc);
        ServeSession session;
        session.kernel = id;
        session.peer = control.peer();
        switch (id) {
        case KernelId::PingPong: runRole<PingPongParams>(listener, control, r, rc, session); break;
        case KernelId::LogGP: runRole<LogGPParams>(listener, control, r, rc, session); break;
        case KernelId::Stream: runRole<StreamParams>(listener, control, r, rc, session); break;
        case KernelId::TokenExchange: runRole<TokenExchangeParams>(listener, control, r, rc, session); break;
        }
        result.sessions.push_back(session);
    }
    result.env = captureEnvironment(opts.cpu);
    return result;
}

} // namespace cs::probe
