#include "app/gui/topology/ItemStyle.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cs::app::style {

QColor fill(VertexKind k)
{
    switch (k) {
    case VertexKind::Host: return {0xdb, 0xea, 0xfe};
    case VertexKind::Switch: return {0xd1, 0xfa, 0xe5};
    case VertexKind::Segment: return {0xfe, 0xd7, 0xaa};
    }
    return Qt::white;
}

QColor border(VertexKind k)
{
    switch (k) {
    case VertexKind::Host: return {0x1d, 0x4e, 0xd8};
    case VertexKind::Switch: return {0x04, 0x78, 0x57};
    case VertexKind::Segment: return {0xc2, 0x41, 0x0c};
    }
    return Qt::black;
}

QColor selected()
{
    return {0xf5, 0x9e, 0x0b};
}

QColor linkColour(bool sel)
{
    return sel ? QColor(0xd9, 0x77, 0x06) : QColor(0x6b, 0x72, 0x80);
}

const QFont& labelFont()
{
    static const QFont f = [] {
        QFont x;
        x.setPixelSize(11);
        return x;
    }();
    return f;
}

const QFont& infoFont()
{
    static const QFont f = [] {
        QFont x;
        x.setPixelSize(10);
        return x;
    }();
    return f;
}

const QFontMetricsF& labelMetrics()
{
    static const QFontMetricsF m(labelFont());
    return m;
}

const QFontMetricsF& infoMetrics()
{
    static const QFontMetricsF m(infoFont());
    return m;
}

QRectF defaultBody(VertexKind kind)
{
    switch (kind) {
    case VertexKind::Host: return {-17, -12, 34, 24};
    case VertexKind::Switch: return {-26, -11, 52, 22};
    case VertexKind::Segment: return {-44, -6, 88, 12};
    }
    return {-10, -10, 20, 20};
}

void drawBody(QPainter* p, VertexKind kind, const QRectF& r, bool sel, bool forwards)
{
    const QColor b = border(kind);
    p->setPen(QPen(sel ? selected() : b, sel ? 2.5 : 1.3));
    p->setBrush(fill(kind));
    switch (kind) {
    case VertexKind::Host: {
        // A computer: a case with a screen.
        p->drawRoundedRect(r, 3, 3);
        p->setPen(Qt::NoPen);
        p->setBrush(b.lighter(150));
        p->drawRect(r.adjusted(4, 3.5, -4, -7));
        p->setBrush(b);
        p->drawRect(QRectF(r.center().x() - 4, r.bottom() - 5, 8, 2));
        if (forwards) { // routes for others: a small orange badge
            p->setBrush(QColor(0xea, 0x58, 0x0c));
            p->setPen(QPen(Qt::white, 1));
            p->drawEllipse(QPointF(r.right() - 1, r.top() + 1), 4.5, 4.5);
        }
        break;
    }
    case VertexKind::Switch: {
        p->drawRoundedRect(r, 2, 2);
        p->setPen(Qt::NoPen);
        p->setBrush(b); // ports along the front
        const int ports = 6;
        const double w = (r.width() - 10) / ports;
        for (int i = 0; i < ports; ++i)
            p->drawRect(QRectF(r.left() + 5 + i * w + 1, r.center().y() - 1, w - 2.5, 5));
        p->drawRect(QRectF(r.left() + 5, r.top() + 3.5, r.width() * 0.35, 2));
        break;
    }
    case VertexKind::Segment: {
        // A shared bus: a bar with a terminator at each end.
        const bool across = r.width() >= r.height();
        const double t = across ? r.height() : r.width();
        p->drawRoundedRect(r, t / 2, t / 2);
        p->setPen(Qt::NoPen);
        p->setBrush(b);
        if (across) {
            p->drawRect(QRectF(r.left() + 4, r.top() + 2, 3, r.height() - 4));
            p->drawRect(QRectF(r.right() - 7, r.top() + 2, 3, r.height() - 4));
        } else {
            p->drawRect(QRectF(r.left() + 2, r.top() + 4, r.width() - 4, 3));
            p->drawRect(QRectF(r.left() + 2, r.bottom() - 7, r.width() - 4, 3));
        }
        break;
    }
    }
}

double linkWidth(double bandwidth)
{
    const double decades = bandwidth > 0 ? std::log10(bandwidth / 1.25e6) : 0.0;
    return 1.0 + std::clamp(decades * 0.75, 0.0, 3.0);
}

void drawLinkStroke(QPainter* p, const QLineF& line, double width, int channels, const QColor& colour)
{
    p->setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
    const int lines = std::clamp(channels, 1, 4);
    if (lines == 1 || line.length() < 1) {
        p->drawLine(line);
        return;
    }
    const QPointF n = QPointF(-line.dy(), line.dx()) / line.length();
    for (int i = 0; i < lines; ++i)
        p->drawLine(line.translated(n * ((i - (lines - 1) / 2.0) * channelGap(width))));
}

QPixmap vertexPixmap(VertexKind kind, int height)
{
    const QRectF body = defaultBody(kind);
    const double scale = height / 28.0;
    QPixmap pm(static_cast<int>(std::ceil((body.width() + 8) * scale)), height);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.scale(scale, scale);
    p.translate((body.width() + 8) / 2, 14);
    drawBody(&p, kind, body, false, false);
    return pm;
}

} // namespace cs::app::style
