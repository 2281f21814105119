#include "app/runner/apprun/AppLaunch.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace cs::runner::apprun {

namespace {

bool isNameStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The ssh settings mpirun's ssh uses for every host: the nodes must agree on them, since mpirun has one set.
void takeSshSettings(Node& into, const std::vector<Node>& nodes)
{
    const Node& first = nodes.front();
    for (const Node& n : nodes)
        if (n.user != first.user || n.port != first.port || n.identity != first.identity ||
            n.sshOptions != first.sshOptions)
            throw std::invalid_argument("nodes " + first.name + " and " + n.name +
                                        " differ in user, port, identity or ssh options; mpirun reaches every "
                                        "host with one set of them");
    into.port = first.port;
    into.identity = first.identity;
    into.sshOptions = first.sshOptions;
    if (!first.user.empty())
        into.sshOptions.push_back("User=" + first.user);
}

} // namespace

std::vector<std::string> substitute(const std::vector<std::string>& words, int P, const Settings& sets)
{
    std::vector<std::string> out;
    out.reserve(words.size());
    for (const std::string& w : words) {
        std::string r;
        std::size_t i = 0;
        while (i < w.size()) {
            const std::size_t open = w.find('{', i);
            if (open == std::string::npos) {
                r += w.substr(i);
                break;
            }
            r += w.substr(i, open - i);
            std::size_t end = open + 1;
            if (end < w.size() && isNameStart(w[end]))
                while (end < w.size() && isNameChar(w[end]))
                    ++end;
            if (end == open + 1 || end >= w.size() || w[end] != '}') {
                r += '{'; // not a placeholder: kept as written
                i = open + 1;
                continue;
            }
            const std::string name = w.substr(open + 1, end - open - 1);
            if (name == "P") {
                r += std::to_string(P);
            } else {
                auto it = std::find_if(sets.rbegin(), sets.rend(), [&](const auto& s) { return s.first == name; });
                if (it == sets.rend())
                    throw std::invalid_argument("'" + w + "' uses {" + name +
                                                "}, which is neither {P} nor set (--set " + name + "=VALUE)");
                r += it->second;
            }
            i = end + 1;
        }
        out.push_back(std::move(r));
    }
    return out;
}

Node launchNode(const std::vector<Node>& nodes, int P)
{
    if (nodes.empty())
        throw std::invalid_argument("no nodes to run on");
    if (P < 1)
        throw std::invalid_argument("P = " + std::to_string(P) + " must be at least 1");
    const std::string transport = nodes.front().transport;
    for (const Node& n : nodes)
        if (n.transport != transport)
            throw std::invalid_argument("nodes " + nodes.front().name + " (" + transport + ") and " + n.name + " (" +
                                        n.transport + ") use different transports; run-app launches through one");
    if (transport == "mpi") {
        if (nodes.size() > 1)
            throw std::invalid_argument("run-app takes one mpi node (its ranks are the P values' limit), got " +
                                        std::to_string(nodes.size()));
        Node n = nodes.front();
        if (P > n.ranks)
            throw std::invalid_argument("P = " + std::to_string(P) + " is more than the " + std::to_string(n.ranks) +
                                        " ranks of " + n.name + " (" + n.describe() + ")");
        n.ranks = P;
        return n;
    }
    if (transport == "slurm") {
        Node n;
        n.name = "slurm";
        n.transport = "mpi";
        n.launch = "srun";
        n.ranks = P;
        n.partition = nodes.front().partition;
        n.immediate = nodes.front().immediate;
        for (const Node& s : nodes) {
            if (s.partition != n.partition)
                throw std::invalid_argument("nodes " + nodes.front().name + " and " + s.name +
                                            " are in different partitions; one srun step takes one");
            n.hosts.push_back(s.host);
        }
        return n;
    }
    if (transport == "ssh") {
        Node n;
        n.name = "ssh";
        n.transport = "mpi";
        n.ranks = P;
        for (const Node& s : nodes)
            n.hosts.push_back(s.host);
        takeSshSettings(n, nodes);
        return n;
    }
    if (transport == "local")
        throw std::invalid_argument("local nodes are agents pinned on this machine; run-app starts a program with "
                                    "mpirun or srun: use --nodes mpi:N for up to N ranks here (mpi:4:netns=NS:"
                                    "hosts=... on an emulated cluster)");
    throw std::invalid_argument("a " + transport + " node is an agent that is already running; run-app cannot start "
                                "a program through it (use mpi:..., slurm:... or ssh nodes)");
}

LaunchPlan planAppLaunch(const std::vector<Node>& nodes, int P, const std::vector<std::string>& argv,
                         const LaunchContext& ctx, const std::string& tag)
{
    if (argv.empty() || argv.front().empty())
        throw std::invalid_argument("no program to run (give it after --)");
    return planMpi(launchNode(nodes, P), ctx, tag, argv, "clusterscope-run-app");
}

} // namespace cs::runner::apprun
