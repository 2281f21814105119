#include "app/gui/topology/TopologyView.h"
#include "app/gui/topology/ItemStyle.h"
#include "app/gui/topology/PaletteButton.h"
#include "app/gui/topology/TopologyItems.h"

#include <QGraphicsLineItem>
#include <QMimeData>
#include <QMouseEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QScrollBar>
#include <QToolTip>

namespace cs::app {

TopologyView::TopologyView(QGraphicsScene* scene, QWidget* parent) : GraphView(scene, parent)
{
    setObjectName("topologyView");
    setZoomRange(0.005, 8);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
    setBackgroundBrush(QColor(0xf8, 0xfa, 0xfc));
}

void TopologyView::setLinkMode(bool on)
{
    linkMode_ = on;
    setDragMode(on ? QGraphicsView::NoDrag : QGraphicsView::RubberBandDrag);
    viewport()->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
}

void TopologyView::setEmptyHint(const QString& text)
{
    emptyHint_ = text;
    viewport()->update();
}

VertexItem* TopologyView::vertexAt(const QPoint& viewPos) const
{
    for (QGraphicsItem* it : items(viewPos))
        if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
            return v;
    return nullptr;
}

void TopologyView::mousePressEvent(QMouseEvent* e)
{
    const bool linkGesture = (e->button() == Qt::LeftButton && (linkMode_ || (e->modifiers() & Qt::ShiftModifier))) ||
                             e->button() == Qt::RightButton;
    if (linkGesture) {
        if (VertexItem* v = vertexAt(e->position().toPoint())) {
            linkFrom_ = v;
            rubberLink_ = new QGraphicsLineItem(QLineF(v->pos(), mapToScene(e->position().toPoint())));
            rubberLink_->setPen(QPen(QColor(0xd9, 0x77, 0x06), 2, Qt::DashLine));
            rubberLink_->setZValue(5);
            scene()->addItem(rubberLink_);
            e->accept();
            return;
        }
        if (e->button() == Qt::RightButton || linkMode_) {
            e->accept();
            return;
        }
    }
    GraphView::mousePressEvent(e);
    pressed_.clear();
    if (e->button() == Qt::LeftButton)
        for (QGraphicsItem* it : scene()->selectedItems())
            if (auto* v = qgraphicsitem_cast<VertexItem*>(it))
                pressed_.emplace(v, v->pos());
}

void TopologyView::mouseMoveEvent(QMouseEvent* e)
{
    if (linkFrom_) {
        const QPoint p = e->position().toPoint();
        rubberLink_->setLine(QLineF(linkFrom_->pos(), mapToScene(p)));
        VertexItem* t = vertexAt(p);
        if (t == linkFrom_)
            t = nullptr;
        if (t != linkTarget_) {
            if (linkTarget_)
                linkTarget_->setLinkTarget(false);
            linkTarget_ = t;
            if (linkTarget_)
                linkTarget_->setLinkTarget(true);
        }
        e->accept();
        return;
    }
    GraphView::mouseMoveEvent(e);
}

void TopologyView::endLink(const QPoint& viewPos, bool commit)
{
    VertexItem* from = linkFrom_;
    if (linkTarget_)
        linkTarget_->setLinkTarget(false);
    linkTarget_ = nullptr;
    linkFrom_ = nullptr;
    delete rubberLink_;
    rubberLink_ = nullptr;
    if (!commit)
        return;
    VertexItem* to = vertexAt(viewPos);
    if (to && to != from)
        emit linkRequested(from->index(), to->index()); // may rebuild the scene: nothing after this
}

void TopologyView::mouseReleaseEvent(QMouseEvent* e)
{
    if (linkFrom_) {
        endLink(e->position().toPoint(), true);
        e->accept();
        return;
    }
    GraphView::mouseReleaseEvent(e);
    if (e->button() != Qt::LeftButton)
        return;
    std::map<int, QPointF> moved;
    for (const auto& [item, start] : pressed_)
        if (item->pos() != start)
            moved.emplace(item->index(), item->pos());
    pressed_.clear();
    if (!moved.empty())
        emit moveFinished(moved);
}

void TopologyView::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Escape && linkFrom_) { // drop the link being drawn
        endLink({}, false);
        e->accept();
        return;
    }
    GraphView::keyPressEvent(e);
}

bool TopologyView::takesDrop(const QMimeData* mime) const
{
    return vertexKindFromMime(mime).has_value();
}

void TopologyView::dropAt(const QMimeData* mime, QPointF scenePos)
{
    emit dropRequested(*vertexKindFromMime(mime), scenePos);
}

bool TopologyView::viewportEvent(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        QString text;
        for (QGraphicsItem* it : items(help->pos())) {
            if (auto* v = qgraphicsitem_cast<VertexItem*>(it)) {
                text = v->toolTipText();
                break;
            }
            if (auto* l = qgraphicsitem_cast<LinkItem*>(it); l && l->isVisible()) {
                text = l->toolTipText();
                break;
            }
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QGraphicsView::viewportEvent(e);
}

void TopologyView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    viewport()->update(); // the legend stays put: no blitting it along
}

