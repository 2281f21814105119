#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

// A general fat-tree of fixed-radix switches, described level by level
// (002 §2.2: "the number of upward links depends on the number of downward
// links"). Level 1 switches have down1 hosts and up1 up-links. A level-l
// pod (l >= 2) is group_l level-(l-1) pods plus S_l level-l switches; the
// pod's up-links from below, group_l * S_(l-1) * up_(l-1) of them, are dealt
// round-robin over S_l = ceil(that / down_l) switches, so no switch uses
// more than down_l down ports, and each child switch's up-links go to
// distinct parents. The top level has no up-links.
//
// The defaults build the Berkeley NOW network (002 §2.2, Fig. 3): 8-port
// switches, 5 hosts per first-level switch (3 up-links), seven such switches
// per 35-host subcluster with their 21 up-links spread over ceil(21/6) = 4
// level-two switches, and three subclusters: 105 hosts. The paper does not
// say how the subclusters are joined; we assume a third level: the 4 x 3 = 12
// level-two switches send 2 up-links each to ceil(24/8) = 3 level-three
// switches (an assumption, marked in the source field of group3).
class GeneralFatTreeGenerator final : public Generator {
public:
    enum P { RADIX, LEVELS, D1, U1, G2, D2, U2, G3, D3, U3, G4, D4, SWLAT, BW, LAT, CH };
    static constexpr int kMaxLevels = 4;

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            const std::string now = "002_5a9fca780898fb85.txt §2.2";
            GeneratorSpec g{
                "gfat", "General fat-tree (per-level down/up ports)",
                "Fixed-radix switches in up to 4 levels; level 1 has down1 hosts and up1 up-links per switch; a "
                "level-l pod joins group_l pods below with ceil(up-links / down_l) switches. Defaults: Berkeley "
                "NOW (105 hosts, 8-port switches).",
                now + " (Berkeley NOW, Fig. 3)",
                {countParam("radix", 8, 2, 1024, "ports per switch", now + ": 8-port Myrinet switches"),
                 countParam("levels", 3, 1, kMaxLevels, "switch levels",
                            now + " (two levels per subcluster; third level assumed to join the subclusters)"),
                 countParam("down1", 5, 1, 1024, "hosts per first-level switch", now + ": five hosts per switch"),
                 countParam("up1", 3, 0, 1024, "up-links per first-level switch", now + ": 8 - 5 = 3 up-links"),
                 countParam("group2", 7, 1, 4096, "first-level switches per level-2 pod",
                            now + ": seven switches per 35-node subcluster"),
                 countParam("down2", 6, 1, 1024, "most down-links on a level-2 switch",
                            now + ": 21 up-links over four level-two switches = ceil(21/6)"),
                 countParam("up2", 2, 0, 1024, "up-links per level-2 switch",
                            "assumed: 8 - 6 = 2 ports left on each level-two switch join the subclusters"),
                 countParam("group3", 3, 1, 4096, "level-2 pods per level-3 pod", now + ": three subclusters"),
                 countParam("down3", 8, 1, 1024, "most down-links on a level-3 switch",
                            "assumed: level-three switches use all 8 ports downward"),
                 countParam("up3", 0, 0, 1024, "up-links per level-3 switch (0 at the top)", "assumed: top level"),
                 countParam("group4", 1, 1, 4096, "level-3 pods per level-4 pod", "assumed: unused by NOW"),
                 countParam("down4", 8, 1, 1024, "most down-links on a level-4 switch", "assumed: unused by NOW"),
                 switchLatencyParam()}};
            appendLinkParams(g.params, 160e6, now + ": 160 MB/s bidirectional ports");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    // Per-level shape; index 1..levels.
    struct Shape {
        int levels = 0;
        double down[kMaxLevels + 1] = {};
        double up[kMaxLevels + 1] = {};
        double group[kMaxLevels + 1] = {};
        double S[kMaxLevels + 1] = {}; // switches per level-l pod
        double P[kMaxLevels + 1] = {}; // level-l pods
        double hosts = 0;
    };

    static Shape shape(const double* p)
    {
        Shape s;
        s.levels = static_cast<int>(p[LEVELS]);
        const int dIdx[] = {0, D1, D2, D3, D4};
        const int uIdx[] = {0, U1, U2, U3, -1};
        const int gIdx[] = {0, -1, G2, G3, G4};
        for (int l = 1; l <= kMaxLevels; ++l) {
            s.down[l] = p[dIdx[l]];
            s.up[l] = uIdx[l] >= 0 ? p[uIdx[l]] : 0;
            s.group[l] = gIdx[l] >= 0 ? p[gIdx[l]] : 1;
        }
        s.S[1] = 1;
        for (int l = 2; l <= s.levels; ++l)
            s.S[l] = std::ceil(s.group[l] * s.S[l - 1] * s.up[l - 1] / s.down[l]);
        s.P[s.levels] = 1;
        for (int l = s.levels - 1; l >= 1; --l)
            s.P[l] = s.P[l + 1] * s.group[l + 1];
        s.hosts = s.down[1] * s.P[1];
        return s;
    }

