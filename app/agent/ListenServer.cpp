#include "app/agent/ListenServer.h"
#include "app/agent/Throttle.h"
#include "model/core/Printable.h"

#include "cs/probe/Error.h"
#include "cs/probe/Socket.h"

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <iostream>
#include <list>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>

namespace cs::agent {

namespace {

using Clock = std::chrono::steady_clock;

// A handshake younger than this, or that received bytes this recently, is
// not idle: the controller writes its hello right after connecting, so it is
// never dropped to make room for others (from its own address or any).
constexpr auto kQuiet = std::chrono::milliseconds(200);

// One accepted connection, served by AgentServer on its own thread.
struct Handshake {
    probe::Socket socket;
    std::string source; // the peer's address without the port
    std::string peer;   // with the port, for the log
    Clock::time_point started;
    std::atomic<Clock::rep> lastHeard{0}; // when bytes last arrived before the hello (0: never)
    std::thread thread;
    std::atomic<bool> finished{false};
    bool claimed = false; // under the listener's mutex: this one is the session
    bool dropped = false; // under the listener's mutex: shut down to make room
    AgentServer::End end = AgentServer::End::ControllerGone;
    std::string rejection;
};

// A connection that sent a wrong token, held unanswered until its address's
// back-off ends.
struct Held {
    probe::Socket socket;
    std::string source;
    Clock::time_point until;
};

// The peer's address without its port ("127.0.0.2", "::1"): what back-off
// and the per-address limits count by.
std::string sourceAddress(int fd)
{
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&ss), &len) != 0)
        return "?";
    char buf[INET6_ADDRSTRLEN] = {};
    if (ss.ss_family == AF_INET)
        ::inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(&ss)->sin_addr, buf, sizeof buf);
    else if (ss.ss_family == AF_INET6)
        ::inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(&ss)->sin6_addr, buf, sizeof buf);
    return buf[0] ? std::string(buf) : std::string("?");
}

// Under the listener's mutex: still saying hello.
bool live(const Handshake& h)
{
    return !h.claimed && !h.dropped && !h.finished.load();
}

// Under the listener's mutex: a live handshake whose peer has said nothing
// for a while and has nothing unread, the only kind dropped to make room.
bool idle(const Handshake& h, Clock::time_point now)
{
    if (!live(h) || now - h.started < kQuiet)
        return false;
    if (const Clock::rep heard = h.lastHeard.load(); heard != 0 && now - Clock::time_point(Clock::duration(heard)) < kQuiet)
        return false;
    pollfd p{h.socket.fd(), POLLIN, 0};
    return ::poll(&p, 1, 0) == 0;
}

