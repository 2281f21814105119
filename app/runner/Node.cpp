#include "app/runner/Node.h"
#include "app/runner/HostfileReader.h"
#include "model/cluster/NodeFields.h"
#include "model/core/JsonKeys.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

namespace cs::runner {

using nlohmann::json;

std::string Node::dataAddress() const
{
    if (!address.empty())
        return address;
    if (transport == "ssh" || transport == "slurm" || transport == "tcp")
        return host;
    return "127.0.0.1";
}

std::string Node::bindAddress() const
{
    if (!bind.empty())
        return bind;
    if (transport == "local" || transport == "mpi")
        return "127.0.0.1";
    return dataAddress();
}

std::string Node::describe() const
{
    std::string d = transport;
    if (!host.empty())
        d += " " + (user.empty() ? host : user + "@" + host);
    if (!netns.empty())
        d += " netns " + netns;
    if (transport == "mpi") {
        d += " " + std::to_string(ranks) + " ranks";
        if (slotsPerHost > 0)
            d += ", " + std::to_string(slotsPerHost) + " a host";
        // The hosts are where an mpirun failure happens ("ssh: connect to host ...").
        if (inAllocation)
            d += " in the Slurm allocation";
        if (!hosts.empty())
            d += " on " + compressHostList(hosts);
        else if (!hostfile.empty())
            d += " on the hosts of " + hostfile;
        if (launch == "srun")
            d += " via srun";
    }
    if (!cpus.empty()) {
        d += " cpu ";
        for (std::size_t i = 0; i < cpus.size(); ++i)
            d += (i ? "+" : "") + std::to_string(cpus[i]);
    }
    return d;
}

namespace {

// A whole-number setting of a --nodes entry; `where` names the entry.
int fieldValue(const NodeIntField& field, const std::string& v, const std::string& where)
{
    int n = 0;
    if (std::string problem = field.parse(v, n); !problem.empty())
        throw std::invalid_argument(where + ": " + problem);
    return n;
}

// "0", "0+2", "0-3"
std::vector<int> cpuList(const std::string& v, const std::string& where)
{
    std::vector<int> cpus;
    for (const std::string& part : splitOutsideBrackets(v, '+')) {
        const auto dash = part.find('-');
        if (dash == std::string::npos) {
            cpus.push_back(fieldValue(nodefield::cpu, part, where));
            continue;
        }
        const int a = fieldValue(nodefield::cpu, part.substr(0, dash), where);
        const int b = fieldValue(nodefield::cpu, part.substr(dash + 1), where);
        if (b < a)
            throw std::invalid_argument(where + ": cpus has a backwards range '" + part + "'");
        for (int c = a; c <= b; ++c)
            cpus.push_back(c);
    }
    return cpus;
}

// Options that only change how ssh connects. Everything else is refused in a
// document: ProxyCommand, LocalCommand, KnownHostsCommand, Match exec run
// commands; PKCS11Provider and SecurityKeyProvider load libraries; forwards,
// ControlPath and Include reach further than a probe needs.
const char* const kHarmlessSshOptions[] = {
    "Port", "User", "IdentityFile", "IdentitiesOnly", "ConnectTimeout", "ConnectionAttempts",
    "StrictHostKeyChecking", "UserKnownHostsFile", "GlobalKnownHostsFile", "HostKeyAlias", "CheckHostIP",
    "BatchMode", "ServerAliveInterval", "ServerAliveCountMax", "TCPKeepAlive", "Compression", "AddressFamily",
    "LogLevel", "HostKeyAlgorithms", "Ciphers", "MACs", "KexAlgorithms", "PubkeyAuthentication",
    "PasswordAuthentication", "KbdInteractiveAuthentication", "PreferredAuthentications", "UpdateHostKeys",
    "HashKnownHosts", "VerifyHostKeyDNS", "IPQoS", "RekeyLimit"};

bool hasControlOrSpace(const std::string& s)
{
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f || c == ' ')
            return true;
    return false;
}

// "" or why `value` of `what` could be taken for an option or break a line.
std::string settingProblem(const std::string& what, const std::string& value, bool noSpaces)
{
    if (!value.empty() && value.front() == '-')
        return what + " '" + value.substr(0, 60) + "' starts with '-', so the program it is passed to would read "
                                                    "it as an option";
    for (unsigned char c : value)
        if (c < 0x20 || c == 0x7f)
            return what + " contains a control character";
    if (noSpaces && hasControlOrSpace(value))
        return what + " '" + value.substr(0, 60) + "' contains a space";
    return {};
}

HostfileReader& hostfileReader()
{
    static HostfileReader reader = readHostfile;
    return reader;
}

// Only these transports start one agent per named host, so only their
// entries may name several hosts.
bool perHost(const std::string& transport)
{
    return transport == "ssh" || transport == "slurm";
}

// One entry of a node list, possibly naming many hosts ("slurm:node[01-04]",
// "slurm:allocation", a hostfile), as the nodes it stands for. `where` names
// the entry in messages.
std::vector<Node> expandEntry(Node n, const std::string& where, const EnvLookup& env)
{
    try {
        if (n.transport == "mpi") {
            if (n.inAllocation) {
                // A step of the job the controller runs in: srun places the
                // ranks on the allocation's nodes (named here for messages).
                if (!n.hosts.empty() || !n.hostfile.empty())
                    throw std::invalid_argument("allocation names the hosts; leave out hosts and hostfile");
                if (!env("SLURM_JOB_ID"))
                    throw std::invalid_argument("allocation: SLURM_JOB_ID is not set (run inside salloc or sbatch)");
                n.hosts = allocationHosts(env);
                if (n.launch.empty())
                    n.launch = "srun";
                if (n.ranks == 0)
                    n.ranks = std::max<int>(2, static_cast<int>(n.hosts.size()));
                return {n};
            }
            std::vector<std::string> hosts;
            for (const std::string& h : n.hosts) {
                std::vector<std::string> more = h == "allocation" ? allocationHosts(env)
                                                : isHostList(h)   ? expandHostList(h)
                                                                  : std::vector<std::string>{h};
                hosts.insert(hosts.end(), more.begin(), more.end());
                if (hosts.size() > kMaxHosts)
                    throw std::invalid_argument("more than " + std::to_string(kMaxHosts) + " hosts");
            }
            n.hosts = std::move(hosts);
            return {n};
        }
        if (!perHost(n.transport)) {
            if (!n.hostfile.empty())
                throw std::invalid_argument("a hostfile is for the ssh, slurm and mpi transports");
            if (isHostList(n.host) || n.host == "allocation")
                throw std::invalid_argument("the " + n.transport + " transport takes one host, not a list");
            return {n};
        }
        std::vector<std::string> hosts;
        if (!n.hostfile.empty()) {
            if (!n.host.empty())
                throw std::invalid_argument("give a host or a hostfile, not both");
            for (const HostfileEntry& e : hostfileReader()(n.hostfile))
                hosts.push_back(e.host);
        } else if (n.host == "allocation") {
            hosts = allocationHosts(env);
        } else if (isHostList(n.host)) {
            hosts = expandHostList(n.host);
        } else
            return {n};
        if (hosts.size() > 1 && !n.name.empty())
            throw std::invalid_argument("name '" + n.name + "' would name " + std::to_string(hosts.size()) +
                                        " nodes; leave it out and each node is named by its host");
        std::vector<Node> out;
        n.hostfile.clear();
        for (const std::string& h : hosts) {
            Node one = n;
            one.host = h;
            out.push_back(std::move(one));
        }
        return out;
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(where + ": " + e.what());
    }
}

} // namespace

