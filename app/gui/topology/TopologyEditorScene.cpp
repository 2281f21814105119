// The topology editor's scene: built from the document's network (items,
// automatic positions, bus bars, bridges, link labels and the legend), and
// kept in step with moves and the zoom.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/LinkDetours.h"
#include "app/gui/topology/LinkLabels.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/TopologyView.h"

#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>

#include <set>

namespace cs::app {

using nlohmann::json;

namespace {
// From this many links the far-out view is drawn as one batched overview.
constexpr std::size_t kOverviewLinks = 1500;
// Below this zoom links are hairlines anyway (LinkItem::paint).
constexpr double kOverviewZoom = 0.3;
} // namespace

QPointF TopologyEditor::positionOf(int v) const
{
    if (const auto p = model_->vertexPosition(graph_.vertices[static_cast<std::size_t>(v)].id))
        return *p;
    return auto_.empty() ? QPointF() : auto_[static_cast<std::size_t>(v)];
}

void TopologyEditor::clearScene()
{
    scene_->clear();
    vertices_.clear();
    links_.clear();
    index_.clear();
    summary_ = nullptr;
    linkLayer_ = nullptr;
    overview_ = nullptr;
}

void TopologyEditor::rebuild()
{
    rebuilding_ = true;
    // Keep what was selected, by id and link index.
    std::set<std::string> selVertices;
    std::set<int> selLinks;
    for (QGraphicsItem* it : scene_->selectedItems()) {
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
            selVertices.insert(v->id());
        else if (auto* l = qgraphicsitem_cast<LinkItem*>(it))
            selLinks.insert(l->index());
    }
    clearScene();
    aggregated_ = false;
    aggView_ = {};

    const json& doc = model_->doc().topology;
    if (model_->topology() && model_->topology()->vertexCount() > kAggregateAbove) {
        // The structure, not every host: a new network starts at the top.
        graph_ = ViewGraph{};
        placed_.clear();
        auto_.clear();
        aggStack_.assign(1, AggregateFrame{});
        buildAggregates();
        rebuilding_ = false;
        return;
    }
    aggStack_.clear();
    if (upAction_)
        upAction_->setVisible(false);
    if (TopologySummary::vertexCount(model_->topology() ? &*model_->topology() : nullptr, doc) >
        TopologySummary::kMaxDrawnVertices) {
        // Too large to draw item by item: a summary, and no items to edit.
        graph_ = ViewGraph{};
        placed_.clear();
        auto_.clear();
        summary_ = model_->topology() ? new TopologySummary(*model_->topology()) : new TopologySummary(doc);
        scene_->addItem(summary_);
        scene_->setSceneRect(summary_->boundingRect().adjusted(-400, -300, 400, 300));
        view_->setEmptyHint({});
        view_->setLegend({});
        rebuilding_ = false;
        updateStatus();
        return;
    }
    graph_ = documentGraph();

    rate_ = graph_.rateUnit();
    relabelBandwidths();

    const int n = static_cast<int>(graph_.vertices.size());
    placed_.assign(static_cast<std::size_t>(n), 0);
    bool anyUnplaced = false;
    for (int v = 0; v < n; ++v) {
        placed_[static_cast<std::size_t>(v)] = model_->vertexPosition(graph_.vertices[static_cast<std::size_t>(v)].id) ? 1 : 0;
        anyUnplaced = anyUnplaced || !placed_[static_cast<std::size_t>(v)];
    }
    auto_ = anyUnplaced ? autoLayout(graph_) : std::vector<QPointF>{};

    linkLayer_ = new QGraphicsRectItem;
    linkLayer_->setFlag(QGraphicsItem::ItemHasNoContents);
    linkLayer_->setZValue(0);
    scene_->addItem(linkLayer_);
    overview_ = new LinkOverview(&vertices_, &links_);
    overview_->setVisible(false);
    scene_->addItem(overview_);
    overviewOn_ = false;
    vertices_.reserve(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) {
        auto* item = new VertexItem(v, graph_.vertices[static_cast<std::size_t>(v)], rate_);
        item->setPos(positionOf(v));
        scene_->addItem(item);
        vertices_.push_back(item);
        index_.emplace(item->id(), v);
        if (selVertices.count(item->id()))
            item->setSelected(true);
    }
    links_.reserve(graph_.edges.size());
    for (std::size_t e = 0; e < graph_.edges.size(); ++e)
        if (LinkItem* item = addLinkItem(e); selLinks.count(static_cast<int>(e)))
            item->setSelected(true);
    // A bus lies along the way its taps spread.
    for (VertexItem* v : vertices_) {
        if (v->kind() != VertexKind::Segment)
            continue;
        double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
        for (LinkItem* l : v->links()) {
            const QPointF o = (l->from() == v ? l->to() : l->from())->pos();
            x0 = std::min(x0, o.x()), x1 = std::max(x1, o.x());
            y0 = std::min(y0, o.y()), y1 = std::max(y1, o.y());
        }
        v->setHorizontal(v->links().empty() || x1 - x0 >= y1 - y0);
    }
    refreshDecorations();
    // The scene rect only grows (until a new document), so that the view
    // does not shift under the user's hand when items come and go.
    const QRectF around = contentRect().adjusted(-1200, -900, 1200, 900);
    scene_->setSceneRect(keepRect_ ? scene_->sceneRect().united(around) : around);
    keepRect_ = true;
    overview_->setRect(scene_->sceneRect());
    updateDetail();
    view_->setEmptyHint(n ? QString()
                          : tr("Drag a host, switch or segment here from the palette above,\n"
                               "or press Generate\u2026 to place a star, fat-tree, torus or segment mesh."));
    rebuilding_ = false;
    updateStatus();
    onSceneSelection();
}

namespace {
// The same item (a switch's port count may differ: one drawn without a
// count has what its links use, and the item's text follows in place).
bool sameVertex(const ViewGraph::Vertex& a, const ViewGraph::Vertex& b)
{
    return a.id == b.id && a.kind == b.kind && a.forwards == b.forwards && a.bandwidth == b.bandwidth;
}
bool sameEdge(const ViewGraph::Edge& a, const ViewGraph::Edge& b)
{
    return a.a == b.a && a.b == b.b && a.bandwidth == b.bandwidth && a.channels == b.channels && a.duplex == b.duplex;
}
} // namespace

LinkItem* TopologyEditor::addLinkItem(std::size_t e)
{
    const ViewGraph::Edge& ed = graph_.edges[e];
    auto* item = new LinkItem(static_cast<int>(e), vertices_[static_cast<std::size_t>(ed.a)],
                              vertices_[static_cast<std::size_t>(ed.b)], ed, rate_);
    item->setOverview(overview_);
    item->setParentItem(linkLayer_);
    links_.push_back(item);
    return item;
}

ViewGraph TopologyEditor::documentGraph() const
{
    const json& doc = model_->doc().topology;
    if (model_->topology())
        return ViewGraph::fromTopology(*model_->topology());
    if (doc.is_object() && !doc.contains("generator"))
        return ViewGraph::fromJson(doc); // a drawing in progress
    return ViewGraph{};
}

bool TopologyEditor::growInPlace()
{
    // Only a drawing that gained vertices or links at its end, each placed,
    // with every item already drawn unchanged and in the same unit: the
    // items drawn stay (their pointers, selection and hover), the new ones
    // are added. Anything else is a rebuild.
    if (summary_ || !linkLayer_ || !model_->doc().topology.is_object() || model_->doc().topology.contains("generator"))
        return false;
    if (TopologySummary::vertexCount(model_->topology() ? &*model_->topology() : nullptr, model_->doc().topology) >
        TopologySummary::kMaxDrawnVertices)
        return false;
    ViewGraph g = documentGraph();
    if (!g.generator.empty() || g.vertices.size() < vertices_.size() || g.edges.size() < links_.size() ||
        (g.vertices.size() == vertices_.size() && g.edges.size() == links_.size()) || !(g.rateUnit() == rate_))
        return false;
    for (std::size_t v = 0; v < vertices_.size(); ++v)
        if (!sameVertex(g.vertices[v], graph_.vertices[v]))
            return false;
    for (std::size_t e = 0; e < links_.size(); ++e)
        if (!sameEdge(g.edges[e], graph_.edges[e]))
            return false;
    for (std::size_t v = vertices_.size(); v < g.vertices.size(); ++v)
        if (!model_->vertexPosition(g.vertices[v].id))
            return false; // an automatic position would move the others: lay out again

    graph_ = std::move(g);
    for (std::size_t v = 0; v < vertices_.size(); ++v)
        vertices_[v]->setPorts(graph_.vertices[v].ports);
    for (std::size_t v = vertices_.size(); v < graph_.vertices.size(); ++v) {
        auto* item = new VertexItem(static_cast<int>(v), graph_.vertices[v], rate_);
        item->setPos(*model_->vertexPosition(graph_.vertices[v].id));
        scene_->addItem(item);
        vertices_.push_back(item);
        index_.emplace(item->id(), static_cast<int>(v));
        placed_.push_back(1);
        if (!auto_.empty())
            auto_.push_back(item->pos());
    }
    for (std::size_t e = links_.size(); e < graph_.edges.size(); ++e)
        addLinkItem(e);
    applyPositions(); // the positions the edit pinned, bus bars, labels, legend, scene rect
    updateDetail();
    view_->setEmptyHint(QString());
    updateStatus();
    return true;
}

void TopologyEditor::applyPositions()
{
    if (summary_ || aggregated_)
        return;
    const int n = static_cast<int>(vertices_.size());
    bool anyUnplaced = false;
    for (int v = 0; v < n; ++v) {
        placed_[static_cast<std::size_t>(v)] =
            model_->vertexPosition(graph_.vertices[static_cast<std::size_t>(v)].id) ? 1 : 0;
        anyUnplaced = anyUnplaced || !placed_[static_cast<std::size_t>(v)];
    }
    if (anyUnplaced && auto_.empty())
        auto_ = autoLayout(graph_);
    VertexItem::setDeferSpans(true);
    for (int v = 0; v < n; ++v) {
        const QPointF p = positionOf(v);
        if (vertices_[static_cast<std::size_t>(v)]->pos() != p)
            vertices_[static_cast<std::size_t>(v)]->setPos(p);
    }
    VertexItem::setDeferSpans(false);
    refreshDecorations();
    scene_->setSceneRect(scene_->sceneRect().united(contentRect().adjusted(-300, -300, 300, 300)));
    overview_->setRect(scene_->sceneRect());
}

QRectF TopologyEditor::contentRect() const
{
    if (summary_)
        return summary_->sceneBoundingRect();
    if (aggregated_)
        return scene_->itemsBoundingRect();
    QRectF r;
    for (const VertexItem* v : vertices_)
        r |= v->sceneBoundingRect();
    // Links drawn as bridges (a fat-tree's links that bend above the core, a
    // torus's wrap-around) reach beyond the vertices: Fit shows them too.
    for (const LinkItem* l : links_)
        r |= l->sceneBoundingRect();
    return r;
}

void TopologyEditor::updateDetail()
{
    if (!overview_)
        return; // a summary: nothing to switch
    const bool want = links_.size() >= kOverviewLinks && view_->zoom() < kOverviewZoom;
    if (want == overviewOn_)
        return;
    overviewOn_ = want;
    linkLayer_->setVisible(!want);
    overview_->setVisible(want);
    for (VertexItem* v : vertices_)
        v->setInOverview(want);
}

void TopologyEditor::refreshDecorations()
{
    TopologyView::Legend legend;
    for (VertexItem* v : vertices_) {
        bool allDown = !v->links().empty();
        for (const LinkItem* l : v->links()) {
            // (A segment's bar reaches up to its switch, with its own label above it.)
            const VertexItem* o = l->from() == v ? l->to() : l->from();
            allDown = allDown && o->kind() != VertexKind::Segment && o->pos().y() > v->pos().y() + 1.0;
        }
        v->setLabelAbove(allDown);
        if (v->kind() == VertexKind::Segment)
            v->updateSpan();
        legend.hosts = legend.hosts || v->kind() == VertexKind::Host;
        legend.switches = legend.switches || v->kind() == VertexKind::Switch;
        legend.segments = legend.segments || v->kind() == VertexKind::Segment;
        legend.forwarding = legend.forwarding || graph_.vertices[static_cast<std::size_t>(v->index())].forwards;
    }
    routeDetours(vertices_, links_);
    legend.links = placeLinkLabels(vertices_, links_);
    view_->setLegend(std::move(legend));
}

} // namespace cs::app
