#include "model/topology/metrics/CubeMetrics.h"
#include "model/topology/routing/HypercubeEvenSplit.h"
#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

// The binary hypercube: 2^dims hosts, host i linked to i xor 2^d for each
// dimension d (CubeNumbering.h); hosts route. Diameter dims; bisection
// 2^(dims-1) links.
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
            appendHostParams(g.params);
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
        // CubeEvenSplit::work (HypercubeEvenSplit.h): (j + 2) 2^(j - 1) steps
        // for a flow j bits long; the transpose by its symmetry.
        const double d = p[DIMS];
        c.patternRouterWork[0] = hypercube::transposeWork(static_cast<std::uint32_t>(d));
        // Ring i -> i + 1: i with t trailing ones (2^(d-t-1) of them, t < d)
        // differs from i + 1 in j = t + 1 bits, and the last host wraps to 0
        // across all d: sum over j = 1..d of 2^(d-j) (j + 2) 2^(j-1), plus
        // (d + 2) 2^(d-1), = 2^(d-1) (d (d + 1) / 2 + 3 d + 2).
        c.patternRouterWork[1] = std::ldexp(d * (d + 1) / 2 + 3 * d + 2, static_cast<int>(d) - 1);
        // Nearest neighbours: d a host, one bit apart, 3 steps each.
        c.patternRouterWork[2] = 3 * d * n;
        // A step is an arc update or a subset, priced as a torus's box
        // position (the budget's kBox), checked by bench_topology_budget (a
        // quarter of one priced the 2^18 cube at half its measured time).
        constexpr double kCubePosition = 1.0;
        for (int i = 0; i < 3; ++i)
            c.patternWork[i] = kCubePosition * c.patternRouterWork[i];
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const CubeNumbering net = numbering(p);
        for (std::size_t i = 0; i < net.vertexCount(); ++i)
            t.addHost(net.id(i), true, p[FWD]);
        for (std::size_t e = 0; e < net.edgeCount(); ++e) {
            const auto [a, b] = net.endpoints(e);
            t.addLink(a, b, net.link(e));
        }
        const BisectionResult cut = bisectionOf(p);
        t.exactBisection = cut.bandwidth;
        t.bisectionNote = cut.method;
    }

    // From its parameters, without building (CubeMetrics.h).
    std::optional<TopologyMetrics> metrics(const double* p, const MetricsOptions& options) const override
    {
        return cubeMetrics(spec().name, numbering(p), bisectionOf(p), options);
    }

private:
    // Host i links to i xor 2^d, in the order of a 2-ary mesh, named by index.
    static CubeNumbering numbering(const double* p)
    {
        return CubeNumbering(2, static_cast<std::uint32_t>(p[DIMS]), false, true, linkFrom(p, BW), p[FWD]);
    }

    // Any one dimension's 2^(dims-1) links cut the cube in half.
    static BisectionResult bisectionOf(const double* p)
    {
        const LinkProps l = linkFrom(p, BW);
        return knownBisection(std::pow(2.0, p[DIMS] - 1) * l.bandwidth * l.channels,
                              "2^(dims-1) links of one dimension");
    }
};

} // namespace

std::unique_ptr<Generator> makeHypercubeGenerator()
{
    return std::make_unique<HypercubeGenerator>();
}

} // namespace cs
