#pragma once
// Runs one job — a probe on one node, a pair or a group — to its end:
// starts the agents, hands out roles (a server's port goes to its client, a
// group's endpoints to every peer), gathers samples and summaries, and
// turns every failure (unreachable node, agent killed, refused run,
// timeout, cancel) into a result that names the node. Blocking; runs on the
// runner's worker thread.
#include "app/runner/JobResult.h"
#include "app/runner/Node.h"
#include "app/runner/Transport.h"

#include "cs/sdk/ProbeDescriptor.h"

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cs::runner {

struct Job {
    sdk::ProbeDescriptor descriptor;
    std::map<std::string, double> params; // resolved
    std::vector<Node> nodes;              // in role order: server then client; rank order
    double timeout = 120.0;               // seconds for the whole job, agents' start included
    double estimate = -1;                 // seconds the probe is expected to run (JobEstimate.h), -1 = unknown
    std::string label;                    // "net.pingpong local0 -> local1"
    std::vector<std::string> uses;        // what it holds while it runs: "node:MACHINE", linkKey of each edge E of its route (PairRounds.h)
};

class JobExecutor {
public:
    // `progress(fraction, message)` is called from the executing thread.
    using Progress = std::function<void(double, const std::string&)>;

    JobExecutor(LaunchContext context, const std::atomic<bool>& cancel, Progress progress = {});

    JobResult run(const Job& job);

private:
    LaunchContext ctx_;
    const std::atomic<bool>& cancel_;
    Progress progress_;
    int counter_ = 0;
};

} // namespace cs::runner
