#include "app/agent/ListenServer.h"
#include "app/agent/Throttle.h"

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
#include <sys/socket.h>
#include <thread>

namespace cs::agent {

namespace {

using Clock = std::chrono::steady_clock;

// One accepted connection, served by AgentServer on its own thread.
struct Handshake {
    probe::Socket socket;
    std::string source; // the peer's address without the port
    std::thread thread;
    std::atomic<bool> finished{false};
    bool claimed = false; // under the listener's mutex: this one is the session
    bool dropped = false; // under the listener's mutex: shut down to make room
    AgentServer::End end = AgentServer::End::ControllerGone;
    std::string rejection;
};

// A connection from an address in back-off, not read until the back-off ends.
struct Deferred {
    probe::Socket socket;
    std::string source;
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

} // namespace

int serveListening(const AgentOptions& o, AgentConfig config, const sdk::ProbeRegistry& probes)
{
    probe::SocketAddress ep = probe::parseSocketAddress(o.listen);
    probe::Listener listener(ep, false);
    std::cout << "listening " << probe::SocketAddress{ep.host, listener.port()}.toString() << std::endl;

    std::mutex mutex;
    bool sessionTaken = false;
    std::list<std::unique_ptr<Handshake>> pending;
    std::list<Deferred> deferred;
    SourceBackoff backoff;
    LogThrottle log;
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(o.acceptTimeout));
    const probe::RunControl rc;

    auto logLine = [&](const std::string& line) {
        const std::string out = log.pass(line, Clock::now());
        if (!out.empty())
            std::cerr << "clusterscope-agent: " << out << "\n";
    };
    auto shutdownAll = [&] {
        std::lock_guard lock(mutex);
        for (auto& h : pending)
            ::shutdown(h->socket.fd(), SHUT_RDWR); // its serve() sees the end of the stream
        deferred.clear();
    };
    auto joinAll = [&] {
        for (auto& h : pending)
            if (h->thread.joinable())
                h->thread.join();
        pending.clear();
        if (const std::string more = log.pending(); !more.empty())
            std::cerr << "clusterscope-agent: refused controllers " << more << "\n";
    };
    // Shuts down one live handshake to make room (under the mutex).
    auto dropOldest = [&](const std::string& source) {
        for (auto& h : pending)
            if (h->source == source && !h->claimed && !h->dropped && !h->finished.load()) {
                h->dropped = true;
                ::shutdown(h->socket.fd(), SHUT_RDWR);
                return;
            }
    };
    auto startHandshake = [&](probe::Socket s, const std::string& source) {
        {
            std::lock_guard lock(mutex);
            std::map<std::string, int> live;
            int total = 0;
            for (auto& h : pending)
                if (!h->claimed && !h->dropped && !h->finished.load()) {
                    ++live[h->source];
                    ++total;
                }
            if (live[source] >= kMaxHandshakesPerSource)
                dropOldest(source);
            else if (total >= kMaxPendingHandshakes) {
                // The address holding the most makes room, never one with a single try.
                const auto most = std::max_element(live.begin(), live.end(),
                                                   [](const auto& a, const auto& b) { return a.second < b.second; });
                dropOldest(most->first);
            }
        }
        auto h = std::make_unique<Handshake>();
        h->socket = std::move(s);
        h->source = source;
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
        h->thread = std::thread([hp, mine = std::move(mine), &probes] {
            AgentServer server(hp->socket.fd(), hp->socket.fd(), mine, probes);
            hp->end = server.serve();
            hp->rejection = server.rejection();
            hp->finished = true;
        });
        pending.push_back(std::move(h));
    };
    auto defer = [&](probe::Socket s, const std::string& source) {
        int mine = 0;
        for (const Deferred& d : deferred)
            mine += d.source == source ? 1 : 0;
        if (mine >= kMaxDeferredPerSource || static_cast<int>(deferred.size()) >= kMaxDeferred)
            return; // closed unread: this address is guessing
        deferred.push_back({std::move(s), source});
    };

    for (;;) {
        // Collect ended handshakes; the end of the session ends the agent.
        bool sessionOver = false;
        for (auto it = pending.begin(); it != pending.end();) {
            Handshake& h = **it;
            if (!h.finished.load()) {
                ++it;
                continue;
            }
            h.thread.join();
            if (h.claimed)
                sessionOver = true;
            else if (h.end == AgentServer::End::Rejected) {
                if (h.rejection == "wrong token")
                    backoff.failed(h.source, Clock::now());
                logLine("refused a controller from " + h.socket.peer() + ": " + h.rejection);
            }
            it = pending.erase(it);
        }
        const auto now = Clock::now();
        bool taken = false;
        {
            std::lock_guard lock(mutex);
            taken = sessionTaken;
        }
        if (sessionOver) {
            shutdownAll();
            joinAll();
            return 0;
        }
        if (taken) {
            // Serving: new connections wait in the kernel's queue meanwhile.
            deferred.clear();
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        if (now >= deadline) {
            // Attackers never keep the agent waiting: only a handshake from an
            // address without a wrong token may still be the controller.
            const bool maybeController = std::any_of(pending.begin(), pending.end(), [&](const auto& h) {
                return backoff.failures(h->source) == 0;
            });
            if (!maybeController) {
                std::cerr << "clusterscope-agent: no controller connected within " << o.acceptTimeout << " s\n";
                shutdownAll();
                joinAll();
                return 3;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        // Connections whose address's back-off has ended are served now.
        for (auto it = deferred.begin(); it != deferred.end();) {
            if (backoff.waiting(it->source, now)) {
                ++it;
                continue;
            }
            startHandshake(std::move(it->socket), it->source);
            it = deferred.erase(it);
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
        if (backoff.waiting(source, Clock::now()))
            defer(std::move(s), source);
        else
            startHandshake(std::move(s), source);
    }
}

} // namespace cs::agent
