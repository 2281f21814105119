#include "app/gui/topology/LinkDetours.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "app/gui/topology/LinkLabels.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/PaletteButton.h"
#include "app/gui/topology/TopologyEdits.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/TopologyView.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QSpinBox>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace cs::app {

using nlohmann::json;

namespace {
// From this many links the far-out view is drawn as one batched overview.
constexpr std::size_t kOverviewLinks = 1500;
// Below this zoom links are hairlines anyway (LinkItem::paint).
constexpr double kOverviewZoom = 0.3;
} // namespace

TopologyEditor::TopologyEditor(DocumentModel* model, Selection* selection, QWidget* parent)
    : QWidget(parent), model_(model), selection_(selection), scene_(new QGraphicsScene(this))
{
    setObjectName("topologyEditor");
    // No BSP index: it is slow to build, to update while items move, and to
    // query when long links span many of its cells (a star of 10,000 hosts);
    // a linear pass over the items is cheaper at the sizes drawn here.
    scene_->setItemIndexMethod(QGraphicsScene::NoIndex);
    view_ = new TopologyView(scene_, this);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(0);
    buildToolbar();
    l->addWidget(toolbar_);
    l->addWidget(view_, 1);
    status_ = new QLabel(this);
    status_->setObjectName("topologyStatus");
    status_->setWordWrap(true);
    status_->setContentsMargins(8, 3, 8, 3);
    l->addWidget(status_);

    connect(model_, &DocumentModel::documentReset, this, [this] {
        error_.clear();
        keepRect_ = false;
        rebuild();
        fitPending_ = true;
        if (isVisible())
            zoomToFit();
    });
    connect(model_, &DocumentModel::topologyChanged, this, [this] {
        const bool wasEmpty = vertices_.empty();
        rebuild();
        if (wasEmpty && !vertices_.empty() && vertices_.size() > 1)
            zoomToFit();
    });
    connect(model_, &DocumentModel::layoutChanged, this, &TopologyEditor::applyPositions);
    connect(scene_, &QGraphicsScene::selectionChanged, this, &TopologyEditor::onSceneSelection);
    if (selection_)
        connect(selection_, &Selection::changed, this, &TopologyEditor::onSelectionChanged);
    connect(view_, &TopologyView::linkRequested, this, [this](int a, int b) { addLink(a, b); });
    connect(view_, &TopologyView::dropRequested, this, [this](VertexKind k, QPointF p) { addVertex(k, p); });
    connect(view_, &TopologyView::moveFinished, this, &TopologyEditor::onMoveFinished);
    connect(view_, &TopologyView::zoomed, this, &TopologyEditor::updateDetail);
    connect(view_, &TopologyView::deleteRequested, this, &TopologyEditor::deleteSelected);
    rebuild();
}

TopologyEditor::~TopologyEditor() = default;

QGraphicsView* TopologyEditor::view() const
{
    return view_;
}

