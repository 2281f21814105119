#include "model/topology/network/NetworkEdits.h"

#include <algorithm>

namespace cs::topoedit {

std::string idPrefix(VertexKind kind)
{
    return std::string(vertexKindTraits(kind).idPrefix);
}

namespace {

// The first free id prefix + i with i >= `from`; `from` is where the last one was found.
std::string freeId(const Network& n, const std::string& prefix, std::size_t& from)
{
    for (;; ++from) {
        std::string id = prefix + std::to_string(from);
        if (!n.vertexIndex(id))
            return id;
    }
}

} // namespace

std::string uniqueId(const Network& n, const std::string& prefix)
{
    std::size_t from = 0;
    return freeId(n, prefix, from);
}

std::string addVertex(Network& n, NetworkPatch& patch, VertexKind kind, const std::string& wanted)
{
    NetworkVertex v;
    v.id = wanted.empty() ? uniqueId(n, idPrefix(kind)) : wanted;
    v.attributes.kind = kind;
    if (kind == VertexKind::Segment) {
        v.attributes.bandwidth = kDefaultSegmentBandwidth;
        v.written[0] = Written::Number; // "bandwidth", a segment's first field
    }
    const std::string id = v.id;
    patch.insertVertices(n, {{n.vertices().size(), std::move(v)}});
    return id;
}

LinkId addLink(Network& n, NetworkPatch& patch, std::size_t from, std::size_t to, double bandwidth, int channels)
{
    NetworkLink l;
    l.id = n.nextLinkId();
    l.from = static_cast<std::uint32_t>(from);
    l.to = static_cast<std::uint32_t>(to);
    l.props.bandwidth = bandwidth;
    l.props.channels = channels;
    // As the editor has always written a new link: its rate and channels.
    l.written = {Written::Number, Written::Absent, Written::Integer, Written::Absent, Written::Absent};
    const LinkId id = l.id;
    patch.insertLinks(n, {{n.links().size(), std::move(l)}});
    return id;
}

Removed remove(Network& n, NetworkPatch& patch, const std::set<std::string>& vertices, const std::set<LinkId>& links)
{
    Removed out;
    std::vector<char> gone(n.vertices().size(), 0);
    std::vector<std::size_t> vertexAt;
    for (std::size_t v = 0; v < n.vertices().size(); ++v)
        if (vertices.count(n.vertices()[v].id)) {
            gone[v] = 1;
            vertexAt.push_back(v);
            out.vertices.push_back(n.vertices()[v].id);
        }
    std::vector<std::size_t> linkAt;
    for (std::size_t e = 0; e < n.links().size(); ++e) {
        const NetworkLink& l = n.links()[e];
        if (links.count(l.id) || gone[l.from] || gone[l.to]) {
            linkAt.push_back(e);
            out.links.push_back(l.id);
        }
    }
    patch.eraseLinks(n, linkAt);
    patch.eraseVertices(n, vertexAt);
    return out;
}

Network extract(const Network& n, const std::set<std::string>& ids)
{
    Network piece = Network::drawing();
    std::vector<std::uint32_t> at(n.vertices().size(), 0xffffffffu);
    std::vector<Network::Placed> vertices;
    for (std::size_t v = 0; v < n.vertices().size(); ++v)
        if (ids.count(n.vertices()[v].id)) {
            at[v] = static_cast<std::uint32_t>(vertices.size());
            vertices.emplace_back(vertices.size(), n.vertices()[v]);
        }
    piece.insertVertices(std::move(vertices));
    std::vector<Network::PlacedLink> links;
    for (const NetworkLink& l : n.links())
        if (at[l.from] != 0xffffffffu && at[l.to] != 0xffffffffu) {
            NetworkLink copy = l;
            copy.from = at[l.from];
            copy.to = at[l.to];
            links.emplace_back(links.size(), std::move(copy));
        }
    piece.insertLinks(std::move(links));
    return piece;
}

std::vector<std::pair<std::string, std::string>> pastedIds(const Network& n, const Network& piece)
{
    std::vector<std::pair<std::string, std::string>> ids;
    std::map<std::string, std::size_t> next; // per prefix, where its search goes on
    std::set<std::string> taken;             // the piece's new ids, not yet in `n`
    for (const NetworkVertex& v : piece.vertices()) {
        const std::string prefix = idPrefix(v.attributes.kind);
        std::size_t& from = next[prefix];
        std::string id;
        do {
            id = freeId(n, prefix, from);
            ++from;
        } while (taken.count(id));
        taken.insert(id);
        ids.emplace_back(v.id, std::move(id));
    }
    return ids;
}

Pasted paste(Network& n, NetworkPatch& patch, const Network& piece)
{
    Pasted out;
    const std::size_t base = n.vertices().size();
    const std::vector<std::pair<std::string, std::string>> ids = pastedIds(n, piece);
    std::vector<Network::Placed> vertices;
    for (std::size_t v = 0; v < piece.vertices().size(); ++v) {
        NetworkVertex copy = piece.vertices()[v];
        copy.id = ids[v].second;
        out.renamed[ids[v].first] = ids[v].second;
        vertices.emplace_back(base + v, std::move(copy));
    }
    std::vector<Network::PlacedLink> links;
    LinkId id = n.nextLinkId();
    for (const NetworkLink& l : piece.links()) {
        NetworkLink copy = l;
        copy.id = id;
        copy.from = static_cast<std::uint32_t>(base + l.from);
        copy.to = static_cast<std::uint32_t>(base + l.to);
        out.links.push_back(id);
        links.emplace_back(n.links().size() + links.size(), std::move(copy));
        ++id.value;
    }
    patch.insertVertices(n, std::move(vertices));
    patch.insertLinks(n, std::move(links));
    return out;
}

} // namespace cs::topoedit
