// Keeping the drawing in step with an edit from its Change (issue 34): a
// property set in place updates those items alone, a vertex or link added at
// the end of the network adds one item, and a removal deletes the items it
// names (the ones after them take their new indices). An insertion in the
// middle (the undo of a removal) and a network replaced as a whole go through
// syncItems, which matches every item by id.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/TopologyItems.h"
#include "model/document/DocumentEdits.h"

#include <QGraphicsScene>

#include <charconv>
#include <set>

namespace cs::app {

namespace {

// "link:12" -> 12; a vertex id -> nothing.
std::optional<std::size_t> linkIndexOf(const std::string& key)
{
    if (key.rfind("link:", 0) != 0)
        return std::nullopt;
    std::size_t n = 0;
    const char* end = key.data() + key.size();
    const auto [ptr, ec] = std::from_chars(key.data() + 5, end, n);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return n;
}

} // namespace

bool TopologyEditor::applyRemoval(const edit::Change& c, const Topology& net)
{
    if (!c.topologyAdded.empty() || !c.topologyItems.empty())
        return false;
    const std::size_t nv = vertices_.size(), ne = links_.size();
    if (graph_.vertices.size() != nv || graph_.edges.size() != ne)
        return false;
    std::vector<char> goneV(nv, 0), goneE(ne, 0);
    for (const std::string& key : c.topologyRemoved) {
        if (const auto e = linkIndexOf(key)) {
            if (*e >= ne)
                return false;
            goneE[*e] = 1;
        } else if (const auto it = index_.find(key); it != index_.end()) {
            goneV[std::size_t(it->second)] = 1;
        } else {
            return false;
        }
    }
    // The new index of each item that stays; a link of a removed vertex must go with it.
    std::vector<std::size_t> newV(nv, 0), newE(ne, 0);
    std::size_t keptV = 0, keptE = 0;
    for (std::size_t v = 0; v < nv; ++v)
        newV[v] = goneV[v] ? 0 : keptV++;
    for (std::size_t e = 0; e < ne; ++e) {
        const bool endGone = goneV[std::size_t(links_[e]->from()->index())] || goneV[std::size_t(links_[e]->to()->index())];
        if (endGone && !goneE[e])
            return false;
        newE[e] = goneE[e] ? 0 : keptE++;
    }
    // The network after the edit must be the drawing less those items, in the same order.
    if (net.vertexCount() != keptV || net.edgeCount() != keptE)
        return false;
    for (std::size_t v = 0; v < nv; ++v)
        if (!goneV[v] && (net.vertex(newV[v]).id != vertices_[v]->id() ||
                          net.vertex(newV[v]).kind != vertices_[v]->kind()))
            return false;
    for (std::size_t e = 0; e < ne; ++e) {
        if (goneE[e])
            continue;
        const ViewGraph::Edge now = ViewGraph::edgeOf(net, newE[e]);
        if (std::size_t(now.a) != newV[std::size_t(links_[e]->from()->index())] ||
            std::size_t(now.b) != newV[std::size_t(links_[e]->to()->index())])
            return false;
    }

    lastTouched_ = 0;
    std::set<VertexItem*> segments; // whose taps changed
    std::vector<LinkItem*> links;
    std::vector<ViewGraph::Edge> edges;
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
        links.push_back(l);
        edges.push_back(ViewGraph::edgeOf(net, newE[e]));
    }
    std::vector<VertexItem*> vertices;
    std::vector<ViewGraph::Vertex> graphVertices;
    std::vector<char> placed;
    std::vector<QPointF> autoPositions;
    index_.clear();
    for (std::size_t v = 0; v < nv; ++v) {
        if (goneV[v]) {
            segments.erase(vertices_[v]);
            delete vertices_[v];
            ++lastTouched_;
            continue;
        }
        graphVertices.push_back(ViewGraph::vertexOf(net, newV[v]));
        vertices_[v]->setVertex(int(newV[v]), graphVertices.back(), rate_);
        vertices.push_back(vertices_[v]);
        index_.emplace(vertices_[v]->id(), int(newV[v]));
        placed.push_back(placed_[v]);
        if (!auto_.empty())
            autoPositions.push_back(auto_[v]);
    }
    vertices_ = std::move(vertices);
    links_ = std::move(links);
    graph_.vertices = std::move(graphVertices);
    graph_.edges = std::move(edges);
    placed_ = std::move(placed);
    auto_ = std::move(autoPositions);
    finishChange(net, segments);
    return true;
}

void TopologyEditor::finishChange(const Topology& net, const std::set<VertexItem*>& segments)
{
    graph_.generator = net.generator;
    graph_.generatorParams = net.generatorParams;
    if (!(graph_.rateUnit() == rate_)) {
        // The drawing's rates call for another unit: every label is written in the new one.
        rate_ = graph_.rateUnit();
        relabelBandwidths();
        for (std::size_t e = 0; e < links_.size(); ++e)
            links_[e]->setProps(graph_.edges[e], rate_);
        for (std::size_t v = 0; v < vertices_.size(); ++v)
            vertices_[v]->setVertex(static_cast<int>(v), graph_.vertices[v], rate_);
    }
    for (VertexItem* v : segments)
        orientSegment(v);
    itemsChanged();
}

bool TopologyEditor::applyChange(const edit::Change& c)
{
    if (summary_ || aggregated_ || !linkLayer_ || c.wholeTopology())
        return false;
    const std::shared_ptr<const Topology> net = model_->drawing();
    if (!net)
        return false;
    if (!c.topologyRemoved.empty())
        return applyRemoval(c, *net);
    const std::size_t nv = vertices_.size(), ne = links_.size();
    // What was added must be at the end, the vertices with a stored place;
    // what was set must be an item drawn now, the same vertex at the same index.
    std::size_t addedV = 0, addedE = 0;
    for (const std::string& key : c.topologyAdded) {
        if (const auto e = linkIndexOf(key)) {
            if (*e < ne || *e >= net->edgeCount())
                return false;
            ++addedE;
        } else if (const auto v = net->find(key); !v || *v < nv || !model_->vertexPosition(key)) {
            return false;
        } else {
            ++addedV;
        }
    }
    if (net->vertexCount() != nv + addedV || net->edgeCount() != ne + addedE ||
        graph_.vertices.size() != nv || graph_.edges.size() != ne)
        return false;
    for (const std::string& key : c.topologyItems) {
        if (const auto e = linkIndexOf(key)) {
            if (*e >= ne)
                return false;
        } else if (const auto it = index_.find(key); it == index_.end() || net->find(key) != std::size_t(it->second) ||
                                                      net->vertex(*net->find(key)).kind != vertices_[std::size_t(it->second)]->kind()) {
            return false;
        }
    }

    lastTouched_ = 0;
    std::set<VertexItem*> segments; // whose taps changed
    for (const std::string& key : c.topologyItems) {
        if (const auto e = linkIndexOf(key)) {
            graph_.edges[*e] = ViewGraph::edgeOf(*net, *e);
            links_[*e]->setProps(graph_.edges[*e], rate_);
        } else {
            const int v = index_.at(key);
            graph_.vertices[std::size_t(v)] = ViewGraph::vertexOf(*net, std::size_t(v));
            vertices_[std::size_t(v)]->setVertex(v, graph_.vertices[std::size_t(v)], rate_);
        }
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
