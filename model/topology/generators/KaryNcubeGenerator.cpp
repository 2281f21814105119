#include "model/topology/metrics/CubeMetrics.h"
#include "model/topology/generators/Generators.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

// The k-ary n-cube: k^dims hosts on a dims-dimensional grid with k per side,
// each linked to its neighbours along every dimension; "torus" wraps each
// dimension around, "mesh" does not. Each host routes (an integrated
// router: hosts forward). Host index i has coordinate (i / k^d) mod k in
// dimension d.
class KaryNcubeGenerator final : public Generator {
public:
    enum P { K, DIMS, FWD, BW, LAT, CH };

    explicit KaryNcubeGenerator(bool wrap) : wrap_(wrap) {}

    const GeneratorSpec& spec() const override { return wrap_ ? specFor(true) : specFor(false); }

    std::string check(const double* p) const override
    {
        if (wrap_ && p[K] < 3)
            return "k = " + formatNumber(p[K]) +
                   " is too small for a torus (the wrap-around link would repeat the direct one); use k >= 3, "
                   "mesh or hypercube";
        if (std::pow(p[K], p[DIMS]) > kMaxGeneratedHosts)
            return "k = " + formatNumber(p[K]) + ", dims = " + formatNumber(p[DIMS]) + " gives k^dims = " +
                   formatNumber(std::pow(p[K], p[DIMS])) + " hosts, more than " + formatNumber(kMaxGeneratedHosts);
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double hosts = std::pow(p[K], p[DIMS]);
        const double links = wrap_ ? p[DIMS] * hosts : p[DIMS] * (p[K] - 1) * std::pow(p[K], p[DIMS] - 1);
        GeneratorCounts c{hosts, 0, 0, links, hosts};
        // Symmetry.h: translations make every host alike (torus); the
        // reflections and dimension swaps of a mesh leave one root per
        // multiset of folded coordinates min(c, k-1-c), m = ceil(k/2) values
        // each: C(m + dims - 1, dims).
        const double m = std::ceil(p[K] / 2);
        double orbits = 1;
        for (int i = 1; i <= static_cast<int>(p[DIMS]); ++i)
            orbits = orbits * (m + i - 1) / i;
        c.orbitRoots = wrap_ ? 1 : std::min(orbits, hosts);
        c.symmetryChecks = wrap_ ? 1 : 2 * p[DIMS] - 1; // a torus is recognised whole (Symmetry.cpp)
        c.coordinateRouted = true;
        c.neighbourFlows = 2 * links; // each link both ways
        c.exactBisection = std::fmod(p[K], 2) == 0;
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const CubeNumbering net = numbering(p);
        const LinkProps& l = net.link(0);
        for (std::size_t i = 0; i < net.vertexCount(); ++i)
            t.addHost(net.id(i), true, p[FWD]);
        for (std::size_t e = 0; e < net.edgeCount(); ++e) {
            const auto [a, b] = net.endpoints(e);
            t.addLink(a, b, l);
        }
        if (const auto cut = bisectionOf(p)) {
            t.exactBisection = cut->bandwidth;
            t.bisectionNote = cut->method;
        }
    }

    // A torus of even k, from its parameters (CubeMetrics.h). A mesh's
    // hosts are not alike, and an odd k's bisection is searched.
    std::optional<TopologyMetrics> metrics(const double* p, const MetricsOptions& options) const override
    {
        const auto cut = bisectionOf(p);
        if (!wrap_ || !cut)
            return std::nullopt;
        return cubeMetrics(spec().name, numbering(p), *cut, options);
    }

private:
    CubeNumbering numbering(const double* p) const
    {
        return CubeNumbering(static_cast<std::uint32_t>(p[K]), static_cast<std::uint32_t>(p[DIMS]), wrap_, false,
                             linkFrom(p, BW), p[FWD]);
    }

    // For even k: cutting dimension dims-1 in the middle severs k^(dims-1)
    // links, twice that with wrap-around, and no balanced cut is smaller.
    std::optional<BisectionResult> bisectionOf(const double* p) const
    {
        if (std::fmod(p[K], 2) != 0)
            return std::nullopt;
        const LinkProps l = linkFrom(p, BW);
        const double across = std::pow(p[K], p[DIMS] - 1) * (wrap_ ? 2 : 1);
        return knownBisection(across * l.bandwidth * l.channels,
                              wrap_ ? "2 k^(dims-1) links (even k)" : "k^(dims-1) links (even k)");
    }

    static const GeneratorSpec& specFor(bool wrap)
    {
        static const GeneratorSpec s[2] = {make(false), make(true)};
        return s[wrap ? 1 : 0];
    }
    static GeneratorSpec make(bool wrap)
    {
        GeneratorSpec g{wrap ? "torus" : "mesh",
                        wrap ? "k-ary n-cube torus" : "k-ary n-cube mesh",
                        std::string("k^dims hosts on a dims-dimensional grid, k per side, each linked to its "
                                    "neighbours") +
                            (wrap ? " with wrap-around" : " (no wrap-around)") +
                            "; hosts route. Diameter " + (wrap ? "dims x floor(k/2)." : "dims x (k - 1)."),
                        "standard (Dally and Towles, k-ary n-cube)",
                        {countParam("k", 4, 2, 4096, "hosts per dimension", "standard k-ary n-cube"),
                         countParam("dims", 2, 1, 21, "dimensions (the n of k-ary n-cube)", "standard k-ary n-cube"),
                         forwardCostParam(0.0, "assumed: an integrated router forwards at no host cost")}};
        appendLinkParams(g.params, 125e6, "assumed: 1 Gbit/s links");
        appendHostParams(g.params);
        return g;
    }

    bool wrap_;
};

} // namespace

std::unique_ptr<Generator> makeKaryNcubeGenerator(bool wrap)
{
    return std::make_unique<KaryNcubeGenerator>(wrap);
}

} // namespace cs
