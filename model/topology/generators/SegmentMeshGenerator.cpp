#include "model/topology/generators/Generators.h"

#include <algorithm>

namespace cs {

namespace {

// The Beowulf segment mesh (004 §4, Figures 5 and 6). Hosts sit on a
// rows x cols grid; every row and every column is a shared segment, and
// host (r, c) has a link on row segment r and column segment c. Peers in the
// same row or column are "local" (one segment away); the others are "remote"
// and are reached through one intermediate:
//   software-routed: a host local to both forwards the packet (Fig. 5);
//   switch-routed:   one switch joins the row segments and another the
//                    column segments (Fig. 6: two four-port switches for 4x4).
// For 4x4: 3 + 3 = 6 local and 3 x 3 = 9 remote peers, four hosts per segment.
class SegmentMeshGenerator final : public Generator {
public:
    enum P { ROWS, COLS, ROUTING, FWD, PORTS, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            GeneratorSpec g{
                "beowulf-mesh", "Beowulf segment mesh",
                "rows x cols hosts; each row and each column is a shared segment. Remote peers are reached "
                "through a forwarding host (software) or through a row switch and a column switch (switch).",
                "004_07d1c859a4352179.txt §4, Figures 5 and 6",
                {countParam("rows", 4, 1, 4096, "rows of hosts (one row segment each)",
                            "004_07d1c859a4352179.txt §4 Fig. 5 (4 x 4)"),
                 countParam("cols", 4, 1, 4096, "columns of hosts (one column segment each)",
                            "004_07d1c859a4352179.txt §4 Fig. 5 (4 x 4)"),
                 choiceParam("routing", {"software", "switch"}, 0,
                             "who joins the segments: forwarding hosts or two switches",
                             "004_07d1c859a4352179.txt §4 Figures 5 (software) and 6 (switch)"),
                 forwardCostParam(100e-6, "assumed: 100 us per packet for Linux IP forwarding on a 1995 PC "
                                          "(004 §4 gives no number)"),
                 portsParam("004_07d1c859a4352179.txt §4 (two four-port switches for 4 x 4); 0 = rows and cols"),
                 switchLatencyParam()}};
            appendLinkParams(g.params, 1.25e6, "004_07d1c859a4352179.txt §4 (10 Mbps Ethernet)");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    std::string check(const double* p) const override
    {
        if (p[ROWS] * p[COLS] < 2)
            return "rows = " + formatNumber(p[ROWS]) + " x cols = " + formatNumber(p[COLS]) +
                   " gives one host; at least 2 are needed";
        if (p[ROWS] * p[COLS] > kMaxGeneratedHosts)
            return "rows x cols = " + formatNumber(p[ROWS] * p[COLS]) + " hosts is more than " +
                   formatNumber(kMaxGeneratedHosts);
        if (p[ROUTING] == 1 && p[PORTS] > 0) {
            const double need = std::max(p[ROWS], p[COLS]) * p[CH];
            if (need > p[PORTS])
                return "routing = switch needs " + formatNumber(need) + " ports (max(rows, cols) = " +
                       formatNumber(std::max(p[ROWS], p[COLS])) + " x channels = " + formatNumber(p[CH]) +
                       ") but ports = " + formatNumber(p[PORTS]);
        }
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double hosts = p[ROWS] * p[COLS];
        const bool sw = p[ROUTING] == 1;
        GeneratorCounts c{hosts, sw ? 2.0 : 0.0, p[ROWS] + p[COLS], 2 * hosts + (sw ? p[ROWS] + p[COLS] : 0), hosts};
        // Row and column shifts make every host alike (Symmetry.h).
        c.orbitRoots = 1;
        c.symmetryChecks = 3;
        c.neighbourFlows = hosts * (p[ROWS] + p[COLS] - 2); // its row and column, two hops away
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const int rows = static_cast<int>(p[ROWS]);
        const int cols = static_cast<int>(p[COLS]);
        const bool sw = p[ROUTING] == 1;
        const LinkProps l = linkFrom(p, BW);
        // Hosts first, row-major, so host order is the grid order.
        std::vector<std::size_t> host;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                host.push_back(t.addHost("h" + std::to_string(r) + "_" + std::to_string(c), !sw, sw ? 0.0 : p[FWD]));
        std::vector<std::size_t> rowSeg, colSeg;
        for (int r = 0; r < rows; ++r)
            rowSeg.push_back(t.addSegment("row" + std::to_string(r), l.bandwidth));
        for (int c = 0; c < cols; ++c)
            colSeg.push_back(t.addSegment("col" + std::to_string(c), l.bandwidth));
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                t.addLink(host[r * cols + c], rowSeg[r], l);
                t.addLink(host[r * cols + c], colSeg[c], l);
            }
        if (sw) {
            const auto portsFor = [&](int segs) { return p[PORTS] > 0 ? static_cast<int>(p[PORTS]) : segs * l.channels; };
            const std::size_t rs = t.addSwitch("sw_rows", portsFor(rows), p[SWLAT]);
            const std::size_t cs = t.addSwitch("sw_cols", portsFor(cols), p[SWLAT]);
            for (std::size_t s : rowSeg)
                t.addLink(s, rs, l);
            for (std::size_t s : colSeg)
                t.addLink(s, cs, l);
        }
        t.facts.emplace_back("local_peers", (rows - 1) + (cols - 1));
        t.facts.emplace_back("remote_peers", static_cast<double>(rows - 1) * (cols - 1));
        t.facts.emplace_back("max_hosts_per_segment", std::max(rows, cols));
    }
};

} // namespace

std::unique_ptr<Generator> makeSegmentMeshGenerator()
{
    return std::make_unique<SegmentMeshGenerator>();
}

} // namespace cs
