#include "model/topology/generators/Generators.h"
#include "model/topology/metrics/Bisection.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/routing/HypercubeEvenSplit.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

// HyperX (Ahn, Binkert, Davis, McLaren, Schreiber, "HyperX: Topology,
// Routing, and Packaging of Efficient Large-Scale Networks", SC 2009), the
// regular case: routers on a dims-dimensional grid of s per side; along
// every dimension each router is linked to every other router that differs
// from it in that coordinate only (a complete graph per row), by `trunk`
// parallel channels (the paper's K); p hosts per router (the paper's T).
// Router i has coordinate (i / s^d) mod s in dimension d. Minimal routes fix
// one differing coordinate per hop: at most dims router hops.
//
// Symmetry: shifting any one coordinate by one is an automorphism (each row
// is a complete graph), so every router is alike: one BFS root. The sparse
// patterns are loaded from router coordinates (HyperXEvenSplit.h).
class HyperXGenerator final : public Generator {
public:
    enum P { DIMS, S, TRUNK, HOSTS, PORTS, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            const std::string src = "Ahn, Binkert, Davis, McLaren, Schreiber, HyperX: Topology, Routing, and "
                                    "Packaging of Efficient Large-Scale Networks, SC 2009";
            GeneratorSpec g{"hyperx", "HyperX (regular)",
                            "s^dims routers on a grid; each linked to every router in the same row of every "
                            "dimension by trunk channels; p hosts per router. Hops <= dims + 2.",
                            src,
                            {countParam("dims", 2, 1, 6, "dimensions (the paper's L)", src),
                             countParam("s", 4, 2, 1024, "routers per dimension (the paper's S)", src),
                             linkChannelsParam("trunk", "channels between two routers of a row (the paper's K)", src),
                             countParam("p", 2, 1, 4096, "hosts per router (the paper's T; per switch)", src),
                             portsParam(src + "; 0 = p + dims (s - 1) trunk"),
                             switchLatencyParam()}};
            appendLinkParams(g.params, 12.5e9, "assumed: 100 Gbit/s links");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    std::string check(const double* p) const override
    {
        const double routers = std::pow(p[S], p[DIMS]);
        if (routers * p[HOSTS] > kMaxGeneratedHosts)
            return "s^dims x p = " + formatNumber(routers * p[HOSTS]) + " hosts is more than " +
                   formatNumber(kMaxGeneratedHosts);
        if (routers * p[DIMS] * (p[S] - 1) / 2 > 64e6)
            return "s = " + formatNumber(p[S]) + ", dims = " + formatNumber(p[DIMS]) + " gives " +
                   formatNumber(routers * p[DIMS] * (p[S] - 1) / 2) + " router links, more than 64000000";
        const double need = (p[HOSTS] + p[DIMS] * (p[S] - 1) * p[TRUNK]) * p[CH];
        if (p[PORTS] > 0 && need > p[PORTS])
            return "a router needs p + dims (s - 1) trunk = " + formatNumber(need / p[CH]) + " ports x channels = " +
                   formatNumber(p[CH]) + " but ports = " + formatNumber(p[PORTS]);
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double routers = std::pow(p[S], p[DIMS]), hosts = routers * p[HOSTS];
        GeneratorCounts c{hosts, routers, 0, hosts + routers * p[DIMS] * (p[S] - 1) / 2, routers};
        c.orbitRoots = 1; // coordinate shifts (Symmetry.h)
        c.bisectionBound = true; // its own cut, an upper bound
        c.symmetryChecks = p[DIMS];
        c.leafHosts = hosts;
        // HyperXEvenSplit: (j + 2) 2^(j-1) steps a flow between routers j
        // coordinates apart, a step priced as a torus's box position (as
        // the hypercube's). Hosts are numbered router by router.
        c.coordinateRouted = true;
        const int dims = static_cast<int>(p[DIMS]);
        constexpr double kStep = 1.0;
        // Transpose: partners spread over the routers, j about binomial
        // (dims, (s - 1) / s); the estimate (the steps are counted exactly
        // from the flows before any is routed).
        double perFlow = 0;
        for (int j = 1; j <= dims; ++j)
            perFlow += std::tgamma(dims + 1.0) / (std::tgamma(j + 1.0) * std::tgamma(dims - j + 1.0)) *
                       std::pow((p[S] - 1) / p[S], j) * std::pow(1 / p[S], dims - j) * evenSplitSteps(j);
        c.patternWork[0] = kStep * hosts * perFlow;
        // Ring: one flow a router leaves it, to the next router: s^(dims-t-1)
        // (s - 1) of them carry t digits of s - 1 (t + 1 coordinates apart),
        // and the last wraps round in every dimension.
        double ring = evenSplitSteps(dims);
        for (int t = 0; t < dims; ++t)
            ring += std::pow(p[S], dims - t - 1) * (p[S] - 1) * evenSplitSteps(t + 1);
        c.patternWork[1] = kStep * ring;
        // Nearest neighbours: a router's other hosts, local; with one host a
        // router, every router of the rows, one coordinate apart.
        if (p[HOSTS] == 1)
            c.neighbourFlows = routers * p[DIMS] * (p[S] - 1);
        c.patternWork[2] = kStep * c.neighbourFlows * evenSplitSteps(1);
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const long dims = std::lround(p[DIMS]), s = std::lround(p[S]), hosts = std::lround(p[HOSTS]);
        long n = 1;
        for (long d = 0; d < dims; ++d)
            n *= s;
        const LinkProps l = linkFrom(p, BW);
        LinkProps trunk = l;
        trunk.channels = l.channels * static_cast<int>(std::lround(p[TRUNK]));
        const int ports = p[PORTS] > 0 ? static_cast<int>(p[PORTS])
                                       : static_cast<int>(hosts * l.channels + dims * (s - 1) * trunk.channels);
        auto coords = [&](long r) {
            std::string id;
            for (long d = 0; d < dims; ++d, r /= s)
                id += (d ? "_" : "") + std::to_string(r % s);
            return id;
        };
        // Hosts first, router by router (router-major), then the routers.
        for (long r = 0; r < n; ++r)
            for (long i = 0; i < hosts; ++i)
                t.addHost("h" + coords(r) + "_" + std::to_string(i));
        const std::size_t first = t.vertexCount();
        for (long r = 0; r < n; ++r)
            t.addSwitch("r" + coords(r), ports, p[SWLAT]);
        for (long r = 0; r < n; ++r)
            for (long i = 0; i < hosts; ++i)
                t.addLink(static_cast<std::size_t>(r * hosts + i), first + static_cast<std::size_t>(r), l);
        long stride = 1;
        for (long d = 0; d < dims; ++d, stride *= s)
            for (long r = 0; r < n; ++r) {
                const long c = (r / stride) % s;
                for (long c2 = c + 1; c2 < s; ++c2)
                    t.addLink(first + static_cast<std::size_t>(r), first + static_cast<std::size_t>(r + (c2 - c) * stride),
                              trunk);
            }
        // The cut across the last dimension: the first half of the routers in
        // router order (coordinate s/2 and up of the last dimension on the
        // other side), with their hosts; for odd s the middle slice splits by
        // hosts. A balanced split, so an upper bound on the bisection.
        std::vector<char> side(t.vertexCount(), 0);
        const std::size_t nHosts = static_cast<std::size_t>(n * hosts);
        for (std::size_t h = 0; h < nHosts / 2; ++h)
            side[h] = 1;
        for (long r = 0; r < n; ++r)
            side[first + static_cast<std::size_t>(r)] = side[static_cast<std::size_t>(r * hosts)];
        t.bisectionBound = std::min(cutCapacity(t, side), (nHosts / 2) * l.bandwidth * l.channels);
        t.bisectionNote = "the least of two balanced cuts: across the last dimension between halves of the "
                          "routers, and the host links of half the hosts";
    }
};

} // namespace

std::unique_ptr<Generator> makeHyperXGenerator()
{
    return std::make_unique<HyperXGenerator>();
}

} // namespace cs
