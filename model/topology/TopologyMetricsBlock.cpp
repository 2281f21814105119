#include "model/topology/TopologyMetricsBlock.h"
#include "model/core/ModelError.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/metrics/TopologyMetrics.h"
#include "model/topology/TopologySource.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace cs {

namespace {

std::vector<std::string> kindNames()
{
    std::vector<std::string> names;
    for (const Generator* g : GeneratorRegistry::builtin().all())
        names.push_back(g->spec().name);
    return names;
}

int kindIndex(const std::string& name)
{
    const auto names = kindNames();
    return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
}

} // namespace

const BlockSpec& TopologyMetricsBlock::spec() const
{
    static const BlockSpec s{
        "topology.metrics",
        "Topology metrics",
        "Network",
        "Builds a generated topology (star, bus, bonded, Beowulf mesh, fat-trees, torus, hypercube, ...) and "
        "derives hop counts, diameter, bisection bandwidth, all-to-all link load and bandwidth, and the "
        "latency L = average hops x per-hop latency for LogGP.",
        "004_07d1c859a4352179.txt §3-4; 002_5a9fca780898fb85.txt §2.2; standard topologies",
        {
            choiceParam("kind", kindNames(), kindIndex("fat-tree"), "topology generator (gfat uses its Berkeley NOW defaults)",
                        "004_07d1c859a4352179.txt §3-4, 002_5a9fca780898fb85.txt §2.2, standard"),
            countParam("n", 16, 2, kMaxGeneratedHosts, "hosts (star, bus, hub, bonded, full)",
                       "004_07d1c859a4352179.txt Table 1 (16 nodes)"),
            countParam("nets", 2, 1, 64, "parallel networks (bonded)", "004_07d1c859a4352179.txt §3"),
            countParam("k", 4, 2, 4096, "switch ports (fat-tree); hosts per dimension (torus, mesh)",
                       "standard k-ary fat-tree and k-ary n-cube"),
            countParam("dims", 2, 1, 21, "dimensions (torus, mesh, hypercube)", "standard k-ary n-cube"),
            countParam("rows", 4, 1, 4096, "host rows (beowulf-mesh)", "004_07d1c859a4352179.txt §4 Fig. 5"),
            countParam("cols", 4, 1, 4096, "host columns (beowulf-mesh)", "004_07d1c859a4352179.txt §4 Fig. 5"),
            choiceParam("routing", {"software", "switch"}, 0, "beowulf-mesh: forwarding hosts or two switches",
                        "004_07d1c859a4352179.txt §4 Figures 5 and 6"),
            linkRateParam("bw", "MB/s", 125e6, "link bandwidth per channel", "assumed: 1 Gbit/s links"),
            linkChannelsParam("channels", "bonded channels per link", "004_07d1c859a4352179.txt §3"),
            param("lat_hop", Unit::Seconds, "us", 1e-6, 0.0, 1.0, "latency added per hop (link and what it enters)",
                  "assumed: 1 us per hop; L = hops x lat_hop"),
            countParam("leaves", 4, 1, 65536, "leaf switches (leaf-spine)", "standard two-level folded Clos"),
            countParam("spines", 2, 1, 4096, "spine switches (leaf-spine)", "standard two-level folded Clos"),
            countParam("p", 2, 1, 4096, "hosts per switch (leaf-spine, dragonfly, hyperx)",
                       "Kim et al. 2008 (dragonfly p); Ahn et al. 2009 (HyperX T)"),
            param("oversub", Unit::Ratio, "1", 1, 1, 1024, "leaf oversubscription p / up-links (leaf-spine)",
                  "assumed: non-blocking"),
            countParam("groups", 9, 2, 65536, "groups (dragonfly)", "Kim, Dally, Scott, Abts, ISCA 2008"),
            countParam("a", 4, 1, 1024, "routers per group (dragonfly)", "Kim, Dally, Scott, Abts, ISCA 2008"),
            countParam("h", 2, 1, 1024, "global links per router (dragonfly)", "Kim, Dally, Scott, Abts, ISCA 2008"),
            countParam("s", 4, 2, 1024, "routers per dimension (hyperx)", "Ahn et al., SC 2009"),
            linkChannelsParam("trunk", "channels between routers of a row (hyperx)", "Ahn et al., SC 2009"),
        },
        {
            // The quantities the design's topology also gives, with the same meaning.
            TopologySource::outputSpec("hosts"),
            TopologySource::outputSpec("switches"),
            TopologySource::outputSpec("segments"),
            TopologySource::outputSpec("links"),
            TopologySource::outputSpec("diameter"),
            TopologySource::outputSpec("avg_hops"),
            TopologySource::outputSpec("bisection_bw"),
            output("bisection_exact", Unit::Ratio, "1", "1 when bisection_bw is exact, 0 when it is an upper bound",
                   "generator"),
            output("max_link_load", Unit::Ratio, "1",
                   "flows (ordered host pairs, ECMP-split) on the most congested link under uniform all-to-all",
                   "minimum-hop ECMP routing"),
            TopologySource::outputSpec("a2a_bw"),
            output("L", Unit::Seconds, "us", "latency avg_hops x lat_hop (wire to LogGP's L)",
                   "002_5a9fca780898fb85.txt §3 (LogP L); assumed: L = avg_hops x lat_hop"),
            output("L_max", Unit::Seconds, "us", "worst-pair latency diameter x lat_hop",
                   "assumed: L_max = diameter x lat_hop"),
        },
    };
    return s;
}

