#pragma once
// How the k-ary n-cube generators (torus, mesh, hypercube) number what they
// make: host i has coordinate (i / k^d) mod k in dimension d and the id
// "h" followed by its coordinates ("h3_0_7"; the hypercube's "h" and its
// index); links go dimension by dimension, host by host, from a host to
// its +1 neighbour (across the wrap on a torus). The generators build by it
// and CubeMetrics names the links it loads by it without building, so the
// two cannot drift apart.
//
// It reads as much of a Topology as scanBottleneck (BottleneckScan.h) needs:
// vertexCount, edgeCount, endpoints, link, attributes and id.
#include "model/topology/graph/Topology.h"

#include <cstdint>
#include <string>
#include <utility>

namespace cs {

class CubeNumbering {
public:
    // k >= 2 per side, dims >= 1, k^dims < 2^32; `wrap` for a torus (k >= 3);
    // `bitIds` names hosts by index (the hypercube). Every host forwards at
    // `forwardCost`; every link is `link`.
    CubeNumbering(std::uint32_t k, std::uint32_t dims, bool wrap, bool bitIds, const LinkProps& link,
                  double forwardCost);

    std::uint32_t k() const { return k_; }
    std::uint32_t dims() const { return dims_; }
    bool wrap() const { return wrap_; }
    std::size_t vertexCount() const { return n_; }
    std::size_t edgeCount() const { return std::size_t{perDim_} * dims_; }
    std::uint32_t stride(std::uint32_t d) const { return stride_[d]; }
    std::uint32_t coord(std::uint32_t v, std::uint32_t d) const { return (v / stride_[d]) % k_; }

    // Edge e joins host first to its +1 neighbour second in dimension
    // dimensionOf(e).
    std::pair<std::size_t, std::size_t> endpoints(std::size_t e) const;
    std::uint32_t dimensionOf(std::size_t e) const { return static_cast<std::uint32_t>(e / perDim_); }
    const LinkProps& link(std::size_t) const { return link_; }
    const VertexAttributes& attributes(std::size_t) const { return host_; }
    std::string id(std::size_t v) const;

    // The arcs of edge e in CubeMetrics's numbering of a load vector (see
    // arcCount): first -> second, then second -> first.
    std::pair<std::size_t, std::size_t> arcs(std::size_t e) const;
    // A torus or mesh: arc (v, d, dir) is (v * dims + d) * 2 + dir, dir 0 the
    // +1 step (CubeEvenSplit::arcTable's order); a hypercube: v * dims + d
    // (its one arc across bit d).
    std::size_t arcCount() const { return std::size_t{n_} * dims_ * (bitIds_ ? 1 : 2); }

private:
    std::uint32_t k_, dims_;
    bool wrap_, bitIds_;
    std::uint32_t n_ = 1;
    std::uint32_t perDim_ = 0; // links in each dimension
    std::uint32_t stride_[33] = {};
    LinkProps link_;
    VertexAttributes host_;
};

} // namespace cs
