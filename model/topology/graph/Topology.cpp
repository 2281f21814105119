#include "model/topology/graph/Topology.h"
#include "model/topology/graph/PortsUsed.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <mutex>

namespace cs {

Topology::Topology(const Topology& o)
    : exactBisection(o.exactBisection), bisectionBound(o.bisectionBound), bisectionNote(o.bisectionNote),
      generator(o.generator), generatorParams(o.generatorParams), facts(o.facts), vertexKind_(o.vertexKind_),
      vertexKinds_(o.vertexKinds_), idChars_(o.idChars_), idEnd_(o.idEnd_), edges_(o.edges_), linkKinds_(o.linkKinds_), degree_(o.degree_), hosts_(o.hosts_), ids_(o.ids_),
      hostIdsDeferred_(o.hostIdsDeferred_)
{
}

Topology::Topology(Topology&& o) noexcept
    : exactBisection(std::move(o.exactBisection)), bisectionBound(std::move(o.bisectionBound)),
      bisectionNote(std::move(o.bisectionNote)), generator(std::move(o.generator)),
      generatorParams(std::move(o.generatorParams)), facts(std::move(o.facts)),
      vertexKind_(std::move(o.vertexKind_)), vertexKinds_(std::move(o.vertexKinds_)), idChars_(std::move(o.idChars_)),
      idEnd_(std::move(o.idEnd_)), edges_(std::move(o.edges_)), linkKinds_(std::move(o.linkKinds_)), degree_(std::move(o.degree_)),
      hosts_(std::move(o.hosts_)), incidence_(std::move(o.incidence_)), ids_(std::move(o.ids_)),
      hostIdsDeferred_(o.hostIdsDeferred_), lazyHostIds_(std::move(o.lazyHostIds_))
{
    incidenceReady_.store(incidence_.get());
    o.clearMovedFrom();
}

Topology& Topology::operator=(const Topology& o)
{
    if (this != &o) {
        Topology copy(o);
        *this = std::move(copy);
    }
    return *this;
}

Topology& Topology::operator=(Topology&& o) noexcept
{
    if (this != &o) {
        exactBisection = std::move(o.exactBisection);
        bisectionBound = std::move(o.bisectionBound);
        bisectionNote = std::move(o.bisectionNote);
        generator = std::move(o.generator);
        generatorParams = std::move(o.generatorParams);
        facts = std::move(o.facts);
        vertexKind_ = std::move(o.vertexKind_);
        vertexKinds_ = std::move(o.vertexKinds_);
        idChars_ = std::move(o.idChars_);
        idEnd_ = std::move(o.idEnd_);
        edges_ = std::move(o.edges_);
        linkKinds_ = std::move(o.linkKinds_);
        degree_ = std::move(o.degree_);
        hosts_ = std::move(o.hosts_);
        incidence_ = std::move(o.incidence_);
        incidenceReady_.store(incidence_.get());
        ids_ = std::move(o.ids_);
        hostIdsDeferred_ = o.hostIdsDeferred_;
        lazyHostIds_ = std::move(o.lazyHostIds_);
        o.clearMovedFrom();
    }
    return *this;
}

void Topology::clearMovedFrom() noexcept
{
    // A moved-from topology is an empty one, usable as such.
    vertexKind_.clear();
    vertexKinds_.clear();
    idChars_.clear();
    idEnd_.clear();
    edges_.clear();
    linkKinds_.clear();
    degree_.clear();
    hosts_.clear();
    changed();
    ids_.clear();
    hostIdsDeferred_ = false;
    lazyHostIds_.reset();
}

void Topology::changed() noexcept
{
    incidenceReady_.store(nullptr);
    incidence_.reset();
}

std::span<const std::uint32_t> Topology::incident(std::size_t v) const
{
    const Incidence* in = incidenceReady_.load(std::memory_order_acquire);
    if (!in) {
        // Several threads may ask at once (the metrics' tasks): the index is
        // built once, under a lock that only this first call takes.
        static std::mutex building;
        const std::lock_guard<std::mutex> lock(building);
        in = incidenceReady_.load(std::memory_order_relaxed);
        if (!in) {
            auto index = std::make_unique<Incidence>();
            const std::size_t n = vertexCount();
            index->offset.assign(n + 1, 0);
            for (std::size_t u = 0; u < n; ++u)
                index->offset[u + 1] = index->offset[u] + degree_[u];
            index->edges.resize(index->offset[n]);
            std::vector<std::uint32_t> fill(index->offset.begin(), index->offset.end() - 1);
            for (std::size_t e = 0; e < edges_.size(); ++e) {
                index->edges[fill[edges_[e].a]++] = static_cast<std::uint32_t>(e);
                index->edges[fill[edges_[e].b]++] = static_cast<std::uint32_t>(e);
            }
            incidence_ = std::move(index);
            in = incidence_.get();
            incidenceReady_.store(in, std::memory_order_release);
        }
    }
    return {in->edges.data() + in->offset[v], in->offset[v + 1] - in->offset[v]};
}

std::size_t Topology::addVertex(VertexProps p)
{
    if (p.id.empty())
        throw ModelError("a " + std::string(vertexKindName(p.kind)) + " needs a non-empty id");
    const std::size_t v = vertexCount();
    if (v >= kMaxIndex)
        throw ModelError("a topology holds at most " + std::to_string(kMaxIndex) + " vertices");
    if (idChars_.size() + p.id.size() > kMaxIndex)
        throw ModelError("a topology's ids hold at most " + std::to_string(kMaxIndex) + " characters in all");
    if (!(hostIdsDeferred_ && p.kind == VertexKind::Host)) {
        auto [it, inserted] = ids_.emplace(p.id, v);
        if (!inserted)
            throw ModelError("id '" + p.id + "' is already used by another vertex");
    }
    lazyHostIds_.reset();
    changed();
    if (p.kind == VertexKind::Host)
        hosts_.push_back(v);
    vertexKind_.push_back(vertexKind(p));
    idChars_ += p.id;
    idEnd_.push_back(static_cast<std::uint32_t>(idChars_.size()));
    degree_.push_back(0);
    return v;
}

VertexProps Topology::vertex(std::size_t v) const
{
    VertexProps p;
    static_cast<VertexAttributes&>(p) = attributes(v);
    p.id = id(v);
    return p;
}

// The index of these attributes in vertexKinds_, added when new; compared bit
// for bit, as linkKind() does.
std::uint32_t Topology::vertexKind(const VertexAttributes& a)
{
    auto same = [&](const VertexAttributes& k) {
        return k.kind == a.kind && k.forwards == a.forwards && k.ports == a.ports && k.cores == a.cores &&
               std::memcmp(&k.forwardCost, &a.forwardCost, sizeof(double)) == 0 &&
               std::memcmp(&k.latency, &a.latency, sizeof(double)) == 0 &&
               std::memcmp(&k.bandwidth, &a.bandwidth, sizeof(double)) == 0;
    };
    if (!vertexKind_.empty() && same(vertexKinds_[vertexKind_.back()]))
        return vertexKind_.back();
    for (std::size_t i = vertexKinds_.size(); i-- > 0 && vertexKinds_.size() - i <= 64;)
        if (same(vertexKinds_[i]))
            return static_cast<std::uint32_t>(i);
    vertexKinds_.push_back(a);
    return static_cast<std::uint32_t>(vertexKinds_.size() - 1);
}

std::size_t Topology::addHost(const std::string& id, bool forwards, double forwardCost, int cores)
{
    VertexProps p;
    p.id = id;
    p.kind = VertexKind::Host;
    p.forwards = forwards;
    p.forwardCost = forwardCost;
    p.cores = cores;
    return addVertex(std::move(p));
}

void Topology::setHostCores(int cores)
{
    // Hosts share their attributes (vertexKind): each distinct set is set once.
    for (VertexAttributes& a : vertexKinds_)
        if (a.kind == VertexKind::Host)
            a.cores = cores;
}

std::size_t Topology::addSwitch(const std::string& id, int ports, double latency)
{
    VertexProps p;
    p.id = id;
    p.kind = VertexKind::Switch;
    p.ports = ports;
    p.latency = latency;
    return addVertex(std::move(p));
}

std::size_t Topology::addSegment(const std::string& id, double bandwidth, double latency)
{
    VertexProps p;
    p.id = id;
    p.kind = VertexKind::Segment;
    p.bandwidth = bandwidth;
    p.latency = latency;
    return addVertex(std::move(p));
}

std::size_t Topology::addLink(std::size_t a, std::size_t b, const LinkProps& link)
{
    const std::size_t n = vertexCount();
    if (a >= n || b >= n)
        throw ModelError("link refers to vertex index " + std::to_string(a >= n ? a : b) + " but there are only " +
                         std::to_string(n) + " vertices");
    if (edges_.size() >= kMaxIndex)
        throw ModelError("a topology holds at most " + std::to_string(kMaxIndex) + " links");
    changed();
    edges_.push_back({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), linkKind(link)});
    ++degree_[a];
    ++degree_[b];
    return edges_.size() - 1;
}

