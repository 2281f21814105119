#include "app/gui/topology/LinkDetours.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/AggregateItem.h"
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
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QToolBar>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace cs::app {

using nlohmann::json;

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
        // The rebuild keeps the selection by id and link index; in another
        // document those name other items, so nothing stays selected.
        {
            const QSignalBlocker quiet(scene_);
            scene_->clearSelection();
        }
        if (selection_ && (selection_->kind() == Selection::Kind::Vertex || selection_->kind() == Selection::Kind::Link))
            selection_->clear();
        rebuild();
        fitPending_ = true;
        if (isVisible())
            zoomToFit();
    });
    connect(model_, &DocumentModel::topologyChanged, this, [this](const edit::Change& change) {
        // The selected links as they were, before the scene follows the new network (it keeps items by index).
        const bool linksSelected = selection_ && selection_->kind() == Selection::Kind::Link;
        const std::vector<std::pair<std::string, std::string>> ends = selectedLinkEnds_;
        const bool wasEmpty = vertices_.empty();
        if (!applyChange(change)) {
            lastTouched_ = -1;
            if (!updateInPlace())
                rebuild();
        }
        if (linksSelected)
            resolveLinkSelection(ends);
        if (wasEmpty && !vertices_.empty() && vertices_.size() > 1) {
            zoomToFit();
        } else if (fitted_ && !vertices_.empty()) {
            // A fitted view (the user has not zoomed since) stays fitted when
            // the network outgrows it or shrinks to a corner of it: an undo
            // of a bigger generator, another k.
            const QRectF shown = view_->mapToScene(view_->viewport()->rect()).boundingRect();
            const QRectF content = contentRect();
            if (!shown.contains(content) ||
                (content.width() < shown.width() / 2 && content.height() < shown.height() / 2))
                zoomToFit();
        }
    });
    connect(model_, &DocumentModel::layoutChanged, this, [this](const edit::Change& c) {
        // Only an edit that names vertices moved (Change::movedVertices: a drag, a generator's drawing, their
        // undo) or changes the network moves them: a block moved or the charts' axes set move none.
        if (!c.movedVertices.empty() || (c.parts & edit::kTopology))
            applyPositions();
    });
    // A design parameter brought within its bound (or out of it) changes what the status line says.
    connect(model_, &DocumentModel::designChanged, this, [this] {
        if (error_.isEmpty())
            updateStatus();
    });
    connect(scene_, &QGraphicsScene::selectionChanged, this, &TopologyEditor::onSceneSelection);
    if (selection_)
        connect(selection_, &Selection::changed, this, &TopologyEditor::onSelectionChanged);
    connect(view_, &TopologyView::linkRequested, this, [this](int a, int b) { addLink(a, b); });
    connect(view_, &TopologyView::dropRequested, this, [this](VertexKind k, QPointF p) { addVertex(k, p); });
    connect(view_, &TopologyView::moveFinished, this, &TopologyEditor::onMoveFinished);
    connect(view_, &TopologyView::zoomed, this, &TopologyEditor::updateDetail);
    connect(view_, &TopologyView::zoomed, this, [this] { fitted_ = false; }); // the user's zoom stays
    connect(view_, &TopologyView::deleteRequested, this, &TopologyEditor::deleteSelected);
    rebuild();
}

TopologyEditor::~TopologyEditor()
{
    // The scene (a child, destroyed after the members) reports its items' selection as they go: that must not
    // reach a half-destroyed editor, nor the shared selection, which its owner may have destroyed already.
    disconnect(scene_, nullptr, this, nullptr);
}

QGraphicsView* TopologyEditor::view() const
{
    return view_;
}

