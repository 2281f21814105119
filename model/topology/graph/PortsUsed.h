#pragma once
// The one port count rule: the ports each vertex's links take (every channel
// of a link takes a port at each end), by vertex index. A switch may use at
// most its `ports` (Topology::problems says so); one drawn without a port
// count gets exactly these (buildTopology, io/NetworkBuild.h). It reads any
// list of links, a built Topology's or a document's drawing, and so includes
// neither.
#include <cstddef>
#include <vector>

namespace cs {

// One link's ends (vertex indices) and channels.
struct PortUse {
    std::size_t a = 0, b = 0;
    long long channels = 1;
};

// The ports used at each of `vertices` vertices by `links` links, link e
// being `link(e)` (a PortUse).
template <class Link>
std::vector<long long> portsUsed(std::size_t vertices, std::size_t links, const Link& link)
{
    std::vector<long long> used(vertices, 0);
    for (std::size_t e = 0; e < links; ++e) {
        const PortUse u = link(e);
        used[u.a] += u.channels;
        if (u.a != u.b)
            used[u.b] += u.channels;
    }
    return used;
}

} // namespace cs
