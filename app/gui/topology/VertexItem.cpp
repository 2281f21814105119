#include "app/gui/topology/VertexItem.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/LinkItem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cs::app {

namespace {
constexpr double kBarHalf = 6;      // half the thickness of a segment's bar
constexpr double kBarMargin = 22;   // bar beyond its outermost tap
constexpr double kBarMinHalf = 44;  // half the bar when it has no taps
bool deferSpans = false;
} // namespace

void VertexItem::setDeferSpans(bool defer)
{
    deferSpans = defer;
}

VertexItem::VertexItem(int index, const ViewGraph::Vertex& v, const plots::RateUnit& unit)
    : index_(index), id_(v.id), kind_(v.kind), forwards_(v.forwards), label_(QString::fromStdString(v.id)),
      info_(infoFor(v, unit))
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setZValue(kind_ == VertexKind::Segment ? 0.5 : 1); // hosts sit on top of a bus
    relayout();
}

QString VertexItem::infoFor(const ViewGraph::Vertex& v, const plots::RateUnit& unit)
{
    switch (v.kind) {
    case VertexKind::Host: return v.forwards ? QStringLiteral("forwards") : QString();
    case VertexKind::Switch:
        return v.ports > 0 ? QStringLiteral("%1 ports").arg(v.ports) : QStringLiteral("ports: as used");
    case VertexKind::Segment: return QStringLiteral("shared ") + unit.format(v.bandwidth);
    }
    return {};
}

void VertexItem::setVertex(int index, const ViewGraph::Vertex& v, const plots::RateUnit& unit)
{
    index_ = index;
    const QString info = infoFor(v, unit);
    if (info == info_ && v.forwards == forwards_)
        return;
    prepareGeometryChange();
    info_ = info;
    forwards_ = v.forwards;
    relayout();
    update();
}

QString VertexItem::toolTipText() const
{
    // Built on demand (TopologyView asks): 10,000 stored tooltips cost more
    // than the items.
    QString ranks;
    for (std::size_t i = 0; i < ranks_.size() && i < 8; ++i)
        ranks += (i ? QStringLiteral(", ") : QString()) + QString::number(ranks_[i]);
    if (ranks_.size() > 8)
        ranks += QStringLiteral(", ...");
    return QStringLiteral("%1 %2%3%4")
        .arg(QString::fromUtf8(vertexKindName(kind_).data()), label_,
             info_.isEmpty() ? QString() : QStringLiteral(" (") + info_ + QStringLiteral(")"),
             ranks_.empty() ? QString()
                            : (ranks_.size() == 1 ? QStringLiteral("; rank ") : QStringLiteral("; ranks ")) + ranks);
}

QRectF VertexItem::body() const
{
    if (kind_ != VertexKind::Segment)
        return style::defaultBody(kind_);
    return horizontal_ ? QRectF(lo_, -kBarHalf, hi_ - lo_, 2 * kBarHalf)
                       : QRectF(-kBarHalf, lo_, 2 * kBarHalf, hi_ - lo_);
}

QPointF VertexItem::attachPoint(QPointF other) const
{
    if (kind_ != VertexKind::Segment)
        return pos();
    const QPointF o = other - pos();
    const double a = std::clamp(horizontal_ ? o.x() : o.y(), lo_ + 8, hi_ - 8);
    return pos() + (horizontal_ ? QPointF(a, 0) : QPointF(0, a));
}

void VertexItem::setHorizontal(bool horizontal)
{
    if (kind_ != VertexKind::Segment || horizontal == horizontal_)
        return;
    prepareGeometryChange();
    horizontal_ = horizontal;
    relayout();
    updateSpan();
    for (LinkItem* l : links_)
        l->adjust();
}

bool VertexItem::updateSpan()
{
    if (kind_ != VertexKind::Segment)
        return false;
    double lo = -kBarMinHalf, hi = kBarMinHalf;
    for (LinkItem* l : links_) {
        const VertexItem* other = l->from() == this ? l->to() : l->from();
        const QPointF o = other->pos() - pos();
        const double a = horizontal_ ? o.x() : o.y();
        lo = std::min(lo, a - kBarMargin);
        hi = std::max(hi, a + kBarMargin);
    }
    if (lo == lo_ && hi == hi_)
        return false;
    prepareGeometryChange();
    lo_ = lo;
    hi_ = hi;
    relayout();
    for (LinkItem* l : links_)
        l->adjust();
    return true;
}

void VertexItem::setLabelAbove(bool above)
{
    if (kind_ == VertexKind::Segment || above == labelAbove_)
        return;
    prepareGeometryChange();
    labelAbove_ = above;
    relayout();
}

void VertexItem::setLinkTarget(bool on)
{
    if (target_ != on) {
        target_ = on;
        update();
    }
}

void VertexItem::relayout()
{
    labelRect_ = computeLabelRect();
    bounds_ = body().adjusted(-6, -6, 6, 6).united(labelRect_.adjusted(-2, -1, 2, 1));
    if (!ranks_.empty()) { // the placed rings and the ranks' badge (paint)
        const QRectF b = body();
        const double ring = 8 + 4 * (std::min<double>(3, static_cast<double>(ranks_.size())) - 1);
        bounds_ = bounds_.united(b.adjusted(-ring, -ring, ring, ring)).united(QRectF(b.right(), b.top() - 24, 72, 28));
    }
}

