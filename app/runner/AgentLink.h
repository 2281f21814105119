#pragma once
// The controller's end of one agent: it starts the agent through the node's
// transport (or connects to a listening one), sends the token and the hello,
// and then exchanges frames. Blocking, with explicit waits, for use on the
// runner's worker thread (QProcess and QTcpSocket are used without an event
// loop through their waitFor* functions). Not thread-safe.
#include "app/agent/protocol/AgentProtocol.h"
#include "app/runner/AgentDeployer.h"
#include "app/runner/Node.h"
#include "app/runner/Transport.h"

#include <nlohmann/json.hpp>

#include <QByteArray>

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

class QIODevice;
class QProcess;
class QTcpSocket;

namespace cs::runner {

using Clock = std::chrono::steady_clock;

class AgentLink {
public:
    AgentLink(Node node, LaunchContext context, std::string tag);
    ~AgentLink(); // close()
    AgentLink(const AgentLink&) = delete;
    AgentLink& operator=(const AgentLink&) = delete;

    // Starts (or connects to) the agent and completes the hello. False, with
    // failure() set, when the node is unreachable, the agent refused us or
    // did not answer before `deadline`, or `cancel` was raised.
    bool open(Clock::time_point deadline, const std::atomic<bool>& cancel);

    bool send(const nlohmann::json& message);
    // Waits up to `ms` for input and queues the messages it completes.
    // False once the channel is dead (agent exited, socket closed, bad frame).
    bool pump(int ms);
    std::optional<agent::Message> take();
    bool alive() const { return !dead_; }
    // Why the channel died: the agent's exit status with the first and last
    // lines of its launcher's stderr (ssh's "Connection refused", srun's
    // "Requested nodes are busy"), or the protocol problem.
    const std::string& failure() const { return failure_; }
    // The first and last lines the launcher (or agent) wrote on stderr so
    // far, bounded; "" when it wrote nothing.
    std::string stderrSummary();

    // Says bye, closes the agent's stdin, waits up to `graceMs` for it to
    // exit, then kills it. Safe to call twice.
    void close(int graceMs = 500);
    // Kills the agent at once (timeouts, cancel).
    void kill();

    const Node& node() const { return node_; }
    const nlohmann::json& welcome() const { return welcome_; }
    // The launch command, for results and messages.
    const std::string& commandText() const { return commandText_; }
    // copyAgent: what the deployment did for this link (action "" when there was none).
    const DeployEvent& deployed() const { return deployed_; }

private:
    QIODevice* io() const;
    void markDead(const std::string& why);
    void collectStderr();
    bool runSetup(const LaunchPlan& plan, Clock::time_point deadline, const std::atomic<bool>& cancel);

    Node node_;
    LaunchContext ctx_;
    DeployEvent deployed_;
    std::string tag_;
    std::unique_ptr<QProcess> process_;
    std::unique_ptr<QTcpSocket> socket_;
    agent::FrameDecoder decoder_;
    std::deque<agent::Message> inbox_;
    QByteArray stderrHead_; // the first bytes: where ssh and srun say what went wrong first
    QByteArray stderr_;     // the last bytes
    std::string launcher_;  // the program started ("srun", "ssh", "mpirun", the agent)
    bool greeted_ = false;
    bool dead_ = false;
    bool closed_ = false;
    std::string failure_;
    nlohmann::json welcome_;
    std::string commandText_;
};

// Runs `c` to its end with its stdin closed. Returns "" or the problem (its exit status and the first and
// last lines of its stderr, naming `host`); fills *output with its stdout.
std::string runCommand(const Command& c, const std::string& host, Clock::time_point deadline,
                       const std::atomic<bool>& cancel, std::string* output);

// The first and the last non-empty line of a stream's start and end, each
// cut to `maxLine` characters, as "first … last" (just one line when they
// are the same). "" when both are blank. Framed help messages (mpirun's
// "-----" rules around twenty lines of advice) count as their headline only.
std::string firstAndLastLines(const std::string& head, const std::string& tail, std::size_t maxLine = 300);

// A fresh random token (32 hex digits) from the system's generator.
std::string makeToken();

} // namespace cs::runner
