#pragma once
#include <QPointF>

namespace cs::app {

// Where the n-th paste of one copy lands, relative to the copied items (the block canvas and the topology
// editor): beside the original, then beside the previous paste, never on top of either.
inline QPointF pasteOffset(int pastesBefore)
{
    constexpr double kStep = 40; // scene units
    return QPointF(kStep, kStep) * (pastesBefore + 1);
}

} // namespace cs::app
