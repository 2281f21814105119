#include "model/topology/generators/Generators.h"

namespace cs {

namespace {

// One shared segment (a bus such as 10Base2 thin-net, or a hub) with n
// hosts on it; every host contends for the segment's bandwidth.
class BusGenerator final : public Generator {
public:
    enum P { N, BW, LAT, CH };

    explicit BusGenerator(bool hub) : hub_(hub) {}

    const GeneratorSpec& spec() const override { return hub_ ? specFor(true) : specFor(false); }

    GeneratorCounts counts(const double* p) const override
    {
        GeneratorCounts c{p[N], 0, 1, p[N], 1};
        c.exactBisection = true;
        c.leafHosts = p[N];
        return c;
    }

    void build(const double* p, Topology& t) const override
    {
        const LinkProps l = linkFrom(p, BW);
        const std::size_t seg = t.addSegment(hub_ ? "hub0" : "bus0", l.bandwidth);
        for (int i = 0; i < static_cast<int>(p[N]); ++i)
            t.addLink(t.addHost("h" + std::to_string(i)), seg, l);
        // All traffic between the halves shares the one medium.
        t.exactBisection = l.bandwidth;
        t.bisectionNote = "the shared medium's bandwidth";
    }

private:
    static const GeneratorSpec& specFor(bool hub)
    {
        static const GeneratorSpec s[2] = {make(false), make(true)};
        return s[hub ? 1 : 0];
    }
    static GeneratorSpec make(bool hub)
    {
        GeneratorSpec g{hub ? "hub" : "bus", hub ? "Hub (one shared segment)" : "Bus (one shared segment)",
                        std::string("n hosts on one shared ") + (hub ? "hub" : "bus") +
                            " segment; every host contends for its bandwidth. Hops host to host: 2.",
                        "004_07d1c859a4352179.txt §3 (10BaseT hub, 10Base2 thin-net)",
                        {countParam("n", 16, 2, kMaxGeneratedHosts, "hosts",
                                    "004_07d1c859a4352179.txt §3 (16 nodes)")}};
        appendLinkParams(g.params, 1.25e6, "004_07d1c859a4352179.txt §3 (10 Mbps Ethernet)");
        appendHostParams(g.params);
        return g;
    }

    bool hub_;
};

} // namespace

std::unique_ptr<Generator> makeBusGenerator(bool hub)
{
    return std::make_unique<BusGenerator>(hub);
}

} // namespace cs