void TopologyView::setLegend(Legend legend)
{
    legend_ = std::move(legend);
    viewport()->update();
}

namespace {
struct LegendRow {
    const LinkClass* link = nullptr;
    QString text;
};
} // namespace

QRectF TopologyView::legendRect() const
{
    return legendLayout(nullptr);
}

void TopologyView::drawLegend(QPainter* p)
{
    legendLayout(p);
}

QRectF TopologyView::legendLayout(QPainter* p) const
{
    using Row = LegendRow;
    std::vector<Row> rows;
    const std::size_t shown = std::min<std::size_t>(legend_.links.size(), 4);
    for (std::size_t i = 0; i < shown; ++i) {
        const LinkClass& c = legend_.links[i];
        rows.push_back({&c, QStringLiteral("%1  \u00b7  %2 link%3").arg(c.label).arg(c.count).arg(c.count == 1 ? "" : "s")});
    }
    if (legend_.links.size() > shown)
        rows.push_back({nullptr, tr("+ %1 more kinds of link").arg(legend_.links.size() - shown)});
    QStringList kinds;
    const std::pair<bool, VertexKind> present[] = {
        {legend_.hosts, VertexKind::Host}, {legend_.switches, VertexKind::Switch}, {legend_.segments, VertexKind::Segment}};
    const QFont& f = style::labelFont();
    const QFontMetricsF& fm = style::labelMetrics();
    const double lh = fm.height() + 5, sample = 38, pad = 8;
    double kindsWidth = 0;
    for (const auto& [on, k] : present)
        if (on)
            kindsWidth += 16 + fm.horizontalAdvance(QString::fromUtf8(vertexKindName(k).data())) + 12;
    if (legend_.forwarding)
        kindsWidth += 14 + fm.horizontalAdvance(tr("forwards")) + 12;
    double w = kindsWidth;
    for (const Row& r : rows)
        w = std::max(w, (r.link ? sample + 8 : 0.0) + fm.horizontalAdvance(r.text));
    const double h = lh * (static_cast<double>(rows.size()) + (kindsWidth > 0 ? 1 : 0));
    if (h <= 0)
        return {};
    const QRectF box(pad, viewport()->height() - h - 2 * pad - pad, w + 2 * pad, h + 2 * pad - 4);
    if (!p)
        return box;
    p->setPen(QColor(0xd1, 0xd5, 0xdb));
    p->setBrush(QColor(255, 255, 255, 235));
    p->drawRoundedRect(box, 4, 4);
    p->setFont(f);
    double y = box.top() + pad;
    for (const Row& r : rows) {
        double x = box.left() + pad;
        if (r.link) {
            style::drawLinkStroke(p, QLineF(x, y + lh / 2 - 2, x + sample, y + lh / 2 - 2), r.link->width,
                                  r.link->channels, style::linkColour(false));
            x += sample + 8;
        }
        p->setPen(QColor(0x37, 0x41, 0x51));
        p->drawText(QRectF(x, y, w, lh - 4), Qt::AlignLeft | Qt::AlignVCenter, r.text);
        y += lh;
    }
    double x = box.left() + pad;
    for (const auto& [on, k] : present) {
        if (!on)
            continue;
        p->setPen(QPen(style::border(k), 1.2));
        p->setBrush(style::fill(k));
        p->drawRoundedRect(QRectF(x, y + 2, 12, lh - 9), 2, 2);
        p->setPen(QColor(0x37, 0x41, 0x51));
        const QString name = QString::fromUtf8(vertexKindName(k).data());
        p->drawText(QRectF(x + 16, y, 200, lh - 4), Qt::AlignLeft | Qt::AlignVCenter, name);
        x += 16 + fm.horizontalAdvance(name) + 12;
    }
    if (legend_.forwarding) {
        p->setPen(QPen(Qt::white, 1));
        p->setBrush(QColor(0xea, 0x58, 0x0c));
        p->drawEllipse(QPointF(x + 5, y + (lh - 4) / 2), 4.5, 4.5);
        p->setPen(QColor(0x37, 0x41, 0x51));
        p->drawText(QRectF(x + 14, y, 200, lh - 4), Qt::AlignLeft | Qt::AlignVCenter, tr("forwards"));
    }
    return box;
}

void TopologyView::drawForeground(QPainter* p, const QRectF& rect)
{
    QGraphicsView::drawForeground(p, rect);
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing);
    drawLegend(p);
    p->restore();
    if (emptyHint_.isEmpty())
        return;
    p->save();
    p->resetTransform();
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    p->setFont(f);
    p->setPen(QColor(0x64, 0x74, 0x8b));
    p->drawText(viewport()->rect().adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap, emptyHint_);
    p->restore();
}

} // namespace cs::app
