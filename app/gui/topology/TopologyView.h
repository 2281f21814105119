#pragma once
#include "app/gui/graph/GraphView.h"
#include "app/gui/topology/LinkLabels.h"
#include "model/topology/graph/Topology.h"

#include <QPointF>

#include <map>
#include <vector>

class QGraphicsLineItem;

namespace cs::app {

class VertexItem;

// The view of the topology scene. It adds to the graph view (zoom, pan,
// rubber-band selection, Delete: GraphView.h):
// - drawing links: in link mode, or with Shift or the right button held,
//   dragging from one item to another asks for a link (linkRequested);
// - moves: when a drag of items ends, the new positions (moveFinished);
// - drops of vertex kinds from the palette (dropRequested);
// - a hint on an empty scene, and a legend of the link kinds (line, width,
//   channels, bandwidth, count) and vertex kinds in the corner.
class TopologyView : public graph::GraphView {
    Q_OBJECT
public:
    struct Legend {
        std::vector<LinkClass> links; // most common first
        bool hosts = false, switches = false, segments = false, forwarding = false;
    };

    explicit TopologyView(QGraphicsScene* scene, QWidget* parent = nullptr);

    void setLinkMode(bool on);
    bool linkMode() const { return linkMode_; }
    VertexItem* vertexAt(const QPoint& viewPos) const;
    void setEmptyHint(const QString& text);
    void setLegend(Legend legend);
    const Legend& legend() const { return legend_; }
    // Where the legend is drawn (viewport coordinates, bottom left); empty without one.
    QRectF legendRect() const;

signals:
    void linkRequested(int fromVertex, int toVertex);
    void dropRequested(VertexKind kind, QPointF scenePos);
    // Vertex index -> new position, for the items a drag moved.
    void moveFinished(const std::map<int, QPointF>& moved);

protected:
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    bool takesDrop(const QMimeData* mime) const override;
    void dropAt(const QMimeData* mime, QPointF scenePos) override;
    void drawForeground(QPainter* p, const QRectF& rect) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent* e) override; // tooltips, built when asked

private:
    void endLink(const QPoint& viewPos, bool commit);
    void drawLegend(QPainter* p);
    QRectF legendLayout(QPainter* p) const; // paints when p is given; returns the box

    bool linkMode_ = false;
    VertexItem* linkFrom_ = nullptr;
    VertexItem* linkTarget_ = nullptr;
    QGraphicsLineItem* rubberLink_ = nullptr;
    std::map<VertexItem*, QPointF> pressed_; // selected items and where the drag started
    QString emptyHint_;
    Legend legend_;
};

} // namespace cs::app