TopologyMetricsBlock::TopologyMetricsBlock()
{
    const BlockSpec& s = spec();
    for (const Generator* g : GeneratorRegistry::builtin().all()) {
        gens_.push_back(g);
        std::array<int, kMaxParams> m;
        m.fill(-1);
        const auto& params = g->spec().params;
        if (params.size() > static_cast<std::size_t>(kMaxParams))
            throw ModelError("generator " + g->spec().name + " has more parameters than topology.metrics holds");
        for (std::size_t i = 0; i < params.size(); ++i) {
            const int idx = s.inputIndex(params[i].symbol);
            if (idx > kind && idx != lat_hop)
                m[i] = idx;
        }
        map_.push_back(m);
    }
}

const Generator& TopologyMetricsBlock::generatorFor(const double* in) const
{
    return *gens_[static_cast<std::size_t>(in[kind])];
}

void TopologyMetricsBlock::paramsFor(const double* in, double* p) const
{
    const std::size_t kd = static_cast<std::size_t>(in[kind]);
    const auto& params = gens_[kd]->spec().params;
    for (int i = 0; i < kMaxParams; ++i)
        p[i] = 0.0;
    for (std::size_t i = 0; i < params.size(); ++i)
        p[i] = map_[kd][i] >= 0 ? in[map_[kd][i]] : params[i].defaultValue;
}

std::string TopologyMetricsBlock::check(const double* in) const
{
    const Generator& g = generatorFor(in);
    double p[kMaxParams];
    paramsFor(in, p);
    std::string problem = checkGeneratorParams(g, p);
    if (!problem.empty())
        return "kind = " + g.spec().name + ": " + problem;
    problem = topologyMetricsProblem(g.counts(p)); // the one work limit (TopologyBudget)
    if (!problem.empty())
        return "kind = " + g.spec().name + ": " + problem;
    return {};
}

void TopologyMetricsBlock::evaluate(const double* in, double* out) const
{
    // The key: the generator, then its parameter array.
    std::array<double, kMaxParams + 1> key{};
    key[0] = in[kind];
    paramsFor(in, key.data() + 1);
    if (!cache_.find(key, out)) {
        // Cache miss: build and measure (allocates).
        std::array<double, kCached> value{};
        try {
            const Topology t = generate(*gens_[static_cast<std::size_t>(in[kind])], key.data() + 1);
            MetricsOptions o;
            o.transpose = false;
            o.nearestNeighbour = false;
            const TopologyMetrics m = computeMetrics(t, o);
            value[hosts] = static_cast<double>(m.counts.hosts);
            value[switches] = static_cast<double>(m.counts.switches);
            value[segments] = static_cast<double>(m.counts.segments);
            value[links] = static_cast<double>(m.counts.links);
            value[diameter] = m.diameter();
            value[avg_hops] = m.avgHops();
            value[bisection_bw] = m.bisection.bandwidth;
            value[bisection_exact] = m.bisection.exact ? 1.0 : 0.0;
            value[max_link_load] = m.allToAll.maxLoad;
            value[a2a_bw] = m.a2aBandwidth;
        } catch (const std::exception&) {
            // check() rules this out; if it happens the plan reports the
            // non-finite outputs with the inputs that caused them.
            value.fill(std::numeric_limits<double>::quiet_NaN());
        }
        std::copy(value.begin(), value.end(), out);
        cache_.store(key, value);
    }
    out[L] = out[avg_hops] * in[lat_hop];
    out[L_max] = out[diameter] * in[lat_hop];
}

std::size_t TopologyMetricsBlock::cacheMisses() const
{
    return cache_.misses();
}

} // namespace cs
