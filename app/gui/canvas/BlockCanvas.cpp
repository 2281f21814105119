#include "app/gui/canvas/BlockCanvas.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/AutoLayout.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasView.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"
#include "app/gui/inspector/InspectorText.h"
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

namespace {

// Parameters and blocks the canvas draws one item each; beyond, a note.
constexpr std::size_t kMaxCanvasNodes = 1000;

QString provenanceText(const ParamValue& v)
{
    switch (v.provenance.kind) {
    case ProvenanceKind::Default: return QObject::tr("default");
    case ProvenanceKind::User: return QObject::tr("set by user");
    case ProvenanceKind::Wired: return QObject::tr("wired from %1").arg(q(v.provenance.detail));
    case ProvenanceKind::Calibrated: return QObject::tr("calibrated (%1)").arg(q(v.provenance.detail));
    }
    return {};
}

QString inputTip(const ParamSpec& s, const ParamValue& v)
{
    QString tip = QString("<b>%1</b> — %2<br>").arg(q(s.symbol).toHtmlEscaped(), q(s.meaning).toHtmlEscaped());
    if (v.provenance.kind != ProvenanceKind::Wired)
        tip += QObject::tr("value: %1 (%2)<br>").arg(inspector::displayValue(v.value, s),
                                                     provenanceText(v));
    else
        tip += provenanceText(v) + "<br>";
    tip += QObject::tr("range: %1<br><i>%2</i>").arg(q(s.rangeText()).toHtmlEscaped(), q(s.source).toHtmlEscaped());
    return tip;
}

QString outputTip(const OutputSpec& o)
{
    QString tip = QString("<b>%1</b> [%2] — %3")
                      .arg(q(o.symbol).toHtmlEscaped(), q(std::string(unitSymbol(o.unit))),
                           q(o.meaning).toHtmlEscaped());
    if (!o.phaseOf.empty())
        tip += QObject::tr("<br>a phase of %1").arg(q(o.phaseOf));
    tip += QString("<br><i>%1</i>").arg(q(o.source).toHtmlEscaped());
    return tip;
}

// What a design parameter's node shows: its value, or what it follows.
QString paramText(const DesignParam& p)
{
    // A parameter following the topology has no number of its own.
    const bool following = !p.follows.empty() && p.value.provenance.kind == ProvenanceKind::Default;
    return following ? QObject::tr("= %1").arg(q(Endpoint::parse(p.follows).port))
                     : inspector::displayValue(p.value.value, p.spec);
}

} // namespace

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
    connect(model_, &DocumentModel::layoutChanged, this, &BlockCanvas::updatePositions);
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
}

void BlockCanvas::removeWireItem(WireItem* w)
{
    for (PortItem* end : {w->from(), w->to()})
        if (end && end->node())
            end->node()->removeWire(w);
    scene_->removeItem(w);
    delete w;
}