void TopologyEditor::buildToolbar()
{
    toolbar_ = new QToolBar(tr("Topology"), this);
    toolbar_->setObjectName("topologyToolbar");
    toolbar_->setIconSize(QSize(22, 22));
    // Up first: in a narrow dock the toolbar's last actions go to its overflow menu, where nobody finds the
    // way out of an aggregate (issue 34, defect 6). Shown only inside one.
    upAction_ = toolbar_->addAction(tr("\u2191 Up"), this, &TopologyEditor::aggregateUp);
    upAction_->setObjectName("aggregateUp");
    upAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    upAction_->setToolTip(tr("Back to the aggregate this one is part of (Alt+Up)"));
    upAction_->setVisible(false);
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
        bandwidth_->addItem(newLinkText(bw), bw);
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
    fitted_ = true;
    if (vertices_.empty() && !summary_ && !aggregated_) {
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
    double s = std::min({std::max(above, beside), 1.5});
    // Aggregates are never fitted smaller than their names can be read at (issue 48, defect 10: 118 boxes of a
    // dragonfly fitted to the view were 3 px wide): when the layout is larger, the view shows its top left.
    double readable = 0;
    for (const AggregateItem* a : aggItems_)
        readable = std::max(readable, a->readableZoom());
    if (aggregated_ && s < readable) {
        s = readable;
        view_->resetTransform();
        view_->scale(s, s);
        const double halfW = vp.width() / 2 / s, halfH = vp.height() / 2 / s;
        view_->centerOn(r.width() / 2 <= halfW ? r.center().x() : r.left() + halfW,
                        r.height() / 2 <= halfH ? r.center().y() : r.top() + halfH);
        showJobAggregates(); // the job's boxes, where there is a job
        updateDetail();
        return;
    }
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
    // A fitted view fits again as the window or the docks settle (the main
    // window lays its docks out after the first show).
    if ((fitPending_ || fitted_) && isVisible()) {
        reflowAggregates();
        zoomToFit();
    }
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
    auto keyOf = [](QGraphicsItem* it, Selection::Kind* kind) -> QString {
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it)) {
            *kind = Selection::Kind::Vertex;
            return QString::fromStdString(v->id());
        }
        if (auto* l = qgraphicsitem_cast<LinkItem*>(it)) {
            *kind = Selection::Kind::Link;
            return QString::number(l->index());
        }
        *kind = Selection::Kind::None;
        return {};
    };
    // The one shown: the current one if it is still selected, else the one
    // under the mouse, else the first. The others of its kind come with it,
    // in the scene's order, so that an edit applies to all of them.
    Selection::Kind kind = Selection::Kind::None;
    QString primary;
    for (QGraphicsItem* it : items) {
        Selection::Kind k;
        const QString key = keyOf(it, &k);
        if (k == selection_->kind() && key == selection_->key()) {
            kind = k;
            primary = key;
        }
    }
    if (primary.isEmpty()) {
        QGraphicsItem* first = scene_->mouseGrabberItem() && scene_->mouseGrabberItem()->isSelected()
                                   ? scene_->mouseGrabberItem()
                                   : items.front();
        primary = keyOf(first, &kind);
    }
    if (kind == Selection::Kind::None)
        return;
    QStringList keys{primary};
    for (QGraphicsItem* it : items) {
        Selection::Kind k;
        const QString key = keyOf(it, &k);
        if (k == kind && !keys.contains(key))
            keys << key;
    }
    syncing_ = true;
    selection_->selectMany(kind, keys);
    syncing_ = false;
}

std::optional<std::pair<std::string, std::string>> TopologyEditor::linkEnds(std::size_t index) const
{
    if (const std::shared_ptr<const Topology>& t = model_->topology()) {
        if (index >= t->edgeCount())
            return std::nullopt;
        const auto [a, b] = t->endpoints(index);
        return std::pair{t->vertex(a).id, t->vertex(b).id};
    }
    // A drawing that does not load yet: its links as written.
    const nlohmann::json& topo = model_->doc().topology;
    const auto edges = topo.is_object() ? topo.find("edges") : topo.end();
    if (!topo.is_object() || edges == topo.end() || !edges->is_array() || index >= edges->size())
        return std::nullopt;
    const nlohmann::json& e = (*edges)[index];
    if (!e.is_object() || !e.value("from", nlohmann::json()).is_string() || !e.value("to", nlohmann::json()).is_string())
        return std::nullopt;
    return std::pair{e["from"].get<std::string>(), e["to"].get<std::string>()};
}

void TopologyEditor::resolveLinkSelection(const std::vector<std::pair<std::string, std::string>>& ends)
{
    // A link is selected by its index in the network's link order, and another network (a generator run
    // again, a link removed before it) may put another link at that index (issue 34, defect 8). The selection
    // follows the links by their ends, or goes when one of them is gone.
    if (!selection_ || ends.empty())
        return;
    QStringList keys;
    std::set<std::size_t> used;
    const std::size_t count = model_->topology() ? model_->topology()->edgeCount() : 1u << 20;
    for (const auto& [a, b] : ends) {
        bool found = false;
        for (std::size_t e = 0; e < count && !found; ++e) {
            const auto now = linkEnds(e);
            if (!now)
                break;
            if (!used.count(e) && ((now->first == a && now->second == b) || (now->first == b && now->second == a))) {
                used.insert(e);
                keys << QString::number(e);
                found = true;
            }
        }
        if (!found) {
            selection_->clear();
            return;
        }
    }
    selection_->selectMany(Selection::Kind::Link, keys);
}

