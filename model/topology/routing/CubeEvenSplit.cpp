#include "model/topology/routing/CubeEvenSplit.h"
#include "model/topology/graph/CubeNumbering.h"
#include "model/topology/routing/HypercubeEvenSplit.h"
#include "model/topology/graph/ParallelFor.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace cs {

std::optional<CubeEvenSplit> CubeEvenSplit::detect(const Topology& t, const CoreGraph& g)
{
    CubeEvenSplit c;
    c.name_ = t.generator;
    std::optional<double> k, dims;
    for (const auto& [name, v] : t.generatorParams) {
        if (name == "k")
            k = v;
        if (name == "dims")
            dims = v;
    }
    if (c.name_ == "hypercube")
        k = 2;
    else if (c.name_ != "torus" && c.name_ != "mesh")
        return std::nullopt;
    if (!k || !dims || *k < 2 || *dims < 1 || *dims > 31)
        return std::nullopt;
    c.k_ = static_cast<std::uint32_t>(*k);
    c.dims_ = static_cast<std::uint32_t>(*dims);
    c.wrap_ = c.name_ == "torus";
    if (c.wrap_ && c.k_ < 3)
        return std::nullopt;
    c.stride_.assign(c.dims_ + 1, 1);
    for (std::uint32_t d = 0; d < c.dims_; ++d)
        c.stride_[d + 1] = c.stride_[d] * c.k_;
    const std::uint64_t n = std::pow(double(c.k_), double(c.dims_));
    // Hosts 0..n-1 are core vertices 0..n-1 in order, all forwarding.
    if (g.n != n || g.hosts != n)
        return std::nullopt;
    for (std::uint32_t v = 0; v < g.n; ++v)
        if (g.topoOf[v] != v || !g.transit[v] || g.leafCount[v])
            return std::nullopt;
    c.arcTo_.assign(std::size_t{g.n} * c.dims_ * 2, CoreGraph::kNone);
    std::uint64_t expected = 0;
    for (std::uint32_t v = 0; v < g.n; ++v) {
        for (std::uint32_t d = 0; d < c.dims_; ++d) {
            const std::uint32_t x = c.coord(v, d);
            expected += (c.wrap_ || x + 1 < c.k_) + (c.wrap_ || x > 0);
        }
        for (std::uint32_t i = g.offset[v]; i < g.offset[v + 1]; ++i) {
            const std::uint32_t u = g.adj[i];
            // The one dimension in which u differs from v, by one step. A
            // step in dimension d moves the index by stride[d], or by
            // (k - 1) x stride[d] across a torus's wrap, so the difference
            // names the only dimension it can be (k >= 3 with wrap: the two
            // forms never coincide); the digits below and above it must then
            // agree. Comparing every coordinate of both ends instead took 2 x
            // dims divisions per arc: most of a 2^20 hypercube's metrics.
            const std::uint64_t diff = u > v ? u - v : v - u;
            std::uint32_t dim = c.dims_, dir = 2;
            for (std::uint32_t d = 0; d < c.dims_ && dim == c.dims_; ++d)
                if (diff == c.stride_[d] || (c.wrap_ && diff == std::uint64_t{c.k_ - 1} * c.stride_[d]))
                    dim = d;
            if (dim == c.dims_)
                return std::nullopt;
            if (v % c.stride_[dim] != u % c.stride_[dim] || v / c.stride_[dim + 1] != u / c.stride_[dim + 1])
                return std::nullopt;
            {
                const std::uint32_t a = c.coord(v, dim), b = c.coord(u, dim);
                if (b == (c.wrap_ ? (a + 1) % c.k_ : a + 1))
                    dir = 0;
                else if (b == (c.wrap_ ? (a + c.k_ - 1) % c.k_ : a - 1))
                    dir = 1;
                else
                    return std::nullopt;
            }
            std::uint32_t& slot = c.arcTo_[(std::size_t{v} * c.dims_ + dim) * 2 + dir];
            if (slot != CoreGraph::kNone)
                return std::nullopt; // two links for one step
            slot = i;
        }
    }
    if (expected != g.adj.size())
        return std::nullopt;
    c.n_ = g.n;
    c.arcs_ = g.adj.size();
    return c;
}

