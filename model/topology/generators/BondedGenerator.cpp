#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

// A bonded n-network (004 §3): `nets` parallel networks, each a shared
// segment or a switch, and every host has one link (NIC) on each. Traffic
// between two hosts may use any of the networks: equal-cost multipath
// spreads it over all of them, as channel bonding does.
class BondedGenerator final : public Generator {
public:
    enum P { N, NETS, MEDIUM, PORTS, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            GeneratorSpec g{"bonded", "Bonded n-network",
                            "nets parallel networks (shared segments or switches); every host has a link on "
                            "each, and traffic is spread over all of them. Hops host to host: 2.",
                            "004_07d1c859a4352179.txt §3",
                            {countParam("n", 16, 2, kMaxGeneratedHosts, "hosts",
                                        "004_07d1c859a4352179.txt §3 (16 nodes)"),
                             countParam("nets", 2, 1, 64, "parallel networks (one NIC per host on each)",
                                        "004_07d1c859a4352179.txt §3 (two channel-bonded networks)"),
                             choiceParam("medium", {"segment", "switch"}, 0,
                                         "each network is a shared segment or a switch",
                                         "004_07d1c859a4352179.txt §3 (hub and thin-net segments)"),
                             portsParam("assumed: switches large enough for every host"),
                             switchLatencyParam()}};
            appendLinkParams(g.params, 1.25e6, "004_07d1c859a4352179.txt §3 (10 Mbps Ethernet)");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    std::string check(const double* p) const override
    {
        if (p[MEDIUM] == 1 && p[PORTS] > 0 && p[N] * p[CH] > p[PORTS])
            return "n = " + formatNumber(p[N]) + " hosts x channels = " + formatNumber(p[CH]) + " need " +
                   formatNumber(p[N] * p[CH]) + " ports on each switch but ports = " + formatNumber(p[PORTS]);
        if (p[N] * p[NETS] > 4 * kMaxGeneratedHosts)
            return "n = " + formatNumber(p[N]) + " x nets = " + formatNumber(p[NETS]) + " links is too many";
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const bool sw = p[MEDIUM] == 1;
        GeneratorCounts c{p[N], sw ? p[NETS] : 0, sw ? 0 : p[NETS], p[N] * p[NETS], p[NETS] > 1 ? p[N] : 1};
        c.exactBisection = true;
        c.orbitRoots = 1; // every host is a twin of every other (Symmetry.h)
        c.symmetryChecks = 1;
        c.leafHosts = p[NETS] == 1 ? p[N] : 0; // one network: each host on one link
        c.neighbourFlows = p[NETS] == 1 ? 0 : p[N] * (p[N] - 1); // two hops from every other host
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const int n = static_cast<int>(p[N]);
        const int nets = static_cast<int>(p[NETS]);
        const bool sw = p[MEDIUM] == 1;
        const LinkProps l = linkFrom(p, BW);
        std::vector<std::size_t> net;
        for (int i = 0; i < nets; ++i) {
            const std::string id = "net" + std::to_string(i);
            net.push_back(sw ? t.addSwitch(id, p[PORTS] > 0 ? static_cast<int>(p[PORTS]) : n * l.channels, p[SWLAT])
                             : t.addSegment(id, l.bandwidth));
        }
        for (int h = 0; h < n; ++h) {
            const std::size_t v = t.addHost("h" + std::to_string(h));
            for (std::size_t x : net)
                t.addLink(v, x, l);
        }
        if (sw) {
            t.exactBisection = nets * std::floor(n / 2.0) * l.bandwidth * l.channels;
            t.bisectionNote = "nets x floor(n/2) host links of one half";
        } else {
            t.exactBisection = nets * l.bandwidth;
            t.bisectionNote = "nets x the shared medium's bandwidth";
        }
    }
};

} // namespace

std::unique_ptr<Generator> makeBondedGenerator()
{
    return std::make_unique<BondedGenerator>();
}

} // namespace cs
