#include "app/gui/canvas/BlockNode.h"
#include "app/gui/canvas/CanvasScene.h"
#include "app/gui/canvas/CanvasStyle.h"
#include "app/gui/canvas/PortItem.h"
#include "app/gui/canvas/WireItem.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cs::app::canvas {

namespace {

QFont labelFont()
{
    QFont f;
    f.setPointSizeF(8.5);
    return f;
}

QFont titleFont()
{
    QFont f;
    f.setPointSizeF(9.5);
    f.setBold(true);
    return f;
}

QFont subtitleFont()
{
    QFont f;
    f.setPointSizeF(8.0);
    return f;
}

double widest(const std::vector<PortDesc>& ports, const QFontMetricsF& fm)
{
    double w = 0.0;
    for (const PortDesc& p : ports)
        w = std::max(w, fm.horizontalAdvance(p.label.isEmpty() ? p.symbol : p.label));
    return w;
}

} // namespace

BlockNode::BlockNode(Kind kind, const QString& name, const QString& title, const QString& subtitle,
                     const QString& category, const std::vector<PortDesc>& inputs,
                     const std::vector<PortDesc>& outputs)
    : kind_(kind), name_(name), title_(title), subtitle_(subtitle), category_(category)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setZValue(1.0);

    const QFontMetricsF lfm(labelFont());
    const double inW = std::ceil(widest(inputs, lfm));
    const double outW = std::ceil(widest(outputs, lfm));
    const double titleW = QFontMetricsF(titleFont()).horizontalAdvance(title_);
    const double subW = QFontMetricsF(subtitleFont()).horizontalAdvance(subtitle_);
    const double portsW = inW + outW + 2 * (kPortRadius + 4.0) + 24.0;
    double w = std::max({titleW + 2 * kNodePadding, subW + 2 * kNodePadding, portsW});
    if (kind_ == Kind::Block)
        w = std::max(w, kMinNodeWidth);
    w = std::ceil(w);

    const double header = kind_ == Kind::Block ? kHeaderHeight : kParamHeaderHeight;
    const std::size_t rows = std::max(inputs.size(), outputs.size());
    size_ = QSizeF(w, header + static_cast<double>(rows) * kRowHeight + 6.0);

    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const PortDesc& d = inputs[i];
        auto* port = new PortItem(this, PortItem::Dir::In, d.symbol, d.label, d.unit, inW, d.tip);
        port->setPos(0.0, header + (static_cast<double>(i) + 0.5) * kRowHeight);
        port->setWired(d.wired);
        inputs_.push_back(port);
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const PortDesc& d = outputs[i];
        auto* port = new PortItem(this, PortItem::Dir::Out, d.symbol, d.label, d.unit, outW, d.tip);
        port->setPos(w, header + (static_cast<double>(i) + 0.5) * kRowHeight);
        port->setWired(d.wired);
        outputs_.push_back(port);
    }
}

QRectF BlockNode::boundingRect() const
{
    return QRectF(QPointF(0, 0), size_).adjusted(-2, -2, 2, 2);
}

void BlockNode::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    p->setRenderHint(QPainter::Antialiasing);
    const QRectF r(QPointF(0, 0), size_);
    const bool selected = option->state & QStyle::State_Selected;
    const double radius = isParam() ? 9.0 : 6.0;
    const double header = isParam() ? kParamHeaderHeight : kHeaderHeight;
    const QColor accent = isParam() ? QColor(0xc9, 0xa2, 0x27) : categoryColor(category_);

    // Body.
    p->setPen(QPen(selected ? QColor(0xff, 0x8c, 0x00) : QColor(90, 90, 90), selected ? 2.5 : 1.0));
    p->setBrush(isParam() ? QColor(0xff, 0xf6, 0xd8) : QColor(250, 250, 252));
    p->drawRoundedRect(r, radius, radius);

    // Header band.
    QPainterPath band;
    band.addRoundedRect(r, radius, radius);
    QPainterPath top;
    top.addRect(QRectF(0, 0, r.width(), header));
    p->setPen(Qt::NoPen);
    p->setBrush(isParam() ? accent.lighter(150) : accent);
    p->drawPath(band.intersected(top));

    const QColor titleColor = isParam() ? QColor(60, 45, 0) : QColor(Qt::white);
    p->setPen(titleColor);
    p->setFont(titleFont());
    if (isParam()) {
        p->drawText(QRectF(kNodePadding, 0, r.width() - 2 * kNodePadding, header), Qt::AlignVCenter | Qt::AlignLeft,
                    title_);
    } else {
        p->drawText(QRectF(kNodePadding, 3, r.width() - 2 * kNodePadding, 17), Qt::AlignVCenter | Qt::AlignLeft,
                    title_);
        p->setFont(subtitleFont());
        p->setPen(QColor(255, 255, 255, 215));
        p->drawText(QRectF(kNodePadding, 19, r.width() - 2 * kNodePadding, 15), Qt::AlignVCenter | Qt::AlignLeft,
                    subtitle_);
    }
    // Outline again over the band so the selection colour stays visible.
    p->setBrush(Qt::NoBrush);
    p->setPen(QPen(selected ? QColor(0xff, 0x8c, 0x00) : QColor(90, 90, 90), selected ? 2.5 : 1.0));
    p->drawRoundedRect(r, radius, radius);
}

PortItem* BlockNode::inputPort(const QString& symbol) const
{
    for (PortItem* p : inputs_)
        if (p->symbol() == symbol)
            return p;
    return nullptr;
}

PortItem* BlockNode::outputPort(const QString& symbol) const
{
    for (PortItem* p : outputs_)
        if (p->symbol() == symbol)
            return p;
    return nullptr;
}

void BlockNode::setPortText(const QString& symbol, bool input, const QString& label, const QString& tip)
{
    PortItem* port = input ? inputPort(symbol) : outputPort(symbol);
    if (!port)
        return;
    if (CanvasTally* t = CanvasScene::tallyOf(this))
        t->nodesUpdated.insert(name_);
    if (label.isEmpty() || label == port->label()) {
        port->setToolTip(tip);
        return;
    }
    const QFontMetricsF lfm(labelFont());
    const std::vector<PortItem*>& side = input ? inputs_ : outputs_;
    double sideW = std::ceil(lfm.horizontalAdvance(label));
    for (const PortItem* p : side)
        if (p != port)
            sideW = std::max(sideW, std::ceil(lfm.horizontalAdvance(p->label())));
    double otherW = 0.0;
    for (const PortItem* p : input ? outputs_ : inputs_)
        otherW = std::max(otherW, std::ceil(lfm.horizontalAdvance(p->label())));
    port->setText(label, sideW, tip);
    const double w = std::ceil(sideW + otherW + 2 * (kPortRadius + 4.0) + 24.0);
    if (w > size_.width()) {
        prepareGeometryChange();
        size_.setWidth(w);
        for (PortItem* p : outputs_)
            p->setPos(w, p->pos().y());
        for (WireItem* wire : wires_)
            wire->updatePath();
    }
    update();
}

QVariant BlockNode::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionHasChanged) {
        if (CanvasTally* t = CanvasScene::tallyOf(this))
            t->nodesMoved.insert(name_);
        for (WireItem* w : wires_)
            w->updatePath();
    }
    return QGraphicsItem::itemChange(change, value);
}

} // namespace cs::app::canvas
