#include "app/gui/canvas/BlockCanvas.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/AutoLayout.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/canvas/CanvasText.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasView.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"
#include "app/gui/widgets/QtStrings.h"

#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QSplitter>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <map>

namespace cs::app {

using namespace canvas;

BlockCanvas::BlockCanvas(DocumentModel* model, Selection* selection, QWidget* parent)
    : QWidget(parent), model_(model), selection_(selection)
{
    setObjectName("blockCanvas");
    scene_ = new CanvasScene(model_, this);
    view_ = new CanvasView(scene_, this);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->setSpacing(4);
    filter_ = new QLineEdit(side);
    filter_->setPlaceholderText(tr("Filter block types…"));
    filter_->setClearButtonEnabled(true);
    palette_ = new BlockPalette(model_->doc().design.registry(), side);
    auto* help = new QLabel(tr("Drag a block type onto the canvas (or double-click it). Wire a block by dragging "
                               "from an output port (right edge) to an input port (left edge); drag a wire's "
                               "input end away to disconnect it."),
                            side);
    help->setWordWrap(true);
    help->setStyleSheet("QLabel { color: #555; font-size: 8pt; }");
    sideLayout->addWidget(filter_);
    sideLayout->addWidget(palette_, 1);
    sideLayout->addWidget(help);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(side);
    split->addWidget(view_);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({240, 800});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(filter_, &QLineEdit::textChanged, palette_, &BlockPalette::setFilter);
    connect(palette_, &BlockPalette::typeActivated, this, &BlockCanvas::addBlock);
    connect(view_, &CanvasView::blockTypeDropped, this,
            [this](const QString& type, QPointF at) { addBlockAt(type, at - QPointF(20, 12)); });
    connect(view_, &CanvasView::deleteRequested, this, &BlockCanvas::deleteSelected);
    connect(scene_, &CanvasScene::message, this, &BlockCanvas::showMessage);
    connect(scene_, &CanvasScene::deleteRequested, this, &BlockCanvas::deleteSelected);
    connect(scene_, &CanvasScene::fitRequested, this, &BlockCanvas::zoomToFit);
    connect(scene_, &CanvasScene::layoutRequested, this, &BlockCanvas::arrangeAutomatically);
    connect(scene_, &QGraphicsScene::selectionChanged, this, &BlockCanvas::selectionFromScene);
    connect(selection_, &Selection::changed, this, &BlockCanvas::selectionToScene);

    connect(model_, &DocumentModel::documentReset, this, [this] {
        autoPos_.clear();
        rebuild();
        if (isVisible())
            zoomToFit();
        else
            fitPending_ = true;
    });
    connect(model_, &DocumentModel::designChanged, this, &BlockCanvas::onDesignChanged);
    connect(model_, &DocumentModel::layoutChanged, this, [this](const edit::Change& c) { applyMoves(c); });
    rebuild();
}

BlockCanvas::~BlockCanvas()
{
    // The scene's selection signal must not reach a half-destroyed canvas.
    disconnect(scene_, nullptr, this, nullptr);
}

QGraphicsView* BlockCanvas::view() const
{
    return view_;
}

BlockNode* BlockCanvas::node(const QString& name) const
{
    auto it = nodes_.find(name);
    return it == nodes_.end() ? nullptr : it->second;
}

PortItem* BlockCanvas::port(const QString& nodeName, const QString& symbol, bool input) const
{
    BlockNode* n = node(nodeName);
    if (!n)
        return nullptr;
    return input ? n->inputPort(symbol) : n->outputPort(symbol);
}

int BlockCanvas::wireCount() const
{
    int n = 0;
    for (QGraphicsItem* it : scene_->items())
        if (it->type() == WireItem::Type && static_cast<WireItem*>(it)->to())
            ++n;
    return n;
}

const CanvasTally& BlockCanvas::tally() const
{
    return scene_->tally();
}

void BlockCanvas::resetTally()
{
    scene_->tally() = {};
}

QPointF BlockCanvas::positionOf(const QString& name) const
{
    if (auto p = model_->blockPosition(name.toStdString()))
        return *p;
    auto it = autoPos_.find(name);
    return it == autoPos_.end() ? QPointF() : it->second;
}

BlockNode* BlockCanvas::paramNode(const DesignParam& p, const QSet<QString>& usedSources) const
{
    const QString name = q(p.spec.symbol);
    // A parameter following the topology has no number of its own.
    PortDesc out{name, paramText(p), p.spec.unit, inputTip(p.spec, p.value), usedSources.contains(name)};
    auto* n = new BlockNode(BlockNode::Kind::Param, name, name, {}, {}, {}, {out});
    n->setToolTip(tr("<b>Design parameter %1</b><br>%2<br>Drag from its port to an input to share it.")
                      .arg(name.toHtmlEscaped(), q(p.spec.meaning).toHtmlEscaped()));
    return n;
}

BlockNode* BlockCanvas::blockNode(const BlockInstance& b, const QSet<QString>& usedSources) const
{
    const Design& d = model_->doc().design;
    const BlockSpec& s = b.spec();
    std::vector<PortDesc> ins, outs;
    for (std::size_t i = 0; i < s.inputs.size(); ++i) {
        const Endpoint e{b.name, s.inputs[i].symbol};
        ins.push_back({q(s.inputs[i].symbol), {}, s.inputs[i].unit, inputTip(s.inputs[i], d.value(e)),
                       d.wireInto(e) != nullptr});
    }
    for (const OutputSpec& o : s.outputs)
        outs.push_back({q(o.symbol), {}, o.unit, outputTip(o), usedSources.contains(q(b.name + "." + o.symbol))});
    const QString name = q(b.name);
    auto* n = new BlockNode(BlockNode::Kind::Block, name, name, q(s.name), q(s.category), ins, outs);
    n->setToolTip(tr("<b>%1</b> (%2 <code>%3</code>)<p>%4</p><p><i>%5</i></p>")
                      .arg(name.toHtmlEscaped(), q(s.name).toHtmlEscaped(), q(s.id), q(s.description).toHtmlEscaped(),
                           q(s.source).toHtmlEscaped()));
    return n;
}

void BlockCanvas::addNode(BlockNode* n)
{
    scene_->addItem(n);
    nodes_[n->name()] = n;
    scene_->tally().nodesCreated.insert(n->name());
}

void BlockCanvas::rebuild()
{
    scene_->cancelDrag();
    QSet<QString> selected;
    for (QGraphicsItem* it : scene_->selectedItems())
        if (it->type() == BlockNode::Type)
            selected.insert(static_cast<BlockNode*>(it)->name());

    syncing_ = true;
    scene_->clear();
    nodes_.clear();
    wires_.clear();
    hint_ = nullptr;
    ++scene_->tally().rebuilds;
    const Design& d = model_->doc().design;

    // A design of thousands of parameters or blocks cannot be read as a
    // drawing, and making its items would hold the GUI thread for seconds
    // (a document may hold 100,000): it is described instead.
    described_ = d.designParams().size() + d.blocks().size() > kMaxCanvasNodes;
    if (described_) {
        auto* note = scene_->addText(tr("%1 design parameters and %2 blocks: more than the %3 the canvas draws.\n"
                                        "Edit them in the inspector, the sweep panel or the file.")
                                         .arg(d.designParams().size())
                                         .arg(d.blocks().size())
                                         .arg(kMaxCanvasNodes));
        note->setDefaultTextColor(QColor(120, 120, 120));
        note->setPos(0, 0);
        syncing_ = false;
        if (selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam)
            selection_->clear();
        return;
    }

    QSet<QString> usedSources;
    for (const Wire& w : d.wires())
        usedSources.insert(q(w.from.str()));

    for (const DesignParam& p : d.designParams())
        addNode(paramNode(p, usedSources));
    for (const BlockInstance& b : d.blocks())
        addNode(blockNode(b, usedSources));

    // Positions: the document's, then earlier automatic ones, then a new layout.
    std::vector<LayoutNode> layoutNodes;
    for (const auto& [name, n] : nodes_) {
        LayoutNode ln{name, n->isParam(), n->size(), std::nullopt};
        if (auto p = model_->blockPosition(name.toStdString()))
            ln.pos = *p;
        else if (auto it = autoPos_.find(name); it != autoPos_.end())
            ln.pos = it->second;
        layoutNodes.push_back(ln);
    }
    // Keep the design's order (parameters, then blocks) for the layout; by
    // name through a map, not a search of the list for each (n^2).
    std::map<QString, const LayoutNode*> byName;
    for (const LayoutNode& ln : layoutNodes)
        byName.emplace(ln.name, &ln);
    std::vector<LayoutNode> ordered;
    for (const DesignParam& p : d.designParams())
        if (auto it = byName.find(q(p.spec.symbol)); it != byName.end())
            ordered.push_back(*it->second);
    for (const BlockInstance& b : d.blocks())
        if (auto it = byName.find(q(b.name)); it != byName.end())
            ordered.push_back(*it->second);
    std::vector<LayoutEdge> edges;
    for (const Wire& w : d.wires())
        edges.push_back({q(w.from.isDesignParam() ? w.from.port : w.from.block), q(w.to.block)});
    for (const auto& [name, p] : layeredLayout(ordered, edges))
        autoPos_[name] = p;
    for (const auto& [name, n] : nodes_)
        n->setPos(positionOf(name));

    addWireItems();
    updateHint();

    if (selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam)
        selected.insert(selection_->key());
    for (const QString& name : selected)
        if (BlockNode* n = node(name))
            n->setSelected(true);
    syncing_ = false;
    // A deleted block (or parameter) can no longer be the selection.
    if ((selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam) &&
        !node(selection_->key()))
        selection_->clear();
}

void BlockCanvas::showMessage(const QString& text, bool error)
{
    lastMessage_ = text;
    view_->showMessage(text, error);
    emit message(text);
}

void BlockCanvas::selectionFromScene()
{
    if (syncing_)
        return;
    QList<BlockNode*> chosen;
    for (QGraphicsItem* it : scene_->selectedItems())
        if (it->type() == BlockNode::Type)
            chosen.push_back(static_cast<BlockNode*>(it));
    const bool ours =
        selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam;
    if (chosen.isEmpty()) {
        if (ours)
            selection_->clear();
        return;
    }
    for (BlockNode* n : chosen)
        if (ours && n->name() == selection_->key())
            return; // still among the selected: keep it
    BlockNode* n = chosen.front();
    syncing_ = true;
    selection_->select(n->isParam() ? Selection::Kind::DesignParam : Selection::Kind::Block, n->name());
    syncing_ = false;
}

void BlockCanvas::selectionToScene()
{
    if (syncing_)
        return;
    syncing_ = true;
    const bool ours =
        selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam;
    BlockNode* n = ours ? node(selection_->key()) : nullptr;
    if (!n || !n->isSelected()) {
        scene_->clearSelection();
        if (n)
            n->setSelected(true);
    }
    syncing_ = false;
}

void BlockCanvas::zoomToFit()
{
    fitPending_ = false;
    QRectF r = scene_->itemsBoundingRect();
    if (r.isEmpty())
        return;
    r.adjust(-30, -30, 30, 30);
    scene_->setSceneRect(r.adjusted(-2000, -2000, 2000, 2000));
    view_->fitInView(r, Qt::KeepAspectRatio);
    // Do not blow a small design up beyond a comfortable size.
    if (view_->transform().m11() > 1.25) {
        view_->resetTransform();
        view_->scale(1.25, 1.25);
        view_->centerOn(r.center());
    }
}

void BlockCanvas::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    if (fitPending_)
        QTimer::singleShot(0, this, &BlockCanvas::zoomToFit);
}

