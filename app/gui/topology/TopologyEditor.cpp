// The topology editor's controller: the document's signals to the scene sync (TopologyScene), the view's and
// the toolbar's requests to the edits, the zoom, and the status line. (The edits: TopologyEditorEdits.cpp and
// TopologyEditorClipboard.cpp; the selection: TopologyEditorSelection.cpp.)
#include "app/gui/topology/TopologyEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologyScene.h"
#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/TopologyToolbar.h"
#include "app/gui/topology/TopologyView.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <QGraphicsScene>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>

namespace cs::app {

TopologyEditor::TopologyEditor(DocumentModel* model, Selection* selection, QWidget* parent)
    : QWidget(parent), model_(model), selection_(selection), scene_(new TopologyScene(model, this))
{
    setObjectName("topologyEditor");
    view_ = new TopologyView(scene_->scene(), this);
    scene_->setView(view_);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(0);
    toolbar_ = new TopologyToolbar(this);
    l->addWidget(toolbar_);
    l->addWidget(view_, 1);
    status_ = new QLabel(this);
    status_->setObjectName("topologyStatus");
    status_->setWordWrap(true);
    status_->setContentsMargins(8, 3, 8, 3);
    l->addWidget(status_);

    // What the scene says back: the status line, the selection, the toolbar, the fit of another level.
    connect(scene_, &TopologyScene::itemsChanged, this, &TopologyEditor::updateStatus);
    connect(scene_, &TopologyScene::selectionChanged, this, &TopologyEditor::onSceneSelection);
    connect(scene_, &TopologyScene::rateUnitChanged, toolbar_, &TopologyToolbar::setRateUnit);
    connect(scene_, &TopologyScene::upAvailable, toolbar_, &TopologyToolbar::setUpVisible);
    connect(scene_, &TopologyScene::levelChanged, this, &TopologyEditor::zoomToFit);

    connect(model_, &DocumentModel::documentReset, this, [this] {
        error_.clear();
        scene_->forgetDocument();
        if (selection_ && (selection_->kind() == Selection::Kind::Vertex || selection_->kind() == Selection::Kind::Link))
            selection_->clear();
        scene_->rebuild();
        fitPending_ = true;
        if (isVisible())
            zoomToFit();
    });
    connect(model_, &DocumentModel::topologyChanged, this, &TopologyEditor::onTopologyChanged);
    connect(model_, &DocumentModel::layoutChanged, scene_, &TopologyScene::applyMoves);
    // A design parameter brought within its bound (or out of it) changes what the status line says.
    connect(model_, &DocumentModel::designChanged, this, [this] {
        if (error_.isEmpty())
            updateStatus();
    });
    if (selection_)
        connect(selection_, &Selection::changed, this, &TopologyEditor::onSelectionChanged);
    connect(view_, &TopologyView::linkRequested, this, [this](int a, int b) { addLink(a, b); });
    connect(view_, &TopologyView::dropRequested, this, [this](VertexKind k, QPointF p) { addVertex(k, p); });
    connect(view_, &TopologyView::moveFinished, this, &TopologyEditor::onMoveFinished);
    connect(view_, &TopologyView::zoomed, scene_, &TopologyScene::updateDetail);
    connect(view_, &TopologyView::zoomed, this, [this] { fitted_ = false; }); // the user's zoom stays
    connect(view_, &TopologyView::deleteRequested, this, &TopologyEditor::deleteSelected);
    connect(toolbar_, &TopologyToolbar::upRequested, scene_, &TopologyScene::aggregateUp);
    connect(toolbar_, &TopologyToolbar::linkModeToggled, view_, &TopologyView::setLinkMode);
    connect(toolbar_, &TopologyToolbar::addRequested, this, &TopologyEditor::addVertexInView);
    connect(toolbar_, &TopologyToolbar::generateRequested, this, &TopologyEditor::showGeneratorDialog);
    connect(toolbar_, &TopologyToolbar::deleteRequested, this, &TopologyEditor::deleteSelected);
    connect(toolbar_, &TopologyToolbar::zoomOutRequested, this, &TopologyEditor::zoomOut);
    connect(toolbar_, &TopologyToolbar::zoomInRequested, this, &TopologyEditor::zoomIn);
    connect(toolbar_, &TopologyToolbar::fitRequested, this, &TopologyEditor::zoomToFit);
    scene_->rebuild();
}

TopologyEditor::~TopologyEditor()
{
    // The scene (a child, destroyed after the members) reports its items' selection as they go: that must not
    // reach a half-destroyed editor, nor the shared selection, which its owner may have destroyed already.
    disconnect(scene_, nullptr, this, nullptr);
}

void TopologyEditor::onTopologyChanged(const edit::Change& change)
{
    // The selected links as they were, before the scene follows the new network (it keeps items by index).
    const bool linksSelected = selection_ && selection_->kind() == Selection::Kind::Link;
    const std::vector<std::pair<std::string, std::string>> ends = selectedLinkEnds_;
    const bool wasEmpty = scene_->vertexCount() == 0;
    scene_->follow(change);
    if (linksSelected)
        resolveLinkSelection(ends);
    const std::size_t n = scene_->vertexCount();
    if (wasEmpty && n > 1) {
        zoomToFit();
    } else if (fitted_ && n > 0) {
        // A fitted view (the user has not zoomed since) stays fitted when
        // the network outgrows it or shrinks to a corner of it: an undo
        // of a bigger generator, another k.
        const QRectF shown = view_->mapToScene(view_->viewport()->rect()).boundingRect();
        const QRectF content = scene_->contentRect();
        if (!shown.contains(content) ||
            (content.width() < shown.width() / 2 && content.height() < shown.height() / 2))
            zoomToFit();
    }
}

QGraphicsView* TopologyEditor::view() const
{
    return view_;
}

QGraphicsScene* TopologyEditor::scene() const
{
    return scene_->scene();
}

// The scene's, forwarded (TopologyScene.h says what each means).
VertexItem* TopologyEditor::vertexItem(int index) const { return scene_->vertexItem(index); }
VertexItem* TopologyEditor::vertexItem(const std::string& id) const { return scene_->vertexItem(id); }
LinkItem* TopologyEditor::linkItem(int index) const { return scene_->linkItem(index); }
const ViewGraph& TopologyEditor::graph() const { return scene_->graph(); }
const plots::RateUnit& TopologyEditor::rateUnit() const { return scene_->rateUnit(); }
TopologySummary* TopologyEditor::summary() const { return scene_->summary(); }
bool TopologyEditor::aggregated() const { return scene_->aggregated(); }
const AggregateView& TopologyEditor::aggregates() const { return scene_->aggregates(); }
QString TopologyEditor::aggregatePath() const { return scene_->aggregatePath(); }
void TopologyEditor::openAggregate(int index) { scene_->openAggregate(index); }
void TopologyEditor::aggregateUp() { scene_->aggregateUp(); }
QRectF TopologyEditor::contentRect() const { return scene_->contentRect(); }
bool TopologyEditor::overviewShown() const { return scene_->overviewShown(); }
long TopologyEditor::lastItemsTouched() const { return scene_->lastItemsTouched(); }
void TopologyEditor::setJobHosts(const QStringList& hosts) { scene_->setJobHosts(hosts); }

void TopologyEditor::addVertexInView(VertexKind kind)
{
    // Click-to-add: the middle of the view, on a free spot.
    QPointF p = view_->mapToScene(view_->viewport()->rect().center());
    for (int i = 0; i < 64; ++i) {
        bool busy = false;
        for (QGraphicsItem* it : scene_->scene()->items(QRectF(p - QPointF(30, 20), QSizeF(60, 40))))
            busy = busy || qgraphicsitem_cast<VertexItem*>(it);
        if (!busy)
            break;
        p += QPointF(kHostSpacing, i % 8 == 7 ? kHostSpacing : 0) - QPointF(i % 8 == 7 ? 8 * kHostSpacing : 0, 0);
    }
    addVertex(kind, p);
}


void TopologyEditor::zoomIn()
{
    view_->zoomIn();
}

void TopologyEditor::zoomOut()
{
    view_->zoomOut();
}

void TopologyEditor::zoomToFit()
{
    fitPending_ = false;
    fitted_ = true;
    if (scene_->vertexCount() == 0 && !scene_->summary() && !scene_->aggregated()) {
        view_->resetTransform();
        view_->centerOn(0, 0);
        return;
    }
    // The content fits beside the legend (in the bottom-left corner): above
    // it across the whole width, or right of it over the whole height,
    // whichever shows it larger; never blown up past 1.5.
    const QRectF r = scene_->contentRect().adjusted(-30, -30, 30, 30);
    const QRectF vp = view_->viewport()->rect().adjusted(2, 2, -2, -2);
    const QRectF legend = view_->legendRect();
    const double lw = legend.isEmpty() ? 0.0 : legend.right() + 4, lh = legend.isEmpty() ? 0.0 : vp.height() - legend.top() + 4;
    const double w = std::max(r.width(), 1.0), h = std::max(r.height(), 1.0);
    const double above = std::min(vp.width() / w, std::max(vp.height() - lh, 1.0) / h);
    const double beside = std::min(std::max(vp.width() - lw, 1.0) / w, vp.height() / h);
    double s = std::min({std::max(above, beside), 1.5});
    // Aggregates are never fitted smaller than their names can be read at (issue 48, defect 10: 118 boxes of a
    // dragonfly fitted to the view were 3 px wide): when the layout is larger, the view shows its top left.
    const double readable = scene_->readableZoom();
    if (scene_->aggregated() && s < readable) {
        s = readable;
        view_->resetTransform();
        view_->scale(s, s);
        const double halfW = vp.width() / 2 / s, halfH = vp.height() / 2 / s;
        view_->centerOn(r.width() / 2 <= halfW ? r.center().x() : r.left() + halfW,
                        r.height() / 2 <= halfH ? r.center().y() : r.top() + halfH);
        scene_->showJobAggregates(); // the job's boxes, where there is a job
        scene_->updateDetail();
        return;
    }
    view_->resetTransform();
    view_->scale(s, s);
    // The centre of the free area, in scene units from the viewport's centre.
    const QPointF shift = above >= beside ? QPointF(0, lh / 2 / s) : QPointF(-lw / 2 / s, 0);
    view_->centerOn(r.center() + shift);
    scene_->updateDetail();
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
        scene_->reflowAggregates();
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
    if (scene_->aggregated()) {
        // The job at the sweep's cursor: how many of the aggregates shown hold it, marked in amber.
        QString job;
        const TopologyScene::JobMarks marks = scene_->jobMarks();
        if (marks.hosts)
            job = tr(" The job: %1 hosts in %2 of them (amber)%3.")
                      .arg(QLocale().toString(static_cast<qulonglong>(marks.hosts)))
                      .arg(marks.boxes)
                      .arg(marks.elsewhere
                               ? tr(", %1 outside").arg(QLocale().toString(static_cast<qulonglong>(marks.elsewhere)))
                               : QString());
        return showMessage(
            tr("%1 vertices are drawn as their structure: %2 aggregates%3. Double-click one to open it; Up goes back.%4")
                .arg(QLocale().toString(static_cast<qulonglong>(model_->topology() ? model_->topology()->vertexCount() : 0)))
                .arg(scene_->aggregates().groups.size())
                .arg(aggregatePath().isEmpty() ? QString() : tr(" in %1").arg(aggregatePath()))
                .arg(job),
            false);
    }
    if (const TopologySummary* summary = scene_->summary())
        return showMessage(tr("%1: more than %2 vertices are drawn as a summary (clusterscope-cli topo gives the "
                              "metrics of networks this large).")
                               .arg(summary->text())
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
