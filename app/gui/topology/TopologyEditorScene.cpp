// The topology editor's scene: built from the document's network (items,
// automatic positions, bus bars, bridges, link labels and the legend), and
// kept in step with moves and the zoom.
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/LinkDetours.h"
#include "app/gui/topology/LinkLabels.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/TopologyView.h"
#include "model/topology/placement/JobTally.h"

#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>

#include <set>
#include <unordered_map>

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
    aggItems_.clear();
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

    linkLayer_ = new QGraphicsRectItem;
    linkLayer_->setFlag(QGraphicsItem::ItemHasNoContents);
    linkLayer_->setZValue(0);
    scene_->addItem(linkLayer_);
    overview_ = new LinkOverview(&vertices_, &links_);
    overview_->setVisible(false);
    scene_->addItem(overview_);
    overviewOn_ = false;
    graph_ = ViewGraph{};
    syncItems(documentGraph(), true);
    for (VertexItem* v : vertices_)
        if (selVertices.count(v->id()))
            v->setSelected(true);
    for (LinkItem* l : links_)
        if (selLinks.count(l->index()))
            l->setSelected(true);
    rebuilding_ = false;
    onSceneSelection();
}

bool TopologyEditor::updateInPlace()
{
    // Both the network drawn and the new one are drawn item by item (not a
    // summary, not aggregates); anything else is a rebuild.
    if (summary_ || aggregated_ || !linkLayer_)
        return false;
    if (model_->topology() && model_->topology()->vertexCount() > kAggregateAbove)
        return false;
    if (TopologySummary::vertexCount(model_->topology() ? &*model_->topology() : nullptr, model_->doc().topology) >
        TopologySummary::kMaxDrawnVertices)
        return false;
    rebuilding_ = true; // the scene's selection is read once, at the end
    syncItems(documentGraph(), false);
    rebuilding_ = false;
    onSceneSelection(); // selected items keep their selection; link indices may have moved
    return true;
}

void TopologyEditor::syncItems(ViewGraph g, bool fresh)
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
        rate_ = graph_.rateUnit();
        relabelBandwidths();
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
    itemsChanged();
}

void TopologyEditor::orientSegment(VertexItem* v)
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

void TopologyEditor::itemsChanged()
{
    const int n = static_cast<int>(vertices_.size());
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
    updateStatus();
    applyJobHosts(); // new items of placed hosts get their ring
}

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

namespace cs::app {

void TopologyEditor::setJobHosts(const QStringList& hosts)
{
    std::vector<std::string> now;
    for (const QString& h : hosts)
        now.push_back(h.toStdString());
    const bool moved = now != jobHosts_;
    jobHosts_ = std::move(now);
    applyJobHosts();
    if (aggregated_ && moved)
        showJobAggregates();
}

void TopologyEditor::applyJobHosts()
{
    if (aggregated_) {
        // Each aggregate's share of the job: the boxes that hold some of it are marked with their count.
        const auto& t = model_->topology();
        jobElsewhere_ = 0;
        if (!t || aggItems_.size() != aggView_.groups.size())
            return;
        std::vector<int> partOf(t->vertexCount(), -1);
        for (std::size_t g = 0; g < aggView_.groups.size(); ++g)
            for (std::uint32_t v : aggView_.groups[g].members)
                partOf[v] = static_cast<int>(g);
        const JobTally tally = tallyJob(*t, partOf, aggView_.groups.size(), jobHosts_);
        for (std::size_t g = 0; g < aggItems_.size(); ++g)
            aggItems_[g]->setJob(tally.parts[g].hosts, tally.parts[g].ranks);
        jobElsewhere_ = tally.elsewhere;
        updateStatus();
        return;
    }
    // Each host's ranks: several where the job runs more than one a node.
    std::unordered_map<VertexItem*, std::vector<int>> ranks;
    for (std::size_t r = 0; r < jobHosts_.size(); ++r)
        if (VertexItem* v = vertexItem(jobHosts_[r]))
            ranks[v].push_back(static_cast<int>(r));
    for (VertexItem* v : vertices_) {
        const auto it = ranks.find(v);
        v->setPlacedRanks(it == ranks.end() ? std::vector<int>{} : std::move(it->second));
    }
}

} // namespace cs::app
