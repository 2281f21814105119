#include "model/topology/graph/CubeNumbering.h"
#include "model/core/ModelError.h"

namespace cs {

CubeNumbering::CubeNumbering(std::uint32_t k, std::uint32_t dims, bool wrap, bool bitIds, const LinkProps& link,
                             double forwardCost)
    : k_(k), dims_(dims), wrap_(wrap), bitIds_(bitIds), link_(link)
{
    if (k < 2 || dims < 1 || dims > 32 || (wrap && k < 3) || (bitIds && k != 2))
        throw ModelError("CubeNumbering: k = " + std::to_string(k) + ", dims = " + std::to_string(dims) +
                         " is not a torus, mesh or hypercube");
    std::uint64_t n = 1;
    for (std::uint32_t d = 0; d < dims; ++d) {
        stride_[d] = static_cast<std::uint32_t>(n);
        n *= k;
        if (n > 0xffffffffu)
            throw ModelError("CubeNumbering: k^dims = " + std::to_string(k) + "^" + std::to_string(dims) +
                             " is too large");
    }
    n_ = static_cast<std::uint32_t>(n);
    stride_[dims] = n_;
    // A torus links every host onward in each dimension; a mesh all but
    // the last of each row.
    perDim_ = wrap ? n_ : n_ / k * (k - 1);
    host_.kind = VertexKind::Host;
    host_.forwards = true;
    host_.forwardCost = forwardCost;
}

std::pair<std::size_t, std::size_t> CubeNumbering::endpoints(std::size_t e) const
{
    const std::uint32_t d = dimensionOf(e);
    const auto r = static_cast<std::uint32_t>(e % perDim_);
    const std::uint32_t s = stride_[d];
    if (wrap_) {
        const std::uint32_t c = coord(r, d);
        return {r, c + 1 < k_ ? r + s : r - c * s};
    }
    // A row of k hosts in dimension d spans k x stride indices, of which the
    // first (k - 1) x stride have a +1 neighbour.
    const std::uint32_t row = s * (k_ - 1);
    const std::uint32_t i = r / row * (s * k_) + r % row;
    return {i, i + s};
}

std::pair<std::size_t, std::size_t> CubeNumbering::arcs(std::size_t e) const
{
    const std::uint32_t d = dimensionOf(e);
    const auto [a, b] = endpoints(e);
    if (bitIds_)
        return {a * dims_ + d, b * dims_ + d};
    return {(a * dims_ + d) * 2, (b * dims_ + d) * 2 + 1};
}

std::string CubeNumbering::id(std::size_t v) const
{
    if (bitIds_)
        return "h" + std::to_string(v);
    std::string s = "h";
    auto rest = static_cast<std::uint32_t>(v);
    for (std::uint32_t d = 0; d < dims_; ++d, rest /= k_) {
        if (d)
            s += '_';
        s += std::to_string(rest % k_);
    }
    return s;
}

} // namespace cs