CubeEvenSplit CubeEvenSplit::of(const std::string& name, const CubeNumbering& net)
{
    CubeEvenSplit c;
    c.name_ = name;
    c.k_ = net.k();
    c.dims_ = net.dims();
    c.wrap_ = net.wrap();
    c.n_ = static_cast<std::uint32_t>(net.vertexCount());
    c.arcs_ = net.arcCount();
    c.stride_.assign(c.dims_ + 1, 1);
    for (std::uint32_t d = 0; d < c.dims_; ++d)
        c.stride_[d + 1] = c.stride_[d] * c.k_;
    if (c.k_ == 2 && !c.wrap_)
        return c; // the hypercube's arcs are numbered by their bits
    // Every step is its own arc; a mesh's steps off the edge load nothing.
    c.arcTo_.resize(c.arcs_);
    for (std::size_t i = 0; i < c.arcs_; ++i)
        c.arcTo_[i] = static_cast<std::uint32_t>(i);
    return c;
}

std::string CubeEvenSplit::method() const
{
    return "ECMP per flow over its box of minimum-hop routes (" + name_ + " coordinates, exact)";
}

double CubeEvenSplit::work(const CoreGraph&, const Demands& d, int threads) const
{
    if (k_ == 2 && !wrap_) // a hypercube: by its bits (HypercubeEvenSplit.h)
        return hypercube::work(dims_, d);
    // The box of a flow: per dimension the positions of axis(), multiplied.
    // Destinations are shared out over the threads; each box is a whole
    // number, so the partial sums add up exactly in any order.
    struct Sum {
        double total = 0;
    };
    const auto parts = parallelFor(n_, threads, Sum{}, [&](Sum& sum, std::size_t tv) {
        const auto t = static_cast<std::uint32_t>(tv);
        double& total = sum.total;
        for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k) {
            double box = 1;
            // Coordinates digit by digit (one division each), not coord().
            std::uint32_t s = d.src[k], r = t;
            for (std::uint32_t x = 0; x < dims_; ++x, s /= k_, r /= k_) {
                const std::uint32_t from = s % k_, to = r % k_;
                const std::uint32_t fwd = wrap_ ? (to + k_ - from) % k_ : (to >= from ? to - from : 0);
                const std::uint32_t bwd = wrap_ ? (from + k_ - to) % k_ : (from >= to ? from - to : 0);
                box *= fwd != 0 && bwd != 0 && fwd == bwd ? 2.0 * fwd : 1.0 + (wrap_ ? std::min(fwd, bwd) : fwd + bwd);
            }
            total += box * dims_;
        }
    });
    double total = 0;
    for (const Sum& p : parts)
        total += p.total;
    return total;
}

