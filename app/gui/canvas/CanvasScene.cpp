#include "app/gui/canvas/CanvasScene.h"
#include "app/document/DocumentModel.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/WireItem.h"
#include "app/gui/widgets/QtStrings.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QMenu>
#include <QUndoStack>

#include <cmath>

namespace cs::app::canvas {

CanvasScene::CanvasScene(DocumentModel* model, QObject* parent) : QGraphicsScene(parent), model_(model) {}

CanvasTally* CanvasScene::tallyOf(const QGraphicsItem* item)
{
    auto* s = item ? qobject_cast<CanvasScene*>(item->scene()) : nullptr;
    return s ? &s->tally_ : nullptr;
}

PortItem* CanvasScene::portAt(QPointF pos, std::optional<PortItem::Dir> dir, double radius) const
{
    for (QGraphicsItem* it : items(pos))
        if (it->type() == PortItem::Type) {
            auto* p = static_cast<PortItem*>(it);
            if (!dir || p->dir() == *dir)
                return p;
        }
    PortItem* best = nullptr;
    double bestDist = radius;
    for (QGraphicsItem* it : items(QRectF(pos - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius)))) {
        if (it->type() != PortItem::Type)
            continue;
        auto* p = static_cast<PortItem*>(it);
        if (dir && p->dir() != *dir)
            continue;
        const QPointF d = p->anchor() - pos;
        const double dist = std::hypot(d.x(), d.y());
        if (dist <= bestDist) {
            bestDist = dist;
            best = p;
        }
    }
    return best;
}

WireItem* CanvasScene::wireInto(PortItem* input) const
{
    for (WireItem* w : input->node()->wires())
        if (w->to() == input)
            return w;
    return nullptr;
}

