#pragma once
// Running probes on the nodes a design document names. A document can come
// from anyone; its node list decides which programs run, where and how. A
// node that does more than start this build's agent on this machine needs
// the user's consent, given after seeing the exact commands: the CLI's
// --trust-nodes, a confirmation dialog in the GUI.
#include "app/runner/Node.h"
#include "app/runner/Transport.h"

#include <string>
#include <vector>

namespace cs::runner {

// True when the node reaches another machine (ssh, slurm, tcp, mpi hosts or
// hostfile, srun, an `address` beyond loopback), listens beyond loopback
// (`bind`), runs another program (agent), or uses a key, ssh options, MPI
// btl settings, a token file or a network namespace.
bool needsConsent(const Node& n);

// True for an address of this machine's loopback: 127.x.y.z, ::1, localhost.
bool isLoopbackAddress(const std::string& address);

// For each node that needs consent, the commands it would run, one per line
// ("n2 (ssh root@10.0.0.2): ssh -T ... -- root@10.0.0.2 'exec ...'"), set-up
// commands and an MPI hostfile's hosts included, and what it connects to
// or listens on beyond loopback. Document text in it is passed through
// printable() (model/core/Printable.h). Empty when none needs it.
std::vector<std::string> commandsNeedingConsent(const std::vector<Node>& nodes, const LaunchContext& context);

} // namespace cs::runner