// The index of these link properties in linkKinds_, added when new. Compared
// bit for bit, so that a link reads back exactly what was added (a NaN rate
// stays, for problems() to name). A generated network has one to three
// kinds; a drawing a few.
std::uint32_t Topology::linkKind(const LinkProps& link)
{
    auto same = [&](const LinkProps& k) {
        return std::memcmp(&k.bandwidth, &link.bandwidth, sizeof(double)) == 0 &&
               std::memcmp(&k.latency, &link.latency, sizeof(double)) == 0 && k.channels == link.channels &&
               k.duplex == link.duplex && std::memcmp(&k.burst, &link.burst, sizeof(double)) == 0;
    };
    if (!edges_.empty() && same(linkKinds_[edges_.back().kind]))
        return edges_.back().kind;
    for (std::size_t i = linkKinds_.size(); i-- > 0 && linkKinds_.size() - i <= 64;)
        if (same(linkKinds_[i]))
            return static_cast<std::uint32_t>(i);
    linkKinds_.push_back(link);
    return static_cast<std::uint32_t>(linkKinds_.size() - 1);
}

std::size_t Topology::addLink(std::string_view a, std::string_view b, const LinkProps& link)
{
    const auto va = find(a);
    const auto vb = find(b);
    if (!va || !vb)
        throw ModelError("link " + std::string(a) + " - " + std::string(b) + ": id '" + std::string(!va ? a : b) +
                         "' refers to no vertex");
    return addLink(*va, *vb, link);
}

