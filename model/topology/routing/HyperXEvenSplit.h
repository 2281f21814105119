#pragma once
// Exact ECMP loads of a sparse pattern on a regular HyperX (HyperXGenerator),
// from router coordinates instead of a search per destination.
//
// Each row of a HyperX is a complete graph, so a minimum-hop route from
// router s to router t sets each coordinate in which they differ in one hop,
// straight to t's value, in any order; hop-by-hop ECMP makes every order
// equally likely. That is the hypercube's even split over its differing bits
// (HypercubeEvenSplit.h) with dimensions for bits: the arc out of a router
// with k of the j differing coordinates set, along a dimension still to set,
// carries 1 / (C(j, k) (j - k)) of the flow. A flow takes (j + 2) 2^(j-1)
// steps, j <= dims <= 6. Before this, a 3-D HyperX of s = 32 searched from
// each of its 32,768 routers for its sparse patterns, about 2 minutes, and
// was refused.
//
// detect() accepts only a graph that is exactly the HyperX its record names:
// routers 0..s^dims-1 in order as the core (hosts on one link each), and each
// router's arcs, dimension by dimension, to the s - 1 other routers of its
// row in coordinate order, which is the order the generator adds its links
// in; anything else (an edited network) falls back to the search.
#include "model/topology/routing/FlowRouter.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cs {

class HyperXEvenSplit final : public FlowRouter {
public:
    static std::optional<HyperXEvenSplit> detect(const Topology& t, const CoreGraph& g);

    // Destinations are shared out over threads and are the stage's items;
    // the cancel flag is polled between them.
    CoreLoads route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                    double progressShare) const override;
    std::string method() const override;
    // (j + 2) 2^(j-1) steps for a flow between routers j coordinates apart.
    double work(const CoreGraph& g, const Demands& d, int threads) const override;

private:
    std::uint32_t coord(std::uint32_t v, std::uint32_t d) const { return (v / stride_[d]) % s_; }
    // The arc from router v along dimension d to the router of coordinate c
    // there (c != v's).
    std::uint32_t arc(std::uint32_t v, std::uint32_t d, std::uint32_t c) const
    {
        return (v * dims_ + d) * (s_ - 1) + (c < coord(v, d) ? c : c - 1);
    }

    std::uint32_t dims_ = 0, s_ = 0, n_ = 0;
    std::uint32_t stride_[7] = {};
};

} // namespace cs
