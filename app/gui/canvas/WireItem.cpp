#include "app/gui/canvas/WireItem.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasStyle.h"
#include "app/gui/canvas/PortItem.h"

#include <QGraphicsScene>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cs::app::canvas {

WireItem::WireItem(PortItem* from, PortItem* to) : from_(from), to_(to)
{
    // Above the nodes: a wire that must cross a block (when no channel around
    // it is free) is seen crossing it, not vanishing behind it.
    setZValue(2.0);
    if (to_) {
        setFlag(ItemIsSelectable);
        setAcceptHoverEvents(true);
        setToolTip(QObject::tr("%1 → %2\nDrag the input end away, or right-click, to disconnect")
                       .arg(QString::fromStdString(from_->source().str()),
                            QString::fromStdString(to_->endpoint().str())));
    } else {
        setZValue(10.0); // the rubber wire stays on top while dragging
    }
    setPen(QPen(unitColor(from_->unit()), 2.0));
    updatePath();
}

QPainterPath WireItem::curve(QPointF out, QPointF in, const QList<QRectF>& obstacles, double lane, bool* routed)
{
    if (routed)
        *routed = false;
    const double dx = std::max(40.0, std::abs(in.x() - out.x()) * 0.5);
    QPainterPath path(out);
    path.cubicTo(out + QPointF(dx, 0), in - QPointF(dx, 0), in);
    if (obstacles.isEmpty() || in.x() - out.x() < 120.0)
        return path;

    // Does the plain curve pass behind a node?
    bool blocked = false;
    for (int i = 1; i < 40 && !blocked; ++i) {
        const QPointF p = path.pointAtPercent(i / 40.0);
        for (const QRectF& r : obstacles)
            if (r.contains(p)) {
                blocked = true;
                break;
            }
    }
    if (!blocked)
        return path;

    // A channel above or below every node between the two ends, whichever
    // is the shorter way round.
    double top = obstacles.front().top(), bottom = obstacles.front().bottom();
    for (const QRectF& r : obstacles) {
        top = std::min(top, r.top());
        bottom = std::max(bottom, r.bottom());
    }
    const double above = top - 14.0 - lane, below = bottom + 14.0 + lane;
    const double y = std::abs(out.y() - above) + std::abs(in.y() - above) <=
                             std::abs(out.y() - below) + std::abs(in.y() - below)
                         ? above
                         : below;
    const double r = std::min(22.0, (in.x() - out.x()) / 6.0);
    QPainterPath round(out);
    round.cubicTo(QPointF(out.x() + 2.4 * r, out.y()), QPointF(out.x() - 0.4 * r, y), QPointF(out.x() + 2 * r, y));
    round.lineTo(QPointF(in.x() - 2 * r, y));
    round.cubicTo(QPointF(in.x() + 0.4 * r, y), QPointF(in.x() - 2.4 * r, in.y()), in);
    if (routed)
        *routed = true;
    return round;
}

QList<QRectF> WireItem::obstacles(QPointF out, QPointF in, std::vector<const QGraphicsItem*>* items) const
{
    QList<QRectF> found;
    if (!scene() || in.x() <= out.x())
        return found;
    // Nodes that overlap the span between the ends, other than the wire's own.
    const QRectF span(QPointF(out.x() + 1.0, -1e7), QPointF(in.x() - 1.0, 1e7));
    for (QGraphicsItem* it : scene()->items(span, Qt::IntersectsItemBoundingRect))
        if (it->type() == BlockNode::Type && it != from_->node() && it != to_->node()) {
            found.push_back(it->sceneBoundingRect().adjusted(-4, -4, 4, 4));
            if (items)
                items->push_back(it);
        }
    return found;
}

void WireItem::updatePath()
{
    if (!to_)
        return;
    const QPointF out = from_->anchor(), in = to_->anchor();
    const double lane = static_cast<double>(qHash(QString::fromStdString(from_->source().str())) % 5) * 5.0;
    std::vector<const QGraphicsItem*> around;
    bool routed = false;
    setPath(curve(out, in, obstacles(out, in, &around), lane, &routed));
    routedAround_ = routed ? std::move(around) : std::vector<const QGraphicsItem*>{};
    if (CanvasTally* t = CanvasScene::tallyOf(this))
        t->wiresRedrawn.insert(key());
}

QString WireItem::key() const
{
    if (!to_)
        return {};
    return QString::fromStdString(from_->source().str() + ">" + to_->endpoint().str());
}

bool WireItem::mayRouteAround(const QGraphicsItem* node) const
{
    if (!to_)
        return false;
    if (node == from_->node() || node == to_->node())
        return true;
    if (std::find(routedAround_.begin(), routedAround_.end(), node) != routedAround_.end())
        return true;
    // As curve() and obstacles() decide: only a node in the span between
    // the ends of a wire long enough to be routed can be in its way.
    const QPointF out = from_->anchor(), in = to_->anchor();
    if (in.x() - out.x() < 120.0)
        return false;
    const QRectF r = node->sceneBoundingRect().adjusted(-4, -4, 4, 4);
    if (r.right() < out.x() + 1.0 || r.left() > in.x() - 1.0)
        return false;
    if (!routedAround_.empty())
        return true; // a new node in the span may move the channel
    // The plain curve (the path now): does it pass behind the node?
    for (int i = 1; i < 40; ++i)
        if (r.contains(path().pointAtPercent(i / 40.0)))
            return true;
    return false;
}

void WireItem::setFreeEnd(QPointF scenePos)
{
    if (from_->isInput())
        setPath(curve(scenePos, from_->anchor()));
    else
        setPath(curve(from_->anchor(), scenePos));
}

QRectF WireItem::boundingRect() const
{
    // Room for the selection halo and the hover width, beyond the pen.
    return path().boundingRect().adjusted(-6, -6, 6, 6);
}

QPainterPath WireItem::shape() const
{
    QPainterPathStroker s;
    s.setWidth(10.0);
    return s.createStroke(path());
}

void WireItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    p->setRenderHint(QPainter::Antialiasing);
    QPen pen = this->pen();
    if (option->state & QStyle::State_Selected) {
        p->setPen(QPen(QColor(0xff, 0x8c, 0x00, 150), 7.0, Qt::SolidLine, Qt::RoundCap));
        p->drawPath(path());
    } else if (hovered_) {
        pen.setWidthF(3.5);
    }
    if (!to_)
        pen.setStyle(Qt::DashLine);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    p->drawPath(path());
}

void WireItem::hoverEnterEvent(QGraphicsSceneHoverEvent* e)
{
    hovered_ = true;
    update();
    QGraphicsPathItem::hoverEnterEvent(e);
}

void WireItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* e)
{
    hovered_ = false;
    update();
    QGraphicsPathItem::hoverLeaveEvent(e);
}

} // namespace cs::app::canvas
