#pragma once
// A job's rank flows as flows between its nodes (DESIGN.md, "Job and
// placement"): the rank flows between the same two nodes are one flow whose
// weight is their count, and a flow between two ranks of one node is left
// out (it loads no link). So a pattern or a round is routed once per pair of
// nodes, not once per pair of ranks: a node's 32 ranks cost what one does.
//
// The loads are those of the rank flows one by one, to the last bit: the
// demands (TrafficDemands.h) merge flows with the same core ends into one
// weight anyway, and every weight and sum is a whole number, which doubles
// hold exactly.
#include "model/topology/routing/TrafficDemands.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace cs {

// Counts rank flows by the pair of nodes they join. Built once for a job
// (its nodes and each rank's node), then used round after round.
class NodeFlowCounter {
public:
    // `nodes`: the topology vertex of each node; `nodeOf`: each rank's index
    // into `nodes` (JobNodes, PlacedMetrics.h).
    NodeFlowCounter(const std::vector<std::size_t>& nodes, const std::vector<std::uint32_t>& nodeOf);

    // `n` flows from rank a to rank b (or to ranks of b's node).
    void add(std::uint32_t a, std::uint32_t b, double n = 1.0)
    {
        const std::uint32_t na = nodeOf_[a], nb = nodeOf_[b];
        if (na == nb)
            return;
        // Ranks of a node in a block mostly send to the same node: one
        // comparison instead of a look-up.
        if (last_ != kNone && na == lastFrom_ && nb == lastTo_) {
            flows_[last_].weight += n;
            return;
        }
        addNew(na, nb, n);
    }

    // The flows added since the last take(), between distinct nodes (host
    // vertices), each weighted by its count, in the order first added; the
    // counter is empty again.
    std::vector<HostFlow> take();
    // The same into `out` (its contents replaced): a caller that takes round
    // after round hands back the last round's list, whose room this reuses.
    void take(std::vector<HostFlow>& out);

private:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    void addNew(std::uint32_t na, std::uint32_t nb, double n);
    void grow();

    const std::vector<std::size_t>& nodes_;
    const std::vector<std::uint32_t>& nodeOf_;
    std::vector<HostFlow> flows_;
    std::vector<std::uint64_t> pairOf_; // per flow: (from node << 32) | to node
    std::vector<std::uint32_t> slotOf_; // per flow: its slot in table_
    // Open addressing (a node may send to every other, as an all-to-all's
    // do): per slot, a flow's index, or kNone.
    std::vector<std::uint32_t> table_;
    std::uint32_t lastFrom_ = 0, lastTo_ = 0, last_ = kNone; // the pair added last and its flow
};

// The rank flows `flows` (rank pairs) as counted node flows.
std::vector<HostFlow> nodeFlows(const std::vector<std::size_t>& nodes, const std::vector<std::uint32_t>& nodeOf,
                                const std::vector<std::pair<std::uint32_t, std::uint32_t>>& flows);

} // namespace cs
