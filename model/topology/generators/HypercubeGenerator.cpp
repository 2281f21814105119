#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

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