void BlockCanvas::deleteSelected()
{
    QStringList blocks;
    std::vector<Endpoint> wires;
    for (QGraphicsItem* it : scene_->selectedItems()) {
        if (it->type() == BlockNode::Type && !static_cast<BlockNode*>(it)->isParam())
            blocks.push_back(static_cast<BlockNode*>(it)->name());
        else if (it->type() == WireItem::Type && static_cast<WireItem*>(it)->to())
            wires.push_back(static_cast<WireItem*>(it)->to()->endpoint());
    }
    if (blocks.isEmpty() && wires.empty())
        return;
    blocks.sort();
    const bool macro = !wires.empty() && (!blocks.isEmpty() || wires.size() > 1);
    if (macro)
        model_->undoStack()->beginMacro(tr("Delete selection"));
    QString err;
    for (const Endpoint& e : wires) // wires first: a removed block takes its wires along
        if (err.isEmpty())
            err = model_->disconnect(e);
    if (err.isEmpty() && !blocks.isEmpty())
        err = model_->removeBlocks(blocks);
    if (macro)
        model_->undoStack()->endMacro();
    if (!err.isEmpty())
        showMessage(err, true);
    else if (!blocks.isEmpty())
        showMessage(tr("Deleted %1").arg(blocks.join(", ")), false);
    else
        showMessage(tr("Disconnected %n wire(s)", nullptr, static_cast<int>(wires.size())), false);
}

