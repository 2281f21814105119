#include "app/agent/AgentServer.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <chrono>
#include <cstring>
#include <poll.h>
#include <unistd.h>

namespace cs::agent {

using nlohmann::json;

struct AgentServer::ActiveRun {
    std::string id;
    std::atomic<bool> done{false};
    std::chrono::steady_clock::time_point lastProgress{};
    double lastDone = -1.0; // the last progress sent
    // Last, so it is destroyed (and its worker joined) first.
    std::unique_ptr<sdk::ProbeRun> session;
};

json tokenRefusal()
{
    return errorMessage(code::Token, "wrong token: this agent serves only the controller that started it");
}

AgentServer::AgentServer(int inFd, int outFd, AgentConfig config, const sdk::ProbeRegistry& probes)
    : in_(inFd), out_(outFd), config_(std::move(config)), probes_(probes)
{
}

AgentServer::~AgentServer()
{
    stopAll();
}

bool AgentServer::send(const json& message)
{
    if (closed_.load())
        return false;
    std::string frame;
    try {
        frame = encodeFrame(message);
    } catch (const std::length_error& e) {
        // A result too large for one frame: say so instead of breaking the stream.
        const std::string id = message.value("id", std::string());
        frame = encodeFrame(errorMessage(code::Failed, e.what(), id));
    }
    std::lock_guard lock(sendMutex_);
    const char* p = frame.data();
    std::size_t left = frame.size();
    while (left > 0) {
        const ssize_t n = ::write(out_, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            closed_ = true; // EPIPE: the controller is gone
            return false;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return true;
}

void AgentServer::sendError(std::string_view c, std::string_view message, std::string_view runId)
{
    send(errorMessage(c, message, runId));
}

AgentServer::End AgentServer::serve()
{
    FrameDecoder decoder;
    std::string frame;
    char buf[65536];
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        // Before the hello, wait at most helloTimeoutMs in total.
        int timeout = -1;
        if (!greeted_) {
            const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::steady_clock::now() - start)
                                    .count();
            timeout = static_cast<int>(std::max<long long>(0, config_.helloTimeoutMs - waited));
        }
        pollfd pfd{in_, POLLIN, 0};
        const int pr = ::poll(&pfd, 1, timeout);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr == 0) {
            rejection_ = "no hello within " + std::to_string(config_.helloTimeoutMs) + " ms";
            sendError(code::State, rejection_);
            stopAll();
            return End::Rejected;
        }
        const ssize_t n = ::read(in_, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) { // end of stream: the controller disappeared
            closed_ = true;
            stopAll();
            return End::ControllerGone;
        }
        if (!greeted_ && config_.heard)
            config_.heard();
        decoder.feed(buf, static_cast<std::size_t>(n));
        for (;;) {
            const FrameDecoder::Status st = decoder.next(frame);
            if (st == FrameDecoder::Status::NeedMore)
                break;
            if (st != FrameDecoder::Status::Frame) {
                rejection_ = st == FrameDecoder::Status::Empty
                                 ? std::string("empty frame (length 0)")
                                 : "frame of " + std::to_string(decoder.refusedLength()) +
                                       " bytes exceeds the bound of " + std::to_string(kMaxFrameBytes) + " bytes";
                sendError(code::Frame, rejection_);
                stopAll();
                return End::Rejected;
            }
            Message m;
            if (std::string problem = parseMessage(frame, Sender::Controller, m); !problem.empty()) {
                if (!greeted_) {
                    rejection_ = "first message refused: " + problem;
                    sendError(code::Malformed, rejection_);
                    stopAll();
                    return End::Rejected;
                }
                sendError(code::Malformed, problem); // framing is intact: keep the session
                continue;
            }
            if (!handle(m)) {
                stopAll();
                return rejection_.empty() ? End::ControllerGone : End::Rejected;
            }
        }
    }
}

bool AgentServer::handle(const Message& m)
{
    const json& b = m.body;
    if (!greeted_) {
        if (m.type != "hello") {
            rejection_ = "the first message must be hello, not " + m.type;
            sendError(code::State, rejection_);
            return false;
        }
        if (!tokensEqual(b["token"].get_ref<const std::string&>(), config_.expectedToken)) {
            rejection_ = "wrong token";
            if (!config_.holdTokenRefusal)
                send(tokenRefusal());
            return false;
        }
        const auto lo = b["versions"][0].get<long long>();
        const auto hi = b["versions"][1].get<long long>();
        if (lo > kProtocolVersion || hi < kProtocolVersion) {
            rejection_ = "no common protocol version: controller speaks " + std::to_string(lo) + ".." +
                         std::to_string(hi) + ", agent speaks " + std::to_string(kProtocolVersion);
            sendError(code::Version, rejection_);
            return false;
        }
        if (config_.claim && !config_.claim()) {
            rejection_ = "another controller is already connected";
            sendError(code::Busy, rejection_);
            return false;
        }
        greeted_ = true;
        json probes = json::array();
        for (const sdk::RegisteredProbe& p : probes_.probes())
            if (p.descriptor.launcher == "agent")
                probes.push_back(p.descriptor.id);
        return send({{"type", "welcome"},
                     {"protocol", kProtocolVersion},
                     {"agent", std::string("clusterscope-agent ") + CS_AGENT_VERSION},
                     {"probes", probes},
                     {"environment", config_.environment}});
    }
    if (m.type == "hello") {
        sendError(code::State, "hello was already received");
        return true;
    }
    if (m.type == "run")
        startRun(b);
    else if (m.type == "go")
        peersForRun(b);
    else if (m.type == "cancel")
        cancelRun(b["id"].get<std::string>());
    else if (m.type == "bye")
        return false;
    return !closed_.load();
}

