#pragma once
#include <QGraphicsView>
#include <QString>

class QLabel;
class QTimer;

namespace cs::app::canvas {

// The MIME type a palette drag carries: the block type id as UTF-8.
inline constexpr const char* kBlockTypeMime = "application/x-clusterscope-block-type";

// The view of the block canvas: wheel zoom under the mouse, rubber-band
// selection, drops of block types from the palette, Delete, and a message
// strip along the bottom for the model's answers (e.g. why a wire was refused).
class CanvasView : public QGraphicsView {
    Q_OBJECT
public:
    explicit CanvasView(QGraphicsScene* scene, QWidget* parent = nullptr);

    // Shows `text` for a few seconds (red for an error).
    void showMessage(const QString& text, bool error);
    QString messageText() const;
    bool messageVisible() const;

    void zoomBy(double factor);

signals:
    void blockTypeDropped(const QString& typeId, QPointF scenePos);
    void deleteRequested();

protected:
    void wheelEvent(QWheelEvent* e) override;
    void dragEnterEvent(QDragEnterEvent* e) override;
    void dragMoveEvent(QDragMoveEvent* e) override;
    void dropEvent(QDropEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void placeMessage();

    QLabel* message_;
    QTimer* hide_;
};

} // namespace cs::app::canvas
