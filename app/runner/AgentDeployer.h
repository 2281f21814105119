#pragma once
// copy=1 for ssh nodes: the agent is one static file, copied to a node once
// per run at most, and only when the node does not already hold the same
// file (~/.cache/clusterscope/agent-<sha256>, checked by its SHA-256 on the
// node). One deployer lives for one run of the Runner and is shared by its
// jobs; jobs that reach the same node at the same time wait for the first.
//
// Every deployment is recorded (events()), and the job's part result says
// what happened for it (PartResult::deploy), so that a user, and the tests,
// can count the copies.
#include "app/runner/Transport.h"

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cs::runner {

struct DeployEvent {
    std::string node;       // [user@]host[:port]
    std::string remotePath; // relative to the remote home
    std::string action;     // "copied" (scp ran), "present" (the node had it), "reused" (done earlier in this run)
    long long bytes = 0;    // copied bytes (0 unless "copied")
};

class AgentDeployer {
public:
    // The SHA-256 of `path` as 64 hex digits, computed once per path; "" when it cannot be read.
    std::string agentSha256(const std::string& path);

    // Makes sure the node of `plan` has the agent. Returns "" or the problem (naming the node and the
    // command's first and last stderr lines); on success *event says what was done.
    std::string ensure(const DeployPlan& plan, std::chrono::steady_clock::time_point deadline,
                       const std::atomic<bool>& cancel, DeployEvent* event);

    std::vector<DeployEvent> events() const;

private:
    std::mutex mutex_;                                  // guards the maps and the log
    std::map<std::string, std::string> hashes_;         // agent path -> SHA-256
    std::map<std::string, std::shared_ptr<std::mutex>> nodeLocks_;
    std::map<std::string, std::string> deployed_;       // node -> remote path deployed in this run
    mutable std::mutex logMutex_;
    std::vector<DeployEvent> log_;
};

// "copied 2.3 MB to ~/.cache/clusterscope/agent-0123456789abcdef", "already on the node (same SHA-256): ...",
// "copied earlier in this run: ...".
std::string describe(const DeployEvent& e);

} // namespace cs::runner
