#pragma once
// The plain types a topology is made of: the kinds of vertex, a vertex's
// attributes and a link's properties. Their names, ranges and defaults are
// TopologyFields.h's; the graph that holds them is Topology.h's.
#include <string>

namespace cs {

enum class VertexKind {
    Host,    // a computer; forwards traffic only if `forwards` (software routing)
    Switch,  // a store-and-forward switch with a port count
    Segment, // a shared medium (hub or bus): every attached host contends for `bandwidth`
};

// What a vertex is, apart from its id.
struct VertexAttributes {
    VertexKind kind = VertexKind::Host;
    // Host: forwards packets between its links (software routing, 004 §4
    // Fig. 5) at `forwardCost` seconds per packet.
    bool forwards = false;
    double forwardCost = 0.0; // s
    // Host: the cores its ranks compute on; 0 = not stated (a core a rank).
    // Ranks beyond them share them (the topology block's output `job_cores`).
    int cores = 0;
    // Switch: port count (each link channel uses one port) and latency.
    int ports = 0;
    double latency = 0.0;     // s, switch or segment latency
    // Segment: the medium's rate, shared by everything crossing it.
    double bandwidth = 0.0;   // B/s
    bool operator==(const VertexAttributes&) const = default;
};

struct VertexProps : VertexAttributes {
    std::string id;
    bool operator==(const VertexProps&) const = default; // the id too, not the attributes alone
};

// One (possibly bonded) link. Its capacity per direction is
// bandwidth * channels when duplex; a half-duplex link shares that
// capacity between both directions.
struct LinkProps {
    double bandwidth = 0.0; // B/s per channel
    double latency = 0.0;   // s
    int channels = 1;       // bonded channels (each uses a port at a switch)
    bool duplex = true;
    // Bytes of its token bucket (tbf, a policed port): after an idle spell the
    // link passes this many bytes above its rate; 0: none, a switched link.
    double burst = 0.0;
    bool operator==(const LinkProps&) const = default;
};

} // namespace cs
