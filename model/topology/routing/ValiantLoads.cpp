#include "model/topology/routing/ValiantLoads.h"

namespace cs {

LinkLoads valiantLoads(const Topology& t, const LinkLoads& a2a, TrafficPattern pattern, std::uint64_t flows,
                       bool uniform)
{
    auto leafHost = [&](std::size_t v) { return t.kind(v) == VertexKind::Host && t.degree(v) == 1; };
    const std::size_t E = std::min(t.edgeCount(), a2a.forward.size());
    return valiantLoadsOf(
        t, t.hosts().size(),
        [&](std::size_t e) {
            return e < E ? std::pair{a2a.forward[e], a2a.backward[e]} : std::pair{0.0, 0.0};
        },
        [&](std::size_t v) { return v < a2a.throughSegment.size() ? a2a.throughSegment[v] : 0.0; },
        [&](std::size_t e) {
            const auto [a, b] = t.endpoints(e);
            return e < E && (leafHost(a) || leafHost(b));
        },
        pattern, flows, uniform);
}

} // namespace cs
