// The block canvas kept up to date in place from an edit's Change (BlockCanvas.h): values alone, blocks added
// or removed, wires drawn or removed; rebuild() when anything else changed.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasText.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"
#include "app/gui/widgets/QtStrings.h"

#include <algorithm>
#include <set>

namespace cs::app {

using namespace canvas;

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

} // namespace cs::app