void CubeEvenSplit::axis(std::uint32_t from, std::uint32_t to, Axis& a) const
{
    a.coord.clear();
    a.next.clear();
    for (int s = 0; s < 2; ++s) {
        a.to[s].clear();
        a.dir[s].clear();
    }
    auto add = [&](std::uint32_t x) {
        a.coord.push_back(x);
        a.next.push_back(0);
        for (int s = 0; s < 2; ++s) {
            a.to[s].push_back(0);
            a.dir[s].push_back(0);
        }
        return static_cast<std::uint32_t>(a.coord.size() - 1);
    };
    auto step = [&](std::uint32_t p, std::uint32_t q, std::uint8_t dir) {
        const std::uint8_t s = a.next[p]++;
        a.to[s][p] = q;
        a.dir[s][p] = dir;
    };
    const std::uint32_t fwd = wrap_ ? (to + k_ - from) % k_ : (to >= from ? to - from : 0);
    const std::uint32_t bwd = wrap_ ? (from + k_ - to) % k_ : (from >= to ? from - to : 0);
    std::uint32_t p = add(from);
    if (fwd == 0 || bwd == 0 || fwd != bwd) {
        // One way: the shorter (a mesh has only one).
        const bool up = bwd == 0 || (fwd != 0 && fwd < bwd);
        const std::uint32_t r = up ? fwd : bwd;
        for (std::uint32_t j = 1; j <= r; ++j) {
            const std::uint32_t x = up ? (from + j) % k_ : (from + k_ - j) % k_;
            const std::uint32_t q = add(x);
            step(p, q, up ? 0 : 1);
            p = q;
        }
        return;
    }
    // A torus dimension exactly k/2 away: both ways, meeting at `to`.
    const std::uint32_t half = fwd;
    std::uint32_t plus = p, minus = p;
    for (std::uint32_t j = 1; j < half; ++j) {
        const std::uint32_t qp = add((from + j) % k_), qm = add((from + k_ - j) % k_);
        step(plus, qp, 0);
        step(minus, qm, 1);
        plus = qp;
        minus = qm;
    }
    const std::uint32_t end = add(to);
    step(plus, end, 0);
    step(minus, end, 1);
}

