// The topology editor's scene sync (TopologyScene.h): built from the document's network (items, automatic
// positions, bus bars, bridges, link labels and the legend), rebuilt or resynced when an edit's Change cannot
// be followed item by item, and kept in step with moves and the zoom. (Following a Change:
// TopologySceneChange.cpp; matching items by id: TopologySceneItems.cpp.)
#include "app/gui/topology/TopologyScene.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/LinkDetours.h"
#include "app/gui/topology/LinkLabels.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/TopologyView.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QSignalBlocker>

#include <set>

namespace cs::app {

namespace {
// From this many links the far-out view is drawn as one batched overview.
constexpr std::size_t kOverviewLinks = 1500;
// Below this zoom links are hairlines anyway (LinkItem::paint).
constexpr double kOverviewZoom = 0.3;
} // namespace

TopologyScene::TopologyScene(DocumentModel* model, QObject* parent)
    : QObject(parent), model_(model), scene_(new QGraphicsScene(this))
{
    // No BSP index: it is slow to build, to update while items move, and to
    // query when long links span many of its cells (a star of 10,000 hosts);
    // a linear pass over the items is cheaper at the sizes drawn here.
    scene_->setItemIndexMethod(QGraphicsScene::NoIndex);
    connect(scene_, &QGraphicsScene::selectionChanged, this, &TopologyScene::onSceneSelection);
}

TopologyScene::~TopologyScene()
{
    // The scene (a child, destroyed after the members) reports its items' selection as they go: that must not
    // reach a half-destroyed TopologyScene.
    disconnect(scene_, nullptr, this, nullptr);
}

void TopologyScene::onSceneSelection()
{
    if (!rebuilding_)
        emit selectionChanged();
}

void TopologyScene::forgetDocument()
{
    keepRect_ = false;
    // The rebuild keeps the selection by id and link index; in another
    // document those name other items, so nothing stays selected.
    const QSignalBlocker quiet(scene_);
    scene_->clearSelection();
}

VertexItem* TopologyScene::vertexItem(int index) const
{
    return index >= 0 && index < static_cast<int>(vertices_.size()) ? vertices_[static_cast<std::size_t>(index)]
                                                                    : nullptr;
}

VertexItem* TopologyScene::vertexItem(const std::string& id) const
{
    auto it = index_.find(id);
    return it == index_.end() ? nullptr : vertexItem(it->second);
}

LinkItem* TopologyScene::linkItem(int index) const
{
    return index >= 0 && index < static_cast<int>(links_.size()) ? links_[static_cast<std::size_t>(index)] : nullptr;
}

std::map<std::string, QPointF> TopologyScene::pinnedPositions() const
{
    std::map<std::string, QPointF> out;
    for (std::size_t v = 0; v < vertices_.size(); ++v)
        if (!placed_[v])
            out.emplace(vertices_[v]->id(), vertices_[v]->pos());
    return out;
}

void TopologyScene::setRateUnit(const plots::RateUnit& rate)
{
    rate_ = rate;
    emit rateUnitChanged(rate_);
}

QPointF TopologyScene::positionOf(int v) const
{
    if (const auto p = model_->vertexPosition(graph_.vertices[static_cast<std::size_t>(v)].id))
        return *p;
    return auto_.empty() ? QPointF() : auto_[static_cast<std::size_t>(v)];
}

void TopologyScene::clearScene()
{
    scene_->clear();
    aggItems_.clear();
    vertices_.clear();
    links_.clear();
    linkIds_.clear();
    index_.clear();
    summary_ = nullptr;
    linkLayer_ = nullptr;
    overview_ = nullptr;
}

void TopologyScene::rebuild()
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
    emit upAvailable(false);
    if (const std::shared_ptr<const Topology> drawn = model_->drawing();
        drawn && drawn->vertexCount() > TopologySummary::kMaxDrawnVertices) {
        // Too large to draw item by item: a summary, and no items to edit.
        graph_ = ViewGraph{};
        placed_.clear();
        auto_.clear();
        summary_ = new TopologySummary(*drawn);
        scene_->addItem(summary_);
        scene_->setSceneRect(summary_->boundingRect().adjusted(-400, -300, 400, 300));
        view_->setEmptyHint({});
        view_->setLegend({});
        rebuilding_ = false;
        emit itemsChanged();
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
    emit selectionChanged();
}

void TopologyScene::resync()
{
    lastTouched_ = -1;
    if (!updateInPlace())
        rebuild();
}

bool TopologyScene::updateInPlace()
{
    // Both the network drawn and the new one are drawn item by item (not a
    // summary, not aggregates); anything else is a rebuild.
    if (summary_ || aggregated_ || !linkLayer_)
        return false;
    if (model_->topology() && model_->topology()->vertexCount() > kAggregateAbove)
        return false;
    if (const std::shared_ptr<const Topology> drawn = model_->drawing();
        drawn && drawn->vertexCount() > TopologySummary::kMaxDrawnVertices)
        return false;
    rebuilding_ = true; // the scene's selection is read once, at the end
    syncItems(documentGraph(), false);
    rebuilding_ = false;
    emit selectionChanged(); // selected items keep their selection; link indices may have moved
    return true;
}

void TopologyScene::itemsUpdated()
{
    const int n = static_cast<int>(vertices_.size());
    linkIds_.clear();
    for (std::size_t e = 0; e < links_.size(); ++e)
        linkIds_.push_back(model_->doc().topology.linkIdAt(e));
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
    emit itemsChanged();
    applyJobHosts(); // new items of placed hosts get their ring
}

ViewGraph TopologyScene::documentGraph() const
{
    // The network, or a drawing in progress (a host not linked yet), built as it is.
    if (const std::shared_ptr<const Topology> drawn = model_->drawing())
        return ViewGraph::fromTopology(*drawn);
    return ViewGraph{};
}

void TopologyScene::applyMoves(const edit::Change& c)
{
    // Only an edit that names vertices moved (Change::movedVertices: a drag, a generator's drawing, their
    // undo) or changes the network moves them: a block moved or the charts' axes set move none.
    if (!c.movedVertices.empty() || (c.parts & edit::kTopology))
        applyPositions();
}

void TopologyScene::applyPositions()
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

QRectF TopologyScene::contentRect() const
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

void TopologyScene::updateDetail()
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

void TopologyScene::refreshDecorations()
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
