#pragma once
#include <QPointF>
#include <QSizeF>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace cs::app::canvas {

struct LayoutNode {
    QString name;
    bool param = false;          // a design parameter: always in the first column
    QSizeF size;
    std::optional<QPointF> pos;  // set when the node is already placed
};

struct LayoutEdge {
    QString from; // node names
    QString to;
};

// Layered placement by topological order: design parameters and unfed
// blocks on the left, each block one column right of its rightmost source.
// Within a column, nodes sit near the mean height of their sources, without
// overlapping. Returns positions (top-left corners) for the nodes that have
// no `pos`; nodes with a `pos` stay put, and new nodes go below them.
std::map<QString, QPointF> layeredLayout(const std::vector<LayoutNode>& nodes, const std::vector<LayoutEdge>& edges);

} // namespace cs::app::canvas
