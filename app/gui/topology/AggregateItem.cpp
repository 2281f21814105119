#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/ItemStyle.h"

#include <QGraphicsSceneMouseEvent>
#include <QLocale>
#include <QPainter>
#include <QStringList>

namespace cs::app {

namespace {

QString counted(std::size_t n, const char* one, const char* many)
{
    return QLocale().toString(static_cast<qulonglong>(n)) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

} // namespace

AggregateItem::AggregateItem(int index, const AggregateView::Group& g, std::function<void(int)> open)
    : index_(index), label_(QString::fromStdString(g.label)), hosts_(g.hosts > 0), openable_(g.openable()),
      open_(std::move(open))
{
    QStringList parts;
    if (g.hosts)
        parts << counted(g.hosts, "host", "hosts");
    if (g.switches)
        parts << counted(g.switches, "switch", "switches");
    if (g.segments)
        parts << counted(g.segments, "segment", "segments");
    counts_ = parts.join(QStringLiteral(", "));
    setToolTip(label_ + QStringLiteral("\n") + counts_ +
               (openable_ ? QObject::tr("\nDouble-click to open.") : QString()));
    setZValue(2);
    setAcceptHoverEvents(false);
}

QRectF AggregateItem::boundingRect() const
{
    return QRectF(-kWidth / 2 - 2, -kHeight / 2 - 2, kWidth + 4, kHeight + 4);
}

void AggregateItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*)
{
    p->setRenderHint(QPainter::Antialiasing, true);
    const VertexKind k = hosts_ ? VertexKind::Host : VertexKind::Switch;
    const QRectF box(-kWidth / 2, -kHeight / 2, kWidth, kHeight);
    // A stack of cards for something that opens; one card for a vertex.
    if (openable_) {
        p->setPen(QPen(style::border(k), 1));
        p->setBrush(style::fill(k).lighter(108));
        p->drawRoundedRect(box.translated(5, -5), 7, 7);
    }
    p->setPen(QPen(style::border(k), 2));
    p->setBrush(style::fill(k));
    p->drawRoundedRect(box, 7, 7);
    p->setPen(Qt::black);
    QFont f = style::labelFont();
    f.setBold(true);
    f.setPixelSize(13);
    p->setFont(f);
    p->drawText(box.adjusted(6, 6, -6, -kHeight / 2), Qt::AlignCenter, label_);
    p->setFont(style::infoFont());
    p->drawText(box.adjusted(6, kHeight / 2 - 4, -6, -6), Qt::AlignCenter, counts_);
}

void AggregateItem::mousePressEvent(QGraphicsSceneMouseEvent* e)
{
    e->accept();
}

void AggregateItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* e)
{
    if (openable_ && open_) {
        open_(index_);
        e->accept();
        return;
    }
    QGraphicsItem::mouseDoubleClickEvent(e);
}

} // namespace cs::app
