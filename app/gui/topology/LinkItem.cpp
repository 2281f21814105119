#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/LinkOverview.h"
#include "app/gui/topology/VertexItem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <tuple>
#include <vector>

namespace cs::app {

namespace {

// Most links of a network share a few labels: shape each text once.
std::pair<QString, double> labelFor(double bandwidth, int channels, bool duplex)
{
    struct Key {
        double bw;
        int ch;
        bool duplex;
        bool operator==(const Key& o) const { return bw == o.bw && ch == o.ch && duplex == o.duplex; }
    };
    static std::vector<std::pair<Key, std::pair<QString, double>>> cache; // GUI thread only
    const Key k{bandwidth, channels, duplex};
    for (const auto& [key, value] : cache)
        if (key == k)
            return value;
    const QString text = formatLink(bandwidth, channels, duplex);
    std::pair<QString, double> value{text, style::labelMetrics().horizontalAdvance(text)};
    if (cache.size() < 64)
        cache.emplace_back(k, value);
    return value;
}

} // namespace

LinkItem::LinkItem(int index, VertexItem* a, VertexItem* b, const ViewGraph::Edge& e)
    : index_(index), a_(a), b_(b), channels_(std::max(1, e.channels)), width_(style::linkWidth(e.bandwidth))
{
    std::tie(label_, labelWidth_) = labelFor(e.bandwidth, e.channels, e.duplex);
    setFlags(ItemIsSelectable);
    setZValue(0);
    a->addLink(this);
    b->addLink(this);
    adjust();
}

void LinkItem::adjust()
{
    prepareGeometryChange();
    const QRectF before = bounds_;
    line_ = QLineF(a_->attachPoint(b_->pos()), b_->attachPoint(a_->pos()));
    const double half = std::min(channels_, 4) * style::channelGap(width_) / 2 + 4;
    bounds_ = QRectF(line_.p1(), line_.p2()).normalized().adjusted(-half, -half, half, half);
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
    const QPointF at = line_.pointAt(t);
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
    QPainterPath path(line_.p1());
    path.lineTo(line_.p2());
    QPainterPathStroker s;
    s.setWidth(std::max(8.0, std::min(channels_, 4) * style::channelGap(width_)));
    return s.createStroke(path);
}

void LinkItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    const QColor colour = style::linkColour(isSelected());
    if (lod < 0.3) {
        p->setPen(QPen(colour, 0)); // cosmetic hairline
        p->drawLine(line_);
        return;
    }
    style::drawLinkStroke(p, line_, isSelected() ? width_ + 1.5 : width_, channels_, colour);
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