    std::string check(const double* p) const override
    {
        const Shape s = shape(p);
        const double ch = p[CH];
        for (int l = 1; l <= s.levels; ++l) {
            // Strings only on the failure paths: check() must not allocate when it passes.
            const auto L = [l] { return std::to_string(l); };
            if (l == s.levels && l < kMaxLevels && s.up[l] != 0)
                return "up" + L() + " = " + formatNumber(s.up[l]) + " but level " + L() + " is the top (levels = " +
                       formatNumber(s.levels) + "); it must be 0";
            if (l < s.levels && s.up[l] < 1)
                return "up" + L() + " = 0 leaves level " + L() + " with no links to level " + std::to_string(l + 1) +
                       " (levels = " + formatNumber(s.levels) + ")";
            if ((s.down[l] + s.up[l]) * ch > p[RADIX])
                return "down" + L() + " + up" + L() + " = " + formatNumber(s.down[l] + s.up[l]) +
                       (ch > 1 ? " links x channels = " + formatNumber(ch) : std::string()) + " exceed radix = " +
                       formatNumber(p[RADIX]);
        }
        for (int l = 2; l <= s.levels; ++l)
            if (s.up[l - 1] > s.S[l])
                return "up" + std::to_string(l - 1) + " = " + formatNumber(s.up[l - 1]) + " exceeds the " +
                       formatNumber(s.S[l]) + " level-" + std::to_string(l) + " switches of a level-" +
                       std::to_string(l) + " pod (ceil(group" + std::to_string(l) + " x up-links / down" +
                       std::to_string(l) + "))";
        if (s.hosts > kMaxGeneratedHosts)
            return "the parameters give " + formatNumber(s.hosts) + " hosts, more than " +
                   formatNumber(kMaxGeneratedHosts);
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const Shape s = shape(p);
        GeneratorCounts c;
        c.hosts = s.hosts;
        c.links = s.hosts;
        for (int l = 1; l <= s.levels; ++l) {
            c.switches += s.P[l] * s.S[l];
            if (l < s.levels)
                c.links += s.P[l] * s.S[l] * s.up[l];
        }
        c.roots = s.P[1];
        c.leafHosts = s.hosts;
        // The top-level pod shift (Symmetry.h) leaves at most the roots of
        // one top-level pod; twin switches may merge more (not counted).
        if (s.levels >= 2 && s.group[s.levels] >= 2) {
            c.orbitRoots = s.P[1] / s.group[s.levels];
            c.symmetryChecks = 2;
        }
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const Shape s = shape(p);
        const LinkProps l = linkFrom(p, BW);
        const int radix = static_cast<int>(p[RADIX]);
        const int nHosts = static_cast<int>(s.hosts);
        const int down1 = static_cast<int>(s.down[1]);
        for (int h = 0; h < nHosts; ++h)
            t.addHost("h" + std::to_string(h));
        // top[q] = the top switches of level-l pod q, level by level.
        std::vector<std::vector<std::size_t>> top;
        for (int q = 0; q < static_cast<int>(s.P[1]); ++q) {
            const std::size_t sw = t.addSwitch("s1_" + std::to_string(q), radix, p[SWLAT]);
            for (int i = 0; i < down1; ++i)
                t.addLink(t.hosts()[static_cast<std::size_t>(q * down1 + i)], sw, l);
            top.push_back({sw});
        }
        double cables = 0;
        for (int lv = 2; lv <= s.levels; ++lv) {
            const int g = static_cast<int>(s.group[lv]);
            const int S = static_cast<int>(s.S[lv]);
            const int up = static_cast<int>(s.up[lv - 1]);
            std::vector<std::vector<std::size_t>> next;
            int id = 0;
            for (int q = 0; q < static_cast<int>(s.P[lv]); ++q) {
                std::vector<std::size_t> mine;
                for (int j = 0; j < S; ++j)
                    mine.push_back(t.addSwitch("s" + std::to_string(lv) + "_" + std::to_string(id++), radix, p[SWLAT]));
                std::size_t link = 0;
                for (int c = 0; c < g; ++c)
                    for (std::size_t child : top[static_cast<std::size_t>(q * g + c)])
                        for (int u = 0; u < up; ++u, ++link)
                            t.addLink(child, mine[link % mine.size()], l);
                next.push_back(std::move(mine));
            }
            const double levelCables = s.P[lv - 1] * s.S[lv - 1] * s.up[lv - 1];
            cables += levelCables;
            t.facts.emplace_back("uplink_cables_per_host_L" + std::to_string(lv - 1), levelCables / s.hosts);
            top = std::move(next);
        }
        t.facts.emplace_back("uplink_cables_per_host", cables / s.hosts);
        // A full-bisection first level puts as many up-links as hosts on each
        // switch (1 up-link cable per host); this design uses up1/down1.
        if (s.levels > 1)
            t.facts.emplace_back("uplink_saving_L1_vs_full_bisection", 1.0 - s.up[1] / s.down[1]);
    }
};

} // namespace

std::unique_ptr<Generator> makeGeneralFatTreeGenerator()
{
    return std::make_unique<GeneralFatTreeGenerator>();
}

} // namespace cs
