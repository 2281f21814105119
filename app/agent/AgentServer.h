#pragma once
// One controller session of clusterscope-agent over a byte channel (stdin and
// stdout in pipe mode, an accepted socket in listen mode). It speaks the
// protocol of docs/agent-protocol.md: hello with version negotiation and the
// per-run token first, then run / go / cancel / bye. Probes run on worker
// threads (cs::sdk::ProbeRun); their samples, progress and results are
// written back as frames. When the channel closes, every run is cancelled
// and serve() returns.
#include "app/agent/protocol/AgentProtocol.h"

#include "cs/sdk/ProbeRegistry.h"
#include "cs/sdk/ProbeRun.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace cs::agent {

struct AgentConfig {
    std::string expectedToken;       // the per-run token a hello must carry (never empty)
    std::string defaultBind = "127.0.0.1"; // data-plane address when a run names none
    int helloTimeoutMs = 10000;      // a controller silent this long before its hello is dropped
    int maxConcurrentRuns = 4;
    nlohmann::json environment;      // sent in the welcome: host, CPU, pinning, clock, versions
    // Listen mode: asked once a hello with the right token arrives; false
    // means another controller was first, and this one is refused as busy.
    std::function<bool()> claim;
    // Listen mode: a wrong token's refusal is not sent by serve(); the
    // listener sends tokenRefusal() when the source's back-off ends, so a
    // guessing address learns each answer late while nobody else waits.
    bool holdTokenRefusal = false;
    // Listen mode: called on the session's thread whenever bytes arrive
    // before the hello is accepted (the peer is talking, not idle).
    std::function<void()> heard;
};

// The error frame that refuses a wrong token.
nlohmann::json tokenRefusal();

class AgentServer {
public:
    // Exit status of serve().
    enum class End {
        ControllerGone, // end of stream or "bye": a clean exit
        Rejected,       // bad token, no common version, malformed framing, no hello in time
    };

    AgentServer(int inFd, int outFd, AgentConfig config, const sdk::ProbeRegistry& probes);
    ~AgentServer();

    // Serves until the controller goes away or is refused.
    End serve();
    // The reason when serve() returned Rejected.
    const std::string& rejection() const { return rejection_; }
    // True once a valid hello was accepted.
    bool greeted() const { return greeted_; }

private:
    struct ActiveRun;

    bool send(const nlohmann::json& message);          // thread-safe; false once the channel is closed
    void sendError(std::string_view code, std::string_view message, std::string_view runId = {});
    bool handle(const Message& m);                      // false: end the session
    void startRun(const nlohmann::json& body);
    void cancelRun(const std::string& id);
    void peersForRun(const nlohmann::json& body);
    void runFinished(const std::string& id);
    void stopAll();

    int in_;
    int out_;
    AgentConfig config_;
    const sdk::ProbeRegistry& probes_;
    std::mutex sendMutex_;
    std::atomic<bool> closed_{false};
    bool greeted_ = false;
    std::string rejection_;
    std::mutex runsMutex_;
    std::map<std::string, std::unique_ptr<ActiveRun>> runs_;
};

} // namespace cs::agent