void TopologyEditor::buildToolbar()
{
    toolbar_ = new QToolBar(tr("Topology"), this);
    toolbar_->setObjectName("topologyToolbar");
    toolbar_->setIconSize(QSize(22, 22));
    auto* modes = new QActionGroup(this);
    QAction* select = toolbar_->addAction(tr("Select"));
    select->setCheckable(true);
    select->setChecked(true);
    select->setToolTip(tr("Select and move items; drag on empty space for rubber-band selection"));
    linkAction_ = toolbar_->addAction(tr("Link"));
    linkAction_->setObjectName("linkTool");
    linkAction_->setCheckable(true);
    linkAction_->setShortcut(QKeySequence(Qt::Key_L));
    linkAction_->setToolTip(tr("Draw links: drag from one item to another (L). "
                               "In select mode, Shift-drag or right-drag does the same."));
    modes->addAction(select);
    modes->addAction(linkAction_);
    connect(linkAction_, &QAction::toggled, view_, &TopologyView::setLinkMode);
    toolbar_->addSeparator();

    for (VertexKind k : {VertexKind::Host, VertexKind::Switch, VertexKind::Segment}) {
        auto* b = new PaletteButton(k, toolbar_);
        connect(b, &QToolButton::clicked, this, [this, k] {
            // Click-to-add: the middle of the view, on a free spot.
            QPointF p = view_->mapToScene(view_->viewport()->rect().center());
            for (int i = 0; i < 64; ++i) {
                bool busy = false;
                for (QGraphicsItem* it : scene_->items(QRectF(p - QPointF(30, 20), QSizeF(60, 40))))
                    busy = busy || qgraphicsitem_cast<VertexItem*>(it);
                if (!busy)
                    break;
                p += QPointF(kHostSpacing, i % 8 == 7 ? kHostSpacing : 0) - QPointF(i % 8 == 7 ? 8 * kHostSpacing : 0, 0);
            }
            addVertex(k, p);
        });
        toolbar_->addWidget(b);
    }
    toolbar_->addSeparator();

    toolbar_->addWidget(new QLabel(tr(" New links: "), toolbar_));
    bandwidth_ = new QComboBox(toolbar_);
    bandwidth_->setObjectName("linkBandwidth");
    for (double bw : {1.25e6, 1.25e7, 1.25e8, 1.6e8, 1.25e9, 3.125e9, 5e9, 1.25e10})
        bandwidth_->addItem(formatBandwidth(bw), bw);
    bandwidth_->setCurrentIndex(bandwidth_->findData(topoedit::kDefaultLinkBandwidth));
    bandwidth_->setToolTip(tr("Bandwidth per channel of links you draw"));
    toolbar_->addWidget(bandwidth_);
    toolbar_->addWidget(new QLabel(QStringLiteral(" \u00d7"), toolbar_));
    channels_ = new QSpinBox(toolbar_);
    channels_->setObjectName("linkChannels");
    channels_->setRange(1, 64);
    channels_->setToolTip(tr("Bonded channels per link you draw (each uses a switch port)"));
    toolbar_->addWidget(channels_);
    toolbar_->addSeparator();

    QAction* gen = toolbar_->addAction(tr("Generate\u2026"), this, &TopologyEditor::showGeneratorDialog);
    gen->setToolTip(tr("Place a generated topology (star, bus, fat-tree, torus, segment mesh, ...)"));
    QAction* del = toolbar_->addAction(tr("Delete"), this, &TopologyEditor::deleteSelected);
    del->setToolTip(tr("Delete the selected items (a vertex takes its links with it)"));
    toolbar_->addSeparator();
    toolbar_->addAction(tr("\u2212"), this, &TopologyEditor::zoomOut)->setToolTip(tr("Zoom out"));
    toolbar_->addAction(tr("+"), this, &TopologyEditor::zoomIn)->setToolTip(tr("Zoom in"));
    toolbar_->addAction(tr("Fit"), this, &TopologyEditor::zoomToFit)->setToolTip(tr("Fit the topology to the view"));
}

VertexItem* TopologyEditor::vertexItem(int index) const
{
    return index >= 0 && index < static_cast<int>(vertices_.size()) ? vertices_[static_cast<std::size_t>(index)]
                                                                    : nullptr;
}

VertexItem* TopologyEditor::vertexItem(const std::string& id) const
{
    auto it = index_.find(id);
    return it == index_.end() ? nullptr : vertexItem(it->second);
}

LinkItem* TopologyEditor::linkItem(int index) const
{
    return index >= 0 && index < static_cast<int>(links_.size()) ? links_[static_cast<std::size_t>(index)] : nullptr;
}

QPointF TopologyEditor::positionOf(int v) const
{
    if (const auto p = model_->vertexPosition(graph_.vertices[static_cast<std::size_t>(v)].id))
        return *p;
    return auto_.empty() ? QPointF() : auto_[static_cast<std::size_t>(v)];
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
    scene_->clear();
    vertices_.clear();
    links_.clear();
    index_.clear();
    summary_ = nullptr;
    linkLayer_ = nullptr;
    overview_ = nullptr;

    const json& doc = model_->doc().topology;
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
    if (model_->topology())
        graph_ = ViewGraph::fromTopology(*model_->topology());
    else if (doc.is_object() && !doc.contains("generator"))
        graph_ = ViewGraph::fromJson(doc); // a drawing in progress
    else
        graph_ = ViewGraph{};

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
        auto* item = new VertexItem(v, graph_.vertices[static_cast<std::size_t>(v)]);
        item->setPos(positionOf(v));
        scene_->addItem(item);
        vertices_.push_back(item);
        index_.emplace(item->id(), v);
        if (selVertices.count(item->id()))
            item->setSelected(true);
    }
    links_.reserve(graph_.edges.size());
    for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
        const ViewGraph::Edge& ed = graph_.edges[e];
        auto* item = new LinkItem(static_cast<int>(e), vertices_[static_cast<std::size_t>(ed.a)],
                                  vertices_[static_cast<std::size_t>(ed.b)], ed);
        item->setOverview(overview_);
        item->setParentItem(linkLayer_);
        links_.push_back(item);
        if (selLinks.count(static_cast<int>(e)))
            item->setSelected(true);
    }
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

