#include "model/topology/routing/HypercubeEvenSplit.h"
#include "model/topology/routing/LinkLoad.h"

#include <array>
#include <atomic>
#include <bit>
#include <cmath>

namespace cs {

namespace {

// 1 / (C(j, k) (j - k)): the share of a flow j bits long on each arc out of
// a vertex k bits along it.
struct Shares {
    std::array<std::array<double, 33>, 33> of{};
    Shares()
    {
        for (int j = 1; j <= 32; ++j) {
            double c = 1; // C(j, k)
            for (int k = 0; k < j; ++k) {
                of[j][k] = 1.0 / (c * (j - k));
                c = c * (j - k) / (k + 1);
            }
        }
    }
};

const Shares& shares()
{
    static const Shares s;
    return s;
}

} // namespace

double evenSplitShare(std::uint32_t j, std::uint32_t k)
{
    return shares().of[j][k];
}

double evenSplitSteps(std::uint32_t j)
{
    return (j + 2.0) * std::ldexp(1.0, static_cast<int>(j) - 1);
}

} // namespace cs

namespace cs::hypercube {

namespace {

// The demands are the transpose of 2^dims hosts with dims even (host i at
// core vertex i), every flow of weight `w`: the case the symmetry serves.
bool halfSwap(std::uint32_t dims, const Demands& d, double& w)
{
    if (d.pattern != TrafficPattern::Transpose || dims % 2 != 0 || dims < 2 || dims > 30)
        return false;
    const std::uint32_t n = std::uint32_t{1} << dims, half = dims / 2, low = (std::uint32_t{1} << half) - 1;
    if (d.dstBegin.size() != std::size_t{n} + 1 || d.src.size() != n - (std::size_t{1} << half))
        return false;
    w = d.weight.empty() ? 0 : d.weight[0];
    for (std::uint32_t t = 0; t < n; ++t) {
        const std::uint32_t s = ((t & low) << half) | (t >> half);
        const std::uint32_t count = d.dstBegin[t + 1] - d.dstBegin[t];
        if (count != (s != t ? 1u : 0u) || (count && (d.src[d.dstBegin[t]] != s || d.weight[d.dstBegin[t]] != w)))
            return false;
    }
    return true;
}

double symmetricSteps(std::uint32_t dims)
{
    const int half = static_cast<int>(dims / 2);
    return std::pow(5.0, half) - 1 + 4.0 * half * std::pow(5.0, half - 1) + dims * std::ldexp(1.0, static_cast<int>(dims));
}

// The arc from x across bit b: by the table, or x * dims + b without one
// (CubeEvenSplit::arcTable).
std::size_t arcOf(const std::vector<std::uint32_t>& arcTo, std::uint32_t dims, std::uint32_t x, std::uint32_t b)
{
    const std::size_t step = std::size_t{x} * dims + b;
    return arcTo.empty() ? step : arcTo[step * 2 + ((x >> b) & 1)];
}

} // namespace

double transposeWork(std::uint32_t dims)
{
    if (dims % 2 == 0)
        return dims ? symmetricSteps(dims) : 0;
    static std::array<std::atomic<double>, 32> known{};
    if (dims >= known.size())
        return 0;
    if (const double v = known[dims].load(); v > 0)
        return v;
    const std::uint32_t H = std::uint32_t{1} << dims, rows = transposeRows(H);
    double sum = 0;
    for (std::uint32_t i = 0; i < H; ++i)
        if (const std::uint32_t j = transposePartner(i, H, rows); j != i)
            sum += evenSplitSteps(static_cast<std::uint32_t>(std::popcount(i ^ j)));
    known[dims] = sum;
    return sum;
}

double work(std::uint32_t dims, const Demands& d)
{
    double w = 0;
    if (halfSwap(dims, d, w))
        return symmetricSteps(dims);
    double steps = 0;
    for (std::uint32_t t = 0; t + 1 < d.dstBegin.size(); ++t)
        for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k)
            steps += evenSplitSteps(static_cast<std::uint32_t>(std::popcount(d.src[k] ^ t)));
    return steps;
}

double route(std::uint32_t dims, const std::vector<std::uint32_t>& arcTo, const Demands& d,
             std::vector<double>& load, MetricsProgress* progress, double progressShare)
{
    const auto& share = shares().of;
    double w = 0;
    if (halfSwap(dims, d, w)) {
        // Loads of the arcs out of the representatives (h, 0), by h and bit.
        const std::uint32_t half = dims / 2, reps = std::uint32_t{1} << half, low = reps - 1;
        std::vector<double> rep(std::size_t{reps} * dims, 0.0);
        if (progress)
            progress->beginStage(progressShare, reps);
        for (std::uint32_t hs = 0; hs < reps; ++hs) {
            if (progress && progress->cancelled())
                break;
            // The sources (hs, ls) with ls disjoint from hs reach a
            // representative: their subsets S with low half ls.
            const std::uint32_t free = low & ~hs;
            for (std::uint32_t ls = free;; ls = (ls - 1) & free) {
                const std::uint32_t m = hs | ls;
                const auto j = static_cast<std::uint32_t>(2 * std::popcount(m));
                const auto kl = static_cast<std::uint32_t>(std::popcount(ls));
                for (std::uint32_t sh = 0; m != 0;) {
                    const std::uint32_t k = kl + static_cast<std::uint32_t>(std::popcount(sh));
                    if (k < j) {
                        const double x = w * share[j][k];
                        double* at = rep.data() + std::size_t{hs ^ sh} * dims;
                        for (std::uint32_t b = m & ~sh; b; b &= b - 1)
                            at[half + static_cast<std::uint32_t>(std::countr_zero(b))] += x;
                        for (std::uint32_t b = hs; b; b &= b - 1)
                            at[static_cast<std::uint32_t>(std::countr_zero(b))] += x;
                    }
                    sh = (sh - m) & m;
                    if (sh == 0)
                        break;
                }
                if (ls == 0)
                    break;
            }
            if (progress)
                progress->step();
        }
        if (progress)
            progress->throwIfCancelled();
        const std::uint32_t n = std::uint32_t{1} << dims;
        for (std::uint32_t x = 0; x < n; ++x) {
            const double* at = rep.data() + std::size_t{(x >> half) ^ (x & low)} * dims;
            for (std::uint32_t b = 0; b < dims; ++b)
                load[arcOf(arcTo, dims, x, b)] += at[b];
        }
        return w * static_cast<double>(d.src.size());
    }
    if (progress)
        progress->beginStage(progressShare, d.src.size());
    double routed = 0;
    for (std::uint32_t t = 0; t + 1 < d.dstBegin.size(); ++t) {
        if (progress && progress->cancelled())
            break;
        for (std::uint32_t k = d.dstBegin[t]; k < d.dstBegin[t + 1]; ++k) {
            const std::uint32_t s = d.src[k], D = s ^ t;
            const auto j = static_cast<std::uint32_t>(std::popcount(D));
            for (std::uint32_t S = 0; S != D; S = (S - D) & D) {
                const double x = d.weight[k] * share[j][std::popcount(S)];
                const std::uint32_t v = s ^ S;
                for (std::uint32_t b = D & ~S; b; b &= b - 1)
                    load[arcOf(arcTo, dims, v, static_cast<std::uint32_t>(std::countr_zero(b)))] += x;
            }
            routed += d.weight[k];
            if (progress)
                progress->step();
        }
    }
    if (progress)
        progress->throwIfCancelled();
    return routed;
}

} // namespace cs::hypercube
