#pragma once
// How topology items look: colours, fonts, the body of each vertex kind and
// the stroke of a link. Shared by the scene items, the legend and the palette.
#include "model/topology/graph/Topology.h"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QPixmap>
#include <QRectF>

class QPainter;

namespace cs::app::style {

QColor fill(VertexKind k);
QColor border(VertexKind k);
QColor selected();
QColor linkColour(bool selected);

const QFont& labelFont(); // ids, link labels: 11 px
const QFont& infoFont();  // ports, bandwidth under the id: 10 px
const QFontMetricsF& labelMetrics();
const QFontMetricsF& infoMetrics();

// The default body of a vertex kind, centred on the origin. A segment's bar
// is stretched along its taps (VertexItem::body()).
QRectF defaultBody(VertexKind kind);
void drawBody(QPainter* p, VertexKind kind, const QRectF& body, bool selected, bool forwards);

// Line width of a link of `bandwidth` B/s per channel: 10 Mbit/s is 1 px,
// each tenfold faster about 0.75 px more, at most 4 px.
double linkWidth(double bandwidth);
// Gap between the parallel lines of a bonded link.
inline double channelGap(double width) { return width + 2.5; }
// Draws `line` as a link: `channels` parallel strokes (at most 4).
void drawLinkStroke(QPainter* p, const QLineF& line, double width, int channels, const QColor& colour);

// The picture of a vertex kind for the palette and the drag cursor.
QPixmap vertexPixmap(VertexKind kind, int height = 28);

} // namespace cs::app::style
