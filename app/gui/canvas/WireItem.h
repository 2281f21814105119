#pragma once
#include <QGraphicsPathItem>

#include <vector>

namespace cs::app::canvas {

class PortItem;

// A wire from an output port (or a design parameter's port) to an input
// port, drawn as a horizontal S-curve. A wire with no input port is the
// rubber wire that follows the mouse while the user drags.
class WireItem : public QGraphicsPathItem {
public:
    enum { Type = UserType + 102 };

    WireItem(PortItem* from, PortItem* to);
    int type() const override { return Type; }

    PortItem* from() const { return from_; }
    PortItem* to() const { return to_; }
    // The wire it stands for as a key, "from>to" ("P>fft.P", "fft.T>s.T"); "" for the rubber wire.
    QString key() const;

    // Re-reads the ports' positions.
    void updatePath();
    // Whether `node`, just moved, may change this wire's curve: it is an end
    // of the wire, the wire was routed around it (or around nodes beside
    // it: the channel clears them all), or it now stands in the wire's way.
    // A move redraws the wires this says yes to, and no others.
    bool mayRouteAround(const QGraphicsItem* node) const;
    // The rubber wire: from the fixed port to a free point in scene coordinates.
    void setFreeEnd(QPointF scenePos);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    // The curve between an output-side point and an input-side point. When
    // the plain S-curve would pass behind one of `obstacles` (other nodes'
    // rectangles), the wire is routed through a channel above or below them,
    // so that it never seems to come out of a port it does not belong to.
    // `lane` (>= 0) moves the channel further out, so wires from different
    // sources that share a channel stay apart.
    // `routed` (when given) says whether the curve went round the obstacles.
    static QPainterPath curve(QPointF out, QPointF in, const QList<QRectF>& obstacles = {}, double lane = 0.0,
                              bool* routed = nullptr);

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* e) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* e) override;

private:
    // The nodes in the span between the ends, other than the wire's own, as rectangles (and as items in `items`).
    QList<QRectF> obstacles(QPointF out, QPointF in, std::vector<const QGraphicsItem*>* items = nullptr) const;

    PortItem* from_;
    PortItem* to_;
    bool hovered_ = false;
    // The nodes the curve was routed around when it was last drawn (none: the plain S-curve).
    std::vector<const QGraphicsItem*> routedAround_;
};

} // namespace cs::app::canvas
