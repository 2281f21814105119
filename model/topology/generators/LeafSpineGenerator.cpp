#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

// The two-level folded Clos most clusters are built as today: `leaves` leaf
// switches with p hosts each, and `spines` spine switches. Each leaf has
// u = p / oversub up-links, u / spines to every spine, trunked into one link
// of that many channels (so the leaf uses p + u ports). oversub is the ratio
// of a leaf's host capacity to its up-link capacity (1 = non-blocking, 3 =
// the common 3:1). Hops: 2 (same leaf), 4.
//
// Bisection, exact for an even number of leaves, in links of one channel:
// two whole-leaf halves cut the up-links of one half, leaves x u / 2 (with
// the spines on either side, any split of them: a leaf cuts u x the share
// of spines across). No balanced split cuts less: with a fraction s of the
// spines on side A, a leaf on A with h of its hosts on A cuts at least
// (1 - s) u + p - h and a leaf on B at least s u + h; since u <= p each of
// these is >= (1 - s)(u/p) h + s (u/p)(p - h), which sums over the leaves
// (sum of h = leaves x p / 2) to leaves x u / 2.
class LeafSpineGenerator final : public Generator {
public:
    enum P { LEAVES, SPINES, HOSTS, OVERSUB, PORTS, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            const std::string src = "standard two-level folded Clos (leaf-spine); Clos 1953; Al-Fares et al. 2008";
            GeneratorSpec g{"leaf-spine", "Leaf-spine (two-level folded Clos)",
                            "leaves x p hosts; every leaf linked to every spine by p / (oversub x spines) trunked "
                            "channels. Hops: 2 (same leaf), 4. oversub = host capacity / up-link capacity per leaf.",
                            src,
                            {countParam("leaves", 4, 1, 65536, "leaf switches", src),
                             countParam("spines", 2, 1, 4096, "spine switches", src),
                             countParam("p", 24, 1, 4096, "hosts per leaf (per switch)", src),
                             param("oversub", Unit::Ratio, "1", 1, 1, 1024, "oversubscription: p / up-links per leaf",
                                   "assumed: non-blocking (1:1); 3:1 is common"),
                             portsParam(src + "; 0 = p + up-links"),
                             switchLatencyParam()}};
            appendLinkParams(g.params, 12.5e9, "assumed: 100 Gbit/s links");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    static double uplinks(const double* p) { return p[HOSTS] / p[OVERSUB]; }

    std::string check(const double* p) const override
    {
        const double u = uplinks(p);
        if (std::abs(u - std::round(u)) > 1e-9 || u < 1)
            return "p = " + formatNumber(p[HOSTS]) + " / oversub = " + formatNumber(p[OVERSUB]) + " gives " +
                   formatNumber(u) + " up-links per leaf; it must be a whole number, at least 1";
        if (std::fmod(std::round(u), p[SPINES]) != 0)
            return "p / oversub = " + formatNumber(std::round(u)) + " up-links per leaf do not spread evenly over "
                   "spines = " + formatNumber(p[SPINES]);
        if (p[LEAVES] * p[HOSTS] > kMaxGeneratedHosts)
            return "leaves x p = " + formatNumber(p[LEAVES] * p[HOSTS]) + " hosts is more than " +
                   formatNumber(kMaxGeneratedHosts);
        const double need = (p[HOSTS] + std::round(u)) * p[CH];
        if (p[PORTS] > 0 && need > p[PORTS])
            return "a leaf needs p + up-links = " + formatNumber(need / p[CH]) + " ports x channels = " +
                   formatNumber(p[CH]) + " but ports = " + formatNumber(p[PORTS]);
        if (p[PORTS] > 0 && p[LEAVES] * std::round(u) / p[SPINES] * p[CH] > p[PORTS])
            return "a spine needs leaves x up-links / spines = " +
                   formatNumber(p[LEAVES] * std::round(u) / p[SPINES]) + " ports x channels but ports = " +
                   formatNumber(p[PORTS]);
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double hosts = p[LEAVES] * p[HOSTS];
        GeneratorCounts c{hosts, p[LEAVES] + p[SPINES], 0, hosts + p[LEAVES] * p[SPINES], p[LEAVES]};
        c.orbitRoots = 1; // leaves are twins, and so are spines (Symmetry.h)
        c.symmetryChecks = 1;
        c.exactBisection = std::fmod(p[LEAVES], 2) == 0;
        c.leafHosts = hosts;
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const int leaves = static_cast<int>(p[LEAVES]), spines = static_cast<int>(p[SPINES]);
        const int hosts = static_cast<int>(p[HOSTS]);
        const int u = static_cast<int>(std::lround(uplinks(p)));
        const LinkProps l = linkFrom(p, BW);
        LinkProps up = l;
        up.channels = l.channels * (u / spines);
        const int leafPorts = p[PORTS] > 0 ? static_cast<int>(p[PORTS]) : (hosts + u) * l.channels;
        const int spinePorts = p[PORTS] > 0 ? static_cast<int>(p[PORTS]) : leaves * up.channels;
        // Hosts first, leaf by leaf, so host order follows the leaves.
        for (int f = 0; f < leaves; ++f)
            for (int i = 0; i < hosts; ++i)
                t.addHost("h" + std::to_string(f) + "_" + std::to_string(i));
        std::vector<std::size_t> spine;
        for (int s = 0; s < spines; ++s)
            spine.push_back(t.addSwitch("spine" + std::to_string(s), spinePorts, p[SWLAT]));
        for (int f = 0; f < leaves; ++f) {
            const std::size_t leaf = t.addSwitch("leaf" + std::to_string(f), leafPorts, p[SWLAT]);
            for (int i = 0; i < hosts; ++i)
                t.addLink(static_cast<std::size_t>(f * hosts + i), leaf, l);
            for (std::size_t s : spine)
                t.addLink(leaf, s, up);
        }
        if (leaves % 2 == 0) {
            t.exactBisection = leaves / 2.0 * u * l.bandwidth * l.channels;
            t.bisectionNote = "the up-links of half the leaves: leaves x (p / oversub) / 2 links";
        }
        t.facts.emplace_back("uplinks_per_leaf", u);
    }
};

} // namespace

std::unique_ptr<Generator> makeLeafSpineGenerator()
{
    return std::make_unique<LeafSpineGenerator>();
}

} // namespace cs
