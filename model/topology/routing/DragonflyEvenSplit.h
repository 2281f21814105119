#pragma once
// Exact ECMP loads of a sparse pattern on a dragonfly (DragonflyGenerator),
// from one search per router of one group instead of one per destination.
//
// Shifting every group by one (router (i, r) to (i + 1, r)) is an
// automorphism of the dragonfly: the global wiring depends only on the
// difference of the groups. So the distance of any router to destination
// (i, r) is its distance, shifted back by i groups, to (0, r), and its
// equal-cost next hops toward (i, r) are the shifted next hops toward (0, r).
// One breadth-first search per router of group 0 (a of them) therefore gives
// every router's next hops toward every destination. A flow is then routed by
// walking those next hops down from its source, splitting evenly at each
// router as hop-by-hop ECMP does: a few routers per flow (minimal routes are
// at most three router hops), instead of a search over the whole network per
// destination. This is what makes the transpose of a million-host dragonfly
// a fraction of a second instead of hours.
//
// Arcs are matched across groups by their key (group difference, router
// index of the far end): every router lists its arcs in key order
// (sortedArc_), and since the shift is an automorphism, the j-th arc of
// router (i, r) in that order is the shifted j-th arc of (0, r). detect()
// checks that every router's key sequence equals its group-0 twin's, so an
// edited dragonfly falls back to the general search.
#include "model/topology/routing/FlowRouter.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cs {

class DragonflyEvenSplit final : public FlowRouter {
public:
    // Builds the next-hop tables (a searches over the routers) on `threads`.
    static std::unique_ptr<DragonflyEvenSplit> detect(const Topology& t, const CoreGraph& g, int threads = 2);

    // Destinations are shared out over threads; a destination's flows are
    // walked together and are the stage's items.
    CoreLoads route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                    double progressShare) const override;
    std::string method() const override;

private:
    std::uint32_t groups_ = 0, a_ = 0;
    std::vector<std::uint32_t> sortedArc_; // per core vertex, its arcs in key order (CSR like g.adj)
    // Per router r of group 0: each core vertex's distance to it and its next
    // hops toward it, as positions in the vertex's key order.
    std::vector<std::vector<std::uint8_t>> dist_;
    std::vector<std::vector<std::uint32_t>> nhBegin_;
    std::vector<std::vector<std::uint16_t>> nh_;

    // Core vertex of router (group, r); core vertices are routers in
    // generation order.
    std::uint32_t vertex(std::uint32_t group, std::uint32_t r) const { return group * a_ + r; }
    std::uint32_t shifted(std::uint32_t v, std::uint32_t by) const
    {
        const std::uint32_t grp = v / a_;
        return (grp + by) % groups_ * a_ + v % a_;
    }
};

} // namespace cs
