#include "model/topology/LinkLoad.h"
#include "model/topology/generators/Generators.h"

#include <array>
#include <atomic>
#include <bit>
#include <cmath>

namespace cs {

namespace {

// Sum over the hosts of 2^(bits in which a host and its transpose partner
// differ), for 2^d hosts: what the transpose's boxes hold per axis. For even
// d, host (r, c) meets (c, r), 2 popcount(r ^ c) bits apart, and the sum is
// 2^(d/2) 5^(d/2) = 10^(d/2); for odd d it is counted, once per d (up to 2^20
// hosts, a few milliseconds).
double transposeBoxes(int d)
{
    static std::array<std::atomic<double>, 32> known{};
    if (d < 0 || d >= static_cast<int>(known.size()))
        return 0;
    if (const double v = known[static_cast<std::size_t>(d)].load(); v > 0)
        return v;
    double sum = 0;
    if (d % 2 == 0) {
        sum = std::pow(10.0, d / 2);
    } else {
        const auto H = std::uint32_t{1} << d;
        const std::uint32_t rows = transposeRows(H);
        for (std::uint32_t i = 0; i < H; ++i)
            sum += std::ldexp(1.0, std::popcount(i ^ transposePartner(i, H, rows)));
    }
    known[static_cast<std::size_t>(d)] = sum;
    return sum;
}

// The binary hypercube: 2^dims hosts, host i linked to i xor 2^d for each
// dimension d; hosts route. Diameter dims; bisection 2^(dims-1) links.
class HypercubeGenerator final : public Generator {
public:
    enum P { DIMS, FWD, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            GeneratorSpec g{"hypercube", "Hypercube",
                            "2^dims hosts; host i links to i xor 2^d in every dimension d; hosts route. "
                            "Diameter dims.",
                            "standard (binary n-cube)",
                            {countParam("dims", 3, 1, 20, "dimensions", "standard binary n-cube"),
                             forwardCostParam(0.0, "assumed: an integrated router forwards at no host cost")}};
            appendLinkParams(g.params, 125e6, "assumed: 1 Gbit/s links");
            return g;
        }();
        return s;
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double n = std::pow(2.0, p[DIMS]);
        GeneratorCounts c{n, 0, 0, p[DIMS] * n / 2, n};
        c.orbitRoots = 1; // the bit flips make every host alike (Symmetry.h)
        c.symmetryChecks = 1; // recognised whole as a cube (Symmetry.cpp)
        c.coordinateRouted = true;
        c.neighbourFlows = n * p[DIMS];
        c.exactBisection = true;
        // CubeEvenSplit::work: a flow between hosts h bits apart sweeps 2^h
        // positions on each of the dims axes.
        const double d = p[DIMS];
        c.patternRouterWork[0] = d * transposeBoxes(static_cast<int>(d));
        // Ring i -> i + 1: i with t trailing ones (2^(d-t-1) of them, t < d)
        // differs from i + 1 in t + 1 bits; the last host wraps to 0 across
        // all d: sum 2^(d-t-1) 2^(t+1) over t, plus 2^d, = (d + 1) 2^d.
        c.patternRouterWork[1] = d * (d + 1) * n;
        // Nearest neighbours: d a host, one bit apart.
        c.patternRouterWork[2] = d * 2 * d * n;
        // A hypercube's box position is a bit test, a quarter of a torus's
        // digit arithmetic: measured at d = 14, the three patterns' 1.5e8
        // positions took 0.60 s of CPU (4.0e-9 s each; a torus's, kBox, 1.6e-8).
        constexpr double kCubePosition = 0.25;
        for (int i = 0; i < 3; ++i)
            c.patternWork[i] = kCubePosition * c.patternRouterWork[i];
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const int dims = static_cast<int>(p[DIMS]);
        const std::size_t n = std::size_t{1} << dims;
        const LinkProps l = linkFrom(p, BW);
        for (std::size_t i = 0; i < n; ++i)
            t.addHost("h" + std::to_string(i), true, p[FWD]);
        for (int d = 0; d < dims; ++d)
            for (std::size_t i = 0; i < n; ++i)
                if (!(i & (std::size_t{1} << d)))
                    t.addLink(i, i | (std::size_t{1} << d), l);
        // Any one dimension's 2^(dims-1) links cut the cube in half.
        t.exactBisection = std::pow(2.0, dims - 1) * l.bandwidth * l.channels;
        t.bisectionNote = "2^(dims-1) links of one dimension";
    }
};

} // namespace

std::unique_ptr<Generator> makeHypercubeGenerator()
{
    return std::make_unique<HypercubeGenerator>();
}

} // namespace cs
