#pragma once
// The network a recording is replayed on, taken from a design: its topology
// with the design's job placed on it at the recording's P (placement as the
// topology block chooses it), and LogGP from the design's logp.loggp block,
// evaluated at that P (L with the route latency the block adds, L_net; G as
// calibrated, combined with each phase's contention by the block's G_floor).
// Ranks the job places on one host (ranks_per_node > 1) are on one node
// (ReplayNetwork::nodeOf): their messages take the block's intra-node LogGP
// (L_node .. G_node) and load no link.
#include "model/document/DesignDocument.h"
#include "model/recording/Replay.h"
#include "model/topology/graph/Topology.h"

#include <memory>
#include <string>
#include <vector>

namespace cs::rec {

struct DesignNetwork {
    ReplayNetwork net;
    std::string loggpBlock;         // the logp.loggp block the LogGP came from
    std::vector<std::string> hosts; // the placed hosts' ids, in rank order (empty without a topology)
    std::string placement;          // its name ("packed"), "" without a topology
    const Topology* topology = nullptr;   // the placed network (in `held` or the document), null without one
    std::vector<std::size_t> hostVertices; // its vertex of each rank (the hosts above)
    std::shared_ptr<const void> held; // the network that net.secondsPerByte and net.flowRates route on
};

// The logp.loggp blocks of the design, by name.
std::vector<std::string> loggpBlocks(const DesignDocument& doc);

// The design's network for a job of P ranks. It refers to the document's
// drawing: the document must outlive it. `block` names the logp.loggp
// block ("" when the design has one). Throws ModelError when the design has no
// logp.loggp block, several and `block` is "" (naming them), `block` is not
// one, the design does not evaluate at P, or its network has fewer hosts than
// the job of P ranks at the topology's ranks_per_node needs.
DesignNetwork designNetwork(const DesignDocument& doc, int P, const std::string& block = "");

} // namespace cs::rec