void TopologyEditor::applyPositions()
{
    if (summary_)
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
    QRectF r;
    for (const VertexItem* v : vertices_)
        r |= v->sceneBoundingRect();
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

std::map<std::string, QPointF> TopologyEditor::pinnedPositions() const
{
    std::map<std::string, QPointF> out;
    for (std::size_t v = 0; v < vertices_.size(); ++v)
        if (!placed_[v])
            out.emplace(vertices_[v]->id(), vertices_[v]->pos());
    return out;
}

QString TopologyEditor::report(const QString& err)
{
    if (err.isEmpty()) {
        error_.clear();
        updateStatus();
    } else {
        showMessage(err, true);
    }
    return err;
}

QString TopologyEditor::addVertex(VertexKind kind, QPointF scenePos, std::string* idOut)
{
    // The smallest free id (h3, sw0, seg1): the ids the model will hand the
    // edit are the ones on the scene.
    const std::string prefix = topoedit::idPrefix(kind);
    std::string id;
    for (int i = 0; id.empty() || index_.count(id); ++i)
        id = prefix + std::to_string(i);
    auto positions = pinnedPositions();
    positions[id] = scenePos;
    const QString name = kind == VertexKind::Host ? tr("host") : kind == VertexKind::Switch ? tr("switch") : tr("segment");
    const QString err = applyTopologyEdit(
        model_, tr("Add %1 %2").arg(name, QString::fromStdString(id)),
        [&](json& t) { topoedit::addVertex(t, kind, id); }, positions);
    if (idOut)
        *idOut = err.isEmpty() ? id : std::string();
    return report(err);
}

QString TopologyEditor::addLink(int from, int to)
{
    if (!vertexItem(from) || !vertexItem(to) || from == to)
        return {};
    const std::string a = vertexItem(from)->id(), b = vertexItem(to)->id();
    const double bw = newLinkBandwidth();
    const int ch = newLinkChannels();
    return report(applyTopologyEdit(
        model_, tr("Link %1 \u2013 %2").arg(QString::fromStdString(a), QString::fromStdString(b)),
        [&](json& t) { topoedit::addLink(t, a, b, bw, ch); }, pinnedPositions()));
}

void TopologyEditor::setNewLinkDefaults(double bandwidth, int channels)
{
    int i = bandwidth_->findData(bandwidth);
    if (i < 0) {
        bandwidth_->addItem(formatBandwidth(bandwidth), bandwidth);
        i = bandwidth_->count() - 1;
    }
    bandwidth_->setCurrentIndex(i);
    channels_->setValue(channels);
}

double TopologyEditor::newLinkBandwidth() const
{
    return bandwidth_->currentData().toDouble();
}

int TopologyEditor::newLinkChannels() const
{
    return channels_->value();
}

void TopologyEditor::setLinkMode(bool on)
{
    linkAction_->setChecked(on);
    view_->setLinkMode(on);
}

void TopologyEditor::deleteSelected()
{
    std::set<std::string> ids;
    std::set<std::size_t> links;
    for (QGraphicsItem* it : scene_->selectedItems()) {
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
            ids.insert(v->id());
        else if (auto* l = qgraphicsitem_cast<LinkItem*>(it))
            links.insert(static_cast<std::size_t>(l->index()));
    }
    if (ids.empty() && links.empty())
        return;
    const std::size_t n = ids.size() + links.size();
    const QString text = n == 1 ? (ids.empty() ? tr("Delete link") : tr("Delete %1").arg(QString::fromStdString(*ids.begin())))
                                : tr("Delete %1 items").arg(n);
    auto pinned = pinnedPositions();
    for (const std::string& id : ids)
        pinned.erase(id);
    report(applyTopologyEdit(model_, text, [&](json& t) { topoedit::remove(t, ids, links); }, pinned));
}

void TopologyEditor::onMoveFinished(const std::map<int, QPointF>& moved)
{
    std::map<std::string, QPointF> to;
    for (const auto& [v, p] : moved)
        if (VertexItem* item = vertexItem(v))
            to.emplace(item->id(), p);
    if (!to.empty())
        model_->moveVertices(to);
}

void TopologyEditor::zoomIn()
{
    view_->zoomBy(1.25);
}

void TopologyEditor::zoomOut()
{
    view_->zoomBy(1 / 1.25);
}


void TopologyEditor::zoomToFit()
{
    fitPending_ = false;
    if (vertices_.empty() && !summary_) {
        view_->resetTransform();
        view_->centerOn(0, 0);
        return;
    }
    // The content fits beside the legend (in the bottom-left corner): above
    // it across the whole width, or right of it over the whole height,
    // whichever shows it larger; never blown up past 1.5.
    const QRectF r = contentRect().adjusted(-30, -30, 30, 30);
    const QRectF vp = view_->viewport()->rect().adjusted(2, 2, -2, -2);
    const QRectF legend = view_->legendRect();
    const double lw = legend.isEmpty() ? 0.0 : legend.right() + 4, lh = legend.isEmpty() ? 0.0 : vp.height() - legend.top() + 4;
    const double w = std::max(r.width(), 1.0), h = std::max(r.height(), 1.0);
    const double above = std::min(vp.width() / w, std::max(vp.height() - lh, 1.0) / h);
    const double beside = std::min(std::max(vp.width() - lw, 1.0) / w, vp.height() / h);
    const double s = std::min({std::max(above, beside), 1.5});
    view_->resetTransform();
    view_->scale(s, s);
    // The centre of the free area, in scene units from the viewport's centre.
    const QPointF shift = above >= beside ? QPointF(0, lh / 2 / s) : QPointF(-lw / 2 / s, 0);
    view_->centerOn(r.center() + shift);
    updateDetail();
}

void TopologyEditor::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    if (fitPending_)
        zoomToFit();
}