CoreLoads CubeEvenSplit::route(const CoreGraph&, const Demands& d, int threads, MetricsProgress* progress,
                            double progressShare) const
{
    if (k_ == 2 && !wrap_) { // a hypercube: by its bits, on one thread (HypercubeEvenSplit.h)
        CoreLoads out;
        out.arc.assign(arcs_, 0.0);
        out.through.assign(n_, 0.0);
        out.routed = hypercube::route(dims_, arcTo_, d, out.arc, progress, progressShare);
        return out;
    }
    struct Worker {
        std::vector<double> load;
        std::vector<double> mass; // per box position, zero between flows
        std::vector<Axis> axes;
        std::vector<std::uint32_t> node, boxStride, offset0;
        double routed = 0;
    };
    // A worker allocates its loads and box on its own thread, at its first
    // flow, rather than copying a filled prototype (on a million-host torus
    // the copy and its source were 56 MB more at once).
    Worker proto;
    proto.axes.resize(dims_);
    proto.node.resize(dims_);
    proto.boxStride.resize(dims_ + 1);
    proto.offset0.resize(k_ + 1);
    // Flow entries by destination, in order.
    std::vector<std::uint32_t> dstOf(d.src.size());
    for (std::uint32_t t = 0; t < n_; ++t)
        for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k)
            dstOf[k] = t;
    if (progress)
        progress->beginStage(progressShare, d.src.size());

    const std::size_t arcsPerVertex = std::size_t{dims_} * 2;
    // A vertex has at most 2 x dims ways on; dividing by a count is a multiply.
    std::vector<double> inverse(2 * dims_ + 1, 0.0);
    for (std::size_t i = 1; i < inverse.size(); ++i)
        inverse[i] = 1.0 / static_cast<double>(i);
    auto work = [&](Worker& w, std::size_t k) {
        if (progress && progress->cancelled())
            return;
        if (w.load.empty()) {
            w.load.assign(arcs_, 0.0);
            w.mass.assign(n_, 0.0);
        }
        const std::uint32_t s = d.src[k], t = dstOf[k];
        // A flow of one hop (every nearest-neighbour flow, most of a ring's)
        // loads its one arc with all its weight, which is what the sweep
        // below gives it (its one step takes the whole mass), without
        // building the box.
        {
            std::uint32_t hops = 0, dim = 0, dir = 0;
            std::uint32_t sv = s, tv = t;
            for (std::uint32_t x = 0; x < dims_ && hops < 2; ++x, sv /= k_, tv /= k_) {
                const std::uint32_t from = sv % k_, to = tv % k_;
                if (from == to)
                    continue;
                const std::uint32_t fwd = wrap_ ? (to + k_ - from) % k_ : (to > from ? to - from : 0);
                const std::uint32_t bwd = wrap_ ? (from + k_ - to) % k_ : (from > to ? from - to : 0);
                hops += wrap_ ? std::min(fwd, bwd) : fwd + bwd;
                dim = x;
                dir = fwd == 1 ? 0 : 1;
            }
            if (hops == 1) {
                w.load[arcTo_[(std::size_t{s} * dims_ + dim) * 2 + dir]] += d.weight[k];
                w.routed += d.weight[k];
                if (progress)
                    progress->step();
                return;
            }
        }
        w.boxStride[0] = 1;
        for (std::uint32_t x = 0; x < dims_; ++x) {
            axis(coord(s, x), coord(t, x), w.axes[x]);
            w.boxStride[x + 1] = w.boxStride[x] * static_cast<std::uint32_t>(w.axes[x].coord.size());
            w.node[x] = 0;
        }
        const std::uint32_t box = w.boxStride[dims_];
        double* mass = w.mass.data();
        double* load = w.load.data();
        mass[0] = d.weight[k];
        // Rows along dimension 0; the other dimensions' positions are fixed
        // within a row, and so are the steps they offer.
        const Axis& a0 = w.axes[0];
        const std::uint32_t m0 = static_cast<std::uint32_t>(a0.coord.size());
        const std::uint8_t* next0 = a0.next.data();
        const std::uint32_t* to0[2] = {a0.to[0].data(), a0.to[1].data()};
        const std::uint8_t* dir0[2] = {a0.dir[0].data(), a0.dir[1].data()};
        std::uint32_t* vertexOff0 = w.offset0.data(); // arcTo_ offset of each position's vertex along dim 0
        for (std::uint32_t p0 = 0; p0 < m0; ++p0)
            vertexOff0[p0] = a0.coord[p0] * stride_[0] * static_cast<std::uint32_t>(arcsPerVertex);
        struct Step {
            std::uint32_t arc;  // offset within a vertex's arcTo_ row
            std::uint32_t jump; // box positions ahead
        };
        Step outer[64];
        for (std::uint32_t row = 0; row < box; row += m0) {
            std::uint32_t base = 0, ways = 0, nOuter = 0;
            for (std::uint32_t x = 1; x < dims_; ++x) {
                const Axis& a = w.axes[x];
                const std::uint32_t at = w.node[x];
                base += a.coord[at] * stride_[x];
                ways += a.next[at];
                for (std::uint32_t st = 0; st < a.next[at]; ++st)
                    outer[nOuter++] = {2 * x + a.dir[st][at], (a.to[st][at] - at) * w.boxStride[x]};
            }
            const std::uint32_t* rowArcs = arcTo_.data() + std::size_t{base} * arcsPerVertex;
            double* rowMass = mass + row;
            for (std::uint32_t p0 = 0; p0 < m0; ++p0) {
                const double m = rowMass[p0];
                rowMass[p0] = 0;
                const std::uint32_t n0 = next0[p0];
                if (m == 0 || ways + n0 == 0)
                    continue;
                const double share = m * inverse[ways + n0];
                const std::uint32_t* arcs = rowArcs + vertexOff0[p0];
                for (std::uint32_t st = 0; st < n0; ++st) {
                    load[arcs[dir0[st][p0]]] += share;
                    rowMass[to0[st][p0]] += share;
                }
                for (std::uint32_t i = 0; i < nOuter; ++i) {
                    load[arcs[outer[i].arc]] += share;
                    rowMass[p0 + outer[i].jump] += share;
                }
            }
            // The next row: odometer over dimensions 1.. (dimension 1 fastest).
            for (std::uint32_t x = 1; x < dims_; ++x) {
                if (++w.node[x] < w.axes[x].coord.size())
                    break;
                w.node[x] = 0;
            }
        }
        w.routed += d.weight[k];
        if (progress)
            progress->step();
    };
    auto workers = parallelFor(d.src.size(), threads, proto, work);
    if (progress)
        progress->throwIfCancelled();
    return gatherCoreLoads(workers, n_, arcs_, d.local); // no two hosts share a cube's vertex
}

} // namespace cs
