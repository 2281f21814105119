#pragma once
// Which closed-form load computer (FlowRouter.h) serves a generated network.
// Apart from FlowRouter.h so that the interface does not include the
// computers that implement it.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/routing/FlowRouter.h"

#include <memory>

namespace cs {

// The even-split load computer for a torus, mesh or hypercube (CubeEvenSplit), a k-ary fat-tree
// (FatTreeEvenSplit), a dragonfly (DragonflyEvenSplit, whose tables are built on
// `threads`) or a HyperX (HyperXEvenSplit) that checks out; nullptr for anything else.
std::unique_ptr<FlowRouter> coordinateRouter(const Topology& t, const CoreGraph& g, int threads = 2);

} // namespace cs
