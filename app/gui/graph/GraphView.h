#pragma once
#include <QCursor>
#include <QGraphicsView>
#include <QPoint>

class QMimeData;

namespace cs::app::graph {

// The view both graph editors draw in (the block canvas, the topology editor): antialiased, rubber-band
// selection, and
// - zoom: the wheel by kZoomStep a notch, zoomIn/zoomOut by kZoomStep, about the cursor when it is over
//   the view, else the centre; within the range the editor sets (setZoomRange); zoomed() after each;
// - pan: a drag with the middle button moves the drawing under the cursor (panBy);
// - Delete or Backspace asks for a delete (deleteRequested);
// - drops from the editor's palette: the editor says which payloads it takes (takesDrop) and what a drop
//   does (dropAt); others are ignored.
class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    // The one zoom step of both editors (issue 47): a notch of the wheel and a press of Zoom in. The canvas
    // zoomed 1.15 a notch and the topology editor 1.2 a notch and 1.25 a press.
    static constexpr double kZoomStep = 1.2;

    explicit GraphView(QGraphicsScene* scene, QWidget* parent = nullptr);

    double zoom() const { return transform().m11(); }
    // The smallest and largest zoom (scene units to pixels) zoomBy goes to.
    void setZoomRange(double smallest, double largest);
    // Scales by `factor` about the anchor (the cursor for the wheel), within the zoom range.
    void zoomBy(double factor);
    void zoomIn();
    void zoomOut();
    // Moves the drawing by `delta` viewport pixels (right and down: positive).
    void panBy(QPoint delta);
    bool panning() const { return panning_; }

signals:
    void zoomed(); // after zoomBy changed the zoom (wheel, zoom actions)
    void deleteRequested(); // Delete or Backspace with the view focused

protected:
    // Whether a drag carrying `mime` may be dropped here (a palette's item), and what its drop at `scenePos` does.
    virtual bool takesDrop(const QMimeData* mime) const;
    virtual void dropAt(const QMimeData* mime, QPointF scenePos);

    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dropEvent(QDropEvent* e) override;

private:
    double smallest_ = 0.1, largest_ = 4.0;
    bool panning_ = false;
    QPoint panFrom_;   // viewport position of the last pan step
    QCursor panAfter_; // the cursor to show again when the pan ends (the editor's mode's)
};

} // namespace cs::app::graph
