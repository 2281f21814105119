#include "model/topology/generators/Generators.h"

namespace cs {

namespace {

// The k-ary three-level fat-tree built from k-port switches: k pods, each
// with k/2 edge and k/2 aggregation switches; every edge switch has k/2
// hosts; aggregation switch i of every pod links to core switches
// i*k/2 ... i*k/2 + k/2 - 1. Hosts k^3/4, switches 5k^2/4, links 3k^3/4.
// Full bisection: k^3/8 links' worth.
class FatTreeGenerator final : public Generator {
public:
    enum P { K, SWLAT, BW, LAT, CH };

    const GeneratorSpec& spec() const override
    {
        static const GeneratorSpec s = [] {
            GeneratorSpec g{"fat-tree", "k-ary three-level fat-tree",
                            "k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 core switches, all with k "
                            "ports; k^3/4 hosts. Hops: 2 (same edge switch), 4 (same pod), 6.",
                            "standard (Al-Fares et al. 2008); a fat-tree variant is 002_5a9fca780898fb85.txt §2.2",
                            {countParam("k", 4, 2, 160, "switch ports (even)", "standard k-ary fat-tree"),
                             switchLatencyParam()}};
            appendLinkParams(g.params, 125e6, "assumed: 1 Gbit/s Ethernet");
            appendHostParams(g.params);
            return g;
        }();
        return s;
    }

    std::string check(const double* p) const override
    {
        if (static_cast<long long>(p[K]) % 2 != 0)
            return "k = " + formatNumber(p[K]) + " must be even";
        return {};
    }

    GeneratorCounts counts(const double* p) const override
    {
        const double k = p[K];
        GeneratorCounts c{k * k * k / 4, 5 * k * k / 4, 0, 3 * k * k * k / 4, k * k / 2};
        // Pod and aggregation shifts and twin edge switches make every edge
        // switch alike (Symmetry.h): two shifts plus the twin classes, about
        // one more pass.
        c.orbitRoots = 1;
        c.symmetryChecks = 3;
        c.coordinateRouted = true;
        c.exactBisection = true;
        c.leafHosts = c.hosts;
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const int k = static_cast<int>(p[K]);
        const int h = k / 2;
        const LinkProps l = linkFrom(p, BW);
        const int ports = k * l.channels;
        const double swl = p[SWLAT];
        // Hosts first (pod-major), so host order follows the tree.
        std::vector<std::size_t> hosts;
        for (int pod = 0; pod < k; ++pod)
            for (int e = 0; e < h; ++e)
                for (int i = 0; i < h; ++i)
                    hosts.push_back(t.addHost("h" + std::to_string(pod) + "_" + std::to_string(e) + "_" +
                                              std::to_string(i)));
        std::vector<std::size_t> core;
        for (int c = 0; c < h * h; ++c)
            core.push_back(t.addSwitch("core" + std::to_string(c), ports, swl));
        for (int pod = 0; pod < k; ++pod) {
            std::vector<std::size_t> agg;
            for (int a = 0; a < h; ++a) {
                agg.push_back(t.addSwitch("agg" + std::to_string(pod) + "_" + std::to_string(a), ports, swl));
                for (int c = 0; c < h; ++c)
                    t.addLink(agg.back(), core[a * h + c], l);
            }
            for (int e = 0; e < h; ++e) {
                const std::size_t edge = t.addSwitch("edge" + std::to_string(pod) + "_" + std::to_string(e), ports, swl);
                for (int i = 0; i < h; ++i)
                    t.addLink(hosts[(pod * h + e) * h + i], edge, l);
                for (std::size_t a : agg)
                    t.addLink(edge, a, l);
            }
        }
        t.exactBisection = (static_cast<double>(k) * k * k / 8) * l.bandwidth * l.channels;
        t.bisectionNote = "full bisection: k^3/8 links (half the hosts)";
    }
};

} // namespace

std::unique_ptr<Generator> makeFatTreeGenerator()
{
    return std::make_unique<FatTreeGenerator>();
}

} // namespace cs
