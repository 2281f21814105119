#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/ItemStyle.h"

#include <QGraphicsSceneMouseEvent>
#include <QLocale>
#include <QFontMetrics>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
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
    // Wider than the box by kNameOverhang each side: a name drawn for a far zoom may reach past it.
    return QRectF(-kWidth / 2 - kNameOverhang - 2, -kHeight / 2 - 2, kWidth + 2 * kNameOverhang + 4, kHeight + 4);
}

void AggregateItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option ? option->levelOfDetailFromTransform(p->worldTransform()) : 1.0;
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
    if (lod < kFarZoom) {
        // Zoomed out so far that the box's 13 px would be a few pixels on screen (a 100-pod fat-tree fitted
        // to the view): its name alone, kFarNamePixels tall on screen, as wide as the box and its overhang
        // allow; the counts are in the tooltip.
        f.setBold(false); // narrower: "pod 10" fits the 52 px a column has when 17 are fitted to the view
        f.setPixelSize(std::max(1, static_cast<int>(std::lround(kFarNamePixels / lod))));
        p->setFont(f);
        const QRectF room = box.adjusted(-kNameOverhang, 0, kNameOverhang, 0);
        const QFontMetrics fm(f);
        // Too long: its last word, the number that tells a pod from the others ("12" of "group 12", all the
        // aggregates around it being groups), before an elided "gro...".
        QString text = label_;
        if (fm.horizontalAdvance(text) > room.width() && label_.contains(QLatin1Char(' ')))
            text = label_.section(QLatin1Char(' '), -1);
        // A box 30 px tall on screen or more also has room for its counts, in 9 px under the name.
        if (kHeight * lod < 30) {
            p->drawText(room, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, int(room.width())));
            return;
        }
        p->drawText(room.adjusted(0, 0, 0, -kHeight * 0.4), Qt::AlignCenter,
                    fm.elidedText(text, Qt::ElideRight, int(room.width())));
        QFont small = style::infoFont();
        small.setPixelSize(std::max(1, static_cast<int>(std::lround(9 / lod))));
        p->setFont(small);
        p->drawText(box.adjusted(4, kHeight * 0.55, -4, 0), Qt::AlignHCenter | Qt::AlignTop,
                    QFontMetrics(small).elidedText(counts_, Qt::ElideRight, int(box.width() - 8)));
        return;
    }
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