void TopologyEditor::onSelectionChanged()
{
    // The selected links' ends, to find them again in another network (resolveLinkSelection).
    selectedLinkEnds_.clear();
    if (selection_->kind() == Selection::Kind::Link)
        for (const QString& key : selection_->keys())
            if (const auto ends = linkEnds(static_cast<std::size_t>(key.toULongLong())))
                selectedLinkEnds_.push_back(*ends);
    if (syncing_)
        return;
    std::vector<QGraphicsItem*> want;
    for (const QString& key : selection_->keys()) {
        QGraphicsItem* it = nullptr;
        if (selection_->kind() == Selection::Kind::Vertex)
            it = vertexItem(key.toStdString());
        else if (selection_->kind() == Selection::Kind::Link)
            it = linkItem(key.toInt());
        if (it)
            want.push_back(it);
    }
    const QList<QGraphicsItem*> now = scene_->selectedItems();
    if (static_cast<std::size_t>(now.size()) == want.size() &&
        std::all_of(want.begin(), want.end(), [](QGraphicsItem* it) { return it->isSelected(); }))
        return;
    syncing_ = true;
    scene_->clearSelection();
    for (QGraphicsItem* it : want)
        it->setSelected(true);
    if (!want.empty())
        view_->ensureVisible(want.front());
    syncing_ = false;
}

QString TopologyEditor::boundProblem(const Design& d)
{
    try {
        const Plan plan = d.compile();
        std::vector<double> state = plan.initialSlots();
        EvalError err;
        // Only a parameter checked after the block that bounds it ran (stepsRun > 0): P above topology.hosts.
        if (!plan.run(state.data(), &err) && err.kind == EvalError::Kind::ParamRange && err.step < 0 &&
            plan.stepsRun(err) > 0)
            return QString::fromStdString(err.message);
    } catch (const ModelError&) {
        // A design that does not compile says so elsewhere (the inspector, the sweep).
    }
    return {};
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
    if (aggregated_) {
        // The job at the sweep's cursor: how many of the aggregates shown hold it, marked in amber.
        QString job;
        std::size_t marked = 0, hosts = 0;
        for (const AggregateItem* a : aggItems_)
            if (a->jobHosts())
                ++marked, hosts += a->jobHosts();
        if (hosts)
            job = tr(" The job: %1 hosts in %2 of them (amber)%3.")
                      .arg(QLocale().toString(static_cast<qulonglong>(hosts)))
                      .arg(marked)
                      .arg(jobElsewhere_ ? tr(", %1 outside").arg(QLocale().toString(static_cast<qulonglong>(jobElsewhere_)))
                                         : QString());
        return showMessage(
            tr("%1 vertices are drawn as their structure: %2 aggregates%3. Double-click one to open it; Up goes back.%4")
                .arg(QLocale().toString(static_cast<qulonglong>(model_->topology() ? model_->topology()->vertexCount() : 0)))
                .arg(aggView_.groups.size())
                .arg(aggregatePath().isEmpty() ? QString() : tr(" in %1").arg(aggregatePath()))
                .arg(job),
            false);
    }
    if (summary_)
        return showMessage(tr("%1: more than %2 vertices are drawn as a summary (clusterscope-cli topo gives the "
                              "metrics of networks this large).")
                               .arg(summary_->text())
                               .arg(TopologySummary::kMaxDrawnVertices),
                           false);
    const QString why = model_->topologyError();
    if (!why.isEmpty())
        return showMessage(tr("Not a valid network yet: %1").arg(why), false);
    // A design parameter above the output that bounds it now (P = 8 after a 4-host star is generated): said
    // where the network was changed, until the parameter is within it (issue 34, defect 1).
    const QString bound = boundProblem(model_->doc().design);
    showMessage(bound.isEmpty() ? QString() : tr("%1: lower it in the inspector, or let it follow the network").arg(bound),
                false);
}

QString TopologyEditor::message() const
{
    return status_->text();
}

} // namespace cs::app
