// The topology scene's items matched to a network by id (TopologyScene::syncItems): what stayed keeps its
// item, what went loses it, what came gets one; then the positions, stored or automatic, and the buses'
// direction. A rebuild (no items yet) and a resync after a change the Change could not follow both go here.
#include "app/document/DocumentModel.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologyScene.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>

#include <algorithm>
#include <map>
#include <set>

namespace cs::app {

void TopologyScene::syncItems(ViewGraph g, bool fresh)
{
    // A vertex keeps its item when its id and kind are the same; a link
    // keeps its item when it joins the same two kept items in the same
    // direction (the k-th link between a pair stays the k-th). Kept items
    // keep their pointer, position, selection and hover; the others go, and
    // new ones come, so that drawing a link or deleting an item touches
    // only what changed (plus the texts, when the drawing's unit changes).
    std::vector<VertexItem*> items(g.vertices.size(), nullptr);
    std::vector<char> keptVertex(vertices_.size(), 0);
    for (std::size_t v = 0; v < g.vertices.size(); ++v)
        if (auto it = index_.find(g.vertices[v].id); it != index_.end()) {
            VertexItem* old = vertices_[static_cast<std::size_t>(it->second)];
            if (old->kind() == g.vertices[v].kind && !keptVertex[static_cast<std::size_t>(it->second)]) {
                items[v] = old;
                keptVertex[static_cast<std::size_t>(it->second)] = 1;
            }
        }
    std::map<std::pair<VertexItem*, VertexItem*>, std::vector<LinkItem*>> oldLinks;
    for (auto l = links_.rbegin(); l != links_.rend(); ++l)
        oldLinks[{(*l)->from(), (*l)->to()}].push_back(*l); // the first one last: taken with pop_back
    std::vector<LinkItem*> keptLinks(g.edges.size(), nullptr);
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        VertexItem* a = items[static_cast<std::size_t>(g.edges[e].a)];
        VertexItem* b = items[static_cast<std::size_t>(g.edges[e].b)];
        if (!a || !b)
            continue;
        if (auto it = oldLinks.find({a, b}); it != oldLinks.end() && !it->second.empty()) {
            keptLinks[e] = it->second.back();
            it->second.pop_back();
        }
    }
    // What goes: the links not kept (their ends forget them), then the vertices.
    std::set<LinkItem*> stay(keptLinks.begin(), keptLinks.end());
    for (LinkItem* l : links_)
        if (!stay.count(l))
            delete l;
    for (std::size_t v = 0; v < vertices_.size(); ++v) {
        if (keptVertex[v])
            vertices_[v]->clearLinks();
        else
            delete vertices_[v];
    }
    vertices_.clear();
    links_.clear();
    index_.clear();

    graph_ = std::move(g);
    if (fresh || !(graph_.rateUnit() == rate_)) {
        setRateUnit(graph_.rateUnit());
    }
    const int n = static_cast<int>(graph_.vertices.size());
    vertices_.reserve(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) {
        const ViewGraph::Vertex& vx = graph_.vertices[static_cast<std::size_t>(v)];
        VertexItem* item = items[static_cast<std::size_t>(v)];
        if (item) {
            item->setVertex(v, vx, rate_);
        } else {
            item = new VertexItem(v, vx, rate_);
            item->setInOverview(overviewOn_);
            scene_->addItem(item);
        }
        vertices_.push_back(item);
        index_.emplace(item->id(), v);
    }
    links_.reserve(graph_.edges.size());
    for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
        if (LinkItem* l = keptLinks[e]) {
            l->setEdge(static_cast<int>(e), graph_.edges[e], rate_);
            links_.push_back(l);
        } else {
            addLinkItem(e);
        }
    }

    // Positions: the document's, else an automatic layout of the whole
    // network (the edits pin automatic positions first, so that is rare
    // after the first edit and nothing jumps).
    placed_.assign(static_cast<std::size_t>(n), 0);
    bool anyUnplaced = false;
    for (int v = 0; v < n; ++v) {
        placed_[static_cast<std::size_t>(v)] = model_->vertexPosition(graph_.vertices[static_cast<std::size_t>(v)].id) ? 1 : 0;
        anyUnplaced = anyUnplaced || !placed_[static_cast<std::size_t>(v)];
    }
    auto_ = anyUnplaced ? autoLayout(graph_) : std::vector<QPointF>{};
    VertexItem::setDeferSpans(true);
    for (int v = 0; v < n; ++v)
        if (const QPointF p = positionOf(v); fresh || vertices_[static_cast<std::size_t>(v)]->pos() != p)
            vertices_[static_cast<std::size_t>(v)]->setPos(p);
    VertexItem::setDeferSpans(false);
    for (VertexItem* v : vertices_)
        orientSegment(v);
    itemsUpdated();
}

void TopologyScene::orientSegment(VertexItem* v)
{
    // A bus lies along the way its taps spread.
    if (v->kind() != VertexKind::Segment)
        return;
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (LinkItem* l : v->links()) {
        const QPointF o = (l->from() == v ? l->to() : l->from())->pos();
        x0 = std::min(x0, o.x()), x1 = std::max(x1, o.x());
        y0 = std::min(y0, o.y()), y1 = std::max(y1, o.y());
    }
    v->setHorizontal(v->links().empty() || x1 - x0 >= y1 - y0);
}

LinkItem* TopologyScene::addLinkItem(std::size_t e)
{
    const ViewGraph::Edge& ed = graph_.edges[e];
    auto* item = new LinkItem(static_cast<int>(e), vertices_[static_cast<std::size_t>(ed.a)],
                              vertices_[static_cast<std::size_t>(ed.b)], ed, rate_);
    item->setOverview(overview_);
    item->setParentItem(linkLayer_);
    links_.push_back(item);
    return item;
}

} // namespace cs::app