bool isHarmlessSshOption(const std::string& option)
{
    // "Name=value" or "Name value", as ssh -o accepts.
    const auto end = option.find_first_of("= \t");
    if (end == std::string::npos || end == 0 || hasControlOrSpace(option.substr(end + 1)))
        return false;
    const std::string name = option.substr(0, end);
    for (const char* allowed : kHarmlessSshOptions) {
        const std::string a = allowed;
        if (a.size() == name.size() &&
            std::equal(a.begin(), a.end(), name.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); }))
            return true;
    }
    return false;
}

std::string harmlessSshOptionNames()
{
    std::string s;
    for (const char* allowed : kHarmlessSshOptions)
        s += (s.empty() ? "" : ", ") + std::string(allowed);
    return s;
}

std::vector<Node> parseNodeSpec(const std::string& spec, const EnvLookup& env)
{
    std::vector<Node> nodes;
    if (spec.empty())
        throw std::invalid_argument("empty node list");
    int index = 0;
    for (const std::string& entry : splitOutsideBrackets(spec, ',')) {
        const std::string where = "node " + std::to_string(index) + " ('" + entry + "')";
        const std::vector<std::string> items = splitOutsideBrackets(entry, ':');
        Node n;
        n.transport = items[0];
        // "hostfile:PATH[:transport=slurm]": one ssh (or slurm) node per host of an MPI hostfile.
        const bool fromHostfile = n.transport == "hostfile";
        if (fromHostfile)
            n.transport = "ssh";
        else if (!isNodeTransport(n.transport))
            throw std::invalid_argument(where + ": unknown transport '" + n.transport + "' (use " +
                                        nodeTransportList() + ", or hostfile:PATH)");
        bool haveTarget = false;
        for (std::size_t i = 1; i < items.size(); ++i) {
            const std::string& item = items[i];
            const auto eq = item.find('=');
            if (eq == std::string::npos) {
                // The positional target: [user@]host (or a host list), a rank count, a port or a hostfile.
                if (fromHostfile) {
                    if (haveTarget)
                        throw std::invalid_argument(where + ": more than one hostfile");
                    n.hostfile = item;
                    haveTarget = true;
                } else if (n.transport == "ssh" || n.transport == "slurm" || (n.transport == "tcp" && !haveTarget)) {
                    if (haveTarget)
                        throw std::invalid_argument(where + ": more than one host");
                    const auto at = item.find('@');
                    if (at != std::string::npos) {
                        n.user = item.substr(0, at);
                        n.host = item.substr(at + 1);
                    } else
                        n.host = item;
                    haveTarget = true;
                } else if (n.transport == "tcp") {
                    n.port = fieldValue(nodefield::port, item, where);
                } else if (n.transport == "mpi" && !haveTarget && item == "allocation") {
                    n.inAllocation = true;
                    haveTarget = true;
                } else if (n.transport == "mpi" && !haveTarget) {
                    n.ranks = fieldValue(nodefield::ranks, item, where);
                    haveTarget = true;
                } else
                    throw std::invalid_argument(where + ": unexpected '" + item + "'");
                continue;
            }
            const std::string key = item.substr(0, eq);
            const std::string value = item.substr(eq + 1);
            if (key == "cpu" || key == "cpus")
                n.cpus = cpuList(value, where);
            else if (key == "name")
                n.name = value;
            else if (key == "port")
                n.port = fieldValue(nodefield::port, value, where);
            else if (key == "address")
                n.address = value;
            else if (key == "bind")
                n.bind = value;
            else if (key == "agent")
                n.agent = value;
            else if (key == "copy")
                n.copyAgent = value == "1" || value == "yes" || value == "true";
            else if (key == "identity" || key == "key")
                n.identity = value;
            else if (key == "opt")
                n.sshOptions.push_back(value);
            else if (key == "ranks")
                n.ranks = fieldValue(nodefield::ranks, value, where);
            else if (key == "slots")
                n.slotsPerHost = fieldValue(nodefield::slotsPerHost, value, where);
            else if (key == "hosts")
                n.hosts = splitOutsideBrackets(value, '+');
            else if (key == "hostfile")
                n.hostfile = value;
            else if (key == "btl")
                n.btl = splitOutsideBrackets(value, '+');
            else if (key == "launch")
                n.launch = value;
            else if (key == "partition")
                n.partition = value;
            else if (key == "immediate")
                n.immediate = fieldValue(nodefield::immediate, value, where);
            else if (key == "token-file")
                n.tokenFile = value;
            else if (key == "netns")
                n.netns = value;
            else if (key == "transport" && fromHostfile) {
                if (value != "ssh" && value != "slurm")
                    throw std::invalid_argument(where + ": a hostfile's nodes use ssh or slurm, not '" + value + "'");
                n.transport = value;
            } else
                throw std::invalid_argument(where + ": unknown setting '" + key + "'");
        }
        if (fromHostfile && n.hostfile.empty())
            throw std::invalid_argument(where + ": give the hostfile's path (hostfile:PATH)");
        // Expanding reads the hostfile: its problems name the node as the
        // user wrote it, not only its place in the list.
        const std::string named = n.name.empty() ? where : where + " (node '" + n.name.substr(0, 60) + "')";
        for (Node& one : expandEntry(std::move(n), named, env)) {
            if (one.name.empty()) {
                if (one.transport == "local")
                    one.name = "local" + std::to_string(index);
                else if (one.transport == "mpi")
                    one.name = "mpi" + std::to_string(index);
                else
                    one.name = one.host.empty() ? one.transport + std::to_string(index) : one.host;
            }
            nodes.push_back(std::move(one));
            if (nodes.size() > kMaxHosts)
                throw std::invalid_argument("the node list names more than " + std::to_string(kMaxHosts) + " nodes");
        }
        ++index;
    }
    // Two ssh entries for the same host need distinct names.
    std::set<std::string> seen;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!seen.insert(nodes[i].name).second) {
            nodes[i].name += "#" + std::to_string(i);
            seen.insert(nodes[i].name);
        }
    if (std::string problem = checkNodes(nodes); !problem.empty())
        throw std::invalid_argument(problem);
    return nodes;
}

