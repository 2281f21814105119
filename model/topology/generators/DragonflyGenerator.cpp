#include "model/topology/generators/Generators.h"
#include "model/topology/metrics/Bisection.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

// The dragonfly of Kim, Dally, Scott and Abts, "Technology-Driven,
// Highly-Scalable Dragonfly Topology" (ISCA 2008): `groups` groups of a
// routers; each router has p hosts, a - 1 local links (the routers of a
// group are fully connected) and h global links to other groups. Group i's
// global ports k = 0 .. a h - 1 (router k / h) go to group i + 1 + (k mod
// (groups - 1)), so every pair of groups is joined by a h / (groups - 1)
// global links (one when groups = a h + 1, the largest dragonfly of these
// routers; the paper's balanced choice is a = 2p = 2h). Minimal routes are
// local, global, local: at most 3 router hops, 5 hops host to host.
//
// Symmetry: shifting every group by one is an automorphism (the global
// wiring depends only on the group difference), so the routers of one group
// are the only distinct BFS roots, for all-to-all (Symmetry.h) and for the
// sparse patterns (DragonflyEvenSplit.h).
class DragonflyGenerator final : public Generator {
public:
    enum P { GROUPS, A, HOSTS, H, PORTS, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            const std::string src = "Kim, Dally, Scott, Abts, Technology-Driven, Highly-Scalable Dragonfly Topology, "
                                    "ISCA 2008";
            GeneratorSpec g{"dragonfly", "Dragonfly",
                            "groups of a routers, fully connected within a group; p hosts and h global links per "
                            "router; every pair of groups joined by a h / (groups - 1) global links. Hops <= 5.",
                            src,
                            {countParam("groups", 9, 2, 65536, "groups (at most a h + 1)", src + " (g = a h + 1)"),
                             countParam("a", 4, 1, 1024, "routers per group", src + " (balanced: a = 2p = 2h)"),
                             countParam("p", 2, 1, 4096, "hosts per router (per switch)", src),
                             countParam("h", 2, 1, 1024, "global links per router", src),
                             portsParam(src + "; 0 = p + a - 1 + h"),
                             switchLatencyParam()}};
            appendLinkParams(g.params, 12.5e9, "assumed: 100 Gbit/s links");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    std::string check(const double* p) const override
    {
        const double ah = p[A] * p[H];
        if (p[GROUPS] > ah + 1)
            return "groups = " + formatNumber(p[GROUPS]) + " exceeds a x h + 1 = " + formatNumber(ah + 1) +
                   " (each group has a x h global links, one per other group at most)";
        if (std::fmod(ah, p[GROUPS] - 1) != 0)
            return "a x h = " + formatNumber(ah) + " global links per group do not spread evenly over the other " +
                   formatNumber(p[GROUPS] - 1) + " groups (groups - 1 must divide a x h)";
        if (p[GROUPS] * p[A] * p[HOSTS] > kMaxGeneratedHosts)
            return "groups x a x p = " + formatNumber(p[GROUPS] * p[A] * p[HOSTS]) + " hosts is more than " +
                   formatNumber(kMaxGeneratedHosts);
        if (p[PORTS] > 0 && (p[HOSTS] + p[A] - 1 + p[H]) * p[CH] > p[PORTS])
            return "a router needs p + a - 1 + h = " + formatNumber(p[HOSTS] + p[A] - 1 + p[H]) +
                   " ports x channels = " + formatNumber(p[CH]) + " but ports = " + formatNumber(p[PORTS]);
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double routers = p[GROUPS] * p[A], hosts = routers * p[HOSTS];
        GeneratorCounts c{hosts, routers, 0,
                          hosts + p[GROUPS] * p[A] * (p[A] - 1) / 2 + p[GROUPS] * p[A] * p[H] / 2, routers};
        c.orbitRoots = p[A]; // the group shift leaves one group's routers (Symmetry.h)
        c.bisectionBound = true; // its own cut, an upper bound
        c.symmetryChecks = 1;
        // DragonflyEvenSplit routes the sparse patterns from one search per
        // router of one group.
        c.coordinateRouted = true;
        c.routerSearches = p[A];
        c.leafHosts = hosts;
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const long g = std::lround(p[GROUPS]), a = std::lround(p[A]), hosts = std::lround(p[HOSTS]),
                   h = std::lround(p[H]);
        const LinkProps l = linkFrom(p, BW);
        const int ports = p[PORTS] > 0 ? static_cast<int>(p[PORTS]) : static_cast<int>((hosts + a - 1 + h) * l.channels);
        auto router = [&](long grp, long r) { return static_cast<std::size_t>(g * a * hosts + grp * a + r); };
        // Hosts first, router by router, so host order follows the groups.
        for (long grp = 0; grp < g; ++grp)
            for (long r = 0; r < a; ++r)
                for (long i = 0; i < hosts; ++i)
                    t.addHost("h" + std::to_string(grp) + "_" + std::to_string(r) + "_" + std::to_string(i));
        for (long grp = 0; grp < g; ++grp)
            for (long r = 0; r < a; ++r)
                t.addSwitch("r" + std::to_string(grp) + "_" + std::to_string(r), ports, p[SWLAT]);
        for (long grp = 0; grp < g; ++grp)
            for (long r = 0; r < a; ++r) {
                for (long i = 0; i < hosts; ++i)
                    t.addLink(static_cast<std::size_t>((grp * a + r) * hosts + i), router(grp, r), l);
                for (long q = r + 1; q < a; ++q)
                    t.addLink(router(grp, r), router(grp, q), l);
            }
        // Global port k of group i: offset d = k mod (g - 1) + 1, the m = k /
        // (g - 1)-th port of that offset; it meets port m (g - 1) + (g - d - 1)
        // of group i + d. Each link is added once, from its smaller offset.
        for (long grp = 0; grp < g; ++grp)
            for (long k = 0; k < a * h; ++k) {
                const long d = k % (g - 1) + 1, m = k / (g - 1), other = (grp + d) % g;
                const long k2 = m * (g - 1) + (g - d - 1);
                if (d < g - d || (d == g - d && grp < other))
                    t.addLink(router(grp, k / h), router(other, k2 / h), l);
            }
        t.facts.emplace_back("global_links_per_group_pair", static_cast<double>(a * h / (g - 1)));
        // The cut between the first and second half of the hosts in host
        // order (whole groups, the middle group split by routers and hosts),
        // each router with its first host; or the host links of half the
        // hosts. Both are balanced splits: an upper bound on the bisection.
        const std::size_t nHosts = static_cast<std::size_t>(g * a * hosts);
        std::vector<char> side(t.vertexCount(), 0);
        for (std::size_t i = 0; i < nHosts / 2; ++i)
            side[i] = 1;
        for (long r = 0; r < g * a; ++r)
            side[router(r / a, r % a)] = side[static_cast<std::size_t>(r * hosts)];
        t.bisectionBound = std::min(cutCapacity(t, side), (nHosts / 2) * l.bandwidth * l.channels);
        t.bisectionNote = "the least of two balanced cuts: between the halves of the groups, and the host links of "
                          "half the hosts";
    }
};

} // namespace

std::unique_ptr<Generator> makeDragonflyGenerator()
{
    return std::make_unique<DragonflyGenerator>();
}

} // namespace cs
