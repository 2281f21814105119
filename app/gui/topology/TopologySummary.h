#pragma once
#include "model/topology/graph/Topology.h"

#include <QGraphicsItem>
#include <QString>

#include <array>
#include <cstddef>

namespace cs::app {

// What the editor draws for a network too large to draw item by item (a
// star of two million hosts took gigabytes of items and minutes to paint):
// one box per kind of vertex with its count, and one line per pair of kinds
// that links join, labelled with their number. Counting is one pass over the
// network; painting is a few shapes whatever its size.
class TopologySummary : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 504 };
    // Above this many vertices the editor draws a summary instead of items.
    static constexpr std::size_t kMaxDrawnVertices = 200000;

    // A built network, whole or a drawing in progress (DocumentModel::drawing()).
    explicit TopologySummary(const Topology& t);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    std::size_t count(VertexKind k) const { return counts_[static_cast<std::size_t>(k)]; }
    // Links between kinds a and b (either order); totalLinks() over all.
    std::size_t links(VertexKind a, VertexKind b) const;
    std::size_t totalLinks() const { return total_; }
    // "2097152 hosts, 1 switch and 2097152 links", for the status line.
    QString text() const;

private:
    QPointF centre(VertexKind k) const;

    std::array<std::size_t, 3> counts_{};
    std::array<std::array<std::size_t, 3>, 3> links_{}; // [min kind][max kind]
    std::size_t total_ = 0;
};

} // namespace cs::app
