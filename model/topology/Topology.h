#pragma once
// The topology of a cluster network: hosts, switches and shared segments,
// joined by links. Boost.Graph's adjacency_list is the representation; the
// metric code takes compact snapshots of it (see CoreGraph.h).
#include <boost/graph/adjacency_list.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs {

enum class VertexKind {
    Host,    // a computer; forwards traffic only if `forwards` (software routing)
    Switch,  // a store-and-forward switch with a port count
    Segment, // a shared medium (hub or bus): every attached host contends for `bandwidth`
};

std::string_view vertexKindName(VertexKind k); // "host", "switch", "segment"
// The kind a name in a topology's JSON means: "host", "switch", "segment",
// and "hub" and "bus", which are segments (docs/format.md); nullopt for any
// other. The one place these names are read: the reader, the editing layer
// and the GUI's views of a drawing that does not load all ask it.
std::optional<VertexKind> vertexKindFromName(std::string_view name);

struct VertexProps {
    std::string id;
    VertexKind kind = VertexKind::Host;
    // Host: forwards packets between its links (software routing, 004 §4
    // Fig. 5) at `forwardCost` seconds per packet.
    bool forwards = false;
    double forwardCost = 0.0; // s
    // Switch: port count (each link channel uses one port) and latency.
    int ports = 0;
    double latency = 0.0;     // s, switch or segment latency
    // Segment: the medium's rate, shared by everything crossing it.
    double bandwidth = 0.0;   // B/s
};

// One (possibly bonded) link. Its capacity per direction is
// bandwidth * channels when duplex; a half-duplex link shares that
// capacity between both directions.
struct LinkProps {
    double bandwidth = 0.0; // B/s per channel
    double latency = 0.0;   // s
    int channels = 1;       // bonded channels (each uses a port at a switch)
    bool duplex = true;
};

struct EdgeProps {
    LinkProps link;
    std::size_t index = 0; // position in insertion order
};

using TopologyGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, VertexProps, EdgeProps>;

struct TopologyCounts {
    std::size_t hosts = 0;
    std::size_t switches = 0;
    std::size_t segments = 0;
    std::size_t links = 0;
};

// A problem found by Topology::problems(); `index` is the vertex or edge
// index (insertion order), `field` the offending property ("" for the whole
// element). The JSON loader turns these into paths.
struct TopologyProblem {
    enum class Where { Vertex, Edge, Whole };
    Where where = Where::Whole;
    std::size_t index = 0;
    std::string field;
    std::string message;
    // A drawing still in progress (no host yet, a host not yet linked or
    // reached), as opposed to a wrong value or an overfull switch.
    bool unfinished = false;
};

class Topology {
public:
    Topology() = default;
    // A copy re-indexes the edges (edge descriptors point into the graph that
    // owns them); a move takes the graph as it is, in constant time, and
    // leaves `o` empty.
    Topology(const Topology& o);
    Topology(Topology&& o) noexcept;
    Topology& operator=(const Topology& o);
    Topology& operator=(Topology&& o) noexcept;
    ~Topology() = default;

    // Adders return the vertex index (== insertion order). Ids must be unique
    // and non-empty; a duplicate throws ModelError naming it.
    std::size_t addHost(const std::string& id, bool forwards = false, double forwardCost = 0.0);
    std::size_t addSwitch(const std::string& id, int ports, double latency = 0.0);
    std::size_t addSegment(const std::string& id, double bandwidth, double latency = 0.0);
    // Links by vertex index or by id; an id that names no vertex throws
    // ModelError naming it. Values are not checked here: see problems().
    std::size_t addLink(std::size_t a, std::size_t b, const LinkProps& link);
    std::size_t addLink(std::string_view a, std::string_view b, const LinkProps& link);

    std::size_t vertexCount() const { return boost::num_vertices(*g_); }
    std::size_t edgeCount() const { return edges_.size(); }
    const VertexProps& vertex(std::size_t v) const { return (*g_)[v]; }
    // Endpoints and properties of edge i (insertion order).
    std::pair<std::size_t, std::size_t> endpoints(std::size_t e) const;
    const LinkProps& link(std::size_t e) const { return (*g_)[edges_[e]].link; }
    std::optional<std::size_t> find(std::string_view id) const;
    // For a generator, before its first vertex: its ids are unique by
    // construction, so hosts are not put in the id index as they are added
    // (on a million-host network that index took a fifth of the build);
    // find() indexes them on first use. A duplicate host id is then not
    // reported. `vertices` and `links` reserve room (0: none).
    void beginGenerated(std::size_t vertices, std::size_t links);
    // Host vertex indices in insertion order ("host order": patterns such as
    // transpose number hosts this way).
    const std::vector<std::size_t>& hosts() const { return hosts_; }
    TopologyCounts counts() const;
    const TopologyGraph& graph() const { return *g_; }

    // May traffic pass through v on its way elsewhere? Switches and segments
    // always; hosts only when they forward.
    bool isTransit(std::size_t v) const;

    // Every problem: a host with no links or that cannot reach the others, a
    // switch using more ports than it has, a bandwidth <= 0, channels < 1, a
    // negative latency or cost, a self-loop. Empty when valid.
    std::vector<TopologyProblem> problems() const;
    // Throws ModelError with the first problem, e.g.
    // "switch 'sw0' uses 9 ports (links x channels) but has 8".
    void validate() const;

    // Exact bisection bandwidth when the generator knows its cut (B/s).
    std::optional<double> exactBisection;
    // Else an upper bound from a cut the generator knows (B/s), used instead
    // of a search on networks too large to search.
    std::optional<double> bisectionBound;
    std::string bisectionNote; // how the exact value or the bound was derived
    // Which generator made it, with its parameters in spec order ("" when
    // drawn by hand); the JSON writer can save the short form from this.
    std::string generator;
    std::vector<std::pair<std::string, double>> generatorParams;
    // Facts a generator reports, e.g. {"uplink_cables_per_host_L1", 0.6}.
    std::vector<std::pair<std::string, double>> facts;
    std::optional<double> fact(std::string_view key) const;

private:
    std::size_t addVertex(VertexProps p);
    void reindexEdges();
    void clearMovedFrom() noexcept;

    // On the heap, so that a move is a pointer's (see the move constructor).
    std::unique_ptr<TopologyGraph> g_ = std::make_unique<TopologyGraph>();
    std::vector<TopologyGraph::edge_descriptor> edges_;
    std::vector<std::size_t> hosts_;
    // Every vertex's id, but the hosts' after beginGenerated(); those are in
    // lazyHostIds_, built by the first find() that misses ids_.
    std::unordered_map<std::string, std::size_t> ids_;
    bool hostIdsDeferred_ = false;
    mutable std::unique_ptr<std::unordered_map<std::string, std::size_t>> lazyHostIds_;
};

} // namespace cs