std::string checkNodes(const std::vector<Node>& nodes)
{
    std::set<std::string> names;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const Node& n = nodes[i];
        const std::string where = "node " + n.name;
        if (n.name.empty())
            return "node " + std::to_string(i) + " has no name";
        if (!names.insert(n.name).second)
            return "two nodes are named " + n.name;
        if (!isNodeTransport(n.transport))
            return where + ": unknown transport '" + n.transport + "'";
        if ((n.transport == "ssh" || n.transport == "tcp") && n.host.empty())
            return where + ": the " + n.transport + " transport needs a host";
        if (n.transport == "tcp" && (n.port <= 0 || n.tokenFile.empty()))
            return where + ": the tcp transport needs the agent's port and a token-file";
        if (n.transport == "mpi" && n.ranks < 2)
            return where + ": the mpi transport needs at least 2 ranks (e.g. mpi:2)";
        if (n.slotsPerHost > 0 && n.transport != "mpi")
            return where + ": slots = " + std::to_string(n.slotsPerHost) + " is for the mpi transport (ranks a host)";
        if (n.slotsPerHost > 0 && !n.hostfile.empty())
            return where + ": slots = " + std::to_string(n.slotsPerHost) + " and a hostfile: the hostfile's own slots= say it";
        if (!n.launch.empty() && n.transport != "mpi")
            return where + ": launch = '" + n.launch.substr(0, 60) + "' is for the mpi transport";
        if (n.transport == "mpi" && !n.launch.empty() && n.launch != "mpirun" && n.launch != "srun")
            return where + ": launch = '" + n.launch.substr(0, 60) + "' must be mpirun or srun";
        if (n.transport == "mpi" && n.launch == "srun" && (!n.sshOptions.empty() || !n.identity.empty() || n.port))
            return where + ": ssh options, identity and port are for mpirun's ssh; srun starts the ranks itself";
        if (n.transport == "mpi" && n.launch == "srun" && !n.hostfile.empty())
            return where + ": a hostfile is for mpirun; srun takes the allocation's hosts (mpi:allocation) or hosts=";
        // Open MPI splits plm_rsh_args at spaces and has no quoting.
        if (n.transport == "mpi" && n.identity.find(' ') != std::string::npos)
            return where + ": identity '" + n.identity.substr(0, 60) +
                   "' contains a space, which mpirun's ssh arguments (plm_rsh_args) cannot carry";
        // Settings land in argv (and mpi hosts in a hostfile): none may be
        // read as an option or start a new line.
        const std::pair<const char*, const std::string*> settings[] = {
            {"host", &n.host},   {"user", &n.user},   {"partition", &n.partition}, {"netns", &n.netns},
            {"agent", &n.agent}, {"bind", &n.bind},   {"address", &n.address},     {"identity", &n.identity},
            {"tokenFile", &n.tokenFile}};
        for (const auto& [what, value] : settings) {
            const bool name = std::string(what) != "agent" && std::string(what) != "identity" &&
                              std::string(what) != "tokenFile"; // paths may hold spaces
            if (std::string p = settingProblem(what, *value, name); !p.empty())
                return where + ": " + p;
        }
        for (const std::string& h : n.hosts)
            if (std::string p = settingProblem("mpi host", h, true); !p.empty() || h.find('#') != std::string::npos)
                return where + ": " + (p.empty() ? "mpi host '" + h.substr(0, 60) + "' contains '#'" : p);
        for (const std::string& b : n.btl)
            if (b.empty() || b.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_^") !=
                                 std::string::npos)
                return where + ": btl '" + b.substr(0, 60) + "' is not an MPI component name (e.g. self, vader, tcp)";
        for (const std::string& o : n.sshOptions)
            if (std::string p = settingProblem("ssh option", o, false); !p.empty())
                return where + ": " + p;
    }
    return {};
}

