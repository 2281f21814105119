#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/VertexItem.h"

#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace cs::app {

namespace {

// Most links of a network share a few labels: shape each text once.
std::pair<QString, double> labelFor(double bandwidth, int channels, bool duplex, const plots::RateUnit& unit)
{
    struct Key {
        double bw;
        int ch;
        bool duplex;
        double scale;
        bool operator==(const Key& o) const
        {
            return bw == o.bw && ch == o.ch && duplex == o.duplex && scale == o.scale;
        }
    };
    static std::vector<std::pair<Key, std::pair<QString, double>>> cache; // GUI thread only
    const Key k{bandwidth, channels, duplex, unit.scale};
    for (const auto& [key, value] : cache)
        if (key == k)
            return value;
    const QString text = formatLink(bandwidth, channels, duplex, &unit);
    std::pair<QString, double> value{text, style::labelMetrics().horizontalAdvance(text)};
    if (cache.size() < 64)
        cache.emplace_back(k, value);
    return value;
}

// The unit normal to the left of `l` (zero for a point).
QPointF normalOf(const QLineF& l)
{
    const double len = l.length();
    return len > 0 ? QPointF(-l.dy(), l.dx()) / len : QPointF();
}

} // namespace

void LinkItem::setDetour(double offset)
{
    if (offset == detour_)
        return;
    prepareGeometryChange();
    detour_ = offset;
    adjust();
    update();
}

QPainterPath LinkItem::path() const
{
    QPainterPath path(line_.p1());
    if (detour_ == 0.0) {
        path.lineTo(line_.p2());
        return path;
    }
    // From the body out to the bridge, along it, and back in, with rounded corners.
    const QLineF centres(a_->pos(), b_->pos());
    const QPointF n = normalOf(centres);
    const QPointF u = centres.length() > 0 ? QPointF(centres.dx(), centres.dy()) / centres.length() : QPointF();
    const QPointF b1 = a_->pos() + n * detour_, b2 = b_->pos() + n * detour_;
    const double r = std::min({std::fabs(detour_) * 0.6, centres.length() / 4, 18.0});
    const double side = detour_ > 0 ? 1.0 : -1.0;
    path.lineTo(b1 - n * side * r);
    path.quadTo(b1, b1 + u * r);
    path.lineTo(b2 - u * r);
    path.quadTo(b2, b2 - n * side * r);
    path.lineTo(line_.p2());
    return path;
}

LinkItem::LinkItem(int index, VertexItem* a, VertexItem* b, const ViewGraph::Edge& e, const plots::RateUnit& unit)
    : index_(index), a_(a), b_(b), channels_(std::max(1, e.channels)), width_(style::linkWidth(e.bandwidth))
{
    std::tie(label_, labelWidth_) = labelFor(e.bandwidth, e.channels, e.duplex, unit);
    setFlags(ItemIsSelectable);
    setZValue(0);
    a->addLink(this);
    b->addLink(this);
    adjust();
}

void LinkItem::setEdge(int index, const ViewGraph::Edge& e, const plots::RateUnit& unit)
{
    index_ = index;
    a_->addLink(this);
    b_->addLink(this);
    setProps(e, unit);
}

void LinkItem::setProps(const ViewGraph::Edge& e, const plots::RateUnit& unit)
{
    const auto [label, labelWidth] = labelFor(e.bandwidth, e.channels, e.duplex, unit);
    const int channels = std::max(1, e.channels);
    const double width = style::linkWidth(e.bandwidth);
    if (label == label_ && channels == channels_ && width == width_)
        return;
    label_ = label;
    labelWidth_ = labelWidth;
    channels_ = channels;
    width_ = width;
    adjust(); // (prepares the geometry change)
    update();
}

void LinkItem::adjust()
{
    prepareGeometryChange();
    const QRectF before = bounds_;
    if (detour_ == 0.0) {
        line_ = QLineF(a_->attachPoint(b_->pos()), b_->attachPoint(a_->pos()));
    } else {
        // Out of each body at right angles to the centre line, towards the bridge.
        const QLineF centres(a_->pos(), b_->pos());
        const QPointF n = normalOf(centres) * detour_;
        line_ = QLineF(a_->attachPoint(a_->pos() + n), b_->attachPoint(b_->pos() + n));
    }
    const double half = std::min(channels_, 4) * style::channelGap(width_) / 2 + 4;
    bounds_ = path().boundingRect().adjusted(-half, -half, half, half);
    if (mode_ != Label::Hidden)
        bounds_ = bounds_.united(labelBox(t_).adjusted(-1, -1, 1, 1));
    if (overview_)
        overview_->linkMoved(before, bounds_);
}

QString LinkItem::toolTipText() const
{
    return QStringLiteral("link %1: %2 \u2013 %3, %4")
        .arg(index_)
        .arg(QString::fromStdString(a_->id()), QString::fromStdString(b_->id()), label_);
}

QRectF LinkItem::labelBox(double t) const
{
    // Room between the two bodies for the text plus a margin.
    if (line_.length() < labelWidth_ + 70)
        return {};
    QPointF at = line_.pointAt(t);
    if (detour_ != 0.0) // on the bridge, between the centres' projections
        at = QLineF(a_->pos(), b_->pos()).pointAt(t) + normalOf(QLineF(a_->pos(), b_->pos())) * detour_;
    return {at.x() - labelWidth_ / 2 - 3, at.y() - 7.5, labelWidth_ + 6, 15};
}

void LinkItem::setLabel(Label mode, double t)
{
    if (mode == mode_ && t == t_)
        return;
    prepareGeometryChange();
    mode_ = mode;
    t_ = t;
    adjust();
    update();
}

QRectF LinkItem::boundingRect() const
{
    return bounds_;
}

QPainterPath LinkItem::shape() const
{
    QPainterPathStroker s;
    s.setWidth(std::max(8.0, std::min(channels_, 4) * style::channelGap(width_)));
    return s.createStroke(path());
}

void LinkItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    const QColor colour = style::linkColour(isSelected());
    if (lod < 0.3) {
        p->setPen(QPen(colour, 0)); // cosmetic hairline
        if (detour_ != 0.0)
            p->drawPath(path());
        else
            p->drawLine(line_);
        return;
    }
    if (detour_ != 0.0) {
        // One stroke, as wide as the channels together.
        const double w = (isSelected() ? width_ + 1.5 : width_) +
                         (std::min(channels_, 4) - 1) * style::channelGap(width_);
        p->setPen(QPen(colour, w, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
        p->setBrush(Qt::NoBrush);
        p->drawPath(path());
    } else {
        style::drawLinkStroke(p, line_, isSelected() ? width_ + 1.5 : width_, channels_, colour);
    }
    if (mode_ == Label::Hidden || lod < (mode_ == Label::Readable ? 0.5 : 0.9))
        return;
    const QRectF box = labelBox(t_);
    if (box.isEmpty())
        return;
    p->setPen(Qt::NoPen);
    p->setBrush(QColor(255, 255, 255, 230));
    p->drawRoundedRect(box, 3, 3);
    p->setFont(style::labelFont());
    p->setPen(isSelected() ? colour.darker(130) : QColor(0x37, 0x41, 0x51));
    p->drawText(box, Qt::AlignCenter, label_);
}

} // namespace cs::app
