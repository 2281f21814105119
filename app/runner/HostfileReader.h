#pragma once
// How node lists (nodesFromJson, parseNodeSpec) read a hostfile: ssh and
// slurm nodes are expanded from one. readHostfile unless replaced. The GUI
// replaces it with one that never reads on its own thread
// (app/gui/runner/HostfileCache). Set it before any thread reads node lists.
#include "model/cluster/HostList.h"

#include <functional>
#include <string>
#include <vector>

namespace cs::runner {

using HostfileReader = std::function<std::vector<HostfileEntry>(const std::string& path)>;
// An empty reader puts readHostfile back.
void setHostfileReader(HostfileReader reader);

} // namespace cs::runner
