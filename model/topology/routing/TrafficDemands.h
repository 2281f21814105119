#pragma once
// The flows of a traffic pattern other than all-to-all, grouped by the core
// vertex of their destination: what a per-destination ECMP pass routes.
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/routing/LinkLoad.h"

#include <cstdint>
#include <vector>

namespace cs {

struct Demands {
    TrafficPattern pattern = TrafficPattern::Transpose;
    // Flows between core vertices, by destination: entries dstBegin[t] ..
    // dstBegin[t + 1] of src / weight end at core vertex t.
    std::vector<std::uint32_t> dstBegin; // n + 1
    std::vector<std::uint32_t> src;      // source core vertex
    std::vector<double> weight;          // flows
    std::vector<double> local;           // per core vertex: routable flows with both ends at it
    // Per topology vertex: flows that stay at the host's core vertex, which
    // the access link of a leaf host carries (sent, received); with
    // LeafEnds::Folded, those that cross the core too.
    std::vector<double> out, in;
    // Flows of leaf hosts that cross the core (empty when Folded): they load
    // the host's access link only if routed, i.e. if their entry's source
    // reaches its destination.
    struct LeafEnd {
        std::uint32_t entry; // index into src / weight
        std::uint32_t host;  // topology vertex of the leaf host
        double flows;
        bool sends;          // the host is the source (else the destination)
    };
    std::vector<LeafEnd> leafEnds;
    // Flows in the pattern, routable or not. A leaf host of a host that does
    // not forward reaches only that host; its other flows are counted here
    // and nowhere else.
    std::uint64_t flows = 0;
};

// How a leaf host's end of a flow across the core is kept: listed in
// leafEnds, to load its access link only if the flow is routed; or Folded
// into out and in at once, for a caller that routes every flow (a
// FlowRouter's: on a million-host network the list was 50-150 MB).
enum class LeafEnds { Listed, Folded };

// Transpose, nearest-neighbour or ring (see TrafficPattern); not all-to-all.
Demands trafficDemands(const Topology& t, const CoreGraph& g, TrafficPattern p, LeafEnds ends = LeafEnds::Listed);

// One flow between two hosts (topology vertices), `weight` units of it.
struct HostFlow {
    std::size_t from = 0;
    std::size_t to = 0;
    double weight = 1.0;
};

// The demands of an explicit flow list (a job's pattern on the hosts it was
// placed on, one round of an exchange schedule), labelled `label`; flows
// from a host to itself are left out.
Demands flowDemands(const Topology& t, const CoreGraph& g, TrafficPattern label, const std::vector<HostFlow>& flows);

// The demands of one flow between every ordered pair of `hosts` (topology
// vertices, no repeats): flowDemands of those pairs, counted by core vertex
// (work about cores^2 + cores x hosts rather than hosts^2).
Demands allToAllDemands(const Topology& t, const CoreGraph& g, TrafficPattern label,
                        const std::vector<std::size_t>& hosts);

// What the access links of leaf hosts carry, per topology vertex: the flows
// that stay at their core vertex plus those of routed entries
// (`entryRouted[k]` != 0; empty means all were routed).
void accessLoads(const Demands& d, const std::vector<std::uint8_t>& entryRouted, std::vector<double>& out,
                 std::vector<double>& in);

} // namespace cs
