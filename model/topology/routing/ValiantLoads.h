#pragma once
// Link loads under Valiant routing (Valiant and Brebner 1981; the dragonfly's
// "VAL", Kim, Dally, Scott, Abts 2008): each flow s -> d goes by minimal
// (ECMP) routes to an intermediate chosen uniformly at random, then on to d.
// With the intermediate a host's switch drawn uniformly over the hosts, the
// flows from s spread over every i, so a link inside the network (not an
// access link) carries
//   V(e) = (1/H) [ sum_s out(s) sum_i m(s, i)(e) + sum_d in(d) sum_i m(i, d)(e) ]
// where m(x, y)(e) is the share of the minimal route x -> y on e. When every
// host sends and receives k flows (all-to-all: H - 1; ring: 1) both sums are
// k times the all-to-all load A(e), so
//   V(e) = (2 k / H) A(e),
// and an access link carries its host's own k flows each way. For patterns
// whose hosts send unequally (the transpose's diagonal sends nothing) k is
// the mean, and the loads are an estimate, marked so.
#include "model/topology/routing/BottleneckScan.h"
#include "model/topology/routing/LinkLoad.h"

#include <string>

namespace cs {

// The Valiant loads of a pattern of `flows` flows on a network of `hosts`
// hosts, from the all-to-all's: `a2aEdge(e)` is edge e's (forward, backward)
// all-to-all load, `a2aSegment(v)` vertex v's, `accessLink(e)` whether e is
// a leaf host's one link (it carries the host's own flows each way). `net`
// as scanBottleneck's. valiantLoads below is this on a Topology.
template <class Net, class EdgeLoad, class SegmentLoad, class AccessLink>
LinkLoads valiantLoadsOf(const Net& net, std::uint64_t hosts, EdgeLoad a2aEdge, SegmentLoad a2aSegment,
                         AccessLink accessLink, TrafficPattern pattern, std::uint64_t flows, bool uniform)
{
    LinkLoads r;
    r.pattern = pattern;
    r.flows = flows;
    r.exact = uniform;
    r.method = std::string("Valiant routing: minimal ECMP to a uniformly random intermediate, then to the "
                           "destination; (2k/H) x the all-to-all loads inside the network") +
               (uniform ? "" : " (k the mean flows per host: an estimate)");
    const double H = static_cast<double>(hosts);
    if (H < 2 || flows == 0)
        return r;
    const double k = static_cast<double>(flows) / H;
    const double scale = 2 * k / H;
    // Each link's load as it is derived: a scale of the all-to-all's, so
    // not stored (on a million-host network each pattern's two vectors were
    // 50-170 MB of fresh pages, which this machine is slow to fault in).
    scanBottleneck(
        net, r,
        [&](std::size_t e) {
            if (accessLink(e))
                return std::pair{k, k};
            const auto [fwd, bwd] = a2aEdge(e);
            return std::pair{scale * fwd, scale * bwd};
        },
        [&](std::size_t v) { return scale * a2aSegment(v); });
    return r;
}

// Whether every host sends and receives the same number of flows in pattern
// loads `l` on `hosts` hosts (all-to-all, ring, a transpose without a
// diagonal), which makes its Valiant loads exact.
inline bool valiantUniform(const LinkLoads& l, std::uint64_t hosts)
{
    return l.pattern == TrafficPattern::AllToAll || l.pattern == TrafficPattern::Ring ||
           (l.pattern == TrafficPattern::Transpose && l.flows == hosts);
}

// Valiant loads of a pattern of `flows` flows, from the minimal all-to-all
// loads; `uniform`: every host sends and receives flows / H. The result has
// the pattern, flows, bottleneck and method; its per-link vectors (forward,
// backward, throughSegment) are left empty: a link's load is the formula
// above, (2k/H) x allToAll's or k on an access link, and storing four
// patterns' copies of it cost a million-host network 0.2-0.4 GB.
LinkLoads valiantLoads(const Topology& t, const LinkLoads& allToAll, TrafficPattern pattern, std::uint64_t flows,
                       bool uniform);

} // namespace cs