void setHostfileReader(HostfileReader reader)
{
    hostfileReader() = reader ? std::move(reader) : HostfileReader(readHostfile);
}

std::vector<Node> nodesFromJson(const json& nodes, const EnvLookup& env)
{
    std::vector<Node> out;
    if (nodes.is_null())
        return out;
    if (!nodes.is_array())
        throw std::invalid_argument("nodes must be an array");
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const json& j = nodes[i];
        const std::string where = "nodes[" + std::to_string(i) + "]";
        if (!j.is_object())
            throw std::invalid_argument(where + " must be an object");
        forUnknownKeys(j, kNodeKeys, [&](const std::string& key, const std::string& takes) {
            throw std::invalid_argument(where + ": unknown key '" + key.substr(0, 40) + "' (a node takes " + takes + ")");
        });
        // The whole-number fields: checked as numbers first, since reading
        // 2.5 or 1e300 as an int would change it without a word.
        for (const NodeIntField* field : {&nodefield::port, &nodefield::ranks, &nodefield::immediate, &nodefield::slotsPerHost})
            if (auto v = j.find(std::string(field->key)); v != j.end() && v->is_number())
                if (std::string problem = field->check(v->get<double>()); !problem.empty())
                    throw std::invalid_argument(where + ": " + problem);
        if (auto cpus = j.find("cpus"); cpus != j.end() && cpus->is_array())
            for (const json& c : *cpus)
                if (c.is_number())
                    if (std::string problem = nodefield::cpu.check(c.get<double>()); !problem.empty())
                        throw std::invalid_argument(where + ": " + problem);
        Node n;
        try {
            n.name = j.value("name", std::string());
            n.transport = j.value("transport", std::string("local"));
            n.host = j.value("host", std::string());
            n.user = j.value("user", std::string());
            n.port = j.value("port", 0);
            n.address = j.value("address", std::string());
            n.bind = j.value("bind", std::string());
            n.cpus = j.value("cpus", std::vector<int>{});
            n.agent = j.value("agent", std::string());
            n.copyAgent = j.value("copyAgent", false);
            n.identity = j.value("identity", std::string());
            n.sshOptions = j.value("sshOptions", std::vector<std::string>{});
            n.ranks = j.value("ranks", 0);
            n.slotsPerHost = j.value("slots", 0);
            n.hosts = j.value("hosts", std::vector<std::string>{});
            n.hostfile = j.value("hostfile", std::string());
            n.immediate = j.value("immediate", 30);
            n.btl = j.value("btl", std::vector<std::string>{});
            n.partition = j.value("partition", std::string());
            n.tokenFile = j.value("tokenFile", std::string());
            n.netns = j.value("netns", std::string());
            n.launch = j.value("launch", std::string());
            n.inAllocation = j.value("allocation", false);
        } catch (const json::exception& e) {
            throw std::invalid_argument(where + ": " + e.what());
        }
        for (std::size_t k = 0; k < n.sshOptions.size(); ++k)
            if (!isHarmlessSshOption(n.sshOptions[k]))
                throw std::invalid_argument(where + ".sshOptions[" + std::to_string(k) + "]: '" +
                                            n.sshOptions[k].substr(0, 60) +
                                            "' is not an ssh option a design file may set (allowed: " +
                                            harmlessSshOptionNames() + ")");
        // Expanding reads the hostfile: its problems name the node as the
        // user wrote it, not only its place in the list.
        const std::string named = n.name.empty() ? where : where + " (node '" + n.name.substr(0, 60) + "')";
        for (Node& one : expandEntry(std::move(n), named, env)) {
            if (one.name.empty())
                one.name = one.host.empty() ? one.transport + std::to_string(i) : one.host;
            out.push_back(std::move(one));
            if (out.size() > kMaxHosts)
                throw std::invalid_argument("nodes: more than " + std::to_string(kMaxHosts) + " nodes");
        }
    }
    if (std::string problem = checkNodes(out); !problem.empty())
        throw std::invalid_argument(problem);
    return out;
}

