#include "app/gui/topology/TopologySummary.h"
#include "app/gui/topology/ItemStyle.h"
#include "model/topology/graph/TopologyFields.h"

#include <QLocale>
#include <QPainter>
#include <QStringList>

#include <algorithm>

namespace cs::app {

namespace {

constexpr double kBoxW = 220, kBoxH = 64;

std::size_t kindIndex(VertexKind k)
{
    return static_cast<std::size_t>(k);
}

QString plural(std::size_t n, const char* one, const char* many)
{
    return QLocale().toString(static_cast<qulonglong>(n)) + " " + (n == 1 ? one : many);
}

// "1 host", "3 switches": the kind's names from the one table (TopologyFields.h).
QString plural(std::size_t n, VertexKind k)
{
    const std::string_view word = vertexKindNoun(k, static_cast<double>(n));
    return QLocale().toString(static_cast<qulonglong>(n)) + " " +
           QString::fromUtf8(word.data(), static_cast<qsizetype>(word.size()));
}

} // namespace

TopologySummary::TopologySummary(const Topology& t)
{
    for (std::size_t v = 0; v < t.vertexCount(); ++v)
        ++counts_[kindIndex(t.attributes(v).kind)];
    for (std::size_t e = 0; e < t.edgeCount(); ++e) {
        const auto [a, b] = t.endpoints(e);
        const std::size_t ka = kindIndex(t.attributes(a).kind), kb = kindIndex(t.attributes(b).kind);
        ++links_[std::min(ka, kb)][std::max(ka, kb)];
    }
    total_ = t.edgeCount();
    setFlag(ItemUsesExtendedStyleOption, false);
}

std::size_t TopologySummary::links(VertexKind a, VertexKind b) const
{
    const std::size_t ka = kindIndex(a), kb = kindIndex(b);
    return links_[std::min(ka, kb)][std::max(ka, kb)];
}

QString TopologySummary::text() const
{
    QStringList parts;
    for (const VertexKindTraits& k : kVertexKinds)
        if (count(k.kind))
            parts << plural(count(k.kind), k.kind);
    return parts.join(", ") + " and " + plural(total_, "link", "links");
}

QPointF TopologySummary::centre(VertexKind k) const
{
    // Switches above, hosts below, segments to the side: the usual drawing.
    switch (k) {
    case VertexKind::Switch:
        return {0, 0};
    case VertexKind::Segment:
        return {360, 180};
    default:
        return {0, 360};
    }
}

QRectF TopologySummary::boundingRect() const
{
    return QRectF(-kBoxW / 2 - 140, -kBoxH / 2 - 40, 360 + kBoxW + 280, 360 + kBoxH + 80);
}

void TopologySummary::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*)
{
    p->setRenderHint(QPainter::Antialiasing, true);
    QFont f = p->font();
    f.setPointSizeF(11);
    p->setFont(f);
    // Bundles of links first, under the boxes.
    p->setPen(QPen(style::linkColour(false), 3));
    for (const VertexKindTraits& ka : kVertexKinds)
        for (const VertexKindTraits& kb : kVertexKinds) {
            const VertexKind a = ka.kind, b = kb.kind;
            if (kindIndex(a) > kindIndex(b) || links(a, b) == 0)
                continue;
            QPointF label;
            if (a == b) { // links within one kind: a loop beside its box
                const QRectF loop(centre(a) + QPointF(kBoxW / 2 - 20, -50), QSizeF(100, 100));
                p->drawEllipse(loop);
                label = loop.center() + QPointF(56, 0);
            } else {
                p->drawLine(centre(a), centre(b));
                label = (centre(a) + centre(b)) / 2 + QPointF(8, 0);
            }
            p->drawText(label, plural(links(a, b), "link", "links"));
        }
    for (const VertexKindTraits& kt : kVertexKinds) {
        const VertexKind k = kt.kind;
        if (count(k) == 0)
            continue;
        const QRectF box(centre(k) - QPointF(kBoxW / 2, kBoxH / 2), QSizeF(kBoxW, kBoxH));
        p->setPen(QPen(style::border(k), 2));
        p->setBrush(style::fill(k));
        p->drawRoundedRect(box, 8, 8);
        p->setPen(Qt::black);
        p->drawText(box, Qt::AlignCenter, plural(count(k), k));
    }
}

} // namespace cs::app
