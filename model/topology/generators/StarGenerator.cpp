#include "model/topology/generators/Generators.h"

#include <cmath>

namespace cs {

namespace {

// One switch with n hosts on it.
class StarGenerator final : public Generator {
public:
    enum P { N, PORTS, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            GeneratorSpec g{"star", "Star (one switch)",
                            "n hosts, each linked to one switch. Hops host to host: 2.",
                            "standard; the switched network of 004_07d1c859a4352179.txt §4",
                            {countParam("n", 16, 2, kMaxGeneratedHosts, "hosts",
                                        "004_07d1c859a4352179.txt Table 1 (16-node clusters)"),
                             portsParam("assumed: a switch large enough for every host"),
                             switchLatencyParam()}};
            appendLinkParams(g.params, 125e6, "assumed: 1 Gbit/s Ethernet");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    std::string check(const double* p) const override
    {
        if (p[PORTS] > 0 && p[N] * p[CH] > p[PORTS])
            return "n = " + formatNumber(p[N]) + " hosts x channels = " + formatNumber(p[CH]) + " need " +
                   formatNumber(p[N] * p[CH]) + " ports but ports = " + formatNumber(p[PORTS]);
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        GeneratorCounts c{p[N], 1, 0, p[N], 1};
        c.exactBisection = true;
        c.leafHosts = p[N];
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const int n = static_cast<int>(p[N]);
        const LinkProps l = linkFrom(p, BW);
        const int ports = p[PORTS] > 0 ? static_cast<int>(p[PORTS]) : n * l.channels;
        const std::size_t sw = t.addSwitch("sw0", ports, p[SWLAT]);
        for (int i = 0; i < n; ++i)
            t.addLink(t.addHost("h" + std::to_string(i)), sw, l);
        // Any balanced split must cut every link of its smaller half (the
        // switch itself is non-blocking): floor(n/2) links.
        t.exactBisection = std::floor(n / 2.0) * l.bandwidth * l.channels;
        t.bisectionNote = "floor(n/2) host links of one half";
    }
};

} // namespace

std::unique_ptr<Generator> makeStarGenerator()
{
    return std::make_unique<StarGenerator>();
}

} // namespace cs
