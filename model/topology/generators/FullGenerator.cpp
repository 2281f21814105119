#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

// Fully connected: a direct link between every pair of n hosts.
class FullGenerator final : public Generator {
public:
    enum P { N, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            GeneratorSpec g{"full", "Fully connected",
                            "n hosts with a direct link between every pair: n(n-1)/2 links, 1 hop.",
                            "standard (complete graph)",
                            {countParam("n", 8, 2, 2048, "hosts", "standard complete graph")}};
            appendLinkParams(g.params, 125e6, "assumed: 1 Gbit/s links");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    GeneratorCounts counts(const double* p) const override
    {
        GeneratorCounts c{p[N], 0, 0, p[N] * (p[N] - 1) / 2, p[N]};
        c.exactBisection = true;
        c.orbitRoots = 1; // the cyclic shift of the hosts (Symmetry.h)
        c.symmetryChecks = 1;
        c.neighbourFlows = p[N] * (p[N] - 1); // every host one hop from every other
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const std::size_t n = static_cast<std::size_t>(p[N]);
        const LinkProps l = linkFrom(p, BW);
        for (std::size_t i = 0; i < n; ++i)
            t.addHost("h" + std::to_string(i));
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j)
                t.addLink(i, j, l);
        // Every balanced split cuts floor(n/2) x ceil(n/2) links.
        t.exactBisection = std::floor(n / 2.0) * std::ceil(n / 2.0) * l.bandwidth * l.channels;
        t.bisectionNote = "floor(n/2) x ceil(n/2) links";
    }
};

} // namespace

std::unique_ptr<Generator> makeFullGenerator()
{
    return std::make_unique<FullGenerator>();
}

} // namespace cs
