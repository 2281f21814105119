#pragma once
// Exact ECMP loads of individual flows on a k-ary n-cube (torus, mesh,
// hypercube), from coordinates instead of a search.
//
// On a k-ary n-cube every host routes, and the minimum-hop routes from s to
// t are the monotone staircase paths inside the "box" spanned by s and t:
// along each dimension, the shorter way round (both ways when a torus
// dimension is exactly k/2 away). Hop-by-hop ECMP splits a vertex's flow
// evenly over the dimensions (and, at a tie, directions) that still bring it
// closer, so one sweep over the box in coordinate order gives every arc's
// share: work proportional to the box, not to the network. This is what makes
// transpose on a 32,768-host torus cheap; a search per destination would
// cover half the network for each of its 32,768 flows.
//
// detect() accepts only a graph that is exactly the cube its generator
// record names (every arc a +1 or -1 step in one coordinate, each step
// present once), so an edited topology falls back to the general search.
#include "model/topology/routing/FlowRouter.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cs {

class CubeNumbering;

class CubeEvenSplit final : public FlowRouter {
public:
    static std::optional<CubeEvenSplit> detect(const Topology& t, const CoreGraph& g);
    // The cube `net` numbers, unbuilt: loads come out per arc in its
    // numbering (CubeNumbering::arcs), and route() and work() do not read
    // their CoreGraph. `name` is the generator's, for method().
    static CubeEvenSplit of(const std::string& name, const CubeNumbering& net);

    // Flows are shared out over threads and are the stage's items; the
    // cancel flag is polled between them.
    CoreLoads route(const CoreGraph& g, const Demands& d, int threads, MetricsProgress* progress,
                    double progressShare) const override;
    std::string method() const override;
    double work(const CoreGraph& g, const Demands& d, int threads) const override;

    std::uint32_t dims() const { return dims_; }
    // The core arc of each step: (v * dims() + d) * 2 + dir -> arc, where dir
    // 0 is +1 and 1 is -1 in coordinate d (kNone where a mesh has no step);
    // empty for a hypercube made by of(), whose arc across bit d of v is
    // v * dims + d.
    const std::vector<std::uint32_t>& arcTable() const { return arcTo_; }

private:
    // One dimension's part of a box: positions in an order where every step
    // goes to a later position, with the steps that bring a flow closer.
    struct Axis {
        std::vector<std::uint32_t> coord;   // coordinate of each position
        std::vector<std::uint8_t> next;     // 0, 1 or 2 steps onward
        std::vector<std::uint32_t> to[2];   // position after each step
        std::vector<std::uint8_t> dir[2];   // 0: +1, 1: -1
    };
    void axis(std::uint32_t from, std::uint32_t to, Axis& a) const;
    std::uint32_t coord(std::uint32_t v, std::uint32_t d) const { return (v / stride_[d]) % k_; }

    std::uint32_t k_ = 0;
    std::uint32_t dims_ = 0;
    std::uint32_t n_ = 0;   // vertices
    std::size_t arcs_ = 0;  // the length of a load vector
    bool wrap_ = false;
    std::string name_;
    std::vector<std::uint32_t> stride_;
    std::vector<std::uint32_t> arcTo_; // (v * dims + d) * 2 + dir -> core arc
};

} // namespace cs