void CanvasScene::mousePressEvent(QGraphicsSceneMouseEvent* e)
{
    if (e->button() == Qt::LeftButton && !drag_.fixed) {
        if (PortItem* port = portAt(e->scenePos(), std::nullopt, 0.0)) {
            startWireDrag(port, e->scenePos());
            e->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(e);
    pressPos_.clear();
    if (e->button() == Qt::LeftButton)
        for (QGraphicsItem* it : selectedItems())
            if (it->type() == BlockNode::Type)
                pressPos_[static_cast<BlockNode*>(it)->name()] = it->pos();
}

void CanvasScene::mouseMoveEvent(QGraphicsSceneMouseEvent* e)
{
    if (!drag_.fixed) {
        QGraphicsScene::mouseMoveEvent(e);
        return;
    }
    const PortItem::Dir want = drag_.fixed->isInput() ? PortItem::Dir::Out : PortItem::Dir::In;
    PortItem* target = portAt(e->scenePos(), want);
    drag_.rubber->setFreeEnd(target ? target->anchor() : e->scenePos());
    if (target != drag_.hover) {
        drag_.hover = target;
        if (target) {
            const QString problem = wireProblem(target);
            const auto [from, to] = wireFor(target);
            if (problem.isEmpty())
                emit message(tr("Release to wire %1 → %2").arg(q(from.str()), q(to.str())), false);
            else
                emit message(problem, true);
        }
    }
    e->accept();
}

void CanvasScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* e)
{
    if (drag_.fixed) {
        if (e->button() == Qt::LeftButton)
            finishWireDrag(e->scenePos());
        e->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(e);
    if (e->button() != Qt::LeftButton || pressPos_.empty())
        return;
    std::map<std::string, QPointF> moved;
    for (QGraphicsItem* it : items())
        if (it->type() == BlockNode::Type) {
            auto* node = static_cast<BlockNode*>(it);
            auto was = pressPos_.find(node->name());
            if (was != pressPos_.end() && was->second != node->pos())
                moved[node->name().toStdString()] = node->pos();
        }
    pressPos_.clear();
    if (!moved.empty())
        model_->moveBlocks(moved); // one undo step for the whole drag
}

void CanvasScene::startWireDrag(PortItem* port, QPointF pos)
{
    drag_ = {};
    if (port->isInput() && port->isWired()) {
        // Pick up the input end of the existing wire.
        WireItem* w = wireInto(port);
        if (!w)
            return;
        drag_.detached = w;
        drag_.detachedInput = port->endpoint();
        drag_.trial = model_->doc().design;
        drag_.trial->disconnect(*drag_.detachedInput);
        drag_.fixed = w->from();
        w->hide();
        w->from()->node()->update();
    } else {
        drag_.fixed = port;
    }
    drag_.rubber = new WireItem(drag_.fixed, nullptr);
    addItem(drag_.rubber);
    drag_.rubber->setFreeEnd(pos);
    setHints(true);
}

void CanvasScene::cancelDrag()
{
    if (!drag_.fixed)
        return;
    setHints(false);
    if (drag_.rubber) {
        removeItem(drag_.rubber);
        delete drag_.rubber;
    }
    if (drag_.detached)
        drag_.detached->show();
    drag_ = {};
}

QString CanvasScene::wireProblem(PortItem* target) const
{
    const Design& d = drag_.trial ? *drag_.trial : model_->doc().design;
    const auto [from, to] = wireFor(target);
    const std::string reason = d.checkConnection(from, to);
    return reason.empty() ? QString() : tr("Cannot wire %1 → %2: %3").arg(q(from.str()), q(to.str()), q(reason));
}

std::pair<Source, Endpoint> CanvasScene::wireFor(PortItem* target) const
{
    if (drag_.fixed->isInput())
        return {target->source(), drag_.fixed->endpoint()};
    return {drag_.fixed->source(), target->endpoint()};
}

void CanvasScene::setHints(bool on)
{
    const PortItem::Dir want = drag_.fixed && drag_.fixed->isInput() ? PortItem::Dir::Out : PortItem::Dir::In;
    for (QGraphicsItem* it : items()) {
        if (it->type() != PortItem::Type)
            continue;
        auto* p = static_cast<PortItem*>(it);
        if (!on || p->dir() != want)
            p->setHint(PortItem::Hint::None);
        else
            p->setHint(wireProblem(p).isEmpty() ? PortItem::Hint::Allowed : PortItem::Hint::Refused);
    }
}

void CanvasScene::finishWireDrag(QPointF pos)
{
    const PortItem::Dir want = drag_.fixed->isInput() ? PortItem::Dir::Out : PortItem::Dir::In;
    PortItem* target = portAt(pos, want);
    std::optional<std::pair<Source, Endpoint>> wire;
    QString problem;
    if (target) {
        wire = wireFor(target);
        problem = wireProblem(target);
    }
    const std::optional<Endpoint> detached = drag_.detachedInput;
    cancelDrag(); // the items may be rebuilt by the edit below

    if (detached) {
        if (wire && wire->second == *detached)
            return; // dropped back where it was
        if (!wire) {
            const QString err = model_->disconnect(*detached);
            emit message(err.isEmpty() ? tr("Disconnected %1").arg(q(detached->str())) : err, !err.isEmpty());
            return;
        }
        if (!problem.isEmpty()) {
            emit message(problem, true);
            return;
        }
        // Move the wire: one undo step.
        model_->undoStack()->beginMacro(tr("Rewire %1 to %2").arg(q(wire->first.str()), q(wire->second.str())));
        QString err = model_->disconnect(*detached);
        if (err.isEmpty())
            err = model_->connect(wire->first, wire->second);
        model_->undoStack()->endMacro();
        emit message(err.isEmpty() ? tr("Wired %1 → %2").arg(q(wire->first.str()), q(wire->second.str())) : err,
                     !err.isEmpty());
        return;
    }
    if (!wire) {
        emit message(tr("Drop the wire on a port to connect it"), false);
        return;
    }
    // The document applies the model's connection rule; its reason is shown as is.
    const QString err = model_->connect(wire->first, wire->second);
    if (!err.isEmpty())
        emit message(err, true);
    else
        emit message(tr("Wired %1 → %2").arg(q(wire->first.str()), q(wire->second.str())), false);
}

void CanvasScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* e)
{
    cancelDrag();
    QMenu menu;
    std::optional<Endpoint> unwire;
    BlockNode* node = nullptr;
    for (QGraphicsItem* it : items(e->scenePos())) {
        if (it->type() == WireItem::Type && static_cast<WireItem*>(it)->to()) {
            unwire = static_cast<WireItem*>(it)->to()->endpoint();
            break;
        }
        if (it->type() == PortItem::Type) {
            auto* p = static_cast<PortItem*>(it);
            if (p->isInput() && p->isWired())
                unwire = p->endpoint();
            node = p->node();
            break;
        }
        if (it->type() == BlockNode::Type) {
            node = static_cast<BlockNode*>(it);
            break;
        }
    }
    QAction* disconnectAct = nullptr;
    QAction* deleteAct = nullptr;
    if (unwire)
        disconnectAct = menu.addAction(tr("Disconnect %1").arg(q(unwire->str())));
    if (node && !node->isParam()) {
        if (!node->isSelected()) {
            clearSelection();
            node->setSelected(true);
        }
        deleteAct = menu.addAction(tr("Delete selected blocks"));
    }
    if (!menu.isEmpty())
        menu.addSeparator();
    QAction* fitAct = menu.addAction(tr("Zoom to fit"));
    QAction* layoutAct = menu.addAction(tr("Arrange automatically"));
    QAction* chosen = menu.exec(e->screenPos());
    if (!chosen)
        return;
    if (chosen == disconnectAct) {
        const QString err = model_->disconnect(*unwire);
        emit message(err.isEmpty() ? tr("Disconnected %1").arg(q(unwire->str())) : err, !err.isEmpty());
    } else if (chosen == deleteAct) {
        emit deleteRequested();
    } else if (chosen == fitAct) {
        emit fitRequested();
    } else if (chosen == layoutAct) {
        emit layoutRequested();
    }
}

} // namespace cs::app::canvas