void TopologyEditor::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    if (fitPending_ && isVisible())
        zoomToFit();
}

void TopologyEditor::showGeneratorDialog()
{
    if (!dialog_) {
        dialog_ = new GeneratorDialog(model_, this);
        connect(dialog_, &QDialog::accepted, this, &TopologyEditor::zoomToFit);
    }
    dialog_->open();
}

void TopologyEditor::onSceneSelection()
{
    if (rebuilding_ || syncing_ || !selection_)
        return;
    const QList<QGraphicsItem*> items = scene_->selectedItems();
    if (items.isEmpty()) {
        if (selection_->kind() == Selection::Kind::Vertex || selection_->kind() == Selection::Kind::Link)
            selection_->clear();
        return;
    }
    // Keep the current one if it is still selected, else take the first.
    for (QGraphicsItem* it : items) {
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it);
            v && selection_->kind() == Selection::Kind::Vertex && selection_->key() == QString::fromStdString(v->id()))
            return;
        if (auto* l = qgraphicsitem_cast<LinkItem*>(it);
            l && selection_->kind() == Selection::Kind::Link && selection_->key() == QString::number(l->index()))
            return;
    }
    syncing_ = true;
    QGraphicsItem* first = scene_->mouseGrabberItem() && scene_->mouseGrabberItem()->isSelected()
                               ? scene_->mouseGrabberItem()
                               : items.front();
    if (auto* v = qgraphicsitem_cast<VertexItem*>(first))
        selection_->select(Selection::Kind::Vertex, QString::fromStdString(v->id()));
    else if (auto* l = qgraphicsitem_cast<LinkItem*>(first))
        selection_->select(Selection::Kind::Link, QString::number(l->index()));
    syncing_ = false;
}

void TopologyEditor::onSelectionChanged()
{
    if (syncing_)
        return;
    QGraphicsItem* want = nullptr;
    if (selection_->kind() == Selection::Kind::Vertex)
        want = vertexItem(selection_->key().toStdString());
    else if (selection_->kind() == Selection::Kind::Link)
        want = linkItem(selection_->key().toInt());
    if (want && want->isSelected())
        return;
    syncing_ = true;
    scene_->clearSelection();
    if (want) {
        want->setSelected(true);
        view_->ensureVisible(want);
    }
    syncing_ = false;
}

void TopologyEditor::showMessage(const QString& text, bool error)
{
    error_ = error ? text : QString();
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: #b91c1c;") : QStringLiteral("color: #b45309;"));
    status_->setVisible(!text.isEmpty());
}

void TopologyEditor::updateStatus()
{
    if (!error_.isEmpty())
        return showMessage(error_, true);
    if (summary_)
        return showMessage(tr("%1: more than %2 vertices are drawn as a summary (clusterscope-cli topo gives the "
                              "metrics of networks this large).")
                               .arg(summary_->text())
                               .arg(TopologySummary::kMaxDrawnVertices),
                           false);
    const QString why = model_->topologyError();
    showMessage(why.isEmpty() ? QString() : tr("Not a valid network yet: %1").arg(why), false);
}

QString TopologyEditor::message() const
{
    return status_->text();
}

} // namespace cs::app
