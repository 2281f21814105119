#include "app/runner/Consent.h"

#include "model/core/Printable.h"

namespace cs::runner {

bool isLoopbackAddress(const std::string& a)
{
    // 127.0.0.0/8 written as four decimal numbers, ::1, or the name localhost.
    if (a == "localhost" || a == "::1" || a == "[::1]")
        return true;
    if (a.rfind("127.", 0) != 0)
        return false;
    int dots = 0;
    bool digit = false;
    for (std::size_t i = 4; i < a.size(); ++i) {
        if (a[i] == '.') {
            if (!digit)
                return false;
            ++dots;
            digit = false;
        } else if (a[i] >= '0' && a[i] <= '9')
            digit = true;
        else
            return false;
    }
    return dots == 2 && digit;
}

bool needsConsent(const Node& n)
{
    // Peers connect to `address` (the controller too, for a listening role)
    // and the node's roles listen on `bind`: beyond loopback either one
    // reaches past this machine.
    if ((!n.address.empty() && !isLoopbackAddress(n.address)) || !isLoopbackAddress(n.bindAddress()))
        return true;
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
        // Every line is passed through printable(): a name or a host from the
        // document must not be able to redraw the list it appears in.
        const std::string who = printable(n.name) + " (" + printable(n.describe()) + "): ";
        // A node on this machine whose address or bind reaches past it: said
        // in words (a remote node's own commands say where it runs).
        if (n.transport == "local" || n.transport == "mpi") {
            if (!n.address.empty() && !isLoopbackAddress(n.address))
                lines.push_back(who + "peers and the controller connect to " + printable(n.address));
            if (!isLoopbackAddress(n.bindAddress()))
                lines.push_back(who + "listens on " + printable(n.bindAddress()));
        }
        const LaunchPlan p = planLaunch(n, context, "TAG");
        for (const Command& c : p.setup)
            lines.push_back(who + printable(c.text()));
        if (p.deploy) {
            lines.push_back(who + printable(p.deploy->check.text()));
            lines.push_back(who + "when missing: " + printable(p.deploy->copy.text()));
            lines.push_back(who + "then: " + printable(p.deploy->install.text()));
        }
        if (!p.agent.program.empty())
            lines.push_back(who + printable(p.agent.text()));
        if (!p.hostfileText.empty()) {
            std::string hosts = p.hostfileText;
            for (char& c : hosts)
                if (c == '\n')
                    c = ';';
            lines.push_back(who + "hostfile: " + printable(hosts));
        }
        if (n.transport == "tcp")
            lines.push_back(who + "connect to " + printable(n.host) + ":" + std::to_string(n.port) +
                            " and send it the first line of " + printable(n.tokenFile));
    }
    return lines;
}

} // namespace cs::runner
