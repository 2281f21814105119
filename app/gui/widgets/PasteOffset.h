#pragma once
#include <QPointF>

namespace cs::app {

// Where the n-th paste of one copy lands, relative to the copied items (the block canvas and the topology
// editor): `step` scene units down and to the right of the original, then as far beyond the previous paste.
// A step as tall as what was copied (and a margin) puts each paste clear of the one before; the topology
// editor's vertices are small enough for the default.
inline QPointF pasteOffset(int pastesBefore, double step = 40)
{
    return QPointF(step, step) * (pastesBefore + 1);
}

} // namespace cs::app
