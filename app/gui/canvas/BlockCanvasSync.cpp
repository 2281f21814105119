// The block canvas kept up to date in place from the Change an edit's signal carries (BlockCanvas.h): only the
// items it names are made, removed, moved or redrawn (issue 47). rebuild() is for a document loaded or replaced.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasText.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"
#include "app/gui/widgets/QtStrings.h"

#include <QGraphicsTextItem>

#include <algorithm>

namespace cs::app {

using namespace canvas;

namespace {

QString wireKey(const Wire& w)
{
    return q(w.from.str() + ">" + w.to.str());
}

QString sourceNode(const Source& s)
{
    return q(s.isDesignParam() ? s.port : s.block);
}

const ParamSpec* inputSpec(const BlockInstance& b, const std::string& symbol)
{
    for (const ParamSpec& in : b.spec().inputs)
        if (in.symbol == symbol)
            return &in;
    return nullptr;
}

// The node's ports are the block's inputs and outputs, in order.
bool samePorts(const BlockNode& n, const BlockInstance& b)
{
    const BlockSpec& s = b.spec();
    if (n.inputs().size() != s.inputs.size() || n.outputs().size() != s.outputs.size())
        return false;
    for (std::size_t i = 0; i < s.inputs.size(); ++i)
        if (n.inputs()[i]->symbol() != q(s.inputs[i].symbol))
            return false;
    for (std::size_t i = 0; i < s.outputs.size(); ++i)
        if (n.outputs()[i]->symbol() != q(s.outputs[i].symbol))
            return false;
    return true;
}

} // namespace

void BlockCanvas::onDesignChanged(const edit::Change& c)
{
    if (c.reread && !described_) {
        updateAllTexts();
        return;
    }
    follow(c);
}

bool BlockCanvas::applyChange(const edit::Change& c)
{
    const Design& d = model_->doc().design;
    const std::size_t count = d.designParams().size() + d.blocks().size();
    const bool nodesCameOrWent = !c.blocksAdded.empty() || !c.blocksRemoved.empty() || !c.paramsAdded.empty() ||
                                 !c.paramsRemoved.empty();
    // A design too big to draw is described by a note; crossing that size either way is drawn anew.
    if (described_ || count > kMaxCanvasNodes)
        return described_ && count > kMaxCanvasNodes && !nodesCameOrWent;

    if (nodesCameOrWent || !c.blocksSet.empty() || !c.wiresRemoved.empty() || !c.wiresAdded.empty())
        scene_->cancelDrag(); // a wire drag in progress holds items that may go
    syncing_ = true;
    for (const Wire& w : c.wiresRemoved)
        if (auto it = wires_.find(wireKey(w)); it != wires_.end())
            removeWireItem(it->second);
    for (const auto* names : {&c.blocksRemoved, &c.paramsRemoved})
        for (const std::string& name : *names)
            removeNode(q(name));

    // Nodes made: blocks whose type was replaced (in their place), then those added.
    QSet<QString> usedSources;
    std::vector<QString> made;
    if (!c.blocksSet.empty() || nodesCameOrWent)
        for (const Wire& w : d.wires())
            usedSources.insert(q(w.from.str()));
    for (const std::string& name : c.blocksSet) {
        // A block remade with the same ports (the topology's, after every edit of the drawing) keeps its
        // node: only its values change, which updateValues shows below.
        if (const BlockInstance* b = d.findBlock(name); b && node(q(name)) && samePorts(*node(q(name)), *b)) {
            node(q(name))->setSubtitle(q(b->spec().name));
            continue;
        }
        const bool selected = node(q(name)) && node(q(name))->isSelected();
        removeNode(q(name));
        if (BlockNode* n = makeNode(q(name), usedSources)) {
            n->setPos(positionOf(n->name()));
            n->setSelected(selected);
            made.push_back(n->name());
        }
    }
    // A new node without a position of its own (a pasted one has the clipboard's, one added from the
    // palette the drop's): right of the drawing, as addBlock places it.
    double right = 0;
    if (!c.blocksAdded.empty() || !c.paramsAdded.empty())
        for (const auto& [name, n] : nodes_)
            right = std::max(right, n->sceneBoundingRect().right());
    for (const auto* names : {&c.paramsAdded, &c.blocksAdded})
        for (const std::string& name : *names) {
            if (node(q(name)))
                continue;
            BlockNode* n = makeNode(q(name), usedSources);
            if (!n)
                continue;
            if (!model_->blockPosition(name)) {
                autoPos_[n->name()] = QPointF(right + 60, 0);
                right += 60 + n->boundingRect().width();
            }
            n->setPos(positionOf(n->name()));
            made.push_back(n->name());
        }

    // Wires: those drawn by the edit, and those of the nodes made (the wires of a block added are among
    // the edit's; those of a block made anew were kept by it).
    for (const Wire& w : c.wiresAdded)
        addWireItem(w);
    if (!c.blocksSet.empty())
        for (const Wire& w : d.wires())
            if (std::find(made.begin(), made.end(), sourceNode(w.from)) != made.end() ||
                std::find(made.begin(), made.end(), q(w.to.block)) != made.end())
                addWireItem(w);
    for (const auto* wires : {&c.wiresAdded, &c.wiresRemoved})
        for (const Wire& w : *wires)
            updateEnds(w, made);
    for (const std::string& name : c.paramsSet)
        updateParamText(q(name));
    syncing_ = false;
    if (!updateValues(c.values))
        return false;
    updateHint();
    if ((selection_->kind() == Selection::Kind::Block || selection_->kind() == Selection::Kind::DesignParam) &&
        !node(selection_->key()))
        selection_->clear();
    // Every block and parameter has its node, every wire its item: else the change did not say all.
    return nodes_.size() == count && wires_.size() == d.wires().size();
}

void BlockCanvas::applyMoves(const edit::Change& c)
{
    std::vector<BlockNode*> moved;
    for (const std::string& name : c.movedBlocks)
        if (BlockNode* n = node(q(name))) {
            const QPointF p = positionOf(n->name());
            if (n->pos() != p)
                n->setPos(p); // its own wires follow it (BlockNode::itemChange)
            moved.push_back(n);
        }
    if (moved.empty())
        return;
    // The other wires the moved nodes now stand in the way of, or were routed around.
    for (const auto& [key, w] : wires_)
        for (BlockNode* n : moved)
            if (w->from()->node() != n && w->to()->node() != n && w->mayRouteAround(n)) {
                w->updatePath();
                break;
            }
}

BlockNode* BlockCanvas::makeNode(const QString& name, const QSet<QString>& usedSources)
{
    const Design& d = model_->doc().design;
    BlockNode* n = nullptr;
    if (const DesignParam* p = d.findDesignParam(name.toStdString()))
        n = paramNode(*p, usedSources);
    else if (const BlockInstance* b = d.findBlock(name.toStdString()))
        n = blockNode(*b, usedSources);
    if (n)
        addNode(n);
    return n;
}

void BlockCanvas::removeNode(const QString& name)
{
    BlockNode* n = node(name);
    if (!n)
        return;
    const std::vector<WireItem*> wires = n->wires();
    for (WireItem* w : wires)
        removeWireItem(w);
    nodes_.erase(name);
    scene_->tally().nodesRemoved.insert(name);
    scene_->removeItem(n);
    delete n;
}

void BlockCanvas::addWireItem(const Wire& w)
{
    const QString key = wireKey(w);
    if (wires_.count(key))
        return;
    BlockNode* fromNode = node(sourceNode(w.from));
    BlockNode* toNode = node(q(w.to.block));
    PortItem* from = fromNode ? fromNode->outputPort(q(w.from.port)) : nullptr;
    PortItem* to = toNode ? toNode->inputPort(q(w.to.port)) : nullptr;
    if (!from || !to)
        return;
    auto* wire = new WireItem(from, to);
    scene_->addItem(wire);
    wire->updatePath(); // now that it can see the nodes in its way
    fromNode->addWire(wire);
    toNode->addWire(wire);
    wires_[key] = wire;
    scene_->tally().wiresCreated.insert(key);
}

void BlockCanvas::removeWireItem(WireItem* w)
{
    for (PortItem* end : {w->from(), w->to()})
        if (end && end->node())
            end->node()->removeWire(w);
    const QString key = w->key();
    if (auto it = wires_.find(key); it != wires_.end() && it->second == w) {
        wires_.erase(it);
        scene_->tally().wiresRemoved.insert(key);
    }
    scene_->removeItem(w);
    delete w;
}

void BlockCanvas::addWireItems()
{
    for (const Wire& w : model_->doc().design.wires())
        addWireItem(w);
}

void BlockCanvas::updateEnds(const Wire& w, const std::vector<QString>& made)
{
    const auto fresh = [&](const QString& name) { return std::find(made.begin(), made.end(), name) != made.end(); };
    const Design& d = model_->doc().design;
    if (BlockNode* n = fresh(sourceNode(w.from)) ? nullptr : node(sourceNode(w.from)))
        if (PortItem* out = n->outputPort(q(w.from.port))) {
            const auto& wires = n->wires();
            out->setWired(std::any_of(wires.begin(), wires.end(), [&](WireItem* x) { return x->from() == out; }));
        }
    BlockNode* n = fresh(q(w.to.block)) ? nullptr : node(q(w.to.block));
    const BlockInstance* b = d.findBlock(w.to.block);
    const ParamSpec* spec = b ? inputSpec(*b, w.to.port) : nullptr;
    PortItem* in = n ? n->inputPort(q(w.to.port)) : nullptr;
    if (!in || !spec)
        return;
    in->setWired(d.wireInto(w.to) != nullptr);
    n->setPortText(q(w.to.port), true, {}, inputTip(*spec, d.value(w.to)));
}

void BlockCanvas::updateParamText(const QString& name)
{
    const DesignParam* p = model_->doc().design.findDesignParam(name.toStdString());
    if (BlockNode* n = node(name); n && p)
        n->setPortText(name, false, paramText(*p), inputTip(p->spec, p->value));
}

void BlockCanvas::updateAllTexts()
{
    const Design& d = model_->doc().design;
    for (const DesignParam& p : d.designParams())
        updateParamText(q(p.spec.symbol));
    for (const BlockInstance& b : d.blocks())
        if (BlockNode* n = node(q(b.name)))
            for (const ParamSpec& in : b.spec().inputs)
                n->setPortText(q(in.symbol), true, {}, inputTip(in, d.value({b.name, in.symbol})));
}

bool BlockCanvas::updateValues(const std::vector<std::string>& paths)
{
    const Design& d = model_->doc().design;
    for (const std::string& path : paths) {
        if (d.findDesignParam(path)) {
            if (!node(q(path)))
                return false;
            updateParamText(q(path));
            continue;
        }
        const Endpoint e = Endpoint::parse(path);
        BlockNode* n = node(q(e.block));
        const BlockInstance* b = d.findBlock(e.block);
        const ParamSpec* spec = b ? inputSpec(*b, e.port) : nullptr;
        if (!n || !spec || !n->inputPort(q(e.port)))
            return false;
        n->setPortText(q(e.port), true, {}, inputTip(*spec, d.value(e)));
    }
    return true;
}

void BlockCanvas::updateHint()
{
    if (nodes_.empty() && !hint_) {
        hint_ = scene_->addText(tr("An empty design.\nDrag block types from the palette on the left,\n"
                                   "or double-click one, to add blocks."));
        hint_->setDefaultTextColor(QColor(120, 120, 120));
        hint_->setPos(0, 0);
    } else if (!nodes_.empty() && hint_) {
        scene_->removeItem(hint_);
        delete hint_;
        hint_ = nullptr;
    }
}

} // namespace cs::app
