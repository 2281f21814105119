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
#include "model/topology/LinkLoad.h"

namespace cs {

// Valiant loads of a pattern of `flows` flows, from the minimal all-to-all
// loads; `uniform`: every host sends and receives flows / H. The result has
// the pattern, flows, bottleneck and method; its per-link vectors (forward,
// backward, throughSegment) are left empty: a link's load is the formula
// above, (2k/H) x allToAll's or k on an access link, and storing four
// patterns' copies of it cost a million-host network 0.2-0.4 GB.
LinkLoads valiantLoads(const Topology& t, const LinkLoads& allToAll, TrafficPattern pattern, std::uint64_t flows,
                       bool uniform);

} // namespace cs
