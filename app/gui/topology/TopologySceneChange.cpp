// Keeping the drawing in step with an edit from its Change (issue 34), which
// names vertices by id and links by their stable LinkId (issue 47): a
// property set in place updates those items alone, a vertex or link added at
// the end of the network adds one item, and a removal or an insertion in the
// middle (the undo of a removal) deletes or adds the items it names while the
// others take their new indices. A network replaced as a whole goes through
// syncItems, which matches every item by id.
#include "app/gui/topology/TopologyScene.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/TopologyItems.h"
#include "model/document/DocumentEdits.h"

#include <QGraphicsScene>

#include <algorithm>
#include <optional>
#include <set>

namespace cs::app {

// Where the items a Change names by id stand: links by their ids through
// linkIds_ (the drawing before the edit) or the document's network (after it).
std::optional<std::size_t> TopologyScene::linkIndexBefore(LinkId id) const
{
    const auto it = std::find(linkIds_.begin(), linkIds_.end(), id);
    return it == linkIds_.end() ? std::nullopt : std::optional<std::size_t>(std::size_t(it - linkIds_.begin()));
}

std::optional<std::size_t> TopologyScene::linkIndexNow(LinkId id, const Topology& net) const
{
    const Network& n = model_->doc().topology;
    if (n.isDrawn())
        return n.linkIndex(id);
    return id.value < net.edgeCount() ? std::optional<std::size_t>(id.value) : std::nullopt;
}

// A removal, an insertion before the end (the undo of a removal), or both: the items named go or come, and
// every other item stays and takes its new index. (Named for the removal it first handled.)
bool TopologyScene::applyRemoval(const edit::Change& c, const Topology& net)
{
    if (!c.verticesSet.empty() || !c.linksSet.empty())
        return false;
    constexpr std::size_t kNone = std::size_t(-1);
    const std::size_t nv = vertices_.size(), ne = links_.size();
    const std::size_t mv = net.vertexCount(), me = net.edgeCount();
    if (graph_.vertices.size() != nv || graph_.edges.size() != ne || linkIds_.size() != ne)
        return false;
    // What went: indices of the drawing before the edit.
    std::vector<char> goneV(nv, 0), goneE(ne, 0);
    for (const std::string& id : c.verticesRemoved) {
        const auto it = index_.find(id);
        if (it == index_.end())
            return false;
        goneV[std::size_t(it->second)] = 1;
    }
    for (LinkId id : c.linksRemoved) {
        const auto e = linkIndexBefore(id);
        if (!e)
            return false;
        goneE[*e] = 1;
    }
    // What came: indices of the network after it, each vertex with a stored place.
    std::vector<char> cameV(mv, 0), cameE(me, 0);
    for (const std::string& id : c.verticesAdded) {
        const auto v = model_->vertexPosition(id) ? net.find(id) : std::nullopt;
        if (!v)
            return false;
        cameV[*v] = 1;
    }
    for (LinkId id : c.linksAdded) {
        const auto e = linkIndexNow(id, net);
        if (!e || *e >= me)
            return false;
        cameE[*e] = 1;
    }
    // Each kept item's new index: the kept items keep their order, with what came between them.
    auto renumber = [](const std::vector<char>& gone, const std::vector<char>& came, std::vector<std::size_t>& to) {
        std::size_t at = 0;
        for (std::size_t i = 0; i < gone.size(); ++i) {
            if (gone[i])
                continue;
            while (at < came.size() && came[at])
                ++at;
            if (at == came.size())
                return false;
            to[i] = at++;
        }
        while (at < came.size() && came[at])
            ++at;
        return at == came.size();
    };
    std::vector<std::size_t> newV(nv, kNone), newE(ne, kNone);
    if (!renumber(goneV, cameV, newV) || !renumber(goneE, cameE, newE))
        return false;
    // The network after the edit must be the drawing with those items out and in: same ids, kinds and ends.
    for (std::size_t v = 0; v < nv; ++v)
        if (!goneV[v] && (net.id(newV[v]) != vertices_[v]->id() ||
                          net.attributes(newV[v]).kind != vertices_[v]->kind()))
            return false;
    for (std::size_t e = 0; e < ne; ++e) {
        const std::size_t a = std::size_t(links_[e]->from()->index()), b = std::size_t(links_[e]->to()->index());
        if (goneE[e]) {
            continue;
        }
        if (goneV[a] || goneV[b])
            return false; // a link of a removed vertex must go with it
        const ViewGraph::Edge now = ViewGraph::edgeOf(net, newE[e]);
        if (std::size_t(now.a) != newV[a] || std::size_t(now.b) != newV[b])
            return false;
    }

    lastTouched_ = 0;
    std::set<VertexItem*> segments; // whose taps changed
    std::vector<LinkItem*> links(me, nullptr);
    graph_.edges.assign(me, {});
    for (std::size_t e = 0; e < ne; ++e) {
        LinkItem* l = links_[e];
        if (goneE[e]) {
            for (VertexItem* end : {l->from(), l->to()})
                if (!goneV[std::size_t(end->index())]) {
                    end->removeLink(l);
                    segments.insert(end);
                }
            delete l;
            ++lastTouched_;
            continue;
        }
        l->setIndex(int(newE[e]));
        links[newE[e]] = l;
        graph_.edges[newE[e]] = ViewGraph::edgeOf(net, newE[e]);
    }
    std::vector<VertexItem*> vertices(mv, nullptr);
    std::vector<ViewGraph::Vertex> graphVertices(mv);
    std::vector<char> placed(mv, 1);
    std::vector<QPointF> autoPositions(auto_.empty() ? 0 : mv);
    for (std::size_t v = 0; v < nv; ++v) {
        if (goneV[v]) {
            segments.erase(vertices_[v]);
            delete vertices_[v];
            ++lastTouched_;
            continue;
        }
        const std::size_t w = newV[v];
        graphVertices[w] = ViewGraph::vertexOf(net, w);
        vertices_[v]->setVertex(int(w), graphVertices[w], rate_);
        vertices[w] = vertices_[v];
        placed[w] = placed_[v];
        if (!auto_.empty())
            autoPositions[w] = auto_[v];
    }
    for (std::size_t w = 0; w < mv; ++w) {
        if (!cameV[w])
            continue;
        graphVertices[w] = ViewGraph::vertexOf(net, w);
        auto* item = new VertexItem(int(w), graphVertices[w], rate_);
        item->setInOverview(overviewOn_);
        scene_->addItem(item);
        vertices[w] = item;
        segments.insert(item);
        ++lastTouched_;
    }
    vertices_ = std::move(vertices);
    graph_.vertices = std::move(graphVertices);
    placed_ = std::move(placed);
    auto_ = std::move(autoPositions);
    index_.clear();
    for (std::size_t w = 0; w < mv; ++w) {
        index_.emplace(vertices_[w]->id(), int(w));
        if (cameV[w])
            vertices_[w]->setPos(positionOf(int(w)));
    }
    // The links that came: addLinkItem appends each to links_, then it goes to its place.
    links_.clear();
    for (std::size_t e = 0; e < me; ++e) {
        if (!cameE[e])
            continue;
        graph_.edges[e] = ViewGraph::edgeOf(net, e);
        LinkItem* l = addLinkItem(e);
        links[e] = l;
        segments.insert(l->from());
        segments.insert(l->to());
        ++lastTouched_;
    }
    links_ = std::move(links);
    finishChange(net, segments);
    return true;
}

void TopologyScene::finishChange(const Topology& net, const std::set<VertexItem*>& segments)
{
    graph_.generator = net.generator;
    graph_.generatorParams = net.generatorParams;
    if (!(graph_.rateUnit() == rate_)) {
        // The drawing's rates call for another unit: every label is written in the new one.
        setRateUnit(graph_.rateUnit());
        for (std::size_t e = 0; e < links_.size(); ++e)
            links_[e]->setProps(graph_.edges[e], rate_);
        for (std::size_t v = 0; v < vertices_.size(); ++v)
            vertices_[v]->setVertex(static_cast<int>(v), graph_.vertices[v], rate_);
    }
    for (VertexItem* v : segments)
        orientSegment(v);
    itemsUpdated();
}

bool TopologyScene::applyChange(const edit::Change& c)
{
    if (summary_ || aggregated_ || !linkLayer_ || c.wholeTopology())
        return false;
    const std::shared_ptr<const Topology> net = model_->drawing();
    if (!net)
        return false;
    const std::size_t nv = vertices_.size(), ne = links_.size();
    // A removal, or an insertion before the end (the undo of a removal), renumbers what follows.
    const bool inMiddle =
        std::any_of(c.verticesAdded.begin(), c.verticesAdded.end(),
                    [&](const std::string& id) {
                        const auto v = net->find(id);
                        return v && *v < nv;
                    }) ||
        std::any_of(c.linksAdded.begin(), c.linksAdded.end(), [&](LinkId id) {
            const auto e = linkIndexNow(id, *net);
            return e && *e < ne;
        });
    if (!c.verticesRemoved.empty() || !c.linksRemoved.empty() || inMiddle)
        return applyRemoval(c, *net);
    // What was added must be at the end, the vertices with a stored place;
    // what was set must be an item drawn now, the same vertex at the same index.
    for (const std::string& id : c.verticesAdded)
        if (const auto v = net->find(id); !v || *v < nv || !model_->vertexPosition(id))
            return false;
    for (LinkId id : c.linksAdded)
        if (const auto e = linkIndexNow(id, *net); !e || *e < ne || *e >= net->edgeCount())
            return false;
    if (net->vertexCount() != nv + c.verticesAdded.size() || net->edgeCount() != ne + c.linksAdded.size() ||
        graph_.vertices.size() != nv || graph_.edges.size() != ne)
        return false;
    std::vector<std::size_t> setE;
    for (LinkId id : c.linksSet) {
        const auto e = linkIndexNow(id, *net);
        if (!e || *e >= ne)
            return false;
        setE.push_back(*e);
    }
    for (const std::string& id : c.verticesSet)
        if (const auto it = index_.find(id); it == index_.end() || net->find(id) != std::size_t(it->second) ||
                                             net->attributes(*net->find(id)).kind !=
                                                 vertices_[std::size_t(it->second)]->kind())
            return false;

    lastTouched_ = 0;
    std::set<VertexItem*> segments; // whose taps changed
    for (std::size_t e : setE) {
        graph_.edges[e] = ViewGraph::edgeOf(*net, e);
        links_[e]->setProps(graph_.edges[e], rate_);
        ++lastTouched_;
    }
    for (const std::string& id : c.verticesSet) {
        const int v = index_.at(id);
        graph_.vertices[std::size_t(v)] = ViewGraph::vertexOf(*net, std::size_t(v));
        vertices_[std::size_t(v)]->setVertex(v, graph_.vertices[std::size_t(v)], rate_);
        ++lastTouched_;
    }
    for (std::size_t v = nv; v < net->vertexCount(); ++v) {
        graph_.vertices.push_back(ViewGraph::vertexOf(*net, v));
        auto* item = new VertexItem(static_cast<int>(v), graph_.vertices.back(), rate_);
        item->setInOverview(overviewOn_);
        scene_->addItem(item);
        vertices_.push_back(item);
        index_.emplace(item->id(), static_cast<int>(v));
        placed_.push_back(1);
        item->setPos(positionOf(static_cast<int>(v)));
        segments.insert(item);
        ++lastTouched_;
    }
    for (std::size_t e = ne; e < net->edgeCount(); ++e) {
        graph_.edges.push_back(ViewGraph::edgeOf(*net, e));
        LinkItem* l = addLinkItem(e);
        segments.insert(l->from());
        segments.insert(l->to());
        ++lastTouched_;
    }
    finishChange(*net, segments);
    return true;
}

} // namespace cs::app