json nodesToJson(const std::vector<Node>& nodes)
{
    json a = json::array();
    for (const Node& n : nodes) {
        json j = {{"name", n.name}, {"transport", n.transport}};
        auto put = [&](const char* k, const std::string& v) {
            if (!v.empty())
                j[k] = v;
        };
        put("host", n.host);
        put("user", n.user);
        if (n.port)
            j["port"] = n.port;
        put("address", n.address);
        put("bind", n.bind);
        if (!n.cpus.empty())
            j["cpus"] = n.cpus;
        put("agent", n.agent);
        if (n.copyAgent)
            j["copyAgent"] = true;
        put("identity", n.identity);
        if (!n.sshOptions.empty())
            j["sshOptions"] = n.sshOptions;
        if (n.ranks)
            j["ranks"] = n.ranks;
        if (n.slotsPerHost)
            j["slots"] = n.slotsPerHost;
        if (!n.hosts.empty() && !n.inAllocation) // the allocation is read again where the list is used
            j["hosts"] = n.hosts;
        if (!n.btl.empty())
            j["btl"] = n.btl;
        put("hostfile", n.hostfile);
        put("partition", n.partition);
        if (n.immediate != Node().immediate)
            j["immediate"] = n.immediate;
        put("tokenFile", n.tokenFile);
        put("netns", n.netns);
        put("launch", n.launch);
        if (n.inAllocation)
            j["allocation"] = true;
        a.push_back(j);
    }
    return a;
}

} // namespace cs::runner