std::optional<std::size_t> Topology::find(std::string_view id) const
{
    const std::string key(id);
    if (auto it = ids_.find(key); it != ids_.end())
        return it->second;
    if (!hostIdsDeferred_)
        return std::nullopt;
    // Several threads may look up at once (the metrics' tasks): the index is
    // built once, under a lock that only this rare path takes.
    static std::mutex building;
    const std::lock_guard<std::mutex> lock(building);
    if (!lazyHostIds_) {
        auto index = std::make_unique<std::unordered_map<std::string, std::size_t>>();
        index->reserve(hosts_.size());
        for (std::size_t h : hosts_)
            index->emplace(this->id(h), h);
        lazyHostIds_ = std::move(index);
    }
    if (auto it = lazyHostIds_->find(key); it != lazyHostIds_->end())
        return it->second;
    return std::nullopt;
}

void Topology::beginGenerated(std::size_t vertices, std::size_t links)
{
    if (vertexCount() == 0)
        hostIdsDeferred_ = true;
    edges_.reserve(links);
    vertexKind_.reserve(vertices);
    idEnd_.reserve(vertices);
    degree_.reserve(vertices);
    hosts_.reserve(vertices);
}

TopologyCounts Topology::counts() const
{
    TopologyCounts c;
    for (std::size_t v = 0; v < vertexCount(); ++v) {
        switch (kind(v)) {
        case VertexKind::Host: ++c.hosts; break;
        case VertexKind::Switch: ++c.switches; break;
        case VertexKind::Segment: ++c.segments; break;
        }
    }
    c.links = edgeCount();
    return c;
}

bool Topology::isTransit(std::size_t v) const
{
    const VertexAttributes& p = attributes(v);
    return p.kind != VertexKind::Host || p.forwards;
}

std::optional<double> Topology::fact(std::string_view key) const
{
    for (const auto& [k, v] : facts)
        if (k == key)
            return v;
    return std::nullopt;
}