void AgentServer::startRun(const json& b)
{
    const std::string id = b["id"].get<std::string>();
    const std::string probe = b["probe"].get<std::string>();
    const std::string role = b["role"].get<std::string>();
    const sdk::RegisteredProbe* lp = probes_.find(probe);
    if (!lp || lp->descriptor.launcher != "agent") {
        sendError(code::UnknownProbe, "this agent does not know probe " + probe, id);
        return;
    }
    const sdk::ProbeDescriptor& d = lp->descriptor;
    if (std::find(d.roles.begin(), d.roles.end(), role) == d.roles.end()) {
        sendError(code::BadParam, "probe " + probe + " has no role " + role, id);
        return;
    }
    sdk::RunRequest req;
    if (std::string problem = sdk::resolveParams(d, b.value("params", json::object()), req.params);
        !problem.empty()) {
        sendError(code::BadParam, problem, id);
        return;
    }
    req.runId = id;
    req.probe = probe;
    req.role = role;
    req.rank = b.value("rank", 0);
    req.size = b.value("size", 1);
    req.bind = b.value("bind", config_.defaultBind);
    req.token = b.value("token", std::string());
    for (const json& p : b.value("peers", json::array()))
        req.peers.push_back({p["host"].get<std::string>(), p["port"].get<int>()});

    std::lock_guard lock(runsMutex_);
    // Reap finished runs (their threads have ended).
    for (auto it = runs_.begin(); it != runs_.end();)
        it = it->second->done.load() ? runs_.erase(it) : std::next(it);
    if (runs_.count(id)) {
        sendError(code::Busy, "a run with id " + id + " is already active", id);
        return;
    }
    if (static_cast<int>(runs_.size()) >= config_.maxConcurrentRuns) {
        sendError(code::Busy, "too many runs at once (at most " + std::to_string(config_.maxConcurrentRuns) + ")",
                  id);
        return;
    }
    auto run = std::make_unique<ActiveRun>();
    run->id = id;
    ActiveRun* r = run.get();
    sdk::ProbeRunEvents events;
    events.announced = [this, id](int port) { send({{"type", "ready"}, {"id", id}, {"port", port}}); };
    events.samplesAdded = [this, id](const std::string& series, const std::vector<double>& values) {
        for (const json& m : samplesMessages(id, series, values))
            send(m);
    };
    events.progressed = [this, id, r](double done, double total) {
        const auto now = std::chrono::steady_clock::now();
        // At most ten progress frames a second, but a new whole step (the
        // ping-pong's next size) always goes out: a timeout names it.
        const bool newStep = std::floor(done) != std::floor(r->lastDone);
        if (done < total && !newStep && now - r->lastProgress < std::chrono::milliseconds(100))
            return;
        r->lastProgress = now;
        r->lastDone = done;
        send({{"type", "progress"}, {"id", id}, {"done", done}, {"total", total}});
    };
    events.finished = [this, id](bool) { runFinished(id); };
    run->session = std::make_unique<sdk::ProbeRun>(std::move(events));
    sdk::ProbeRun* s = run->session.get();
    runs_[id] = std::move(run);
    s->start(lp->run, req);
}

void AgentServer::runFinished(const std::string& id)
{
    // Called on the run's worker thread, after its outcome was stored.
    ActiveRun* r = nullptr;
    {
        std::lock_guard lock(runsMutex_);
        auto it = runs_.find(id);
        if (it == runs_.end())
            return;
        r = it->second.get();
    }
    const std::optional<sdk::RunOutcome> o = r->session->store().outcome();
    if (o && o->ok) {
        json msg = {{"type", "result"}, {"id", id}, {"summary", o->summary}, {"environment", o->environment}};
        if (!o->details.empty())
            msg["details"] = o->details;
        send(msg);
    } else if (o) {
        const std::string c = o->errorKind == "cancelled" ? code::Cancelled : code::Failed;
        json err = errorMessage(c, o->error, id);
        err["kind"] = o->errorKind;
        send(err);
    }
    r->done = true;
}

void AgentServer::cancelRun(const std::string& id)
{
    std::lock_guard lock(runsMutex_);
    auto it = runs_.find(id);
    if (it == runs_.end() || it->second->done.load()) {
        sendError(code::State, "no active run with id " + id, id);
        return;
    }
    it->second->session->stop();
}

void AgentServer::peersForRun(const json& b)
{
    const std::string id = b["id"].get<std::string>();
    std::vector<sdk::PeerAddress> peers;
    for (const json& p : b["peers"])
        peers.push_back({p["host"].get<std::string>(), p["port"].get<int>()});
    std::lock_guard lock(runsMutex_);
    auto it = runs_.find(id);
    if (it == runs_.end() || it->second->done.load()) {
        sendError(code::State, "no active run with id " + id, id);
        return;
    }
    it->second->session->setPeers(std::move(peers));
}

void AgentServer::stopAll()
{
    std::map<std::string, std::unique_ptr<ActiveRun>> runs;
    {
        std::lock_guard lock(runsMutex_);
        for (auto& [id, r] : runs_)
            r->session->stop();
        runs.swap(runs_);
    }
    // Destroying a session joins its worker; kernels notice the stop flag
    // within a poll slice, so this is quick.
    runs.clear();
}

} // namespace cs::agent
