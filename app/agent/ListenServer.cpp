#include "app/agent/ListenServer.h"
#include "app/agent/Throttle.h"

#include "cs/probe/Error.h"
#include "cs/probe/Socket.h"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <list>
#include <mutex>
#include <sys/socket.h>
#include <thread>

namespace cs::agent {

namespace {

// One accepted connection, served by AgentServer on its own thread.
struct Handshake {
    probe::Socket socket;
    std::thread thread;
    std::atomic<bool> finished{false};
    bool claimed = false; // under the listener's mutex: this one is the session
    bool dropped = false; // under the listener's mutex: shut down to make room
    AgentServer::End end = AgentServer::End::ControllerGone;
    std::string rejection;
};

} // namespace

int serveListening(const AgentOptions& o, AgentConfig config, const sdk::ProbeRegistry& probes)
{
    probe::SocketAddress ep = probe::parseSocketAddress(o.listen);
    probe::Listener listener(ep, false);
    std::cout << "listening " << probe::SocketAddress{ep.host, listener.port()}.toString() << std::endl;

    std::mutex mutex;
    bool sessionTaken = false;
    std::list<std::unique_ptr<Handshake>> pending;
    FailureBackoff backoff;
    LogThrottle log;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(o.acceptTimeout));
    const probe::RunControl rc;

    auto logLine = [&](const std::string& line) {
        const std::string out = log.pass(line, std::chrono::steady_clock::now());
        if (!out.empty())
            std::cerr << "clusterscope-agent: " << out << "\n";
    };
    auto shutdownAll = [&] {
        std::lock_guard lock(mutex);
        for (auto& h : pending)
            ::shutdown(h->socket.fd(), SHUT_RDWR); // its serve() sees the end of the stream
    };
    auto joinAll = [&] {
        for (auto& h : pending)
            if (h->thread.joinable())
                h->thread.join();
        pending.clear();
        if (const std::string more = log.pending(); !more.empty())
            std::cerr << "clusterscope-agent: refused controllers " << more << "\n";
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
                    backoff.failed(std::chrono::steady_clock::now());
                logLine("refused a controller from " + h.socket.peer() + ": " + h.rejection);
            }
            it = pending.erase(it);
        }
        const auto now = std::chrono::steady_clock::now();
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
        if (!taken && now >= deadline) {
            std::cerr << "clusterscope-agent: no controller connected within " << o.acceptTimeout << " s\n";
            shutdownAll();
            joinAll();
            return 3;
        }
        if (taken || backoff.waiting(now)) {
            // Serving, or backing off after a wrong token: new connections
            // wait in the kernel's queue meanwhile.
            const auto until = taken ? now + std::chrono::milliseconds(50)
                                     : std::min(backoff.until(), now + std::chrono::milliseconds(50));
            std::this_thread::sleep_until(until);
            continue;
        }
        probe::Socket s;
        try {
            s = listener.accept(0.05, rc);
        } catch (const probe::ProbeError& e) {
            if (e.kind() == probe::ErrorKind::Timeout)
                continue;
            std::cerr << "clusterscope-agent: " << e.what() << "\n";
            shutdownAll();
            joinAll();
            return 3;
        }
        s.setNonBlocking(false);
        {
            // Full: drop the oldest handshake that has not become the session.
            std::lock_guard lock(mutex);
            if (static_cast<int>(pending.size()) >= kMaxPendingHandshakes)
                for (auto& h : pending)
                    if (!h->claimed && !h->dropped && !h->finished.load()) {
                        h->dropped = true;
                        ::shutdown(h->socket.fd(), SHUT_RDWR);
                        break;
                    }
        }
        auto h = std::make_unique<Handshake>();
        h->socket = std::move(s);
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
    }
}

} // namespace cs::agent