// Sends the refusal of a wrong token without waiting; the socket's owner closes it.
void refuse(const probe::Socket& s, const std::string& frame)
{
    [[maybe_unused]] const ssize_t n = ::send(s.fd(), frame.data(), frame.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

} // namespace

int serveListening(const AgentOptions& o, AgentConfig config, const sdk::ProbeRegistry& probes)
{
    probe::SocketAddress ep = probe::parseSocketAddress(o.listen);
    probe::Listener listener(ep, false);
    std::cout << "listening " << probe::SocketAddress{ep.host, listener.port()}.toString() << std::endl;

    config.holdTokenRefusal = true;
    const std::string refusalFrame = encodeFrame(tokenRefusal());
    std::mutex mutex;
    bool sessionTaken = false;
    std::list<std::unique_ptr<Handshake>> pending; // in the order accepted
    std::list<Held> held;
    SourceBackoff backoff;
    LogThrottle log;
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(o.acceptTimeout));
    const probe::RunControl rc;

    // A refusal quotes what the peer sent (a message type, a frame's
    // problem): no escape code of a stranger's reaches the agent's terminal.
    auto logLine = [&](const std::string& line) {
        const std::string out = log.pass(printable(line), Clock::now());
        if (!out.empty())
            std::cerr << "clusterscope-agent: " << out << "\n";
    };
    auto shutdownAll = [&] {
        std::lock_guard lock(mutex);
        for (auto& h : pending)
            ::shutdown(h->socket.fd(), SHUT_RDWR); // its serve() sees the end of the stream
        held.clear();
    };
    auto joinAll = [&] {
        for (auto& h : pending)
            if (h->thread.joinable())
                h->thread.join();
        pending.clear();
        if (const std::string more = log.pending(); !more.empty())
            std::cerr << "clusterscope-agent: refused controllers " << more << "\n";
    };
    // Under the mutex: shuts down the oldest idle handshake from `source`
    // ("" for the address holding the most live ones that has an idle one).
    // False when there is none to drop.
    auto dropIdle = [&](const std::string& source, Clock::time_point now) {
        std::string from = source;
        if (from.empty()) {
            std::map<std::string, std::pair<int, bool>> bySource; // live count, has an idle one
            for (auto& h : pending)
                if (live(*h)) {
                    auto& e = bySource[h->source];
                    ++e.first;
                    e.second = e.second || idle(*h, now);
                }
            int most = 0;
            for (const auto& [s, e] : bySource)
                if (e.second && e.first > most) {
                    most = e.first;
                    from = s;
                }
            if (from.empty())
                return false;
        }
        for (auto& h : pending)
            if (h->source == from && idle(*h, now)) {
                h->dropped = true;
                ::shutdown(h->socket.fd(), SHUT_RDWR);
                return true;
            }
        return false;
    };
    // Under the mutex: live handshakes, in all and from `source`.
    auto liveCount = [&](const std::string& source) {
        std::pair<int, int> n{0, 0};
        for (auto& h : pending)
            if (live(*h)) {
                ++n.first;
                n.second += h->source == source ? 1 : 0;
            }
        return n;
    };
    auto startHandshake = [&](probe::Socket s, const std::string& source) {
        const auto now = Clock::now();
        {
            std::lock_guard lock(mutex);
            const auto [total, mine] = liveCount(source);
            const bool droppedOwn = mine >= kMaxHandshakesPerSource && dropIdle(source, now);
            if (!droppedOwn && total >= kMaxPendingHandshakes)
                dropIdle("", now); // there is one: the accept loop waited for it
        }
        auto h = std::make_unique<Handshake>();
        h->peer = s.peer();
        h->socket = std::move(s);
        h->source = source;
        h->started = now;
        Handshake* hp = h.get();
        AgentConfig mine = config;
        // The first right hello becomes the session; any later one is busy.
        mine.claim = [&mutex, &sessionTaken, hp] {
            std::lock_guard lock(mutex);
            if (sessionTaken || hp->dropped)
                return false;
            sessionTaken = true;
            hp->claimed = true;
            return true;
        };
        mine.heard = [hp] { hp->lastHeard = Clock::now().time_since_epoch().count(); };
        h->thread = std::thread([hp, mine = std::move(mine), &probes] {
            AgentServer server(hp->socket.fd(), hp->socket.fd(), mine, probes);
            hp->end = server.serve();
            hp->rejection = server.rejection();
            hp->finished = true;
        });
        std::lock_guard lock(mutex);
        pending.push_back(std::move(h));
    };
    // A wrong token: held unanswered until its address's back-off ends, or
    // refused at once when that address (or everyone) holds too many.
    auto hold = [&](probe::Socket s, const std::string& source, Clock::time_point until) {
        int mine = 0;
        for (const Held& d : held)
            mine += d.source == source ? 1 : 0;
        if (mine >= kMaxHeldPerSource || static_cast<int>(held.size()) >= kMaxHeld) {
            refuse(s, refusalFrame);
            return;
        }
        held.push_back({std::move(s), source, until});
    };
    // Before accepting: is there room for one more handshake?
    auto room = [&](Clock::time_point now) {
        std::lock_guard lock(mutex);
        if (liveCount("").first < kMaxPendingHandshakes)
            return true;
        return std::any_of(pending.begin(), pending.end(), [&](const auto& h) { return idle(*h, now); });
    };

    for (;;) {
        // Collect ended handshakes; the end of the session ends the agent.
        const auto now = Clock::now();
        bool sessionOver = false;
        bool anyLive = false;
        bool taken = false;
        std::list<std::unique_ptr<Handshake>> ended;
        {
            std::lock_guard lock(mutex);
            for (auto it = pending.begin(); it != pending.end();) {
                if (!(*it)->finished.load()) {
                    anyLive = anyLive || !(*it)->dropped;
                    ++it;
                    continue;
                }
                ended.push_back(std::move(*it));
                it = pending.erase(it);
            }
            taken = sessionTaken;
        }
        for (auto& hp : ended) {
            Handshake& h = *hp;
            h.thread.join();
            if (h.claimed)
                sessionOver = true;
            else if (h.end == AgentServer::End::Rejected) {
                if (h.rejection == "wrong token") {
                    backoff.failed(h.source, now);
                    hold(std::move(h.socket), h.source, backoff.until(h.source));
                }
                logLine("refused a controller from " + h.peer + ": " + h.rejection);
            }
        }
        // Held refusals whose back-off is over are answered and closed.
        for (auto it = held.begin(); it != held.end();) {
            if (it->until > now) {
                ++it;
                continue;
            }
            refuse(it->socket, refusalFrame);
            it = held.erase(it);
        }
        if (sessionOver) {
            shutdownAll();
            joinAll();
            return 0;
        }
        if (taken) {
            // Serving: new connections wait in the kernel's queue meanwhile.
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        if (now >= deadline) {
            // No more connections; those accepted before the timeout finish
            // their hello (within the hello timeout): any may be the controller.
            if (!anyLive) {
                std::cerr << "clusterscope-agent: no controller connected within " << o.acceptTimeout << " s\n";
                shutdownAll();
                joinAll();
                return 3;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        if (!room(now)) {
            // Every handshake is fresh or talking: one ends soon. The next
            // connection waits in the kernel's queue, not lost.
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            continue;
        }
        probe::Socket s;
        try {
            s = listener.accept(0.05, rc);
        } catch (const probe::ProbeError& e) {
            if (e.kind() == probe::ErrorKind::Timeout)
                continue;
            // EMFILE and the like: transient, and caused by whoever connects.
            logLine(std::string("accept failed: ") + e.what());
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        s.setNonBlocking(false);
        const std::string source = sourceAddress(s.fd());
        startHandshake(std::move(s), source);
    }
}

} // namespace cs::agent
