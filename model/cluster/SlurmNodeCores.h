#pragma once
// The cores of a Slurm cluster's nodes, read where Slurm says them, for an
// imported network's hosts (topology.conf names the switches and nodes, not
// their CPUs; ClusterTopology.h):
//
// - slurm.conf's node lines: "NodeName=node[01-16] CPUs=64 Boards=1
//   SocketsPerBoard=2 CoresPerSocket=16 ThreadsPerCore=2" (a NodeName=DEFAULT
//   line gives the lines after it their defaults; '#' to the end of a line is
//   a comment);
// - what `scontrol show node` prints: a record per node, "NodeName=node01
//   Arch=x86_64 CoresPerSocket=16 ... CPUTot=64 ... Sockets=2 Boards=1
//   ThreadsPerCore=2", its key=value pairs over several lines.
//
// A node's cores are what a rank computes on: Boards x Sockets x
// CoresPerSocket where CoresPerSocket is given (hardware threads share a
// core's units, so they are not counted), else CPUs (CPUTot). Parameter
// names are case-insensitive, as Slurm reads them. Qt-free.
#include "model/topology/network/Network.h"

#include <map>
#include <string>

namespace cs {

// Each node's cores, by name, from either text (`source` names it in
// messages). Nodes whose lines say neither CoresPerSocket nor CPUs are left
// out. Throws ModelError naming the source and line for a count that is no
// whole number in [1, 65536], or a malformed node list.
std::map<std::string, int> slurmNodeCores(const std::string& text, const std::string& source);

// Sets the field "cores" of each host of a drawing (an imported network,
// ClusterTopology.h) that `cores` names, written as a whole number; returns
// how many it set. A network that is no drawing has none to set.
int applyHostCores(Network& drawing, const std::map<std::string, int>& cores);

} // namespace cs
