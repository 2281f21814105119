#include "app/runner/Consent.h"

namespace cs::runner {

bool needsConsent(const Node& n)
{
    // An mpi node reaches other machines through its hosts, its own hostfile
    // or a Slurm step (srun places the ranks).
    const bool otherMachine = n.transport == "ssh" || n.transport == "slurm" || n.transport == "tcp" ||
                              !n.hosts.empty() || !n.hostfile.empty() || n.launch == "srun" || n.inAllocation;
    return otherMachine || !n.agent.empty() || !n.identity.empty() || !n.sshOptions.empty() || !n.btl.empty() ||
           !n.tokenFile.empty() || !n.netns.empty() || n.copyAgent;
}

std::vector<std::string> commandsNeedingConsent(const std::vector<Node>& nodes, const LaunchContext& context)
{
    std::vector<std::string> lines;
    for (const Node& n : nodes) {
        if (!needsConsent(n))
            continue;
        const std::string who = n.name + " (" + n.describe() + "): ";
        const LaunchPlan p = planLaunch(n, context, "TAG");
        for (const Command& c : p.setup)
            lines.push_back(who + c.text());
        if (p.deploy) {
            lines.push_back(who + p.deploy->check.text());
            lines.push_back(who + "when missing: " + p.deploy->copy.text());
            lines.push_back(who + "then: " + p.deploy->install.text());
        }
        if (!p.agent.program.empty())
            lines.push_back(who + p.agent.text());
        if (!p.hostfileText.empty()) {
            std::string hosts = p.hostfileText;
            for (char& c : hosts)
                if (c == '\n')
                    c = ';';
            lines.push_back(who + "hostfile: " + hosts);
        }
        if (n.transport == "tcp")
            lines.push_back(who + "connect to " + n.host + ":" + std::to_string(n.port) +
                            " and send it the first line of " + n.tokenFile);
    }
    return lines;
}

} // namespace cs::runner
