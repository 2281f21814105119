#include "model/topology/network/Network.h"
#include "model/core/ModelError.h"
#include "model/topology/graph/TopologyFields.h"

#include <algorithm>

namespace cs {

namespace {

[[noreturn]] void refused(const std::string& what)
{
    throw ModelError("network: " + what);
}

// Positions must rise strictly and stay below `end`.
void checkPositions(const std::vector<std::size_t>& at, std::size_t end, const char* what)
{
    for (std::size_t i = 0; i < at.size(); ++i)
        if (at[i] >= end || (i > 0 && at[i] <= at[i - 1]))
            refused(std::string("the ") + what + " positions must rise and stay below " + std::to_string(end));
}

// Merges `items` (each with its position after the merge, rising) into
// `into`; returns, per old element, its new position.
template <class T>
std::vector<std::uint32_t> mergeIn(std::vector<T>& into, std::vector<std::pair<std::size_t, T>>& items)
{
    const std::size_t total = into.size() + items.size();
    std::vector<std::uint32_t> moved(into.size());
    if (items.front().first >= into.size()) { // all at the end, where the positions rise from
        for (std::size_t i = 0; i < moved.size(); ++i)
            moved[i] = static_cast<std::uint32_t>(i);
        for (auto& item : items)
            into.push_back(std::move(item.second));
        return moved;
    }
    std::vector<T> merged;
    merged.reserve(total);
    std::size_t old = 0, next = 0;
    for (std::size_t i = 0; i < total; ++i) {
        if (next < items.size() && items[next].first == i) {
            merged.push_back(std::move(items[next++].second));
        } else {
            moved[old] = static_cast<std::uint32_t>(i);
            merged.push_back(std::move(into[old++]));
        }
    }
    into = std::move(merged);
    return moved;
}

// Takes the elements at `at` (rising) out of `from`; returns them with their
// positions, and per remaining old element its new position.
template <class T>
std::vector<std::pair<std::size_t, T>> takeOut(std::vector<T>& from, const std::vector<std::size_t>& at,
                                               std::vector<std::uint32_t>& moved)
{
    std::vector<std::pair<std::size_t, T>> out;
    out.reserve(at.size());
    moved.assign(from.size(), 0xffffffffu);
    std::size_t keep = 0, next = 0;
    for (std::size_t i = 0; i < from.size(); ++i) {
        if (next < at.size() && at[next] == i) {
            out.emplace_back(i, std::move(from[i]));
            ++next;
        } else {
            moved[i] = static_cast<std::uint32_t>(keep);
            if (keep != i)
                from[keep] = std::move(from[i]);
            ++keep;
        }
    }
    from.resize(keep);
    return out;
}

} // namespace

Network Network::generated(std::string generator, Params params)
{
    Network n;
    n.form_ = Form::Generated;
    n.generator_ = std::move(generator);
    // By name, as the document's JSON object holds them: the same network
    // whichever order they were given in.
    std::sort(params.begin(), params.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    n.params_ = std::move(params);
    return n;
}

Network Network::drawing()
{
    Network n;
    n.form_ = Form::Drawn;
    return n;
}

std::optional<std::size_t> Network::vertexIndex(std::string_view id) const
{
    const auto it = vertexIndex_.find(std::string(id));
    return it == vertexIndex_.end() ? std::nullopt : std::optional<std::size_t>(it->second);
}

std::optional<std::size_t> Network::linkIndex(LinkId id) const
{
    const auto it = linkIndex_.find(id.value);
    return it == linkIndex_.end() ? std::nullopt : std::optional<std::size_t>(it->second);
}

void Network::reserve(std::size_t vertices, std::size_t links)
{
    vertices_.reserve(vertices);
    links_.reserve(links);
    vertexIndex_.reserve(vertices);
    linkIndex_.reserve(links);
}

void Network::insertVertices(std::vector<Placed> vs)
{
    if (vs.empty())
        return;
    if (form_ != Form::Drawn)
        refused("vertices are added to a drawing only");
    checkPositions(positionsOf(vs), vertices_.size() + vs.size(), "new vertices'");
    // The ids go into the index first (their positions are set below), so
    // that a taken one is refused before anything moves.
    for (std::size_t i = 0; i < vs.size(); ++i) {
        const std::string& id = vs[i].second.id;
        if (id.empty() || !vertexIndex_.emplace(id, 0).second) {
            for (std::size_t k = 0; k < i; ++k)
                vertexIndex_.erase(vs[k].second.id);
            refused(id.empty() ? "a vertex needs an id" : "the id '" + id + "' is taken");
        }
    }
    const std::size_t first = vs.front().first;
    const bool atEnd = first >= vertices_.size();
    const std::vector<std::uint32_t> moved = mergeIn(vertices_, vs);
    if (!atEnd)
        for (NetworkLink& l : links_) {
            l.from = moved[l.from];
            l.to = moved[l.to];
        }
    for (std::size_t i = first; i < vertices_.size(); ++i)
        vertexIndex_[vertices_[i].id] = static_cast<std::uint32_t>(i);
}

std::vector<Network::Placed> Network::eraseVertices(const std::vector<std::size_t>& at)
{
    if (at.empty())
        return {};
    checkPositions(at, vertices_.size(), "vertices'");
    std::vector<char> gone(vertices_.size(), 0);
    for (std::size_t v : at)
        gone[v] = 1;
    for (const NetworkLink& l : links_)
        if (gone[l.from] || gone[l.to])
            refused("vertex '" + vertices_[gone[l.from] ? l.from : l.to].id + "' still has a link");
    std::vector<std::uint32_t> moved;
    std::vector<Placed> out = takeOut(vertices_, at, moved);
    for (const Placed& p : out)
        vertexIndex_.erase(p.second.id);
    for (NetworkLink& l : links_) {
        l.from = moved[l.from];
        l.to = moved[l.to];
    }
    for (std::size_t i = at.front(); i < vertices_.size(); ++i)
        vertexIndex_[vertices_[i].id] = static_cast<std::uint32_t>(i);
    return out;
}

NetworkVertex Network::replaceVertex(std::size_t at, NetworkVertex v)
{
    if (at >= vertices_.size() || vertices_[at].id != v.id)
        refused("no vertex '" + v.id + "' at " + std::to_string(at));
    std::swap(vertices_[at], v);
    return v;
}

void Network::insertLinks(std::vector<PlacedLink> ls)
{
    if (ls.empty())
        return;
    if (form_ != Form::Drawn)
        refused("links are added to a drawing only");
    checkPositions(positionsOf(ls), links_.size() + ls.size(), "new links'");
    for (const PlacedLink& p : ls)
        if (p.second.from >= vertices_.size() || p.second.to >= vertices_.size())
            refused("link " + std::to_string(p.second.id.value) + " joins no vertex");
    for (std::size_t i = 0; i < ls.size(); ++i)
        if (!linkIndex_.emplace(ls[i].second.id.value, 0).second) {
            for (std::size_t k = 0; k < i; ++k)
                linkIndex_.erase(ls[k].second.id.value);
            refused("the link id " + std::to_string(ls[i].second.id.value) + " is taken");
        }
    const std::size_t first = ls.front().first;
    for (const PlacedLink& p : ls)
        nextLinkId_.value = std::max(nextLinkId_.value, p.second.id.value + 1);
    mergeIn(links_, ls);
    for (std::size_t i = first; i < links_.size(); ++i)
        linkIndex_[links_[i].id.value] = static_cast<std::uint32_t>(i);
}

std::vector<Network::PlacedLink> Network::eraseLinks(const std::vector<std::size_t>& at)
{
    if (at.empty())
        return {};
    checkPositions(at, links_.size(), "links'");
    std::vector<std::uint32_t> moved;
    std::vector<PlacedLink> out = takeOut(links_, at, moved);
    for (const PlacedLink& p : out)
        linkIndex_.erase(p.second.id.value);
    for (std::size_t i = at.front(); i < links_.size(); ++i)
        linkIndex_[links_[i].id.value] = static_cast<std::uint32_t>(i);
    return out;
}

NetworkLink Network::replaceLink(std::size_t at, NetworkLink l)
{
    if (at >= links_.size() || links_[at].id != l.id)
        refused("no link " + std::to_string(l.id.value) + " at " + std::to_string(at));
    if (l.from >= vertices_.size() || l.to >= vertices_.size())
        refused("link " + std::to_string(l.id.value) + " joins no vertex");
    std::swap(links_[at], l);
    return l;
}

bool Network::operator==(const Network& o) const
{
    // The next link id is history (the largest a link ever had), not content.
    return form_ == o.form_ && generator_ == o.generator_ && params_ == o.params_ && edgesWritten_ == o.edgesWritten_ &&
           job_ == o.job_ && vertices_ == o.vertices_ && links_ == o.links_;
}

std::string_view kindNameOf(const NetworkVertex& v)
{
    switch (v.kindAlias) {
    case 1: return "hub";
    case 2: return "bus";
    default: return vertexKindName(v.attributes.kind);
    }
}

} // namespace cs
