#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/ItemStyle.h"
#include "model/topology/graph/TopologyFields.h"

#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QLocale>
#include <QPainter>
#include <QStringList>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cs::app {

namespace {

QString counted(std::size_t n, const char* one, const char* many)
{
    return QLocale().toString(static_cast<qulonglong>(n)) + QLatin1Char(' ') + QLatin1String(n == 1 ? one : many);
}

// "2 hosts", "1 switch": the kind's nouns from the one table (TopologyFields.h).
QString counted(std::size_t n, VertexKind k)
{
    const std::string_view word = vertexKindNoun(k, static_cast<double>(n));
    return QLocale().toString(static_cast<qulonglong>(n)) + QLatin1Char(' ') +
           QLatin1String(word.data(), static_cast<qsizetype>(word.size()));
}

// The job's colours: the amber of a highlight, its border and text darker.
const QColor kJobFill(252, 211, 77), kJobBorder(217, 119, 6), kJobText(146, 64, 14);

// The name's font at zoom `lod`: 13 px bold in the scene near, kFarNamePixels on screen far.
QFont nameFont(double lod)
{
    QFont f = style::labelFont();
    if (lod >= AggregateItem::kFarZoom) {
        f.setBold(true);
        f.setPixelSize(std::max(13, static_cast<int>(std::ceil(AggregateItem::kFarNamePixels / lod))));
    } else {
        f.setBold(false); // narrower
        f.setPixelSize(std::max(1, static_cast<int>(std::lround(AggregateItem::kFarNamePixels / lod))));
    }
    return f;
}

QFont infoFont(double lod, bool bold)
{
    QFont f = style::infoFont();
    f.setPixelSize(std::max(f.pixelSize() > 0 ? f.pixelSize() : 10,
                            static_cast<int>(std::lround(AggregateItem::kFarInfoPixels / lod))));
    f.setBold(bold);
    return f;
}

} // namespace

AggregateItem::AggregateItem(int index, const AggregateView::Group& g, std::function<void(int)> open)
    : index_(index), label_(QString::fromStdString(g.label)), hosts_(g.hosts > 0), openable_(g.openable()),
      open_(std::move(open))
{
    QStringList parts;
    if (g.hosts)
        parts << counted(g.hosts, VertexKind::Host);
    if (g.switches)
        parts << counted(g.switches, VertexKind::Switch);
    if (g.segments)
        parts << counted(g.segments, VertexKind::Segment);
    counts_ = parts.join(QStringLiteral(", "));
    // Far out there is room for one count: the hosts, else what there is.
    hostCount_ = parts.isEmpty() ? QString() : parts.front();
    updateToolTip();
    setZValue(2);
    setAcceptHoverEvents(false);
}

void AggregateItem::updateToolTip()
{
    setToolTip(label_ + QStringLiteral("\n") + counts_ + (jobHosts_ ? QStringLiteral("\n") + jobText() : QString()) +
               (openable_ ? QObject::tr("\nDouble-click to open.") : QString()));
}

double AggregateItem::readableZoom(const QString& name)
{
    QFont f = style::labelFont();
    f.setBold(false);
    f.setPixelSize(static_cast<int>(kFarNamePixels));
    // Fonts do not scale exactly with their pixel size: a pixel to spare.
    return (QFontMetricsF(f).horizontalAdvance(name) + 1 + 2 * kPadding) / kWidth;
}

void AggregateItem::setJob(std::size_t hosts, std::size_t ranks)
{
    if (hosts == jobHosts_ && ranks == jobRanks_)
        return;
    jobHosts_ = hosts;
    jobRanks_ = ranks;
    updateToolTip();
    update();
}

QString AggregateItem::jobText() const
{
    if (!jobHosts_)
        return {};
    QString t = QObject::tr("job: %1").arg(counted(jobHosts_, VertexKind::Host));
    if (jobRanks_ != jobHosts_)
        t += QStringLiteral(", ") + counted(jobRanks_, "rank", "ranks");
    return t;
}

QRectF AggregateItem::boundingRect() const
{
    // Wider than the box by kNameOverhang each side: a name drawn for a far zoom may reach past it.
    return QRectF(-kWidth / 2 - kNameOverhang - 2, -kHeight / 2 - 7, kWidth + 2 * kNameOverhang + 9, kHeight + 9);
}

void AggregateItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option ? option->levelOfDetailFromTransform(p->worldTransform()) : 1.0;
    p->setRenderHint(QPainter::Antialiasing, true);
    const VertexKind k = hosts_ ? VertexKind::Host : VertexKind::Switch;
    const QRectF box(-kWidth / 2, -kHeight / 2, kWidth, kHeight);
    const bool job = jobHosts_ > 0;
    const QColor fill = job ? kJobFill : style::fill(k), border = job ? kJobBorder : style::border(k);
    // A stack of cards for something that opens; one card for a vertex.
    if (openable_) {
        p->setPen(QPen(border, 1));
        p->setBrush(fill.lighter(108));
        p->drawRoundedRect(box.translated(5, -5), 7, 7);
    }
    p->setPen(QPen(border, job ? 3 : 2));
    p->setBrush(fill);
    p->drawRoundedRect(box, 7, 7);

    // The name, and under it while the box is tall enough on screen its count and the job's share.
    const QFont name = nameFont(lod);
    const QFontMetricsF nm(name);
    const double inner = kWidth - 2 * kPadding;
    QString text = label_;
    QRectF room = box.adjusted(kPadding, 0, -kPadding, 0);
    if (nm.horizontalAdvance(text) > inner && label_.contains(QLatin1Char(' '))) {
        // Zoomed out past readableZoom(): its last word, the number that tells it from the others ("12" of
        // "group 12", "0-16" of "groups 0-16"), which may reach past the box.
        text = label_.section(QLatin1Char(' '), -1);
        room = box.adjusted(-kNameOverhang, 0, kNameOverhang, 0);
    }
    text = nm.elidedText(text, Qt::ElideRight, room.width());
    QStringList lines;
    if (kHeight * lod >= kLinesPixels) {
        lines << (lod >= kFarZoom ? counts_ : hostCount_);
        if (job)
            lines << jobText();
    }
    const QFont info = infoFont(lod, false), jobFont = infoFont(lod, true);
    const double gap = 3 / std::max(lod, 0.05);
    double height = nm.height();
    for (int i = 0; i < lines.size(); ++i)
        height += gap + QFontMetricsF(i == 1 ? jobFont : info).height();
    double y = -std::min(height, kHeight) / 2;
    p->setFont(name);
    p->setPen(Qt::black);
    p->drawText(QRectF(room.left(), y, room.width(), nm.height()), Qt::AlignCenter, text);
    y += nm.height();
    for (int i = 0; i < lines.size(); ++i) {
        const QFont& f = i == 1 ? jobFont : info;
        const QFontMetricsF fm(f);
        y += gap;
        p->setFont(f);
        p->setPen(i == 1 ? kJobText : QColor(55, 65, 81));
        p->drawText(QRectF(box.left() + kPadding, y, inner, fm.height()), Qt::AlignCenter,
                    fm.elidedText(lines[i], Qt::ElideRight, inner));
        y += fm.height();
    }
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
