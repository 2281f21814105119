#pragma once
// The topology of a cluster network: hosts, switches and shared segments,
// joined by links. Stored as what the metrics read: per vertex the index of
// its attributes and the end of its id in one string of ids, an edge list of
// endpoint pairs, and each distinct set of vertex attributes and of link
// properties once (a generated network has one to three of each): about 20
// bytes a vertex and 12 a link. A vertex's links are indexed on first use
// (incident()). The metric code takes compact snapshots of it
// (see CoreGraph.h); Bisection.h builds Boost.Graph's flow network from it.
#include "model/topology/graph/TopologyFields.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs {

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
    // Vertices and links are numbered in 32 bits.
    static constexpr std::size_t kMaxIndex = 0xffffffffu;

    Topology() = default;
    // A move takes the arrays as they are, in constant time, and leaves `o`
    // empty.
    Topology(const Topology& o);
    Topology(Topology&& o) noexcept;
    Topology& operator=(const Topology& o);
    Topology& operator=(Topology&& o) noexcept;
    ~Topology() = default;

    // Adders return the vertex index (== insertion order). Ids must be unique
    // and non-empty; a duplicate throws ModelError naming it.
    // cores: the host's (0 = not stated: a core a rank; VertexAttributes::cores).
    std::size_t addHost(const std::string& id, bool forwards = false, double forwardCost = 0.0, int cores = 0);
    // Every host's cores (a generator's `cores` parameter, after it built the network).
    void setHostCores(int cores);
    std::size_t addSwitch(const std::string& id, int ports, double latency = 0.0);
    std::size_t addSegment(const std::string& id, double bandwidth, double latency = 0.0);
    // Links by vertex index or by id; an id that names no vertex throws
    // ModelError naming it. Values are not checked here: see problems().
    std::size_t addLink(std::size_t a, std::size_t b, const LinkProps& link);
    std::size_t addLink(std::string_view a, std::string_view b, const LinkProps& link);

    std::size_t vertexCount() const { return vertexKind_.size(); }
    std::size_t edgeCount() const { return edges_.size(); }
    // Vertex v whole, a copy (its id with it): for a loop over many
    // vertices, attributes() and id() read it in place.
    VertexProps vertex(std::size_t v) const;
    const VertexAttributes& attributes(std::size_t v) const { return vertexKinds_[vertexKind_[v]]; }
    VertexKind kind(std::size_t v) const { return attributes(v).kind; }
    std::string_view id(std::size_t v) const
    {
        const std::uint32_t begin = v ? idEnd_[v - 1] : 0;
        return {idChars_.data() + begin, idEnd_[v] - begin};
    }
    // Endpoints and properties of edge i (insertion order).
    std::pair<std::size_t, std::size_t> endpoints(std::size_t e) const { return {edges_[e].a, edges_[e].b}; }
    const LinkProps& link(std::size_t e) const { return linkKinds_[edges_[e].kind]; }
    // Links at v (a self-loop counts twice), and the edge indices of those
    // links in insertion order (a self-loop listed twice). The index is
    // built on the first call after a change, once, whichever thread asks.
    std::size_t degree(std::size_t v) const { return degree_[v]; }
    std::span<const std::uint32_t> incident(std::size_t v) const;
    // The other end of edge e from v (v itself for a self-loop).
    std::size_t opposite(std::size_t e, std::size_t v) const
    {
        return edges_[e].a == v ? edges_[e].b : edges_[e].a;
    }
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
    struct Edge {
        std::uint32_t a = 0, b = 0;
        std::uint32_t kind = 0; // index in linkKinds_
    };
    // Each vertex's links as one array: the edge indices at v are
    // edges[offset[v] .. offset[v + 1]).
    struct Incidence {
        std::vector<std::uint32_t> offset, edges;
    };

    std::size_t addVertex(VertexProps p);
    std::uint32_t vertexKind(const VertexAttributes& a);
    std::uint32_t linkKind(const LinkProps& link);
    void changed() noexcept; // drops the incidence index
    void clearMovedFrom() noexcept;

    std::vector<std::uint32_t> vertexKind_; // per vertex: index in vertexKinds_
    std::vector<VertexAttributes> vertexKinds_;
    std::string idChars_;               // every vertex's id, one after the other
    std::vector<std::uint32_t> idEnd_;  // per vertex: where its id ends in idChars_
    std::vector<Edge> edges_;
    std::vector<LinkProps> linkKinds_;
    std::vector<std::uint32_t> degree_;
    std::vector<std::size_t> hosts_;
    mutable std::unique_ptr<const Incidence> incidence_;
    mutable std::atomic<const Incidence*> incidenceReady_{nullptr};
    // Every vertex's id, but the hosts' after beginGenerated(); those are in
    // lazyHostIds_, built by the first find() that misses ids_.
    std::unordered_map<std::string, std::size_t> ids_;
    bool hostIdsDeferred_ = false;
    mutable std::unique_ptr<std::unordered_map<std::string, std::size_t>> lazyHostIds_;
};

} // namespace cs