bool BlockCanvas::syncBlocks(const edit::Change& c)
{
    const Design& d = model_->doc().design;
    if (nodes_.empty() || d.designParams().size() + d.blocks().size() > kMaxCanvasNodes)
        return false;
    scene_->cancelDrag();
    syncing_ = true;
    for (const std::string& name : c.blocksRemoved) {
        BlockNode* n = node(q(name));
        if (!n)
            continue;
        const std::vector<WireItem*> wires = n->wires();
        for (WireItem* w : wires)
            removeWireItem(w);
        nodes_.erase(n->name());
        scene_->removeItem(n);
        delete n;
    }
    QSet<QString> usedSources;
    for (const Wire& w : d.wires())
        usedSources.insert(q(w.from.str()));
    // A new block without a position of its own (a pasted one has the clipboard's, one added from the
    // palette the drop's): right of the drawing, as addBlock places it.
    double right = 0;
    for (const auto& [name, n] : nodes_)
        right = std::max(right, n->sceneBoundingRect().right());
    for (const std::string& name : c.blocksAdded) {
        const BlockInstance* b = d.findBlock(name);
        if (!b || node(q(name)))
            continue;
        BlockNode* n = blockNode(*b, usedSources);
        addNode(n);
        if (!model_->blockPosition(name)) {
            autoPos_[n->name()] = QPointF(right + 60, 0);
            right += 60 + n->boundingRect().width();
        }
        n->setPos(positionOf(n->name()));
    }
    syncing_ = false;
    if ((selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam) &&
        !node(selection_->key()))
        selection_->clear();
    return rewire();
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
    const Design& d = model_->doc().design;

    // A design of thousands of parameters or blocks cannot be read as a
    // drawing, and making its items would hold the GUI thread for seconds
    // (a document may hold 100,000): it is described instead.
    if (d.designParams().size() + d.blocks().size() > kMaxCanvasNodes) {
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

    if (nodes_.empty()) {
        auto* hint = scene_->addText(tr("An empty design.\nDrag block types from the palette on the left,\n"
                                        "or double-click one, to add blocks."));
        hint->setDefaultTextColor(QColor(120, 120, 120));
        hint->setPos(0, 0);
    }

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

void BlockCanvas::onDesignChanged(const edit::Change& c)
{
    // Neither the structure nor a value changed (a link drawn, a sweep
    // axis): the canvas shows nothing that changed, and keeps its items.
    if (!c.structure && c.values.empty())
        return;
    // Blocks added or removed (a paste, a delete, their undo): those items alone, then the wires.
    const bool blocks = !c.blocksAdded.empty() || !c.blocksRemoved.empty();
    if (!c.structure ? !updateValues(c.values) : blocks ? !syncBlocks(c) : !rewire())
        rebuild();
}

std::string BlockCanvas::wireKey(const WireItem* w)
{
    const auto end = [](const PortItem* p) {
        const BlockNode* n = p->node();
        return n->isParam() ? p->symbol().toStdString() : n->name().toStdString() + "." + p->symbol().toStdString();
    };
    return end(w->from()) + ">" + end(w->to());
}

void BlockCanvas::addWireItems()
{
    std::set<std::string> drawn;
    for (QGraphicsItem* it : scene_->items())
        if (it->type() == WireItem::Type && static_cast<WireItem*>(it)->to())
            drawn.insert(wireKey(static_cast<WireItem*>(it)));
    for (const Wire& w : model_->doc().design.wires()) {
        if (drawn.count(w.from.str() + ">" + w.to.str()))
            continue;
        BlockNode* fromNode = node(q(w.from.isDesignParam() ? w.from.port : w.from.block));
        BlockNode* toNode = node(q(w.to.block));
        PortItem* from = fromNode ? fromNode->outputPort(q(w.from.port)) : nullptr;
        PortItem* to = toNode ? toNode->inputPort(q(w.to.port)) : nullptr;
        if (!from || !to)
            continue;
        auto* wire = new WireItem(from, to);
        scene_->addItem(wire);
        wire->updatePath(); // now that it can see the nodes in its way
        fromNode->addWire(wire);
        toNode->addWire(wire);
    }
}

bool BlockCanvas::rewire()
{
    const Design& d = model_->doc().design;
    if (d.designParams().size() + d.blocks().size() != nodes_.size() || nodes_.empty())
        return false;
    auto sameSymbols = [](const std::vector<PortItem*>& ports, auto&& symbols) {
        if (ports.size() != symbols.size())
            return false;
        for (std::size_t i = 0; i < ports.size(); ++i)
            if (ports[i]->symbol() != q(symbols[i].symbol))
                return false;
        return true;
    };
    for (const DesignParam& p : d.designParams()) {
        BlockNode* n = node(q(p.spec.symbol));
        if (!n || !n->isParam())
            return false;
    }
    for (const BlockInstance& b : d.blocks()) {
        BlockNode* n = node(q(b.name));
        if (!n || n->isParam() || !sameSymbols(n->inputs(), b.spec().inputs) ||
            !sameSymbols(n->outputs(), b.spec().outputs))
            return false;
    }

    scene_->cancelDrag();
    // The wire items that no longer stand for a wire go; those that do stay (addWireItems adds the others).
    std::set<std::string> wanted;
    for (const Wire& w : d.wires())
        wanted.insert(w.from.str() + ">" + w.to.str());
    std::vector<WireItem*> gone;
    for (QGraphicsItem* it : scene_->items())
        if (it->type() == WireItem::Type) {
            auto* w = static_cast<WireItem*>(it);
            if (!w->to() || !wanted.count(wireKey(w)))
                gone.push_back(w);
        }
    for (WireItem* w : gone)
        removeWireItem(w);

    // What each port shows: wired or not, and the values (wiring an input
    // drops its own value; undo brings it back).
    QSet<QString> usedSources;
    for (const Wire& w : d.wires())
        usedSources.insert(q(w.from.str()));
    for (const DesignParam& p : d.designParams()) {
        BlockNode* n = node(q(p.spec.symbol));
        n->setPortText(q(p.spec.symbol), false, paramText(p), inputTip(p.spec, p.value));
        if (PortItem* out = n->outputPort(q(p.spec.symbol)))
            out->setWired(usedSources.contains(q(p.spec.symbol)));
    }
    for (const BlockInstance& b : d.blocks()) {
        BlockNode* n = node(q(b.name));
        for (const ParamSpec& in : b.spec().inputs) {
            const Endpoint e{b.name, in.symbol};
            n->setPortText(q(in.symbol), true, {}, inputTip(in, d.value(e)));
            n->inputPort(q(in.symbol))->setWired(d.wireInto(e) != nullptr);
        }
        for (const OutputSpec& o : b.spec().outputs)
            n->outputPort(q(o.symbol))->setWired(usedSources.contains(q(b.name + "." + o.symbol)));
    }
    addWireItems();
    return true;
}

bool BlockCanvas::updateValues(const std::vector<std::string>& paths)
{
    const Design& d = model_->doc().design;
    for (const std::string& path : paths) {
        if (const DesignParam* p = d.findDesignParam(path)) {
            BlockNode* n = node(q(path));
            if (!n)
                return false;
            n->setPortText(q(path), false, paramText(*p), inputTip(p->spec, p->value));
            continue;
        }
        const Endpoint e = Endpoint::parse(path);
        BlockNode* n = node(q(e.block));
        const BlockInstance* b = d.findBlock(e.block);
        const ParamSpec* spec = nullptr;
        if (b)
            for (const ParamSpec& in : b->spec().inputs)
                if (in.symbol == e.port)
                    spec = &in;
        if (!n || !spec || !n->inputPort(q(e.port)))
            return false;
        n->setPortText(q(e.port), true, {}, inputTip(*spec, d.value(e)));
    }
    return true;
}

void BlockCanvas::updatePositions()
{
    for (const auto& [name, n] : nodes_) {
        const QPointF p = positionOf(name);
        if (n->pos() != p)
            n->setPos(p);
    }
    // A moved node may now stand in the way of other wires.
    for (QGraphicsItem* it : scene_->items())
        if (it->type() == WireItem::Type)
            static_cast<WireItem*>(it)->updatePath();
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