QRectF VertexItem::computeLabelRect() const
{
    const QFontMetricsF& lm = style::labelMetrics();
    const QFontMetricsF& im = style::infoMetrics();
    const QRectF b = body();
    if (kind_ == VertexKind::Segment && horizontal_) {
        // One line "row0  shared 10 Mbit/s" left of a horizontal bar.
        const double w = lm.horizontalAdvance(label_ + QStringLiteral("  ")) + im.horizontalAdvance(info_);
        const double h = lm.height();
        return {b.left() - w - 6, -h / 2, w, h};
    }
    const double w = std::max(lm.horizontalAdvance(label_), info_.isEmpty() ? 0.0 : im.horizontalAdvance(info_));
    const double h = lm.height() + (info_.isEmpty() ? 0.0 : im.height());
    if (kind_ == VertexKind::Segment || labelAbove_) // two lines above a vertical bar, or above the body
        return {-w / 2, b.top() - h - 3, w, h};
    return {-w / 2, b.bottom() + 3, w, h};
}

QRectF VertexItem::boundingRect() const
{
    return bounds_;
}

QPainterPath VertexItem::shape() const
{
    QPainterPath path;
    path.addRect(body().adjusted(-2, -2, 2, 2));
    return path;
}

void VertexItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    const QRectF b = body();
    const QColor placed(0xd9, 0x77, 0x06); // amber: the job's hosts
    if (lod < 0.22) { // far out: a coloured box is all one can see
        if (!inOverview_)
            p->fillRect(b, isSelected() ? style::selected() : !ranks_.empty() ? placed : style::border(kind_));
        return;
    }
    if (!ranks_.empty()) {
        // One ring a rank the host holds, up to three, the outer ones thinner.
        const int rings = static_cast<int>(std::min<std::size_t>(3, ranks_.size()));
        for (int i = rings - 1; i >= 0; --i) {
            p->setPen(QPen(placed, i == 0 ? 3 : 2));
            p->setBrush(i == 0 ? QColor(0xfd, 0xe6, 0x8a, 150) : QColor(Qt::transparent));
            const double d = 6 + 4 * i;
            p->drawRoundedRect(b.adjusted(-d, -d, d, d), d, d);
        }
        // The rank, or how many the host holds, in a badge at the top right corner.
        const QString r = ranks_.size() == 1 ? QString::number(ranks_.front())
                                             : QStringLiteral("%1 ranks").arg(ranks_.size());
        const QFontMetricsF fm(style::infoFont());
        const double w = std::max(16.0, fm.horizontalAdvance(r) + 8), h = fm.height() + 2;
        const QRectF badge(b.right() + 2, b.top() - h + 2, w, h);
        p->setPen(Qt::NoPen);
        p->setBrush(placed);
        p->drawRoundedRect(badge, h / 2, h / 2);
        p->setFont(style::infoFont());
        p->setPen(Qt::white);
        p->drawText(badge, Qt::AlignCenter, r);
    }
    if (target_) {
        p->setPen(QPen(style::selected(), 2, Qt::DashLine));
        p->setBrush(Qt::NoBrush);
        p->drawRoundedRect(b.adjusted(-5, -5, 5, 5), 5, 5);
    }
    style::drawBody(p, kind_, b, isSelected(), forwards_);
    if (lod < 0.5)
        return;
    const QRectF r = labelRect_;
    // A halo of the background so links passing behind keep it readable.
    p->setPen(Qt::NoPen);
    p->setBrush(QColor(0xf8, 0xfa, 0xfc, 210));
    p->drawRoundedRect(r.adjusted(-2, 0, 2, 0), 3, 3);
    const QColor text = isSelected() ? style::selected().darker(140) : QColor(0x11, 0x18, 0x27);
    const QColor info(0x4b, 0x55, 0x63);
    p->setFont(style::labelFont());
    p->setPen(text);
    if (kind_ == VertexKind::Segment && horizontal_) {
        const double w = style::labelMetrics().horizontalAdvance(label_ + QStringLiteral("  "));
        p->drawText(QRectF(r.left(), r.top(), w, r.height()), Qt::AlignLeft | Qt::AlignVCenter, label_);
        p->setFont(style::infoFont());
        p->setPen(info);
        p->drawText(QRectF(r.left() + w, r.top(), r.width() - w, r.height()), Qt::AlignLeft | Qt::AlignVCenter, info_);
        return;
    }
    const double lh = style::labelMetrics().height();
    p->drawText(QRectF(r.left() - 50, r.top(), r.width() + 100, lh), Qt::AlignHCenter | Qt::AlignTop, label_);
    if (!info_.isEmpty()) {
        p->setFont(style::infoFont());
        p->setPen(info);
        p->drawText(QRectF(r.left() - 50, r.top() + lh - 1, r.width() + 100, style::infoMetrics().height()),
                    Qt::AlignHCenter | Qt::AlignTop, info_);
    }
}

void VertexItem::setPlacedRanks(std::vector<int> ranks)
{
    if (ranks == ranks_)
        return;
    prepareGeometryChange(); // the rings and badge reach outside the body
    ranks_ = std::move(ranks);
    relayout();
    update();
}

QVariant VertexItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionHasChanged) {
        if (kind_ == VertexKind::Segment && !deferSpans && updateSpan())
            return QGraphicsItem::itemChange(change, value); // updateSpan adjusted the links
        for (LinkItem* l : links_) {
            l->adjust();
            VertexItem* other = l->from() == this ? l->to() : l->from();
            if (other->kind_ == VertexKind::Segment && !deferSpans)
                other->updateSpan(); // a tap moved: the bus may stretch
        }
    }
    return QGraphicsItem::itemChange(change, value);
}

} // namespace cs::app
