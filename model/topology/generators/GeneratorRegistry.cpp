#include "model/topology/generators/GeneratorRegistry.h"
#include "model/core/ModelError.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/generators/Generators.h"

#include <algorithm>
#include <cmath>

namespace cs {

int GeneratorSpec::paramIndex(std::string_view symbol) const
{
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].symbol == symbol)
            return static_cast<int>(i);
    return -1;
}

std::string Generator::check(const double*) const
{
    return {};
}

std::vector<ParamSpec> linkParams(double defaultBw, const std::string& bwSource)
{
    return {
        linkRateParam("bw", "MB/s", defaultBw, "link bandwidth per channel", bwSource),
        param("lat", Unit::Seconds, "us", 0.0, 0.0, 1.0, "link (wire) latency",
              "assumed: wire latency negligible against switch and host costs"),
        linkChannelsParam("channels", "bonded channels per link (each uses a switch port)",
                          "004_07d1c859a4352179.txt §3 (channel bonding)"),
    };
}

LinkProps linkFrom(const double* p, int bwIndex)
{
    LinkProps l;
    l.bandwidth = p[bwIndex];
    l.latency = p[bwIndex + 1];
    l.channels = static_cast<int>(p[bwIndex + 2]);
    l.duplex = true;
    return l;
}

void GeneratorRegistry::add(std::unique_ptr<Generator> g)
{
    if (find(g->spec().name))
        throw ModelError("generator '" + g->spec().name + "' is already registered");
    gens_.push_back(std::move(g));
}

const Generator* GeneratorRegistry::find(std::string_view name) const
{
    for (const auto& g : gens_)
        if (g->spec().name == name)
            return g.get();
    return nullptr;
}

const Generator& GeneratorRegistry::get(std::string_view name) const
{
    if (const Generator* g = find(name))
        return *g;
    throw ModelError("unknown generator '" + std::string(name) + "' (known: " + names() + ")");
}

std::vector<const Generator*> GeneratorRegistry::all() const
{
    std::vector<const Generator*> out;
    for (const auto& g : gens_)
        out.push_back(g.get());
    return out;
}

std::string GeneratorRegistry::names() const
{
    std::string s;
    for (const auto& g : gens_)
        s += (s.empty() ? "" : ", ") + g->spec().name;
    return s;
}

const GeneratorRegistry& GeneratorRegistry::builtin()
{
    static const GeneratorRegistry r = [] {
        GeneratorRegistry reg;
        reg.add(makeStarGenerator());
        reg.add(makeBusGenerator(false));
        reg.add(makeBusGenerator(true));
        reg.add(makeBondedGenerator());
        reg.add(makeSegmentMeshGenerator());
        reg.add(makeFatTreeGenerator());
        reg.add(makeGeneralFatTreeGenerator());
        reg.add(makeKaryNcubeGenerator(true));
        reg.add(makeKaryNcubeGenerator(false));
        reg.add(makeHypercubeGenerator());
        reg.add(makeFullGenerator());
        reg.add(makeLeafSpineGenerator());
        reg.add(makeDragonflyGenerator());
        reg.add(makeHyperXGenerator());
        return reg;
    }();
    return r;
}

std::vector<double> generatorParams(const Generator& g, const NamedValues& values)
{
    const GeneratorSpec& s = g.spec();
    std::vector<double> p;
    for (const ParamSpec& ps : s.params)
        p.push_back(ps.defaultValue);
    for (const auto& [name, v] : values) {
        const int i = s.paramIndex(name);
        if (i < 0) {
            std::string known;
            for (const ParamSpec& ps : s.params)
                known += (known.empty() ? "" : ", ") + ps.symbol;
            throw ModelError("generator " + s.name + " has no parameter '" + name + "' (parameters: " + known + ")");
        }
        p[static_cast<std::size_t>(i)] = v;
    }
    return p;
}

std::string checkGeneratorParams(const Generator& g, const double* p)
{
    const GeneratorSpec& s = g.spec();
    for (std::size_t i = 0; i < s.params.size(); ++i) {
        const ParamSpec& ps = s.params[i];
        const double v = p[i];
        if (!ps.accepts(v))
            return ps.symbol + " " + ps.rangeProblem(v); // "k = 300 is out of range [2, 128]"
    }
    return g.check(p);
}

Topology generate(const Generator& g, const double* p)
{
    const GeneratorSpec& s = g.spec();
    std::string problem = checkGeneratorParams(g, p);
    if (problem.empty())
        problem = topologyBuildProblem(g.counts(p)); // before allocating, not at bad_alloc
    if (!problem.empty())
        throw ModelError("generator " + s.name + ": " + problem);
    Topology t;
    const GeneratorCounts c = g.counts(p); // bounded by topologyBuildProblem above
    t.beginGenerated(static_cast<std::size_t>(c.hosts + c.switches + c.segments), static_cast<std::size_t>(c.links));
    g.build(p, t);
    // Every generator's hosts have the cores its parameter says (appendHostParams).
    if (const int cores = s.paramIndex("cores"); cores >= 0 && p[cores] > 0)
        t.setHostCores(static_cast<int>(p[cores]));
    t.generator = s.name;
    for (std::size_t i = 0; i < s.params.size(); ++i)
        t.generatorParams.emplace_back(s.params[i].symbol, p[i]);
    try {
        t.validate();
    } catch (const ModelError& e) {
        throw ModelError("generator " + s.name + " built an invalid topology: " + e.what());
    }
    return t;
}

Topology generate(std::string_view name, const NamedValues& values)
{
    const Generator& g = GeneratorRegistry::builtin().get(name);
    const std::vector<double> p = generatorParams(g, values);
    return generate(g, p.data());
}

GeneratorCounts countsOf(const Topology& t)
{
    const TopologyCounts k = t.counts();
    // A generated topology as generated: its generator knows the symmetry.
    if (const Generator* g = t.generator.empty() ? nullptr : GeneratorRegistry::builtin().find(t.generator)) {
        std::vector<double> p;
        for (const auto& kv : t.generatorParams)
            p.push_back(kv.second);
        if (p.size() == g->spec().params.size() && checkGeneratorParams(*g, p.data()).empty()) {
            const GeneratorCounts c = g->counts(p.data());
            if (c.hosts == double(k.hosts) && c.switches == double(k.switches) && c.segments == double(k.segments) &&
                c.links == double(k.links))
                return c;
        }
    }
    GeneratorCounts c;
    c.hosts = static_cast<double>(k.hosts);
    c.switches = static_cast<double>(k.switches);
    c.segments = static_cast<double>(k.segments);
    c.links = static_cast<double>(k.links);
    // The plain computation's roots (CoreGraph): a host on one link to a
    // non-leaf hangs off that vertex; every other host is a root itself.
    std::vector<char> root(t.vertexCount(), 0);
    for (std::size_t h : t.hosts()) {
        std::size_t at = h;
        if (t.degree(h) == 1) {
            const std::size_t n = t.opposite(t.incident(h)[0], h);
            if (t.attributes(n).kind != VertexKind::Host || t.degree(n) != 1)
                at = n;
        }
        root[at] = 1;
        c.leafHosts += at != h;
    }
    c.neighbourFlows = c.hosts; // unknown without a generator: about one per host
    c.roots = static_cast<double>(std::count(root.begin(), root.end(), 1));
    c.exactBisection = t.exactBisection.has_value();
    c.bisectionBound = t.bisectionBound.has_value();
    return c;
}

} // namespace cs