void BlockCanvas::arrangeAutomatically()
{
    std::vector<LayoutNode> all;
    const Design& d = model_->doc().design;
    for (const DesignParam& p : d.designParams())
        if (BlockNode* n = node(q(p.spec.symbol)))
            all.push_back({n->name(), true, n->size(), std::nullopt});
    for (const BlockInstance& b : d.blocks())
        if (BlockNode* n = node(q(b.name)))
            all.push_back({n->name(), false, n->size(), std::nullopt});
    std::vector<LayoutEdge> edges;
    for (const Wire& w : d.wires())
        edges.push_back({q(w.from.isDesignParam() ? w.from.port : w.from.block), q(w.to.block)});
    std::map<std::string, QPointF> to;
    for (const auto& [name, p] : layeredLayout(all, edges))
        to[name.toStdString()] = p;
    if (!to.empty())
        model_->moveBlocks(to);
    zoomToFit();
}

void BlockCanvas::addBlockAt(const QString& typeId, QPointF scenePos)
{
    QString name;
    const QString err = model_->addBlock(typeId, scenePos, &name);
    if (!err.isEmpty()) {
        showMessage(err, true);
        return;
    }
    selection_->select(Selection::Kind::Block, name);
    if (BlockNode* n = node(name))
        view_->ensureVisible(n, 20, 20);
    showMessage(tr("Added %1 (%2)").arg(name, typeId), false);
}

void BlockCanvas::addBlock(const QString& typeId)
{
    const QRectF r = scene_->itemsBoundingRect();
    addBlockAt(typeId, nodes_.empty() ? QPointF(0, 0) : QPointF(r.right() + 60, r.top()));
}

} // namespace cs::app
