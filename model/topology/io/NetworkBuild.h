#pragma once
// Between the document's typed network (model/topology/network/Network.h)
// and the graph the metrics read (Topology): a network built, and a built
// graph taken back as a drawing (a generated network drawn out when one of
// its items is edited; a drawing's piece on the clipboard).
#include "model/topology/graph/Topology.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/network/Network.h"

#include <string>

namespace cs {

// The graph of `n`: a generator's network generated, a drawing's vertices
// and links in their order (a switch drawn without ports gets as many as its
// links use), then checked as `check` says, each problem with its path under
// `path` ("topology.vertices[3]: ..."). Throws ModelError; none is no network.
Topology buildTopology(const Network& n, const std::string& path = "topology",
                       TopologyCheck check = TopologyCheck::Full);

// A built graph as a drawing: every vertex and link with every field
// written (as the explicit form always wrote a generated network out; a
// host's cores only where stated, above 0), the links numbered 0, 1, 2, ...
// in their order.
Network networkOf(const Topology& t);

} // namespace cs
