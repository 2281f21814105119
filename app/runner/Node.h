#pragma once
// A node probes run on, with its transport settings: an entry of the design
// document's "nodes" array (schema in docs/agent-protocol.md) or of the
// command line's --nodes SPEC.
#include "model/cluster/HostList.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::runner {

struct Node {
    std::string name;      // unique label used in results ("local0", "n1")
    std::string transport; // "local", "ssh", "mpi", "slurm", "tcp"
    std::string host;      // ssh/slurm/tcp: the machine ("10.0.0.2", "node07"); "" for local and mpi.
                           // Before expansion also a host list ("node[01-04]") or "allocation".
    std::string user;      // ssh: remote user ("" = ssh's default)
    int port = 0;          // ssh: sshd port (0 = 22); tcp: the listening agent's port
    std::string address;   // data-plane address peers use to reach this node ("" = host, or 127.0.0.1)
    std::string bind;      // address this node's listening roles bind to ("" = address, loopback for local)
    std::vector<int> cpus; // CPUs the agent is pinned to (empty = not pinned)
    std::string agent;     // agent executable on the node ("" = the build's for local/mpi, PATH for ssh/slurm)
    bool copyAgent = false;              // ssh: copy the agent and its plugins with scp first
    std::string identity;                // ssh: private key file (-i)
    std::vector<std::string> sshOptions; // ssh: extra -o options ("StrictHostKeyChecking=no")
    int ranks = 0;                       // mpi: processes (>= 2)
    int slotsPerHost = 0;                // mpi: ranks a host (hostfile slots=), filled a host at a time;
                                         // 0 = the ranks spread evenly over the hosts
    std::vector<std::string> btl;        // mpi: --mca btl list ("self", "tcp", "vader"); empty = default
    std::vector<std::string> hosts;      // mpi: hostfile entries ("" = localhost); host lists allowed
    std::string hostfile;                // mpi: mpirun --hostfile as given; ssh/slurm: read into one node per host
    std::string launch;                  // mpi: "mpirun" (default) or "srun" (a step of the Slurm job, srun --mpi=pmix)
    bool inAllocation = false;           // mpi: the hosts are the current allocation's ("mpi:allocation")
    std::string partition;               // slurm: -p
    int immediate = 30;                  // slurm: seconds srun may wait for CPUs before failing (--immediate)
    std::string tokenFile;               // tcp: file holding the token the listening agent expects
    std::string netns;                   // local: run the agent in this network namespace (ip netns exec);
                                         // mpi: run mpirun there (an emulated cluster's first host)

    // The address a peer connects to for this node's listening roles.
    std::string dataAddress() const;
    // The address this node's listening roles bind to.
    std::string bindAddress() const;
    // "ssh root@10.0.0.2 cpu 0" for messages.
    std::string describe() const;
};

// Parses the command line's node list (docs/agent-protocol.md, "Node
// specification"), e.g. "local:cpu=0,local:cpu=1", "ssh:root@10.0.0.2",
// "mpi:2", "mpi:allocation" (the ranks as a step of the current Slurm job). Node lists are expanded into one node per host:
// "slurm:node[01-04]", "slurm:allocation" (SLURM_JOB_NODELIST, looked up in
// `env`), "hostfile:PATH[:transport=slurm]". Throws std::invalid_argument
// with a sentence naming the entry.
std::vector<Node> parseNodeSpec(const std::string& spec, const EnvLookup& env = processEnvironment());

// The design document's "nodes" array, expanded the same way (a "host" that
// is a host list or "allocation", a "hostfile" for ssh and slurm). Throws
// std::invalid_argument naming the entry ("nodes[1].transport: ..."). A
// document may come from anyone, so its ssh options must be harmless
// (isHarmlessSshOption).
std::vector<Node> nodesFromJson(const nlohmann::json& nodes, const EnvLookup& env = processEnvironment());
nlohmann::json nodesToJson(const std::vector<Node>& nodes);

// "" when the list is usable, else a sentence (duplicate names, missing host,
// a setting the program it is passed to would read as an option: a host,
// user, partition, namespace or agent starting with '-'; a control character
// or space in a host name; an MPI btl that is not a component name).
std::string checkNodes(const std::vector<Node>& nodes);

// ssh options ("Name=value") a design file may set: how ssh connects (port,
// user, key, timeouts, host-key checking, known-hosts file), never one that
// runs a command (ProxyCommand, LocalCommand, ...), forwards anything, or
// loads code. The name is matched without case, as ssh does.
bool isHarmlessSshOption(const std::string& option);
// The allowed option names, for messages: "Port, User, ...".
std::string harmlessSshOptionNames();

} // namespace cs::runner
