#include "model/topology/network/NetworkPatch.h"

#include <utility>

namespace cs {

namespace {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

std::size_t textBytes(const std::string& s)
{
    return s.capacity() > 15 ? s.capacity() + 1 : 0; // beyond the string's own short buffer
}

std::size_t jsonBytes(const nlohmann::json& j)
{
    return j.is_null() ? 0 : j.dump().size() + 64; // the tree is about its text, with a node's overhead
}

std::size_t itemBytes(const NetworkVertex& v)
{
    return sizeof(v) + textBytes(v.id) + textBytes(v.text[0]) + textBytes(v.text[1]);
}

std::size_t itemBytes(const NetworkLink& l)
{
    return sizeof(l) + textBytes(l.text[0]) + textBytes(l.text[1]) + textBytes(l.text[2]);
}

template <class Placed>
std::size_t placedBytes(const std::vector<Placed>& items)
{
    std::size_t b = (items.capacity() - items.size()) * sizeof(Placed);
    for (const Placed& p : items)
        b += sizeof(p.first) + itemBytes(p.second);
    return b;
}

template <class Replaced>
std::size_t replacedBytes(const std::vector<Replaced>& items)
{
    std::size_t b = (items.capacity() - items.size()) * sizeof(Replaced);
    for (const Replaced& r : items)
        b += sizeof(r.at) + itemBytes(r.before) + itemBytes(r.after);
    return b;
}

} // namespace

void NetworkPatch::insertVertices(Network& n, std::vector<Network::Placed> items)
{
    if (items.empty())
        return;
    n.insertVertices(items);
    steps_.push_back(InsertVertices{std::move(items)});
}

void NetworkPatch::eraseVertices(Network& n, const std::vector<std::size_t>& at)
{
    if (at.empty())
        return;
    steps_.push_back(EraseVertices{n.eraseVertices(at)});
}

void NetworkPatch::insertLinks(Network& n, std::vector<Network::PlacedLink> items)
{
    if (items.empty())
        return;
    n.insertLinks(items);
    steps_.push_back(InsertLinks{std::move(items)});
}

void NetworkPatch::eraseLinks(Network& n, const std::vector<std::size_t>& at)
{
    if (at.empty())
        return;
    steps_.push_back(EraseLinks{n.eraseLinks(at)});
}

void NetworkPatch::replaceVertex(Network& n, std::size_t at, NetworkVertex v)
{
    NetworkVertex after = v;
    NetworkVertex before = n.replaceVertex(at, std::move(v));
    if (steps_.empty() || !std::holds_alternative<ReplaceVertices>(steps_.back()))
        steps_.push_back(ReplaceVertices{});
    std::get<ReplaceVertices>(steps_.back()).items.push_back({at, std::move(before), std::move(after)});
}

void NetworkPatch::replaceLink(Network& n, std::size_t at, NetworkLink l)
{
    NetworkLink after = l;
    NetworkLink before = n.replaceLink(at, std::move(l));
    if (steps_.empty() || !std::holds_alternative<ReplaceLinks>(steps_.back()))
        steps_.push_back(ReplaceLinks{});
    std::get<ReplaceLinks>(steps_.back()).items.push_back({at, std::move(before), std::move(after)});
}

void NetworkPatch::setJob(Network& n, nlohmann::json job)
{
    if (job == n.job())
        return;
    SetJob s{n.job(), job};
    n.setJob(std::move(job));
    steps_.push_back(std::move(s));
}

void NetworkPatch::replace(Network& n, Network by)
{
    auto after = std::make_shared<const Network>(by);
    auto before = std::make_shared<const Network>(std::move(n));
    n = std::move(by);
    steps_.push_back(Replace{std::move(before), std::move(after)});
}

void NetworkPatch::append(NetworkPatch&& next)
{
    for (Step& s : next.steps_)
        steps_.push_back(std::move(s));
    next.steps_.clear();
}

void NetworkPatch::undo(Network& n) const
{
    for (auto s = steps_.rbegin(); s != steps_.rend(); ++s)
        std::visit(Overloaded{
                       [&](const InsertVertices& i) { n.eraseVertices(Network::positionsOf(i.items)); },
                       [&](const EraseVertices& e) { n.insertVertices(e.items); },
                       [&](const InsertLinks& i) { n.eraseLinks(Network::positionsOf(i.items)); },
                       [&](const EraseLinks& e) { n.insertLinks(e.items); },
                       [&](const ReplaceVertices& r) {
                           for (auto i = r.items.rbegin(); i != r.items.rend(); ++i)
                               n.replaceVertex(i->at, i->before);
                       },
                       [&](const ReplaceLinks& r) {
                           for (auto i = r.items.rbegin(); i != r.items.rend(); ++i)
                               n.replaceLink(i->at, i->before);
                       },
                       [&](const SetJob& j) { n.setJob(j.before); },
                       [&](const Replace& r) { n = *r.before; },
                   },
                   *s);
}

void NetworkPatch::redo(Network& n) const
{
    for (const Step& s : steps_)
        std::visit(Overloaded{
                       [&](const InsertVertices& i) { n.insertVertices(i.items); },
                       [&](const EraseVertices& e) { n.eraseVertices(Network::positionsOf(e.items)); },
                       [&](const InsertLinks& i) { n.insertLinks(i.items); },
                       [&](const EraseLinks& e) { n.eraseLinks(Network::positionsOf(e.items)); },
                       [&](const ReplaceVertices& r) {
                           for (const auto& i : r.items)
                               n.replaceVertex(i.at, i.after);
                       },
                       [&](const ReplaceLinks& r) {
                           for (const auto& i : r.items)
                               n.replaceLink(i.at, i.after);
                       },
                       [&](const SetJob& j) { n.setJob(j.after); },
                       [&](const Replace& r) { n = *r.after; },
                   },
                   s);
}

bool NetworkPatch::replacesWhole() const
{
    for (const Step& s : steps_)
        if (std::holds_alternative<Replace>(s))
            return true;
    return false;
}

bool NetworkPatch::changesItems() const
{
    for (const Step& s : steps_)
        if (!std::holds_alternative<SetJob>(s))
            return true;
    return false;
}

void NetworkPatch::shrink()
{
    for (Step& s : steps_)
        std::visit(Overloaded{
                       [](SetJob&) {},
                       [](Replace&) {},
                       [](auto& list) { list.items.shrink_to_fit(); },
                   },
                   s);
    steps_.shrink_to_fit();
}

std::size_t NetworkPatch::bytes() const
{
    std::size_t b = sizeof(*this) + steps_.capacity() * sizeof(Step);
    for (const Step& s : steps_)
        b += std::visit(Overloaded{
                            [](const InsertVertices& i) { return placedBytes(i.items); },
                            [](const EraseVertices& e) { return placedBytes(e.items); },
                            [](const InsertLinks& i) { return placedBytes(i.items); },
                            [](const EraseLinks& e) { return placedBytes(e.items); },
                            [](const ReplaceVertices& r) { return replacedBytes(r.items); },
                            [](const ReplaceLinks& r) { return replacedBytes(r.items); },
                            [](const SetJob& j) { return jsonBytes(j.before) + jsonBytes(j.after); },
                            [](const Replace& r) { return networkBytes(*r.before) + networkBytes(*r.after); },
                        },
                        s);
    return b;
}

std::size_t networkBytes(const Network& n)
{
    std::size_t b = sizeof(n) + textBytes(n.generator()) + jsonBytes(n.job());
    for (const auto& p : n.params())
        b += sizeof(p) + textBytes(p.first);
    for (const NetworkVertex& v : n.vertices())
        b += itemBytes(v) + 48; // and its entry in the id index
    for (const NetworkLink& l : n.links())
        b += itemBytes(l) + 24;
    return b;
}

} // namespace cs
