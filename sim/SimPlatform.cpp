#include "sim/SimPlatform.h"
#include "sim/SimRoutes.h"

#include <simgrid/s4u.hpp>

#include <string>
#include <unordered_map>

namespace sg4 = simgrid::s4u;

namespace cs::sim {

namespace {

constexpr double kFatPipeRate = 1e15; // B/s: a latency-only element never limits the rate

struct PlatformLinks {
    std::vector<sg4::Link*> edgeShared;             // half-duplex edges
    std::vector<sg4::Link*> edgeDuplex;     // duplex edges
    std::vector<sg4::Link*> vertexLink;             // switch latency, segment, forwarding cost (or nullptr)
    std::vector<sg4::Link*> hostCap;              // per participant (or nullptr)
};

} // namespace

std::vector<sg4::Host*> buildPlatform(const Topology& t, const std::vector<std::size_t>& hostVertices,
                                      const std::vector<std::vector<std::size_t>>& peersOf,
                                      const SimOptions& options, bool ownHosts,
                                      const std::function<bool(std::size_t, std::size_t)>& throughMemory)
{
    auto* zone = sg4::create_full_zone("clusterscope");
    const std::size_t nv = t.vertexCount();
    std::unordered_map<std::size_t, sg4::Host*> hostAt;
    PlatformLinks links;
    links.vertexLink.assign(nv, nullptr);
    for (std::size_t v = 0; v < nv; ++v) {
        const VertexProps& p = t.vertex(v);
        if (p.kind == VertexKind::Host) {
            sg4::Host* h = zone->create_host(p.id, 1e9);
            hostAt[v] = h;
            if (p.forwards && p.forwardCost > 0)
                links.vertexLink[v] = zone->create_link("fwd:" + p.id, kFatPipeRate)
                                          ->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE)
                                          ->set_latency(p.forwardCost);
        } else {
            zone->create_router(p.id);
            if (p.kind == VertexKind::Segment)
                links.vertexLink[v] = zone->create_link("seg:" + p.id, p.bandwidth * options.segmentEfficiency)
                                          ->set_sharing_policy(sg4::Link::SharingPolicy::SHARED)
                                          ->set_latency(p.latency);
            else if (p.latency > 0)
                links.vertexLink[v] = zone->create_link("sw:" + p.id, kFatPipeRate)
                                          ->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE)
                                          ->set_latency(p.latency);
        }
    }
    links.edgeShared.assign(t.edgeCount(), nullptr);
    links.edgeDuplex.assign(t.edgeCount(), nullptr);
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const LinkProps& l = t.link(e);
        const double rate = l.bandwidth * l.channels;
        const std::string name = "link" + std::to_string(e);
        if (l.duplex)
            links.edgeDuplex[e] = zone->create_split_duplex_link(name, rate)->set_latency(l.latency);
        else
            links.edgeShared[e] = zone->create_link(name, rate)
                                      ->set_sharing_policy(sg4::Link::SharingPolicy::SHARED)
                                      ->set_latency(l.latency);
    }
    links.hostCap.assign(hostVertices.size(), nullptr);
    std::vector<simgrid::kernel::routing::NetPoint*> endpoint(hostVertices.size());
    std::vector<sg4::Host*> hosts;
    hosts.reserve(hostVertices.size());
    for (std::size_t i = 0; i < hostVertices.size(); ++i) {
        hosts.push_back(ownHosts ? zone->create_host("rank" + std::to_string(i), 1e9) : hostAt.at(hostVertices[i]));
        endpoint[i] = hosts.back()->get_netpoint();
    }
    if (options.hostCap > 0 || options.hostLatency > 0 || ownHosts)
        for (std::size_t i = 0; i < hostVertices.size(); ++i)
            links.hostCap[i] = zone->create_split_duplex_link("cap" + std::to_string(i),
                                                              options.hostCap > 0 ? options.hostCap : kFatPipeRate)
                                   ->set_latency(options.hostLatency);

    sg4::Link* memory = nullptr; // the route of two participants that exchange through their node's memory

    using Dir = sg4::LinkInRoute::Direction;
    const RouteTable table(t);
    std::vector<sg4::LinkInRoute> route;
    for (std::size_t i = 0; i < hostVertices.size(); ++i) {
        if (peersOf[i].empty())
            continue;
        std::vector<std::size_t> dsts; // the peers on other topology hosts (on its own: no links between them)
        for (std::size_t j : peersOf[i])
            if (hostVertices[j] != hostVertices[i])
                dsts.push_back(hostVertices[j]);
        const auto routes = table.from(hostVertices[i], dsts);
        static const std::vector<RouteHop> none;
        for (std::size_t r = 0, other = 0; r < peersOf[i].size(); ++r) {
            const std::size_t j = peersOf[i][r];
            const std::vector<RouteHop>& hops = hostVertices[j] != hostVertices[i] ? routes[other++] : none;
            route.clear();
            if (throughMemory && throughMemory(i, j)) {
                if (!memory)
                    memory = zone->create_link("memory", kFatPipeRate)->set_sharing_policy(sg4::Link::SharingPolicy::FATPIPE);
                route.emplace_back(memory);
                zone->add_route(endpoint[i], endpoint[j], nullptr, nullptr, route, false);
                continue;
            }
            if (links.hostCap[i])
                route.emplace_back(links.hostCap[i], Dir::UP);
            for (std::size_t h = 0; h < hops.size(); ++h) {
                const RouteHop& hop = hops[h];
                if (h > 0 && links.vertexLink[hop.from])
                    route.emplace_back(links.vertexLink[hop.from]);
                if (links.edgeDuplex[hop.edge]) {
                    const bool up = t.endpoints(hop.edge).first == hop.from;
                    route.emplace_back(links.edgeDuplex[hop.edge], up ? Dir::UP : Dir::DOWN);
                } else {
                    route.emplace_back(links.edgeShared[hop.edge]);
                }
            }
            if (links.hostCap[j])
                route.emplace_back(links.hostCap[j], Dir::DOWN);
            zone->add_route(endpoint[i], endpoint[j], nullptr, nullptr, route, false);
        }
    }
    zone->seal();
    return hosts;
}

} // namespace cs::sim
