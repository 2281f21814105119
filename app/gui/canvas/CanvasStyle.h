#pragma once
#include "model/core/Unit.h"

#include <QColor>
#include <QHash>
#include <QString>

namespace cs::app::canvas {

// Geometry of nodes and ports, in scene units (pixels at zoom 1).
inline constexpr double kPortRadius = 5.0;
inline constexpr double kRowHeight = 18.0;
inline constexpr double kHeaderHeight = 38.0;
inline constexpr double kParamHeaderHeight = 22.0;
inline constexpr double kNodePadding = 10.0;
inline constexpr double kMinNodeWidth = 140.0;

// A colour per physical unit, so ports that may be wired together look alike.
inline QColor unitColor(Unit u)
{
    switch (u) {
    case Unit::Seconds: return QColor(0x1f, 0x77, 0xb4);
    case Unit::Bytes: return QColor(0x2c, 0xa0, 0x2c);
    case Unit::BytesPerSecond: return QColor(0xff, 0x7f, 0x0e);
    case Unit::SecondsPerByte: return QColor(0xd6, 0x27, 0x28);
    case Unit::PerSecond: return QColor(0x94, 0x67, 0xbd);
    case Unit::Count: return QColor(0x8c, 0x56, 0x4b);
    case Unit::Ratio: return QColor(0xe3, 0x77, 0xc2);
    case Unit::USD: return QColor(0x7f, 0x7f, 0x7f);
    case Unit::Choice: return QColor(0xbc, 0xbd, 0x22);
    }
    return Qt::gray;
}

// A header colour per palette category (stable across runs).
inline QColor categoryColor(const QString& category)
{
    if (category == "Applications")
        return QColor(0x3b, 0x6e, 0xa8);
    if (category == "Network")
        return QColor(0x2f, 0x8f, 0x6f);
    if (category == "Collectives")
        return QColor(0x8a, 0x5a, 0xa8);
    if (category == "Analysis")
        return QColor(0xb0, 0x6a, 0x2a);
    if (category == "Topology")
        return QColor(0x5a, 0x7d, 0x2a);
    const size_t h = qHash(category);
    return QColor::fromHsv(static_cast<int>(h % 360), 110, 160);
}

} // namespace cs::app::canvas
