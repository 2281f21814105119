#include "model/topology/io/NetworkBuild.h"
#include "model/core/ModelError.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/graph/PortsUsed.h"

#include <algorithm>

namespace cs {

namespace {

Topology generatedTopology(const Network& n, const std::string& path)
{
    const Generator* gen = GeneratorRegistry::builtin().find(n.generator());
    if (!gen)
        throw ModelError(path + ".generator: unknown generator '" + n.generator() + "'");
    const NamedValues given(n.params().begin(), n.params().end());
    const std::vector<double> params = generatorParams(*gen, given);
    if (const std::string problem = gen->check(params.data()); !problem.empty())
        throw ModelError(path + ".params: " + problem + " (" + n.generator() + ")");
    return generate(*gen, params.data());
}

Topology drawnTopology(const Network& n, const std::string& path, TopologyCheck check)
{
    const std::vector<NetworkVertex>& vs = n.vertices();
    const std::vector<NetworkLink>& ls = n.links();
    const std::vector<long long> used = portsUsed(vs.size(), ls.size(), [&](std::size_t e) {
        return PortUse{ls[e].from, ls[e].to, ls[e].props.channels};
    });
    Topology t;
    // The drawing's ids are unique (Network keeps them so): hosts need not
    // go into the graph's id index as they are added, which is most of the build.
    t.beginGenerated(vs.size(), ls.size());
    for (std::size_t v = 0; v < vs.size(); ++v) {
        const VertexAttributes& a = vs[v].attributes;
        switch (a.kind) {
        case VertexKind::Host: t.addHost(vs[v].id, a.forwards, a.forwardCost, a.cores); break;
        case VertexKind::Switch: {
            const bool given = vs[v].written[0] != Written::Absent; // "ports", the first field of a switch
            t.addSwitch(vs[v].id, given ? a.ports : static_cast<int>(std::max<long long>(used[v], 1)), a.latency);
            break;
        }
        case VertexKind::Segment: t.addSegment(vs[v].id, a.bandwidth, a.latency); break;
        }
    }
    for (const NetworkLink& l : ls)
        t.addLink(l.from, l.to, l.props);
    for (const TopologyProblem& pr : t.problems())
        if (check == TopologyCheck::Full || !pr.unfinished)
            throw ModelError(problemText(pr, path));
    return t;
}

} // namespace

Topology buildTopology(const Network& n, const std::string& path, TopologyCheck check)
{
    switch (n.form()) {
    case Network::Form::Generated: return generatedTopology(n, path);
    case Network::Form::Drawn: return drawnTopology(n, path, check);
    case Network::Form::None: break;
    }
    throw ModelError(path + ": must be an object, got null");
}

Network networkOf(const Topology& t)
{
    Network n = Network::drawing();
    n.reserve(t.vertexCount(), t.edgeCount());
    std::vector<Network::Placed> vertices;
    vertices.reserve(t.vertexCount());
    for (std::size_t v = 0; v < t.vertexCount(); ++v) {
        NetworkVertex x;
        x.id = std::string(t.id(v));
        x.attributes = t.attributes(v);
        switch (x.attributes.kind) {
        case VertexKind::Host: // forwards, forward_cost, and cores where stated (0, not stated, is left out)
            x.written = {Written::Boolean, Written::Number, x.attributes.cores > 0 ? Written::Integer : Written::Absent};
            break;
        case VertexKind::Switch: x.written = {Written::Integer, Written::Number}; break; // ports, latency
        case VertexKind::Segment: x.written = {Written::Number, Written::Number}; break; // bandwidth, latency
        }
        vertices.emplace_back(v, std::move(x));
    }
    n.insertVertices(std::move(vertices));
    std::vector<Network::PlacedLink> links;
    links.reserve(t.edgeCount());
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        NetworkLink l;
        l.id = LinkId{static_cast<std::uint32_t>(e)};
        const auto [a, b] = t.endpoints(e);
        l.from = static_cast<std::uint32_t>(a);
        l.to = static_cast<std::uint32_t>(b);
        l.props = t.link(e);
        l.written = {Written::Number, Written::Number, Written::Integer, Written::Boolean,
                     l.props.burst > 0 ? Written::Number : Written::Absent}; // a bucket only where there is one
        links.emplace_back(e, std::move(l));
    }
    n.insertLinks(std::move(links));
    return n;
}

} // namespace cs
