#pragma once
#include <QGraphicsItem>

#include <vector>

namespace cs::app {

class LinkItem;
class VertexItem;

// The far-out drawing of a large topology in one item: every link as a
// hairline and every vertex as a box, in a few batched calls (drawLines,
// drawRects) for what is exposed, without antialiasing. QGraphicsView pays a
// per-item cost that dominates at 10,000 hosts; when the editor switches to
// the overview it hides the link items (and vertex items paint nothing at
// that zoom), while vertex items stay for selecting and dragging.
class LinkOverview : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 503 };

    LinkOverview(const std::vector<VertexItem*>* vertices, const std::vector<LinkItem*>* links);
    int type() const override { return Type; }
    void setRect(const QRectF& r);
    // A link moved from `before` to `after` (scene rects): repaint both.
    void linkMoved(const QRectF& before, const QRectF& after);

    QRectF boundingRect() const override { return rect_; }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    const std::vector<VertexItem*>* vertices_;
    const std::vector<LinkItem*>* links_;
    QRectF rect_;
    std::vector<QLineF> lines_; // scratch, reused between paints
    std::vector<QRectF> boxes_[4];
};

} // namespace cs::app
