#pragma once
#include "model/topology/graph/Topology.h"

#include <vector>

namespace cs {

// The one port count rule: the ports each vertex's links take (every channel
// of a link takes a port at each end), by vertex index. A switch may use at
// most its `ports` (Topology::problems says so); one drawn without a port
// count gets exactly these (topologyFromJson).
std::vector<long long> portsUsed(const Topology& t);

} // namespace cs
