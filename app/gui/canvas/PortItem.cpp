#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasStyle.h"

#include <QCursor>
#include <QPainter>

namespace cs::app::canvas {

PortItem::PortItem(BlockNode* node, Dir dir, const QString& symbol, const QString& label, Unit unit,
                   double labelWidth, const QString& tip)
    : QGraphicsItem(node), node_(node), dir_(dir), symbol_(symbol), label_(label.isEmpty() ? symbol : label),
      unit_(unit), labelWidth_(labelWidth)
{
    setToolTip(tip);
    setAcceptHoverEvents(true);
    setCursor(Qt::CrossCursor);
}

QRectF PortItem::boundingRect() const
{
    const double h = kRowHeight;
    const double outer = kPortRadius + 3.0;
    if (dir_ == Dir::In)
        return QRectF(-outer, -h / 2, outer + kPortRadius + 5.0 + labelWidth_, h);
    return QRectF(-kPortRadius - 5.0 - labelWidth_, -h / 2, outer + kPortRadius + 5.0 + labelWidth_, h);
}

void PortItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*)
{
    p->setRenderHint(QPainter::Antialiasing);
    const QColor c = unitColor(unit_);
    const bool refused = hint_ == Hint::Refused;

    // The label: inside the node, next to the circle.
    QFont f = p->font();
    f.setPointSizeF(8.5);
    p->setFont(f);
    p->setPen(refused ? QColor(170, 170, 170) : QColor(30, 30, 30));
    if (dir_ == Dir::In)
        p->drawText(QRectF(kPortRadius + 4.0, -kRowHeight / 2, labelWidth_, kRowHeight),
                    Qt::AlignVCenter | Qt::AlignLeft, label_);
    else
        p->drawText(QRectF(-kPortRadius - 4.0 - labelWidth_, -kRowHeight / 2, labelWidth_, kRowHeight),
                    Qt::AlignVCenter | Qt::AlignRight, label_);

    // The circle: filled when a wire uses it (outputs always offer a value).
    if (hint_ == Hint::Allowed) {
        p->setPen(QPen(QColor(40, 180, 60), 2.0));
        p->setBrush(QColor(40, 180, 60, 70));
        p->drawEllipse(QPointF(0, 0), kPortRadius + 3.0, kPortRadius + 3.0);
    }
    QColor fill = (wired_ || dir_ == Dir::Out) ? c : QColor(Qt::white);
    QColor edge = c.darker(130);
    if (refused) {
        fill.setAlpha(60);
        edge.setAlpha(90);
    }
    p->setPen(QPen(edge, 1.5));
    p->setBrush(fill);
    p->drawEllipse(QPointF(0, 0), kPortRadius, kPortRadius);
}

Source PortItem::source() const
{
    if (node_->isParam())
        return Source::designParam(node_->name().toStdString());
    return Source::output({node_->name().toStdString(), symbol_.toStdString()});
}

Endpoint PortItem::endpoint() const
{
    return {node_->name().toStdString(), symbol_.toStdString()};
}

void PortItem::setText(const QString& label, double labelWidth, const QString& tip)
{
    prepareGeometryChange();
    label_ = label.isEmpty() ? symbol_ : label;
    labelWidth_ = labelWidth;
    setToolTip(tip);
    update();
}

void PortItem::setWired(bool wired)
{
    if (wired != wired_) {
        wired_ = wired;
        update();
        if (CanvasTally* t = CanvasScene::tallyOf(this))
            t->nodesUpdated.insert(node_->name());
    }
}

void PortItem::setHint(Hint h)
{
    if (h != hint_) {
        hint_ = h;
        update();
    }
}

} // namespace cs::app::canvas