std::vector<TopologyProblem> Topology::problems() const
{
    using W = TopologyProblem::Where;
    std::vector<TopologyProblem> out;
    const std::size_t n = vertexCount();

    // Each field against its range in the one table (TopologyFields.h),
    // checked once per distinct set of attributes (a generated network has
    // one to three) and reported for every vertex or link that has it.
    using Found = std::vector<std::pair<std::string, std::string>>; // field, message
    auto check = [](const std::vector<ParamSpec>& fields, auto&& value) {
        Found found;
        for (const ParamSpec& f : fields)
            if (std::string m = fieldProblem(f, value(f.symbol)); !m.empty())
                found.emplace_back(f.symbol, std::move(m));
        return found;
    };
    std::vector<Found> vertexFound(vertexKinds_.size());
    for (std::size_t k = 0; k < vertexKinds_.size(); ++k)
        vertexFound[k] = check(vertexFields(vertexKinds_[k].kind),
                               [&](std::string_view key) { return vertexFieldValue(vertexKinds_[k], key); });
    std::vector<Found> linkFound(linkKinds_.size());
    for (std::size_t k = 0; k < linkKinds_.size(); ++k)
        linkFound[k] = check(linkFields(), [&](std::string_view key) { return linkFieldValue(linkKinds_[k], key); });
    for (std::size_t v = 0; v < n; ++v)
        for (const auto& [field, message] : vertexFound[vertexKind_[v]])
            out.push_back({W::Vertex, v, field, message});
    for (std::size_t e = 0; e < edges_.size(); ++e) {
        const auto [a, b] = endpoints(e);
        for (const auto& [field, message] : linkFound[edges_[e].kind])
            out.push_back({W::Edge, e, field, message});
        if (a == b)
            out.push_back({W::Edge, e, "", "links '" + std::string(id(a)) + "' to itself"});
    }
    const std::vector<long long> used = portsUsed(n, edges_.size(), [&](std::size_t e) {
        return PortUse{edges_[e].a, edges_[e].b, linkKinds_[edges_[e].kind].channels};
    });
    for (std::size_t v = 0; v < n; ++v) {
        const VertexAttributes& p = attributes(v);
        if (p.kind == VertexKind::Switch && p.ports >= 1 && used[v] > p.ports)
            out.push_back({W::Vertex, v, "",
                           "switch '" + std::string(id(v)) + "' uses " + std::to_string(used[v]) +
                               " ports (links x channels) but has only " + std::to_string(p.ports)});
    }
    if (hosts_.empty()) {
        out.push_back({W::Whole, 0, "", "the topology has no hosts", true});
        return out;
    }
    bool anyIsolated = false;
    for (std::size_t h : hosts_) {
        if (degree_[h] == 0) {
            out.push_back({W::Vertex, h, "", "host '" + std::string(id(h)) + "' is disconnected: it has no links", true});
            anyIsolated = true;
        }
    }
    if (anyIsolated)
        return out;
    // Reachability from the first host, passing only through transit
    // vertices: what a breadth-first search from it finds (it leaves the
    // first host even when that does not forward). Found with a union-find
    // over the edge list, in one pass over one array, without building the
    // incidence index (a search over Boost's scattered per-vertex lists was
    // the largest part of validating a 2^20 hypercube).
    const std::size_t first = hosts_.front();
    std::vector<std::uint8_t> transit(n);
    for (std::size_t v = 0; v < n; ++v)
        transit[v] = isTransit(v) ? 1 : 0;
    std::vector<std::uint32_t> parent(n);
    for (std::size_t v = 0; v < n; ++v)
        parent[v] = static_cast<std::uint32_t>(v);
    auto root = [&](std::uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    for (std::size_t e = 0; e < edges_.size(); ++e) {
        const auto [a, b] = endpoints(e);
        if (transit[a] && transit[b]) {
            const std::uint32_t ra = root(static_cast<std::uint32_t>(a)), rb = root(static_cast<std::uint32_t>(b));
            if (ra != rb)
                parent[std::max(ra, rb)] = std::min(ra, rb);
        }
    }
    // The components the search enters: the first host's own when it
    // forwards, and those of its forwarding neighbours.
    std::vector<char> seen(n, 0), entered(n, 0);
    seen[first] = 1;
    if (transit[first])
        entered[root(static_cast<std::uint32_t>(first))] = 1;
    for (std::size_t e = 0; e < edges_.size(); ++e) {
        const auto [a, b] = endpoints(e);
        if (a != first && b != first)
            continue;
        const std::size_t o = a == first ? b : a;
        seen[o] = 1;
        if (transit[o])
            entered[root(static_cast<std::uint32_t>(o))] = 1;
    }
    // Every vertex of an entered component is found, and so is each
    // neighbour of one.
    for (std::size_t v = 0; v < n; ++v)
        if (transit[v] && entered[root(static_cast<std::uint32_t>(v))])
            seen[v] = 1;
    for (std::size_t e = 0; e < edges_.size(); ++e) {
        const auto [a, b] = endpoints(e);
        if (transit[a] && seen[a])
            seen[b] = 1;
        if (transit[b] && seen[b])
            seen[a] = 1;
    }
    for (std::size_t h : hosts_) {
        if (!seen[h]) {
            out.push_back({W::Vertex, h, "",
                           "host '" + std::string(id(h)) + "' is disconnected: no route (through switches, segments or "
                           "forwarding hosts) reaches it from host '" + std::string(id(hosts_.front())) + "'", true});
            break;
        }
    }
    return out;
}

void Topology::validate() const
{
    const auto ps = problems();
    if (ps.empty())
        return;
    const TopologyProblem& p = ps.front();
    std::string where;
    if (p.where == TopologyProblem::Where::Edge) {
        const auto [a, b] = endpoints(p.index);
        where = "link " + std::to_string(p.index) + " (" + std::string(id(a)) + " - " + std::string(id(b)) + ")";
    } else if (p.where == TopologyProblem::Where::Vertex && !p.field.empty()) {
        where = std::string(vertexKindName(kind(p.index))) + " '" + std::string(id(p.index)) + "'";
    }
    if (!p.field.empty())
        throw ModelError(where + ": " + p.field + " " + p.message);
    if (!where.empty())
        throw ModelError(where + ": " + p.message);
    throw ModelError(p.message);
}

} // namespace cs
