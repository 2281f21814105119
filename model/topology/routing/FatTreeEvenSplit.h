#pragma once
// Exact ECMP loads of a sparse pattern on a k-ary fat-tree (FatTreeGenerator),
// in closed form.
//
// With h = k/2: an edge switch sends everything not for its own hosts evenly
// over its h aggregation switches; an aggregation switch a sends what leaves
// the pod evenly over its h cores (a*h .. a*h + h - 1), and what stays in the
// pod straight down to the edge switch; a core has one link into each pod.
// So a flow from edge (p1, e1) to edge (p2, e2) puts 1/h on each up-link of
// (p1, e1) and each down-link into (p2, e2), and, between pods, 1/h^2 on each
// aggregation-to-core link of pod p1 and each core-to-aggregation link into
// pod p2. Summing flows per edge switch and per pod first makes a pattern
// cost O(flows + links) instead of a search per destination edge switch.
//
// detect() accepts only a graph that is exactly the fat-tree its record
// names (ids edge<p>_<e>, agg<p>_<a>, core<j>; every link where it belongs,
// once; hosts only on edge switches).
#include "model/topology/routing/FlowRouter.h"

#include <optional>
#include <vector>

namespace cs {

class FatTreeEvenSplit final : public FlowRouter {
public:
    static std::optional<FatTreeEvenSplit> detect(const Topology& t, const CoreGraph& g);

    CoreLoads route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                    double progressShare) const override;
    std::string method() const override;

private:
    enum Role : std::uint8_t { Edge, Agg, Core };
    std::uint32_t k_ = 0, h_ = 0;
    std::vector<Role> role_;           // per core vertex
    std::vector<std::uint32_t> pod_;   // edge, agg: pod; core: its block a (j / h)
    std::vector<std::uint32_t> index_; // edge: e; agg: a; core: j
    // Per core arc: which of route()'s sums its load is a share of.
    std::vector<std::uint32_t> arcSum_;
};

} // namespace cs
