#include "app/runner/AgentDeployer.h"
#include "app/runner/AgentLink.h"
#include "model/core/NumberFormat.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>


namespace cs::runner {

std::string AgentDeployer::agentSha256(const std::string& path)
{
    std::lock_guard lock(mutex_);
    if (auto it = hashes_.find(path); it != hashes_.end())
        return it->second;
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!h.addData(&f))
        return {};
    const std::string hex = h.result().toHex().toStdString();
    hashes_[path] = hex;
    return hex;
}

std::string AgentDeployer::ensure(const DeployPlan& plan, std::chrono::steady_clock::time_point deadline,
                                  const std::atomic<bool>& cancel, DeployEvent* event)
{
    std::shared_ptr<std::mutex> nodeLock;
    {
        std::lock_guard lock(mutex_);
        auto& l = nodeLocks_[plan.node];
        if (!l)
            l = std::make_shared<std::mutex>();
        nodeLock = l;
    }
    // One deployment per node at a time: a second job to the same node waits here, then reuses the first's.
    std::lock_guard nodeGuard(*nodeLock);
    DeployEvent e;
    e.node = plan.node;
    e.remotePath = plan.remotePath;
    bool known = false;
    {
        std::lock_guard lock(mutex_);
        auto it = deployed_.find(plan.node);
        known = it != deployed_.end() && it->second == plan.remotePath;
    }
    if (known) {
        e.action = "reused";
    } else {
        std::string said;
        if (std::string problem = runCommand(plan.check, plan.node, deadline, cancel, &said); !problem.empty())
            return "checking for the agent on " + plan.node + ": " + problem;
        if (said.rfind("present", 0) == 0) {
            e.action = "present";
        } else if (said.rfind("missing", 0) == 0) {
            if (std::string problem = runCommand(plan.copy, plan.node, deadline, cancel, nullptr); !problem.empty())
                return "copying the agent to " + plan.node + ": " + problem;
            if (std::string problem = runCommand(plan.install, plan.node, deadline, cancel, nullptr);
                !problem.empty())
                return "installing the agent on " + plan.node + ": " + problem;
            e.action = "copied";
            const std::string local = plan.copy.args.size() >= 2 ? plan.copy.args[plan.copy.args.size() - 2] : "";
            e.bytes = QFileInfo(QString::fromStdString(local)).size();
        } else {
            return "checking for the agent on " + plan.node + ": unexpected answer \"" +
                   firstAndLastLines(said, said, 80) + "\" (a login script that prints?)";
        }
        std::lock_guard lock(mutex_);
        deployed_[plan.node] = plan.remotePath;
    }
    {
        std::lock_guard lock(logMutex_);
        log_.push_back(e);
    }
    if (event)
        *event = e;
    return {};
}

std::vector<DeployEvent> AgentDeployer::events() const
{
    std::lock_guard lock(logMutex_);
    return log_;
}

std::string describe(const DeployEvent& e)
{
    const std::string where = "~/" + e.remotePath + " on " + e.node;
    if (e.action == "copied") {
        return "copied the agent (" + formatFixed(static_cast<double>(e.bytes) / 1e6, 1) + " MB) to " + where;
    }
    if (e.action == "present")
        return "the agent was already at " + where + " (same SHA-256), not copied";
    if (e.action == "reused")
        return "the agent was copied to " + where + " earlier in this run";
    return {};
}

} // namespace cs::runner
